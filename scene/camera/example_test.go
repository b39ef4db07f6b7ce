package camera_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/camera"
	"github.com/tickwork/tickwork/scene/fields"
)

// README:begin
// An orbit camera round a model: ticks turn it from the captured mouse's
// motion and zoom it from the wheel; frames draw it between the last two
// ticks and pick with the ray under the cursor.
func Example() {
	orbit := camera.Orbit{
		Target:   mgl32.Vec3{0, 1, 0},
		Distance: 6, MinDistance: 2, MaxDistance: 20,
		Aim: camera.Aim{Pitch: -0.4, MinPitch: -1.2, MaxPitch: 0.2},
	}
	if err := orbit.Check(); err != nil {
		fmt.Println(err)
		return
	}
	orbit.Snap()

	// In a tick: the tick's mouse motion (Input.MouseMotion) and wheel
	// steps (Input.Scroll) become the camera's input.
	const dt = 1.0 / 30
	in := camera.Input{Look: mgl32.Vec2{120, 0}, Zoom: 1}
	orbit.Tick(in, dt)

	// In a frame: draw between the last two ticks at the frame's alpha.
	var cam gfx.Camera
	orbit.Render(0.5, &cam)

	// Picking: the ray through the cursor, here the middle of a 1280×720
	// window, hits the ground under the target.
	ray, err := camera.ScreenRay(&cam, 640, 360, 1280, 720)
	if err != nil {
		fmt.Println(err)
		return
	}
	if d, ok := ray.HitPlane(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}); ok {
		p := ray.At(d)
		fmt.Printf("yaw %.2f, distance %.2f, ground hit at (%.2f, %.2f, %.2f)\n", orbit.Yaw, orbit.Distance, p[0], p[1], p[2])
	}
	// The camera is simulation state: a state's Describe names it with
	// v.Struct("cam", &orbit), so hashes and snapshots include it.
	// Output:
	// yaw 0.36, distance 5.45, ground hit at (0.42, 0.00, -2.33)
}

// README:end

// A third-person camera behind a running player: the pivot trails the
// player and leads its motion; a wall between the pivot and the eye pulls
// the arm in.
func ExampleFollow() {
	cam := camera.Follow{
		Distance: 5, Offset: mgl32.Vec3{0, 1.6, 0},
		Lag: 0.1, LookAhead: 0.3, Radius: 0.2,
		Aim: camera.Aim{Pitch: -0.3},
	}
	cam.Collide = func(from, to mgl32.Vec3) (float32, bool) {
		const wallZ = -1 // a wall across z = −1, which the player runs through
		if from[2] < wallZ && to[2] > wallZ {
			return (wallZ - from[2]) / (to[2] - from[2]), true
		}
		return 0, false
	}
	for range 30 { // one second, running along −Z at 4 units a second
		cam.Target = cam.Target.Add(mgl32.Vec3{0, 0, -4.0 / 30})
		cam.Tick(camera.Input{}, 1.0/30)
	}
	p := cam.Current()
	fmt.Printf("player z %.2f, pivot z %.2f, arm %.2f, eye z %.2f\n", cam.Target[2], cam.Pivot()[2], cam.Arm(), p.Eye[2])
	// Output:
	// player z -4.00, pivot z -4.86, arm 2.70, eye z -2.28
}

// Mouse-look for a walking body: the camera turns, the game walks the body
// the way the camera faces.
func ExampleFirstPerson() {
	fp := camera.FirstPerson{EyeHeight: 1.7, Aim: camera.Aim{LookSpeed: 0.005}}
	// The mouse moved 157 pixels right (an eighth of a turn) and W is held.
	in := camera.Input{Look: mgl32.Vec2{157.08, 0}, Move: mgl32.Vec3{0, 0, 1}}
	fp.Tick(in, 1.0/30)
	fp.Feet = fp.Feet.Add(fp.Walk(in.Move).Mul(0.1))
	fmt.Printf("yaw %.3f, feet (%.3f, %.3f, %.3f)\n", fp.Yaw, fp.Feet[0], fp.Feet[1], fp.Feet[2])
	// Output:
	// yaw 0.785, feet (0.071, 0.000, -0.071)
}

// A shake on a hit: seeded, so a replay shakes the same, and over in 15
// ticks.
func ExampleShake() {
	var a, b camera.Orbit
	a.Distance, b.Distance = 5, 5
	a.Shake.Seed(99)
	b.Shake.Seed(99)
	_ = a.Shake.Start(0.8, 15)
	_ = b.Shake.Start(0.8, 15)
	for range 20 {
		a.Tick(camera.Input{}, 1.0/30)
		b.Tick(camera.Input{}, 1.0/30)
	}
	fmt.Println("same shake:", fields.Hash(&a) == fields.Hash(&b), "still:", !a.Shake.Active())
	// Output:
	// same shake: true still: true
}

// A cut to a cut-scene camera, blended over half a second.
func ExampleTransition() {
	game := &camera.Orbit{Distance: 5}
	scene := &camera.Fly{Eye: mgl32.Vec3{10, 3, 0}, Aim: camera.Aim{Yaw: -1.5}}
	game.Snap()
	scene.Snap()
	var tr camera.Transition
	if err := tr.Start(game, scene, 15); err != nil {
		fmt.Println(err)
		return
	}
	var cam gfx.Camera
	for i := range 16 {
		game.Tick(camera.Input{}, 1.0/30)
		scene.Tick(camera.Input{}, 1.0/30)
		tr.Tick()
		if i%5 == 0 {
			var p camera.Pose
			tr.Pose(0.5, &p)
			fmt.Printf("tick %2d: weight %.2f, eye x %.2f\n", i+1, tr.Weight(0.5), p.Eye[0])
		}
	}
	tr.Render(0.5, &cam)
	fmt.Println("done:", tr.Done())
	// Output:
	// tick  1: weight 0.00, eye x 0.06
	// tick  6: weight 0.30, eye x 4.58
	// tick 11: weight 0.78, eye x 8.84
	// tick 16: weight 1.00, eye x 10.00
	// done: true
}
