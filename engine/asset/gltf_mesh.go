package asset

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx"
)

// modeOf maps a glTF primitive mode to a Primitive.
func modeOf(m gltf.PrimitiveMode) (Primitive, bool) {
	switch m {
	case gltf.PrimitiveTriangles:
		return Triangles, true
	case gltf.PrimitiveTriangleStrip:
		return TriangleStrip, true
	case gltf.PrimitiveTriangleFan:
		return TriangleFan, true
	case gltf.PrimitiveLines:
		return Lines, true
	case gltf.PrimitiveLineStrip:
		return LineStrip, true
	case gltf.PrimitiveLineLoop:
		return LineLoop, true
	case gltf.PrimitivePoints:
		return Points, true
	}
	return 0, false
}

// meshes plans a library mesh for every primitive of every glTF mesh and
// returns, for each glTF mesh, the plan indices of its primitives in
// order. matIndex maps a glTF material to its plan index.
func (ld *loader) meshes(matIndex []int) ([][]int, error) {
	out := make([][]int, len(ld.doc.Meshes))
	for mi, gm := range ld.doc.Meshes {
		if gm == nil || len(gm.Primitives) == 0 {
			return nil, fmt.Errorf("mesh %d has no primitives", mi)
		}
		for pi, p := range gm.Primitives {
			if p == nil {
				return nil, fmt.Errorf("mesh %d primitive %d is null", mi, pi)
			}
			m, err := ld.primitive(p, matIndex)
			if err != nil {
				return nil, fmt.Errorf("mesh %d primitive %d: %w", mi, pi, err)
			}
			if err := morphWeights(gm, pi, m); err != nil {
				return nil, fmt.Errorf("mesh %d primitive %d: %w", mi, pi, err)
			}
			out[mi] = append(out[mi], ld.plan.addMesh(fmt.Sprintf("%s#mesh%d.%d", ld.name, mi, pi), m))
		}
	}
	return out, nil
}

