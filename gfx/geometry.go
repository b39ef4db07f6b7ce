package gfx

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Primitive is how a mesh's vertices (or indices) form shapes, as glTF
// defines its primitive modes.
type Primitive uint8

const (
	Triangles Primitive = iota // the zero value
	TriangleStrip
	TriangleFan
	Lines
	LineStrip
	LineLoop
	Points
	numPrimitives
)

var primitiveNames = [...]string{"triangles", "triangle strip", "triangle fan", "lines", "line strip", "line loop", "points"}

// String returns the mode's name.
func (p Primitive) String() string {
	if p < numPrimitives {
		return primitiveNames[p]
	}
	return fmt.Sprintf("primitive#%d", uint8(p))
}

// Mesh is one drawable piece of geometry, as a renderer uploads it: vertex
// attributes, all of the same length, and optional indices. Positions are
// required; Normals are required too (ComputeNormals makes them); UVs,
// Colors and Tangents are optional (empty) and otherwise have one entry per
// vertex. A game loads meshes into its asset library (package
// engine/asset), which names them by MeshID; a renderer reads them from
// there the first time a frame draws them, and nothing changes a mesh
// after that.
type Mesh struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3
	UVs       []mgl32.Vec2 // texture coordinates, (0, 0) at the image's top-left
	Colors    []Color      // vertex colours, linear RGBA, multiplied into the material
	Tangents  []mgl32.Vec4 // xyz tangent, w the bitangent's sign
	Indices   []uint32     // empty: the vertices in order
	Mode      Primitive
	Material  MaterialID // 0: the default material

	// Joints and Weights skin the mesh: the four joints (indices into the
	// skin that draws it) moving each vertex, and their weights, which sum
	// to one. Both empty: not skinned.
	Joints  []Joints4
	Weights []mgl32.Vec4
	// Targets are morph targets; MorphWeights their default weights
	// (empty: all zero).
	Targets      []MorphTarget
	MorphWeights []float32
}

// MaxVertices bounds a mesh's vertex and index counts.
const MaxVertices = 1 << 26

// Validate reports the first problem of m: no positions, attribute arrays
// of different lengths, a non-finite value, an index past the vertex count,
// a count the mode cannot use, an unknown mode.
func (m *Mesh) Validate() error {
	n := len(m.Positions)
	switch {
	case n == 0:
		return fmt.Errorf("no positions")
	case n > MaxVertices || len(m.Indices) > MaxVertices:
		return fmt.Errorf("%d vertices and %d indices: at most %d of each", n, len(m.Indices), MaxVertices)
	case m.Mode >= numPrimitives:
		return fmt.Errorf("unknown primitive mode %d", m.Mode)
	case len(m.Normals) != n:
		return fmt.Errorf("%d normals for %d positions: want one per vertex (ComputeNormals makes them)", len(m.Normals), n)
	case len(m.UVs) != 0 && len(m.UVs) != n:
		return fmt.Errorf("%d texture coordinates for %d positions: want none or one per vertex", len(m.UVs), n)
	case len(m.Colors) != 0 && len(m.Colors) != n:
		return fmt.Errorf("%d colours for %d positions: want none or one per vertex", len(m.Colors), n)
	case len(m.Tangents) != 0 && len(m.Tangents) != n:
		return fmt.Errorf("%d tangents for %d positions: want none or one per vertex", len(m.Tangents), n)
	}
	if err := m.validateDeform(n); err != nil {
		return err
	}
	for i, p := range m.Positions {
		if !finite(p[0], p[1], p[2]) {
			return fmt.Errorf("position %d is not finite: %v", i, p)
		}
	}
	for i, v := range m.Normals {
		if !finite(v[0], v[1], v[2]) {
			return fmt.Errorf("normal %d is not finite: %v", i, v)
		}
	}
	for i, v := range m.UVs {
		if !finite(v[0], v[1]) {
			return fmt.Errorf("texture coordinate %d is not finite: %v", i, v)
		}
	}
	for i, c := range m.Colors {
		if !finite(c.R, c.G, c.B, c.A) {
			return fmt.Errorf("colour %d is not finite: %+v", i, c)
		}
	}
	for i, idx := range m.Indices {
		if int(idx) >= n {
			return fmt.Errorf("index %d is %d, past the %d vertices", i, idx, n)
		}
	}
	count := m.count()
	switch m.Mode {
	case Triangles:
		if count%3 != 0 {
			return fmt.Errorf("%d vertices for triangles: want a multiple of 3", count)
		}
	case TriangleStrip, TriangleFan:
		if count < 3 {
			return fmt.Errorf("%d vertices for a %v: want at least 3", count, m.Mode)
		}
	case Lines:
		if count%2 != 0 {
			return fmt.Errorf("%d vertices for lines: want a multiple of 2", count)
		}
	}
	return nil
}

