package gl41_test

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// The renderer is what the layers above it look for, checked here because
// the package itself imports nothing above gfx: it is the engine's
// gfx.Renderer and takes its screenshots, and the game's asset library is
// where it finds meshes, materials and images.
var (
	_ gfx.Renderer         = (*gl41.Renderer)(nil)
	_ engine.Screenshotter = (*gl41.Renderer)(nil)
	_ gl41.Assets          = (*asset.Library)(nil)
)
