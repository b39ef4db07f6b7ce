package collide

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// MeshID names a triangle mesh added to a World with AddMesh; 0 names none.
type MeshID uint32

// MaxTriangles bounds a TriMesh: a mesh of more triangles is refused
// (split it, or collide with a simpler proxy of it).
const MaxTriangles = 1 << 22

// ErrBadMesh is wrapped by the errors about mesh data.
var ErrBadMesh = errors.New("bad collision mesh")

// TriMesh is a static triangle mesh for collisions, in its own space (an
// actor's transform places it), with a bounding volume hierarchy over its
// triangles. Build it once with NewTriMesh, FromMesh or HeightField and
// share it between worlds; it is never changed after that.
type TriMesh struct {
	pos  []vec
	tris [][3]int32
	tree bvh
	// Dropped counts the degenerate triangles (zero area) left out.
	Dropped int
}

// Triangles returns how many triangles the mesh keeps.
func (m *TriMesh) Triangles() int { return len(m.tris) }

// NewTriMesh builds a mesh from positions and triangle indices (three per
// triangle). It refuses non-finite positions, indices past the positions,
// a count that is not a multiple of three, an empty mesh and more than
// MaxTriangles triangles; degenerate triangles are left out and counted in
// Dropped.
func NewTriMesh(positions []mgl32.Vec3, indices []uint32) (*TriMesh, error) {
	if len(indices)%3 != 0 {
		return nil, fmt.Errorf("%w: %d indices is not a multiple of 3", ErrBadMesh, len(indices))
	}
	if len(indices)/3 > MaxTriangles {
		return nil, fmt.Errorf("%w: %d triangles, more than %d: split the mesh or collide with a simpler proxy", ErrBadMesh, len(indices)/3, MaxTriangles)
	}
	m := &TriMesh{pos: make([]vec, len(positions))}
	for i, p := range positions {
		m.pos[i] = v64(p)
		if !m.pos[i].finite() {
			return nil, fmt.Errorf("%w: position %d is %v, not finite", ErrBadMesh, i, p)
		}
	}
	m.tris = make([][3]int32, 0, len(indices)/3)
	for i := 0; i+2 < len(indices); i += 3 {
		a, b, c := indices[i], indices[i+1], indices[i+2]
		if int(max(a, b, c)) >= len(positions) {
			return nil, fmt.Errorf("%w: triangle %d uses vertex %d of %d", ErrBadMesh, i/3, max(a, b, c), len(positions))
		}
		pa, pb, pc := m.pos[a], m.pos[b], m.pos[c]
		if pb.sub(pa).cross(pc.sub(pa)).len2() < 1e-20 {
			m.Dropped++
			continue
		}
		m.tris = append(m.tris, [3]int32{int32(a), int32(b), int32(c)})
	}
	if len(m.tris) == 0 {
		return nil, fmt.Errorf("%w: no triangle with an area (%d degenerate)", ErrBadMesh, m.Dropped)
	}
	m.tree.reset(len(m.tris))
	for i, t := range m.tris {
		a, b, c := m.pos[t[0]], m.pos[t[1]], m.pos[t[2]]
		m.tree.lo[i], m.tree.hi[i] = vmin(a, vmin(b, c)), vmax(a, vmax(b, c))
	}
	m.tree.build(4)
	return m, nil
}

// FromMesh builds a collision mesh from a gfx.Mesh of triangles (a glTF
// mesh, a builtin mesh's data); strips and fans are refused.
func FromMesh(g *gfx.Mesh) (*TriMesh, error) {
	if g.Mode != gfx.Triangles {
		return nil, fmt.Errorf("%w: mesh mode %v: only gfx.Triangles meshes collide", ErrBadMesh, g.Mode)
	}
	idx := g.Indices
	if len(idx) == 0 {
		idx = make([]uint32, len(g.Positions))
		for i := range idx {
			idx[i] = uint32(i)
		}
	}
	return NewTriMesh(g.Positions, idx)
}

// HeightField builds a mesh from a grid of cols×rows heights (row-major,
// heights[z*cols+x]) spaced cell apart, with its corner at the origin and
// rows along +Z.
func HeightField(cols, rows int, cell float32, heights []float32) (*TriMesh, error) {
	if cols < 2 || rows < 2 || len(heights) != cols*rows {
		return nil, fmt.Errorf("%w: height field of %d×%d needs at least 2×2 and exactly cols·rows = %d heights, got %d", ErrBadMesh, cols, rows, cols*rows, len(heights))
	}
	if !sizeOK(cell) {
		return nil, fmt.Errorf("%w: height field cell %v is outside [%g, %g]", ErrBadMesh, cell, MinSize, MaxSize)
	}
	if 2*(cols-1)*(rows-1) > MaxTriangles {
		return nil, fmt.Errorf("%w: height field of %d×%d makes more than %d triangles", ErrBadMesh, cols, rows, MaxTriangles)
	}
	pos := make([]mgl32.Vec3, 0, cols*rows)
	for z := range rows {
		for x := range cols {
			pos = append(pos, mgl32.Vec3{float32(x) * cell, heights[z*cols+x], float32(z) * cell})
		}
	}
	idx := make([]uint32, 0, 6*(cols-1)*(rows-1))
	for z := 0; z+1 < rows; z++ {
		for x := 0; x+1 < cols; x++ {
			a := uint32(z*cols + x)
			b, c, d := a+1, a+uint32(cols), a+uint32(cols)+1
			idx = append(idx, a, c, b, b, c, d) // counter-clockwise seen from above
		}
	}
	return NewTriMesh(pos, idx)
}

// tri returns triangle i's vertices in the mesh's space.
func (m *TriMesh) tri(i int32) (a, b, c vec) {
	t := m.tris[i]
	return m.pos[t[0]], m.pos[t[1]], m.pos[t[2]]
}

// rayTri intersects o + t·d with a triangle (both sides), Möller–Trumbore.
func rayTri(o, d, a, b, c vec, tmax float64) (float64, bool) {
	e1, e2 := b.sub(a), c.sub(a)
	p := d.cross(e2)
	det := e1.dot(p)
	if det > -1e-18 && det < 1e-18 {
		return 0, false
	}
	inv := 1 / det
	s := o.sub(a)
	u := s.dot(p) * inv
	if u < 0 || u > 1 {
		return 0, false
	}
	q := s.cross(e1)
	v := d.dot(q) * inv
	if v < 0 || u+v > 1 {
		return 0, false
	}
	t := e2.dot(q) * inv
	if t < 0 || t > tmax {
		return 0, false
	}
	return t, true
}
