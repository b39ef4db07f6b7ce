package window_test

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
)

// The window is the engine's Window, with both optional abilities the
// engine looks for, checked here because the package itself does not
// import the engine (the engine drives it through these interfaces).
var (
	_ engine.Window         = (*window.Window)(nil)
	_ engine.Display        = (*window.Window)(nil)
	_ engine.WindowSettings = (*window.Window)(nil)
)
