package window_test

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
)

// The window is the engine's Window and has every optional ability the
// engine looks for, checked here because the package itself does not
// import the engine (the engine drives it through these interfaces).
var (
	_ engine.Window        = (*window.Window)(nil)
	_ engine.VSyncSetter   = (*window.Window)(nil)
	_ engine.RefreshRater  = (*window.Window)(nil)
	_ engine.Fullscreener  = (*window.Window)(nil)
	_ engine.Iconifier     = (*window.Window)(nil)
	_ engine.ContentScaler = (*window.Window)(nil)
	_ engine.Titler        = (*window.Window)(nil)
	_ engine.Sizer         = (*window.Window)(nil)
	_ engine.CursorModer   = (*window.Window)(nil)
	_ engine.IconSetter    = (*window.Window)(nil)
)
