package asset

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx"
)

// emissiveStrength is KHR_materials_emissive_strength's object.
type emissiveStrength struct {
	EmissiveStrength *float64 `json:"emissiveStrength"`
}

// pbrMaps reads what a glTF material adds to its base colour: the
// metallic-roughness factors and texture, the normal, occlusion and
// emissive maps, the emissive factor times KHR_materials_emissive_strength.
// A material that is not unlit shades with the PBR model. Every map's
// image is planned once and marked linear, but the emissive one (sRGB).
func (ld *loader) pbrMaps(i int, gm *gltf.Material, m *Material) error {
	m.Shading = gfx.PBR
	m.Metallic, m.Roughness = 1, 1
	if m.BaseTexture != 0 {
		if ld.spaces == nil {
			ld.spaces = make(map[int]ColorSpace)
		}
		if _, ok := ld.spaces[int(m.BaseTexture)-1]; !ok {
			ld.spaces[int(m.BaseTexture)-1] = gfx.SRGB
		}
	}
	if pbr := gm.PBRMetallicRoughness; pbr != nil {
		mf, rf := pbr.MetallicFactorOrDefault(), pbr.RoughnessFactorOrDefault()
		if !(mf >= 0 && mf <= 1) {
			return fmt.Errorf("metallicFactor %v: want 0 to 1", mf)
		}
		if !(rf >= 0 && rf <= 1) {
			return fmt.Errorf("roughnessFactor %v: want 0 to 1", rf)
		}
		m.Metallic, m.Roughness = float32(mf), float32(rf)
		if m.Roughness == 0 {
			m.Roughness = tiny // a mirror, not Material's default of 1
		}
		if t := pbr.MetallicRoughnessTexture; t != nil {
			id, err := ld.mapTexture(i, "metallic-roughness", t.Index, t.TexCoord, gfx.Linear, m)
			if err != nil {
				return err
			}
			m.MetalRoughTexture = id
		}
	}
	if t := gm.NormalTexture; t != nil && t.Index != nil {
		id, err := ld.mapTexture(i, "normal", *t.Index, t.TexCoord, gfx.Linear, m)
		if err != nil {
			return err
		}
		if id != 0 && greyscale(ld.plan.images[id-1].v) {
			ld.notice("material %d: normal texture %d is greyscale (a height or bump map?), not a tangent-space normal map: left out", i, *t.Index)
			id = 0
		}
		m.NormalTexture = id
		if s := t.ScaleOrDefault(); !finite(float32(s)) {
			return fmt.Errorf("normal texture scale %v is not finite", s)
		} else if m.NormalScale = float32(s); m.NormalScale == 0 {
			m.NormalScale = tiny
		}
	}
	if t := gm.OcclusionTexture; t != nil && t.Index != nil {
		id, err := ld.mapTexture(i, "occlusion", *t.Index, t.TexCoord, gfx.Linear, m)
		if err != nil {
			return err
		}
		m.OcclusionTexture = id
		s := t.StrengthOrDefault()
		if !(s >= 0 && s <= 1) {
			return fmt.Errorf("occlusion strength %v: want 0 to 1", s)
		}
		if m.OcclusionStrength = float32(s); m.OcclusionStrength == 0 {
			m.OcclusionStrength = tiny
		}
	}
	strength := 1.0
	var es emissiveStrength
	if ok, err := extension(gm.Extensions, "KHR_materials_emissive_strength", &es); err != nil {
		return err
	} else if ok && es.EmissiveStrength != nil {
		strength = *es.EmissiveStrength
		if !(strength >= 0) || math.IsInf(strength, 0) {
			return fmt.Errorf("KHR_materials_emissive_strength %v: want a finite value of 0 or more", strength)
		}
	}
	f := gm.EmissiveFactor
	for _, v := range f {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("emissiveFactor %v: want components from 0 to 1", f)
		}
	}
	m.Emissive = gfx.Color{R: float32(f[0] * strength), G: float32(f[1] * strength), B: float32(f[2] * strength), A: 1}
	if t := gm.EmissiveTexture; t != nil {
		id, err := ld.mapTexture(i, "emissive", t.Index, t.TexCoord, gfx.SRGB, m)
		if err != nil {
			return err
		}
		m.EmissiveTexture = id
	}
	if m.Emissive == (gfx.Color{A: 1}) {
		m.Emissive = gfx.Color{}
	}
	return nil
}