// count is the number of vertices the mode walks: the indices, or the
// vertices when there are none.
func (m *Mesh) count() int {
	if len(m.Indices) > 0 {
		return len(m.Indices)
	}
	return len(m.Positions)
}

// Triangles returns the number of triangles m draws: count/3 for
// triangles, count−2 for strips and fans, 0 for lines and points (count is
// the number of indices, or of vertices when there are none).
func (m *Mesh) Triangles() int {
	n := m.count()
	switch m.Mode {
	case Triangles:
		return n / 3
	case TriangleStrip, TriangleFan:
		return max(n-2, 0)
	}
	return 0
}

// IndexSize returns the bytes per index a renderer needs: 2 when every
// index fits in 16 bits, else 4 (0 without indices).
func (m *Mesh) IndexSize() int {
	if len(m.Indices) == 0 {
		return 0
	}
	for _, i := range m.Indices {
		if i > math.MaxUint16 {
			return 4
		}
	}
	return 2
}

// triangle calls f with the vertex indices of each triangle m draws.
func (m *Mesh) triangle(f func(a, b, c uint32)) {
	at := func(i int) uint32 {
		if len(m.Indices) > 0 {
			return m.Indices[i]
		}
		return uint32(i)
	}
	n := m.count()
	switch m.Mode {
	case Triangles:
		for i := 0; i+2 < n; i += 3 {
			f(at(i), at(i+1), at(i+2))
		}
	case TriangleStrip:
		for i := 0; i+2 < n; i++ {
			if i%2 == 0 {
				f(at(i), at(i+1), at(i+2))
			} else {
				f(at(i+1), at(i), at(i+2)) // keep the winding
			}
		}
	case TriangleFan:
		for i := 1; i+1 < n; i++ {
			f(at(0), at(i), at(i+1))
		}
	}
}

// ComputeNormals sets Normals to smooth per-vertex normals: the sum of the
// normals of the triangles around each vertex, weighted by their area,
// normalised. A vertex on no triangle (or only on degenerate ones) gets
// (0, 1, 0). Call it when a model brings no normals (glTF allows that).
func (m *Mesh) ComputeNormals() {
	n := make([]mgl32.Vec3, len(m.Positions))
	p := m.Positions
	m.triangle(func(a, b, c uint32) {
		if int(a) >= len(p) || int(b) >= len(p) || int(c) >= len(p) {
			return
		}
		face := p[b].Sub(p[a]).Cross(p[c].Sub(p[a])) // length: twice the area
		n[a], n[b], n[c] = n[a].Add(face), n[b].Add(face), n[c].Add(face)
	})
	for i, v := range n {
		if l := v.Len(); l > 0 && !math.IsInf(float64(l), 0) {
			n[i] = v.Mul(1 / l)
		} else {
			n[i] = mgl32.Vec3{0, 1, 0}
		}
	}
	m.Normals = n
}

// Bounds is an axis-aligned box and a sphere around a mesh's positions.
type Bounds struct {
	Min, Max mgl32.Vec3
	Center   mgl32.Vec3 // the box's centre
	Radius   float32    // around Center, enclosing every position
}

// Bounds returns the box and the sphere around m's positions (zero for an
// empty mesh).
func (m *Mesh) Bounds() Bounds {
	if len(m.Positions) == 0 {
		return Bounds{}
	}
	b := Bounds{Min: m.Positions[0], Max: m.Positions[0]}
	for _, p := range m.Positions[1:] {
		for k := range 3 {
			b.Min[k] = min(b.Min[k], p[k])
			b.Max[k] = max(b.Max[k], p[k])
		}
	}
	b.Center = b.Min.Add(b.Max).Mul(0.5)
	var r2 float32
	for _, p := range m.Positions {
		r2 = max(r2, p.Sub(b.Center).LenSqr())
	}
	b.Radius = float32(math.Sqrt(float64(r2)))
	return b
}

// finite reports whether every v is neither infinite nor NaN.
func finite(vs ...float32) bool {
	for _, v := range vs {
		if v-v != 0 {
			return false
		}
	}
	return true
}
