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

	// Shading is the lighting model of a lit material: Lambert (the zero
	// value, cheap: diffuse only, drawn by the lean path when it can) or
	// PBR (glTF's metallic-roughness BRDF, with the maps below).
	Shading Shading

	// PBR inputs, as glTF's metallic-roughness model defines them; Lambert
	// materials ignore all but Emissive. Every texture shares Sampler and
	// the texture transform, and must be an image of linear data
	// (gfx.Linear) except EmissiveTexture (sRGB colour).
	Metallic          float32 // 0 (dielectric) to 1 (metal)
	Roughness         float32 // 0 means 1 (fully rough); a file's 0 is stored as the smallest float
	MetalRoughTexture ImageID // green: roughness, blue: metallic, multiplied by the factors
	NormalTexture     ImageID // tangent-space normal map; needs the mesh's Tangents (see GenerateTangents)
	NormalScale       float32 // 0 means 1
	OcclusionTexture  ImageID // red: ambient occlusion
	OcclusionStrength float32 // 0 means 1
	EmissiveTexture   ImageID // sRGB colour, multiplied by Emissive
	Emissive          Color   // linear light added after lighting; may exceed 1 (KHR_materials_emissive_strength); alpha ignored

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
	case m.Shading > PBR:
		return fmt.Errorf("unknown shading model %d: Lambert or PBR", m.Shading)
	case !(m.Metallic >= 0 && m.Metallic <= 1):
		return fmt.Errorf("metallic %v: from 0 to 1", m.Metallic)
	case !(m.Roughness >= 0 && m.Roughness <= 1):
		return fmt.Errorf("roughness %v: from 0 to 1 (0 means 1)", m.Roughness)
	case !(m.OcclusionStrength >= 0 && m.OcclusionStrength <= 1):
		return fmt.Errorf("occlusion strength %v: from 0 to 1 (0 means 1)", m.OcclusionStrength)
	case !finite(m.NormalScale):
		return fmt.Errorf("normal scale %v is not finite", m.NormalScale)
	case !(m.Emissive.R >= 0 && m.Emissive.G >= 0 && m.Emissive.B >= 0) || !finite(m.Emissive.R, m.Emissive.G, m.Emissive.B):
		return fmt.Errorf("emissive %+v: finite components of 0 or more", m.Emissive)
	}
	return nil
}

// Shading is a lit material's lighting model.
type Shading uint8

const (
	Lambert Shading = iota // diffuse only: the zero value, the cheapest
	PBR                    // glTF 2.0 metallic-roughness (Khronos sample viewer's BRDF)
)

// String returns "Lambert" or "PBR".
func (s Shading) String() string {
	switch s {
	case Lambert:
		return "Lambert"
	case PBR:
		return "PBR"
	}
	return fmt.Sprintf("shading#%d", uint8(s))
}

// Images returns the images m samples (0 where it has none), in the
// texture units the renderer binds them to: base colour,
// metallic-roughness, normal, occlusion, emissive.
func (m *Material) Images() [5]ImageID {
	return [5]ImageID{m.BaseTexture, m.MetalRoughTexture, m.NormalTexture, m.OcclusionTexture, m.EmissiveTexture}
}
