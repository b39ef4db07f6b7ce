package demo

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/scene"
)

// The engine and the scene find optional abilities by type assertion: a
// misspelt method would silently do nothing. These lines make it a compile
// error.
var (
	_ engine.State      = (*Gameplay)(nil)
	_ engine.Named      = (*Gameplay)(nil)
	_ engine.Enterer    = (*Gameplay)(nil)
	_ engine.Coverer    = (*Gameplay)(nil)
	_ engine.SceneOwner = (*Gameplay)(nil)
	_ engine.Hasher     = (*Gameplay)(nil)

	_ engine.State   = (*Pause)(nil)
	_ engine.Named   = (*Pause)(nil)
	_ engine.Overlay = (*Pause)(nil)

	_ engine.State = (*Title)(nil)
	_ engine.Named = (*Title)(nil)

	_ scene.Ticker     = (*Spinner)(nil)
	_ scene.Ticker     = (*Ball)(nil)
	_ scene.Ticker     = (*Follow)(nil)
	_ scene.BulkTicker = (*crowdTicker)(nil)
	_ scene.Effect     = (*Sparks)(nil)
	_ scene.Drawer     = (*Sparks)(nil)
)
