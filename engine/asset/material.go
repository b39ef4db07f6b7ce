package asset

import "github.com/tickwork/tickwork/gfx"

// The materials a Library holds are package gfx's, which a renderer reads
// without importing this package; these names are the same types and
// values.
type (
	// AlphaMode is gfx.AlphaMode: how a material's alpha is used.
	AlphaMode = gfx.AlphaMode
	// Wrap is gfx.Wrap: how a texture coordinate outside [0, 1] is treated.
	Wrap = gfx.Wrap
	// Filter is gfx.Filter: how texels are sampled.
	Filter = gfx.Filter
	// Sampler is gfx.Sampler: how a texture is sampled.
	Sampler = gfx.Sampler
	// Material is gfx.Material: how a mesh's surface looks.
	Material = gfx.Material
)

// The alpha modes, wraps and filters (gfx.Opaque…).
const (
	Opaque = gfx.Opaque
	Mask   = gfx.Mask
	Blend  = gfx.Blend

	Repeat         = gfx.Repeat
	ClampToEdge    = gfx.ClampToEdge
	MirroredRepeat = gfx.MirroredRepeat

	FilterLinear  = gfx.FilterLinear
	FilterNearest = gfx.FilterNearest
)
