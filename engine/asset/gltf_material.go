package asset

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx"
)

// tiny stands for a zero the file gives where a zero field of Material
// means a default (a base colour factor of 0, an alpha cutoff of 0, a
// texture scale of 0): the nearest value that is not the default.
const tiny = math.SmallestNonzeroFloat32

// textureTransform is KHR_texture_transform's object.
type textureTransform struct {
	Offset   [2]float64  `json:"offset"`
	Rotation float64     `json:"rotation"`
	Scale    *[2]float64 `json:"scale"`
	TexCoord *int        `json:"texCoord"`
}

// materials plans every material of the file and returns their plan
// indices.
func (ld *loader) materials() ([]int, error) {
	idx := make([]int, len(ld.doc.Materials))
	for i, gm := range ld.doc.Materials {
		if gm == nil {
			return nil, fmt.Errorf("material %d is null", i)
		}
		m, err := ld.material(i, gm)
		if err != nil {
			return nil, fmt.Errorf("material %d: %w", i, err)
		}
		idx[i] = ld.plan.addMaterial(fmt.Sprintf("%s#material%d", ld.name, i), m)
	}
	return idx, nil
}

// material converts what tickwork draws of a glTF material: base colour
// factor and texture, alpha mode, double-sidedness, KHR_materials_unlit,
// and for lit materials the PBR maps and factors (pbrMaps).
func (ld *loader) material(i int, gm *gltf.Material) (*Material, error) {
	m := &Material{DoubleSided: gm.DoubleSided}
	switch gm.AlphaMode {
	case gltf.AlphaOpaque:
		m.Alpha = Opaque
	case gltf.AlphaMask:
		m.Alpha = Mask
		c := gm.AlphaCutoffOrDefault()
		if !(c >= 0 && c <= 1) {
			return nil, fmt.Errorf("alphaCutoff %v: want 0 to 1", c)
		}
		if m.Cutoff = float32(c); m.Cutoff == 0 {
			m.Cutoff = tiny
		}
	case gltf.AlphaBlend:
		m.Alpha = Blend
	default:
		return nil, fmt.Errorf("unknown alphaMode %d", gm.AlphaMode)
	}
	_, m.Unlit = gm.Extensions["KHR_materials_unlit"]
	if pbr := gm.PBRMetallicRoughness; pbr != nil {
		f := pbr.BaseColorFactorOrDefault()
		for _, v := range f {
			if !(v >= 0 && v <= 1) {
				return nil, fmt.Errorf("baseColorFactor %v: want components from 0 to 1", f)
			}
		}
		m.BaseColor = gfx.Color{R: float32(f[0]), G: float32(f[1]), B: float32(f[2]), A: float32(f[3])}
		if m.BaseColor == (gfx.Color{}) {
			m.BaseColor.A = tiny // transparent black, not the zero Color's white
		}
		if t := pbr.BaseColorTexture; t != nil {
			if err := ld.baseTexture(i, t, m); err != nil {
				return nil, fmt.Errorf("base colour texture: %w", err)
			}
		}
	}
	if !m.Unlit {
		if err := ld.pbrMaps(i, gm, m); err != nil {
			return nil, err
		}
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// baseTexture sets m's texture, sampler and texture transform from t.
func (ld *loader) baseTexture(mat int, t *gltf.TextureInfo, m *Material) error {
	var tt textureTransform
	hasTT, err := extension(t.Extensions, "KHR_texture_transform", &tt)
	if err != nil {
		return err
	}
	set := t.TexCoord
	if tt.TexCoord != nil {
		set = *tt.TexCoord
	}
	if set != 0 {
		ld.notice("material %d: the base colour texture uses TEXCOORD_%d, and only TEXCOORD_0 is loaded: drawn untextured", mat, set)
		return nil
	}
	texs := ld.doc.Textures
	if t.Index < 0 || t.Index >= len(texs) || texs[t.Index] == nil {
		return fmt.Errorf("texture %d does not exist (%d textures)", t.Index, len(texs))
	}
	tex := texs[t.Index]
	if tex.Sampler != nil {
		ss := ld.doc.Samplers
		if s := *tex.Sampler; s < 0 || s >= len(ss) || ss[s] == nil {
			return fmt.Errorf("texture %d: sampler %d does not exist (%d samplers)", t.Index, s, len(ss))
		}
		m.Sampler = samplerOf(ld.doc.Samplers[*tex.Sampler])
	}
	if tex.Source == nil {
		ld.notice("material %d: texture %d has no PNG or JPEG source: drawn untextured", mat, t.Index)
		return nil
	}
	img, err := ld.image(*tex.Source)
	if err != nil {
		return fmt.Errorf("texture %d: %w", t.Index, err)
	}
	m.BaseTexture = ImageID(img + 1) // a plan index until commit
	if hasTT {
		scale := [2]float64{1, 1}
		if tt.Scale != nil {
			scale = *tt.Scale
		}
		m.UVOffset = mgl32.Vec2{float32(tt.Offset[0]), float32(tt.Offset[1])}
		m.UVScale = mgl32.Vec2{float32(scale[0]), float32(scale[1])}
		for k, v := range m.UVScale {
			if v == 0 {
				m.UVScale[k] = tiny
			}
		}
		m.UVRotation = float32(tt.Rotation)
	}
	return nil
}

// samplerOf converts a glTF sampler: a mipmapping minification filter
// keeps mipmaps on, a plain NEAREST or LINEAR one turns them off.
func samplerOf(s *gltf.Sampler) Sampler {
	wrap := func(w gltf.WrappingMode) Wrap {
		switch w {
		case gltf.WrapClampToEdge:
			return ClampToEdge
		case gltf.WrapMirroredRepeat:
			return MirroredRepeat
		}
		return Repeat
	}
	out := Sampler{WrapS: wrap(s.WrapS), WrapT: wrap(s.WrapT)}
	if s.MagFilter == gltf.MagNearest {
		out.Mag = FilterNearest
	}
	switch s.MinFilter {
	case gltf.MinNearest:
		out.Min, out.NoMipmaps = FilterNearest, true
	case gltf.MinLinear:
		out.NoMipmaps = true
	case gltf.MinNearestMipMapNearest, gltf.MinNearestMipMapLinear:
		out.Min = FilterNearest
	}
	return out
}

// image decodes glTF image i (from a buffer view, a data: URI or an
// external file), once, and returns its plan index. Base colour images
// are sRGB. Images naming the same source (the same buffer view or URI)
// are decoded once and registered once, under the first one's name. The
// bytes decoding takes come from the model's pixel budget.
func (ld *loader) image(i int) (int, error) {
	if p, ok := ld.images[i]; ok {
		return p, nil
	}
	ims := ld.doc.Images
	if i < 0 || i >= len(ims) || ims[i] == nil {
		return 0, fmt.Errorf("image %d does not exist (%d images)", i, len(ims))
	}
	im := ims[i]
	var source string
	switch {
	case im.BufferView != nil:
		source = fmt.Sprintf("view %d", *im.BufferView)
	case im.URI != "":
		source = "uri " + im.URI
	}
	if p, ok := ld.sources[source]; ok && source != "" {
		ld.images[i] = p
		return p, nil
	}
	var data []byte
	var err error
	switch {
	case im.BufferView != nil:
		data, _, err = ld.view(*im.BufferView)
	case im.URI != "":
		if data, err = ld.readURI(im.URI, 0); err == nil && !strings.HasPrefix(im.URI, "data:") {
			ld.pixels += pixelBudgetFactor * len(data) // an external file adds its own bytes
		}
	default:
		err = fmt.Errorf("neither a URI nor a buffer view")
	}
	if err != nil {
		return 0, fmt.Errorf("image %d: %w", i, err)
	}
	decoded, err := decodeImage(data, SRGB, &ld.pixels)
	if err != nil {
		return 0, fmt.Errorf("image %d: %w", i, err)
	}
	if ld.images == nil {
		ld.images = make(map[int]int)
		ld.sources = make(map[string]int)
	}
	p := ld.plan.addImage(fmt.Sprintf("%s#image%d", ld.name, i), decoded)
	ld.images[i] = p
	ld.sources[source] = p
	return p, nil
}
