package mesh

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// Vertex is one mesh vertex: position, normal and texture coordinates
// ((0, 0) at the image's top-left, as glTF has them), 8 float32
// (VertexSize bytes).
type Vertex struct {
	Position [3]float32
	Normal   [3]float32
	UV       [2]float32
}

// VertexSize is the size of a Vertex in bytes.
const VertexSize = 32

// Data is an indexed triangle list.
type Data struct {
	Vertices []Vertex
	Indices  []uint16 // three per triangle, counter-clockwise seen from the front
}

// Builtin returns the geometry of a built-in mesh, or false for MeshNone and
// unknown IDs.
func Builtin(id gfx.MeshID) (Data, bool) {
	switch id {
	case gfx.MeshCube:
		return Cube(), true
	case gfx.MeshPlane:
		return Plane(), true
	case gfx.MeshSphere:
		return Sphere(DefaultSlices, DefaultStacks), true
	}
	return Data{}, false
}

// Cube returns a unit cube with flat-shaded faces: four vertices per face,
// each with the face's normal.
func Cube() Data {
	// Each face: its normal and two in-plane axes u, v with u × v = normal,
	// so the corners listed counter-clockwise in (u, v) face outwards.
	faces := [6]struct{ n, u, v [3]float32 }{
		{n: [3]float32{1, 0, 0}, u: [3]float32{0, 0, -1}, v: [3]float32{0, 1, 0}},
		{n: [3]float32{-1, 0, 0}, u: [3]float32{0, 0, 1}, v: [3]float32{0, 1, 0}},
		{n: [3]float32{0, 1, 0}, u: [3]float32{1, 0, 0}, v: [3]float32{0, 0, -1}},
		{n: [3]float32{0, -1, 0}, u: [3]float32{1, 0, 0}, v: [3]float32{0, 0, 1}},
		{n: [3]float32{0, 0, 1}, u: [3]float32{1, 0, 0}, v: [3]float32{0, 1, 0}},
		{n: [3]float32{0, 0, -1}, u: [3]float32{-1, 0, 0}, v: [3]float32{0, 1, 0}},
	}
	d := Data{Vertices: make([]Vertex, 0, 24), Indices: make([]uint16, 0, 36)}
	corners := [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	for _, f := range faces {
		base := uint16(len(d.Vertices))
		for _, c := range corners {
			var p [3]float32
			for k := 0; k < 3; k++ {
				p[k] = 0.5 * (f.n[k] + c[0]*f.u[k] + c[1]*f.v[k])
			}
			// The whole image on each face, upright when v points up.
			uv := [2]float32{(c[0] + 1) / 2, (1 - c[1]) / 2}
			d.Vertices = append(d.Vertices, Vertex{Position: p, Normal: f.n, UV: uv})
		}
		d.Indices = append(d.Indices, base, base+1, base+2, base, base+2, base+3)
	}
	return d
}

// Plane returns a unit square in the XZ plane facing +Y.
func Plane() Data {
	up := [3]float32{0, 1, 0}
	return Data{
		Vertices: []Vertex{
			{Position: [3]float32{-0.5, 0, 0.5}, Normal: up, UV: [2]float32{0, 1}},
			{Position: [3]float32{0.5, 0, 0.5}, Normal: up, UV: [2]float32{1, 1}},
			{Position: [3]float32{0.5, 0, -0.5}, Normal: up, UV: [2]float32{1, 0}},
			{Position: [3]float32{-0.5, 0, -0.5}, Normal: up, UV: [2]float32{0, 0}},
		},
		Indices: []uint16{0, 1, 2, 0, 2, 3},
	}
}

// Sphere tessellation used by Builtin.
const (
	DefaultSlices = 32 // segments around the Y axis
	DefaultStacks = 16 // segments from pole to pole
)

// Sphere returns a UV sphere of diameter 1 with smooth normals: slices
// segments around the Y axis and stacks from the north pole (+Y) to the
// south pole. Values are clamped to at least 3 slices and 2 stacks, and to a
// vertex count that fits 16-bit indices.
func Sphere(slices, stacks int) Data {
	slices = max(slices, 3)
	stacks = max(stacks, 2)
	for (slices+1)*(stacks+1) > math.MaxUint16 {
		slices, stacks = max(slices/2, 3), max(stacks/2, 2)
	}
	d := Data{
		Vertices: make([]Vertex, 0, (slices+1)*(stacks+1)),
		Indices:  make([]uint16, 0, 6*slices*(stacks-1)),
	}
	for i := 0; i <= stacks; i++ {
		phi := math.Pi * float64(i) / float64(stacks) // 0 at +Y
		sp, cp := math.Sincos(phi)
		for j := 0; j <= slices; j++ {
			theta := 2 * math.Pi * float64(j) / float64(slices)
			st, ct := math.Sincos(theta)
			n := [3]float32{float32(sp * ct), float32(cp), float32(-sp * st)}
			if i == 0 || i == stacks {
				n = [3]float32{0, float32(cp), 0} // exact poles
			}
			d.Vertices = append(d.Vertices, Vertex{
				Position: [3]float32{n[0] / 2, n[1] / 2, n[2] / 2},
				Normal:   n,
				UV:       [2]float32{float32(j) / float32(slices), float32(i) / float32(stacks)},
			})
		}
	}
	row := slices + 1
	for i := 0; i < stacks; i++ {
		for j := 0; j < slices; j++ {
			a := uint16(i*row + j)         // upper left
			b := uint16(i*row + j + 1)     // upper right
			c := uint16((i+1)*row + j)     // lower left
			e := uint16((i+1)*row + j + 1) // lower right
			if i != 0 {
				d.Indices = append(d.Indices, a, c, b)
			}
			if i != stacks-1 {
				d.Indices = append(d.Indices, b, c, e)
			}
		}
	}
	return d
}

// Validate checks that every index is in range, the index count is a
// multiple of three and every normal has unit length.
func (d *Data) Validate() error {
	if len(d.Indices)%3 != 0 {
		return fmt.Errorf("mesh: %d indices is not a whole number of triangles", len(d.Indices))
	}
	for i, ix := range d.Indices {
		if int(ix) >= len(d.Vertices) {
			return fmt.Errorf("mesh: index %d is %d, out of range for %d vertices", i, ix, len(d.Vertices))
		}
	}
	for i, v := range d.Vertices {
		n := v.Normal
		l := math.Sqrt(float64(n[0]*n[0] + n[1]*n[1] + n[2]*n[2]))
		if math.Abs(l-1) > 1e-5 {
			return fmt.Errorf("mesh: vertex %d normal %v has length %g, want 1", i, n, l)
		}
	}
	return nil
}

// Mesh returns the geometry as a gfx.Mesh (triangles, the default
// material), the form a renderer uploads, so built-in and loaded meshes go
// the same way. Each call builds a new Mesh.
func (d *Data) Mesh() *gfx.Mesh {
	m := &gfx.Mesh{
		Positions: make([]mgl32.Vec3, len(d.Vertices)),
		Normals:   make([]mgl32.Vec3, len(d.Vertices)),
		UVs:       make([]mgl32.Vec2, len(d.Vertices)),
		Indices:   make([]uint32, len(d.Indices)),
	}
	for i, v := range d.Vertices {
		m.Positions[i], m.Normals[i], m.UVs[i] = v.Position, v.Normal, v.UV
	}
	for i, ix := range d.Indices {
		m.Indices[i] = uint32(ix)
	}
	return m
}
