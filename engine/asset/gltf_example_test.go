package asset_test

import (
	"bytes"
	"fmt"
	"testing/fstest"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/tickwork/tickwork/engine/asset"
)

// A game loads a model once, while it starts; its actors then draw the
// meshes the model's nodes name. Here the file is built in memory: a
// triangle on a node named "fin".
func ExampleLibrary_LoadModel() {
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}}}}}
	doc.Nodes = []*gltf.Node{{Name: "fin", Mesh: gltf.Index(0), Translation: [3]float64{0, 2, 0}}}
	doc.Scenes[0].Nodes = []int{0}
	var glb bytes.Buffer
	if err := gltf.NewEncoder(&glb).Encode(doc); err != nil {
		panic(err)
	}
	fsys := fstest.MapFS{"models/fin.glb": {Data: glb.Bytes()}}

	var lib asset.Library
	model, err := lib.LoadModel(fsys, "models/fin.glb")
	if err != nil {
		fmt.Println(err)
		return
	}
	root := model.Nodes[model.Roots[0]]
	mesh, _ := lib.Mesh(root.Meshes[0])
	fmt.Println(model.Info)
	fmt.Println(root.Name, root.Pos, len(mesh.Positions), mesh.Normals[0])
	id, _ := lib.MeshID("models/fin.glb#mesh0.0")
	fmt.Println(id == root.Meshes[0])
	// Output:
	// nodes=1 meshes=1 primitives=1 vertices=3 triangles=1 textures=0 materials=0 animations=0 skins=0 joints=0 targets=0
	// fin [0 2 0] 3 [0 0 1]
	// true
}
