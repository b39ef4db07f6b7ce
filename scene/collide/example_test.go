package collide_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/collide"
	"github.com/tickwork/tickwork/timing"
)

// README:begin
// Coin is a pickup: a sensor whose behaviour hears when something enters.
type Coin struct{ Taken bool }

func (c *Coin) Contact(a *scene.Actor, e collide.Event, m *scene.Manager) {
	if e.Kind == collide.Begin && !c.Taken {
		c.Taken = true
		fmt.Println("coin taken by", e.B)
		_ = m.Remove(a.Handle())
	}
}

// A ball falls onto a floor through a coin; a ray from above picks it.
func Example() {
	var m scene.Manager
	w := collide.New(collide.Config{})

	floor, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, -0.5, 0}})
	ball, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, 3, 0}})
	coin, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, 1, 0}, Behavior: &Coin{}})
	for _, err := range []error{
		w.Attach(&m, floor, collide.Collider{Shape: collide.Box(mgl32.Vec3{10, 0.5, 10})}),
		w.Attach(&m, ball, collide.Collider{Shape: collide.Sphere(0.5), Body: collide.Dynamic, Restitution: 0.5}),
		w.Attach(&m, coin, collide.Collider{Shape: collide.Sphere(0.3), Sensor: true}),
	} {
		if err != nil {
			fmt.Println(err)
		}
	}

	for i := range uint64(90) { // 3 s at 30 Hz: the state's Tick does this
		t := timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}
		if err := w.Step(&m, t); err != nil {
			fmt.Println(err)
		}
		for _, e := range w.Events() {
			if e.Kind == collide.Begin && e.A == floor {
				fmt.Printf("tick %d: the ball lands\n", i) // and bounces
			}
		}
		if err := m.Tick(t); err != nil {
			fmt.Println(err)
		}
	}

	// Mouse picking: camera.ScreenRay(cam, x, y, w, h) gives the ray.
	hit, ok := w.Pick(mgl32.Vec3{0, 10, 0}, mgl32.Vec3{0, -1, 0})
	body, _ := w.Body(ball)
	fmt.Println("picked the ball:", ok && hit.Actor == ball, "asleep:", body.Asleep)
	fmt.Printf("ball rests at y = %.2f\n", body.Pos[1])
	// Output:
	// coin taken by actor#1.1
	// tick 22: the ball lands
	// tick 43: the ball lands
	// tick 53: the ball lands
	// tick 57: the ball lands
	// picked the ball: true asleep: true
	// ball rests at y = 0.50
}

// README:end
