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

// Debug lines are added to a scene's DrawList and drawn with its camera:
// all of a scene's segments in one draw call.
func ExampleLineBuffer() {
	var d gfx.DrawList
	d.Camera.LookAt(mgl32.Vec3{0, 4, 8}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})

	var dbg gfx.LineBuffer
	dbg.Grid(mgl32.Vec3{}, 10, 1, gfx.RGB(0.4, 0.4, 0.4))
	dbg.Box(mgl32.Vec3{-0.5, 0, -0.5}, mgl32.Vec3{0.5, 1, 0.5}, gfx.RGB(1, 0.8, 0))
	dbg.Arrow(mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 2, 0}, gfx.RGB(0, 1, 1))
	dbg.Text(mgl32.Vec3{0, 2.2, 0}, gfx.RGB(1, 1, 1), "spawn")
	var gizmo gfx.LineBuffer
	gizmo.OnTop = true // seen through the meshes
	origin := mgl32.Ident4()
	gizmo.Axes(&origin, 1)

	d.AddLines(&dbg)
	d.AddLines(&gizmo)
	for _, l := range d.LineBuffers() {
		fmt.Println(l.Len(), "segments, on top:", l.OnTop)
	}
	x, y, _ := d.Camera.ToHUD(dbg.Labels()[0].Pos, 1280, 720)
	fmt.Printf("label %q at %.0f, %.0f\n", dbg.Labels()[0].S, x, y)
	// Output:
	// 39 segments, on top: false
	// 3 segments, on top: true
	// label "spawn" at 640, 206
}
