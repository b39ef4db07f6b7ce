package asset

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// MeshBounds gives a loaded mesh's sphere (the quad spans ±1 on X and Z
// around (2, 0, 0): centre (2, 0, 0), radius √2) and nothing for built-in
// or unknown IDs.
func TestLibraryMeshBounds(t *testing.T) {
	l := &Library{}
	m := quad()
	for i := range m.Positions {
		m.Positions[i][0] += 2
	}
	m.ComputeNormals()
	id, err := l.AddMesh("quad", m)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id     gfx.MeshID
		ok     bool
		center mgl32.Vec3
		radius float64
	}{
		{id, true, mgl32.Vec3{2, 0, 0}, math.Sqrt2},
		{gfx.MeshCube, false, mgl32.Vec3{}, 0},
		{id + 1, false, mgl32.Vec3{}, 0},
	} {
		c, r, ok := l.MeshBounds(tc.id)
		if ok != tc.ok || c != tc.center || math.Abs(float64(r)-tc.radius) > 1e-6 {
			t.Errorf("mesh %v: got %v, %v, %v; want %v, %v, %v", tc.id, c, r, ok, tc.center, tc.radius, tc.ok)
		}
	}
}