// mapTexture plans the image of texture index for one of material mat's
// maps and returns its plan index + 1, or 0 (with a notice) when the map
// cannot be used: another texture coordinate set than 0, or no source.
// The image is marked with space; an image used both as colour and as
// data keeps the first use's space, with a notice. A material without a
// base colour texture takes the map's sampler.
func (ld *loader) mapTexture(mat int, what string, index, texCoord int, space gfx.ColorSpace, m *Material) (ImageID, error) {
	if texCoord != 0 {
		ld.notice("material %d: the %s texture uses TEXCOORD_%d, and only TEXCOORD_0 is loaded: left out", mat, what, texCoord)
		return 0, nil
	}
	texs := ld.doc.Textures
	if index < 0 || index >= len(texs) || texs[index] == nil {
		return 0, fmt.Errorf("%s texture %d does not exist (%d textures)", what, index, len(texs))
	}
	tex := texs[index]
	if tex.Sampler != nil && m.BaseTexture == 0 {
		ss := ld.doc.Samplers
		if s := *tex.Sampler; s < 0 || s >= len(ss) || ss[s] == nil {
			return 0, fmt.Errorf("texture %d: sampler %d does not exist (%d samplers)", index, s, len(ss))
		}
		m.Sampler = samplerOf(ss[*tex.Sampler])
	}
	if tex.Source == nil {
		ld.notice("material %d: %s texture %d has no PNG or JPEG source: left out", mat, what, index)
		return 0, nil
	}
	img, err := ld.image(*tex.Source)
	if err != nil {
		return 0, fmt.Errorf("%s texture %d: %w", what, index, err)
	}
	if ld.spaces == nil {
		ld.spaces = make(map[int]ColorSpace)
	}
	if prev, ok := ld.spaces[img]; ok && prev != space {
		ld.notice("material %d: image %d is used as %v colour and as %v data: kept as %v, so one of them looks wrong", mat, *tex.Source, prev, space, prev)
	} else if !ok {
		ld.spaces[img] = space
		ld.plan.images[img].v.Space = space
	}
	return ImageID(img + 1), nil
}

// tangents generates the tangents of a primitive whose material has a
// normal map and whose file gives none; without texture coordinates the
// normal map cannot be followed, and is drawn flat, with a notice.
func (ld *loader) tangents(m *Mesh, matIndex int, pos int) error {
	if len(m.Tangents) > 0 || m.Material == 0 || ld.plan.materials[matIndex].v.NormalTexture == 0 {
		return nil
	}
	if len(m.UVs) == 0 || m.Mode != gfx.Triangles {
		ld.notice("a primitive with normal-mapped material %d has no TANGENT and no TEXCOORD_0 triangles to make them from: its normal map is left out", matIndex)
		return nil
	}
	if err := ld.spend(pos, len(m.Positions), 16); err != nil {
		return fmt.Errorf("generating tangents: %w", err)
	}
	if err := gfx.GenerateTangents(m); err != nil {
		return fmt.Errorf("generating tangents: %w", err)
	}
	return nil
}

// greyscale reports whether every texel of im has equal red, green and
// blue: a height map given as a normal map, which would tilt every
// normal the same wrong way.
func greyscale(im *Image) bool {
	p := im.Pix
	for i := 0; i+2 < len(p); i += 4 {
		if p[i] != p[i+1] || p[i+1] != p[i+2] {
			return false
		}
	}
	return true
}