// primitive decodes one primitive's attributes, indices and material.
func (ld *loader) primitive(p *gltf.Primitive, matIndex []int) (*Mesh, error) {
	mode, ok := modeOf(p.Mode)
	if !ok {
		return nil, fmt.Errorf("unknown mode %d", p.Mode)
	}
	m := &Mesh{Mode: mode}
	pos, ok := p.Attributes[gltf.POSITION]
	if !ok {
		return nil, fmt.Errorf("no POSITION attribute")
	}
	var err error
	if m.Positions, err = ld.vec3s(pos, gltf.POSITION, -1); err != nil {
		return nil, err
	}
	n := len(m.Positions)
	if err := ld.check("POSITION accessor", pos, n); err != nil {
		return nil, err
	}
	if a, ok := p.Attributes[gltf.NORMAL]; ok {
		if m.Normals, err = ld.vec3s(a, gltf.NORMAL, n); err != nil {
			return nil, err
		}
	}
	if a, ok := p.Attributes[gltf.TEXCOORD_0]; ok {
		if m.UVs, err = ld.vec2s(a, gltf.TEXCOORD_0, n); err != nil {
			return nil, err
		}
	}
	if a, ok := p.Attributes[gltf.COLOR_0]; ok {
		if m.Colors, err = ld.colors(a, n); err != nil {
			return nil, err
		}
	}
	if a, ok := p.Attributes[gltf.TANGENT]; ok {
		if m.Tangents, err = ld.vec4s(a, gltf.TANGENT, n); err != nil {
			return nil, err
		}
		for i, t := range m.Tangents {
			if !finite(t[0], t[1], t[2], t[3]) {
				return nil, fmt.Errorf("TANGENT accessor %d: tangent %d is not finite: %v", a, i, t)
			}
		}
	}
	if p.Indices != nil {
		if m.Indices, err = ld.indices(*p.Indices); err != nil {
			return nil, fmt.Errorf("indices: %w", err)
		}
		if err := ld.check("indices accessor", *p.Indices, len(m.Indices)); err != nil {
			return nil, err
		}
	}
	if p.Material != nil {
		i := *p.Material
		if i < 0 || i >= len(matIndex) {
			return nil, fmt.Errorf("material %d does not exist (%d materials)", i, len(matIndex))
		}
		m.Material = MaterialID(matIndex[i] + 1) // a plan index until commit
	}
	if m.Normals == nil {
		// glTF asks for flat normals when none are given; smooth ones
		// over shared vertices are what a game wants of a model without.
		// (ComputeNormals skips indices past the vertices: Validate names
		// them below.) Primitives with the same positions, indices and
		// mode share them.
		if m.Normals, err = ld.normals(m, pos, p.Indices); err != nil {
			return nil, err
		}
	}
	if err := ld.skinData(p, m); err != nil {
		return nil, err
	}
	if err := ld.morphTargets(p, m); err != nil {
		return nil, err
	}
	if p.Material != nil && len(m.Tangents) == 0 {
		if err := ld.tangents(m, matIndex[*p.Material], pos); err != nil {
			return nil, err
		}
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// normalsKey names the normals computed for a positions accessor, an
// indices accessor (-1: none) and a mode.
type normalsKey struct {
	pos, indices int
	mode         Primitive
}

// normals returns smooth normals for m (Mesh.ComputeNormals), computed
// once for each positions, indices and mode and charged to the budget.
func (ld *loader) normals(m *Mesh, pos int, indices *int) ([]mgl32.Vec3, error) {
	key := normalsKey{pos, -1, m.Mode}
	if indices != nil {
		key.indices = *indices
	}
	if n, ok := ld.normalsOf[key]; ok {
		return n, nil
	}
	if err := ld.spend(pos, len(m.Positions), 12); err != nil {
		return nil, fmt.Errorf("computing normals: %w", err)
	}
	m.ComputeNormals()
	if ld.normalsOf == nil {
		ld.normalsOf = make(map[normalsKey][]mgl32.Vec3)
	}
	ld.normalsOf[key] = m.Normals
	return m.Normals, nil
}

// check takes n elements (of what i, an accessor or a sampler) from the
// checking budget: decoded data is shared, but every primitive and
// channel using it is checked anew, so a file naming one large accessor
// many times would otherwise take time in proportion to its uses, not its
// size.
func (ld *loader) check(what string, i, n int) error {
	if n > ld.work {
		return fmt.Errorf("%s %d: its %d elements would be checked once more than a file of this size may ask (its accessors are reused too often)", what, i, n)
	}
	ld.work -= n
	return nil
}

// attribute decodes accessor a as one vertex attribute, checking it has
// want elements (any when want < 0).
func (ld *loader) attribute(a int, what string, want int, norm []gltf.ComponentType, types ...gltf.AccessorType) ([]float32, int, error) {
	v, w, err := ld.floats(a, norm, types...)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", what, err)
	}
	if want >= 0 && len(v)/w != want {
		return nil, 0, fmt.Errorf("%s accessor %d has %d elements for %d positions", what, a, len(v)/w, want)
	}
	return v, w, nil
}

func (ld *loader) vec2s(a int, what string, want int) ([]mgl32.Vec2, error) {
	v, _, err := ld.attribute(a, what, want, unsignedNorm(), gltf.AccessorVec2)
	if err != nil {
		return nil, err
	}
	key := cacheKey{a, "vec2s"}
	if out, ok := ld.cache[key].([]mgl32.Vec2); ok {
		return out, nil
	}
	if err := ld.spend(a, len(v)/2, 8); err != nil {
		return nil, err
	}
	out := make([]mgl32.Vec2, len(v)/2)
	for i := range out {
		out[i] = mgl32.Vec2{v[2*i], v[2*i+1]}
	}
	ld.cache[key] = out
	return out, nil
}

func (ld *loader) vec3s(a int, what string, want int) ([]mgl32.Vec3, error) {
	v, _, err := ld.attribute(a, what, want, nil, gltf.AccessorVec3)
	if err != nil {
		return nil, err
	}
	key := cacheKey{a, "vec3s"}
	if out, ok := ld.cache[key].([]mgl32.Vec3); ok {
		return out, nil
	}
	if len(v)/3 > MaxVertices {
		return nil, fmt.Errorf("%s accessor %d: %d vertices: at most %d", what, a, len(v)/3, MaxVertices)
	}
	if err := ld.spend(a, len(v)/3, 12); err != nil {
		return nil, err
	}
	out := make([]mgl32.Vec3, len(v)/3)
	for i := range out {
		out[i] = mgl32.Vec3{v[3*i], v[3*i+1], v[3*i+2]}
	}
	ld.cache[key] = out
	return out, nil
}

func (ld *loader) vec4s(a int, what string, want int) ([]mgl32.Vec4, error) {
	v, _, err := ld.attribute(a, what, want, nil, gltf.AccessorVec4)
	if err != nil {
		return nil, err
	}
	key := cacheKey{a, "vec4s"}
	if out, ok := ld.cache[key].([]mgl32.Vec4); ok {
		return out, nil
	}
	if err := ld.spend(a, len(v)/4, 16); err != nil {
		return nil, err
	}
	out := make([]mgl32.Vec4, len(v)/4)
	for i := range out {
		out[i] = mgl32.Vec4{v[4*i], v[4*i+1], v[4*i+2], v[4*i+3]}
	}
	ld.cache[key] = out
	return out, nil
}

// colors decodes COLOR_0: RGB or RGBA, floats or normalized integers, in
// linear light as glTF stores them.
func (ld *loader) colors(a, want int) ([]gfx.Color, error) {
	v, w, err := ld.attribute(a, gltf.COLOR_0, want, unsignedNorm(), gltf.AccessorVec3, gltf.AccessorVec4)
	if err != nil {
		return nil, err
	}
	key := cacheKey{a, "colors"}
	if out, ok := ld.cache[key].([]gfx.Color); ok {
		return out, nil
	}
	if err := ld.spend(a, len(v)/w, 16); err != nil {
		return nil, err
	}
	out := make([]gfx.Color, len(v)/w)
	for i := range out {
		c := v[i*w:]
		out[i] = gfx.Color{R: c[0], G: c[1], B: c[2], A: 1}
		if w == 4 {
			out[i].A = c[3]
		}
	}
	ld.cache[key] = out
	return out, nil
}
