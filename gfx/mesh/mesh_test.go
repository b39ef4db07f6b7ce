package mesh

import (
	"math"
	"testing"

	"github.com/tickwork/tickwork/gfx"
)

func sub(a, b [3]float32) [3]float64 {
	return [3]float64{float64(a[0] - b[0]), float64(a[1] - b[1]), float64(a[2] - b[2])}
}

func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func dot(a [3]float64, b [3]float32) float64 {
	return a[0]*float64(b[0]) + a[1]*float64(b[1]) + a[2]*float64(b[2])
}

func TestBuiltinMeshes(t *testing.T) {
	tests := []struct {
		id         gfx.MeshID
		verts      int
		tris       int
		closed     bool // convex and closed around the origin: faces point away from it
		wantExtent float32
	}{
		{gfx.MeshCube, 24, 12, true, 0.5},
		{gfx.MeshPlane, 4, 2, false, 0.5},
		{gfx.MeshSphere, (DefaultSlices + 1) * (DefaultStacks + 1), 2 * DefaultSlices * (DefaultStacks - 1), true, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.id.String(), func(t *testing.T) {
			d, ok := Builtin(tt.id)
			if !ok {
				t.Fatalf("Builtin(%v): not found", tt.id)
			}
			if err := d.Validate(); err != nil {
				t.Fatal(err)
			}
			if got := len(d.Vertices); got != tt.verts {
				t.Errorf("vertices: got %d, want %d", got, tt.verts)
			}
			if got := len(d.Indices) / 3; got != tt.tris {
				t.Errorf("triangles: got %d, want %d", got, tt.tris)
			}
			var extent float32
			for _, v := range d.Vertices {
				for _, c := range v.Position {
					extent = max(extent, c, -c)
				}
			}
			if math.Abs(float64(extent-tt.wantExtent)) > 1e-6 {
				t.Errorf("extent: got %g, want %g", extent, tt.wantExtent)
			}
			checkWinding(t, &d, tt.closed)
		})
	}
}

// checkWinding asserts that every triangle is non-degenerate, its
// counter-clockwise normal agrees with its vertex normals and, for closed
// shapes around the origin, points away from the origin.
func checkWinding(t *testing.T, d *Data, closed bool) {
	t.Helper()
	for i := 0; i < len(d.Indices); i += 3 {
		a, b, c := d.Vertices[d.Indices[i]], d.Vertices[d.Indices[i+1]], d.Vertices[d.Indices[i+2]]
		fn := cross(sub(b.Position, a.Position), sub(c.Position, a.Position))
		area := math.Sqrt(fn[0]*fn[0] + fn[1]*fn[1] + fn[2]*fn[2])
		if area < 1e-9 {
			t.Fatalf("triangle %d is degenerate", i/3)
		}
		for _, v := range []Vertex{a, b, c} {
			if dot(fn, v.Normal) <= 0 {
				t.Fatalf("triangle %d winds against its vertex normal %v", i/3, v.Normal)
			}
		}
		if closed {
			centroid := [3]float32{
				(a.Position[0] + b.Position[0] + c.Position[0]) / 3,
				(a.Position[1] + b.Position[1] + c.Position[1]) / 3,
				(a.Position[2] + b.Position[2] + c.Position[2]) / 3,
			}
			if dot(fn, centroid) <= 0 {
				t.Fatalf("triangle %d faces inwards", i/3)
			}
		}
	}
}

func TestCubeFlatNormals(t *testing.T) {
	d := Cube()
	for i := 0; i < len(d.Indices); i += 3 {
		n := d.Vertices[d.Indices[i]].Normal
		for k := 1; k < 3; k++ {
			if got := d.Vertices[d.Indices[i+k]].Normal; got != n {
				t.Fatalf("triangle %d: normals %v and %v differ, want one per face", i/3, n, got)
			}
		}
	}
}

func TestSphereClamps(t *testing.T) {
	for _, tc := range [][2]int{{0, 0}, {-5, 1}, {3, 2}, {1000, 1000}} {
		d := Sphere(tc[0], tc[1])
		if err := d.Validate(); err != nil {
			t.Errorf("Sphere(%d, %d): %v", tc[0], tc[1], err)
		}
		checkWinding(t, &d, true)
	}
}

func TestBuiltinUnknown(t *testing.T) {
	for _, id := range []gfx.MeshID{gfx.MeshNone, gfx.NumBuiltinMeshes, 999} {
		if _, ok := Builtin(id); ok {
			t.Errorf("Builtin(%v): got ok, want not found", id)
		}
	}
}

func TestValidateRejects(t *testing.T) {
	bad := []Data{
		{Vertices: []Vertex{{Normal: [3]float32{0, 1, 0}}}, Indices: []uint16{0, 0}},
		{Vertices: []Vertex{{Normal: [3]float32{0, 1, 0}}}, Indices: []uint16{0, 0, 1}},
		{Vertices: []Vertex{{Normal: [3]float32{0, 2, 0}}}, Indices: []uint16{0, 0, 0}},
	}
	for i, d := range bad {
		if err := d.Validate(); err == nil {
			t.Errorf("case %d: Validate: got nil error", i)
		}
	}
}

// TestBuiltinAsGfxMesh: each built-in mesh converts to a gfx.Mesh that
// validates, keeps every vertex and index, and draws the same triangles.
func TestBuiltinAsGfxMesh(t *testing.T) {
	for _, id := range []gfx.MeshID{gfx.MeshCube, gfx.MeshPlane, gfx.MeshSphere} {
		d, ok := Builtin(id)
		if !ok {
			t.Fatalf("Builtin(%v): not found", id)
		}
		m := d.Mesh()
		if err := m.Validate(); err != nil {
			t.Errorf("%v: gfx.Mesh.Validate: %v", id, err)
		}
		if len(m.Positions) != len(d.Vertices) || len(m.UVs) != len(d.Vertices) || len(m.Indices) != len(d.Indices) {
			t.Errorf("%v: got %d positions, %d UVs, %d indices; want %d, %d, %d",
				id, len(m.Positions), len(m.UVs), len(m.Indices), len(d.Vertices), len(d.Vertices), len(d.Indices))
		}
		if got, want := m.Triangles(), len(d.Indices)/3; got != want {
			t.Errorf("%v: got %d triangles, want %d", id, got, want)
		}
		for i, ix := range d.Indices {
			if v := d.Vertices[ix]; m.Positions[m.Indices[i]] != v.Position || m.Normals[m.Indices[i]] != v.Normal {
				t.Fatalf("%v: index %d: got vertex %v/%v, want %v/%v", id, i, m.Positions[m.Indices[i]], m.Normals[m.Indices[i]], v.Position, v.Normal)
			}
		}
	}
}
