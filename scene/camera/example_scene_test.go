package camera_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/camera"
	"github.com/tickwork/tickwork/timing"
)

// Every camera here is a scene.Viewer.
var _ scene.Viewer = (*camera.Follow)(nil)

// A scene drawn through a follow camera: the game ticks the camera after
// the scene (so it follows where the player is now), and the scene asks it
// for the view each frame, before culling.
func Example_scene() {
	var world scene.Manager
	player, err := world.Spawn(scene.Spec{Mesh: gfx.MeshCube})
	if err != nil {
		fmt.Println(err)
		return
	}
	follow := &camera.Follow{Distance: 6, Offset: mgl32.Vec3{0, 1.5, 0}, Lag: 0.1, Aim: camera.Aim{Pitch: -0.25}}
	world.SetViewer(follow)

	for i := range uint64(30) { // one second of ticks
		a, _ := world.Actor(player)
		a.Local.Pos = a.Local.Pos.Add(mgl32.Vec3{0.1, 0, 0})
		if err := world.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}); err != nil {
			fmt.Println(err)
			return
		}
		follow.Target = a.Local.Pos
		follow.Tick(camera.Input{}, 1.0/30)
	}

	// A frame: the view is the camera's at the frame's alpha.
	world.SetAspect(16.0 / 9)
	world.Interpolate(0.5)
	d := world.BuildDrawList()
	eye := d.Camera.View.Inv().Col(3)
	fmt.Printf("player at x %.2f, eye at (%.2f, %.2f, %.2f), %d actor drawn\n", follow.Target[0], eye[0], eye[1], eye[2], d.Len())
	// Output:
	// player at x 3.00, eye at (2.70, 2.98, 5.81), 1 actor drawn
}
