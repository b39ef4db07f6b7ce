package gfx

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// AlphaMode is how a material's alpha is used (glTF's alphaMode).
type AlphaMode uint8

const (
	Opaque AlphaMode = iota // alpha is ignored: the zero value
	Mask                    // a fragment is drawn when alpha ≥ Cutoff, else discarded
	Blend                   // blended over what is behind; drawn after opaque geometry, back to front
)

// Wrap is how a texture coordinate outside [0, 1] is treated.
type Wrap uint8

const (
	Repeat         Wrap = iota // the zero value
	ClampToEdge                // the edge texel is repeated
	MirroredRepeat             // every other repetition is mirrored
)

// Filter is how texels are sampled.
type Filter uint8

const (
	FilterLinear  Filter = iota // smooth: the zero value
	FilterNearest               // blocky, for pixel art
)

// Sampler is how a texture is sampled. The zero value repeats, filters
// linearly and uses mipmaps (a renderer samples the nearest mip level
// bilinearly).
type Sampler struct {
	WrapS, WrapT Wrap
	Min, Mag     Filter
	NoMipmaps    bool
}

// Material is how a mesh's surface looks: base colour factor × base colour
// texture × vertex colour × instance colour, lit unless Unlit. The zero
// Material is opaque white, lit, single-sided. A game registers materials
// in its asset library (package engine/asset) under a MaterialID.
type Material struct {
	BaseColor   Color   // the factor; the zero Color means opaque white
	BaseTexture ImageID // 0: none
	Sampler     Sampler
	TexCoord    int // which set of texture coordinates (only 0 is kept today)

	Alpha       AlphaMode
	Cutoff      float32 // Mask's threshold; 0 means 0.5
	DoubleSided bool
	Unlit       bool // KHR_materials_unlit: the colour as it is, no lighting

	// The texture transform (KHR_texture_transform): uv' = offset +
	// rotate(rotation)·(scale ⊙ uv). The zero Scale means (1, 1).
	UVOffset   mgl32.Vec2
	UVScale    mgl32.Vec2
	UVRotation float32 // radians, counter-clockwise
}

// Validate reports a material whose values are out of range.
func (m *Material) Validate() error {
	c := m.BaseColor
	switch {
	case !(c.R >= 0 && c.R <= 1 && c.G >= 0 && c.G <= 1 && c.B >= 0 && c.B <= 1 && c.A >= 0 && c.A <= 1):
		return fmt.Errorf("base colour %+v: components from 0 to 1", c)
	case m.Alpha > Blend:
		return fmt.Errorf("unknown alpha mode %d", m.Alpha)
	case !(m.Cutoff >= 0 && m.Cutoff <= 1):
		return fmt.Errorf("alpha cutoff %v: from 0 to 1", m.Cutoff)
	case m.Sampler.WrapS > MirroredRepeat || m.Sampler.WrapT > MirroredRepeat || m.Sampler.Min > FilterNearest || m.Sampler.Mag > FilterNearest:
		return fmt.Errorf("unknown sampler setting %+v", m.Sampler)
	case m.TexCoord != 0:
		return fmt.Errorf("texture coordinate set %d: only set 0 is supported", m.TexCoord)
	case !finite(m.UVOffset[0], m.UVOffset[1], m.UVScale[0], m.UVScale[1], m.UVRotation):
		return fmt.Errorf("texture transform is not finite")
	}
	return nil
}
