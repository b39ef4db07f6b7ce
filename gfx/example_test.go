package gfx_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// A scene fills a DrawList every frame; the engine stacks the lists into a
// Picture with a HUD on top, and a renderer draws it.
func ExampleDrawList() {
	var d gfx.DrawList
	d.Camera.LookAt(mgl32.Vec3{0, 2, 6}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	for i := range 3 {
		m := mgl32.Translate3D(float32(i), 0, 0)
		d.Add(gfx.MeshCube, &m, gfx.RGB(1, 0.5, 0.2))
	}
	ball := mgl32.Translate3D(0, 1, 0)
	d.Add(gfx.MeshSphere, &ball, gfx.RGB(0.9, 0.1, 0.1))

	var f gfx.Picture
	f.Reset(1280, 720, gfx.RGB(0.1, 0.1, 0.12))
	f.AddScene(&d)
	f.HUD.Layer(0).AddText(10, 10, gfx.RGB(1, 1, 1), "score 42")

	for _, b := range d.Batches() {
		if len(b.Instances) > 0 {
			fmt.Printf("%v: %d instances, one draw call\n", b.Mesh, len(b.Instances))
		}
	}
	fmt.Println("layers:", len(f.Scenes), "HUD texts:", len(f.HUD.Texts))
	// Output:
	// cube: 3 instances, one draw call
	// sphere: 1 instances, one draw call
	// layers: 1 HUD texts: 1
}
