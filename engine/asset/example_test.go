package asset_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
)

// A game registers its meshes and materials once, by name, and its actors
// refer to them by ID, the same headless and windowed.
func Example() {
	var lib asset.Library
	red, _ := lib.AddMaterial("red", &asset.Material{BaseColor: gfx.RGB(1, 0, 0)})
	tri := &asset.Mesh{
		Positions: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
		Material:  red,
	}
	tri.ComputeNormals()
	id, err := lib.AddMesh("triangle", tri)
	fmt.Println(id == gfx.NumBuiltinMeshes, err, tri.Normals[0], tri.Triangles())
	// Output: true <nil> [0 0 1] 1
}
