package motion_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/tickwork/tickwork/scene/motion"
)

// A ball thrown up at 10 m/s, integrated at 30 Hz. With constant gravity the
// ballistic step is exact: after 30 ticks the ball is where y = v·t − ½·g·t²
// puts it at t = 1 s. Semi-implicit Euler is off by g·dt·t/2.
func Example() {
	const g, dt = 9.81, 1.0 / 30
	gravity := mgl64.Vec3{0, -g, 0}
	ballistic := motion.State{Vel: mgl64.Vec3{0, 10, 0}}
	euler := ballistic
	for range 30 {
		motion.Ballistic(&ballistic, gravity, dt)
		motion.SemiImplicitEuler(&euler, gravity, dt)
	}
	fmt.Printf("exact     y = %.4f m\n", 10-g/2)
	fmt.Printf("ballistic y = %.4f m\n", ballistic.Pos[1])
	fmt.Printf("euler     y = %.4f m\n", euler.Pos[1])
	// Output:
	// exact     y = 5.0950 m
	// ballistic y = 5.0950 m
	// euler     y = 4.9315 m
}

// A damped spring (k = 4, c = 0.4) pulled to 1 and let go, integrated with
// RK4 from a behaviour's tick at 30 Hz.
func ExampleRK4() {
	spring := func(p, v mgl64.Vec3, t float64) mgl64.Vec3 { return p.Mul(-4).Sub(v.Mul(0.4)) }
	s := motion.State{Pos: mgl64.Vec3{1, 0, 0}}
	const dt = 1.0 / 30
	for i := range 30 {
		motion.RK4(&s, spring, float64(i)*dt, dt)
	}
	wd := math.Sqrt(4 - 0.04)
	exact := math.Exp(-0.2) * (math.Cos(wd) + 0.2/wd*math.Sin(wd))
	fmt.Printf("after 1 s: x = %.6f (exact %.6f)\n", s.Pos[0], exact)
	// Output:
	// after 1 s: x = -0.258070 (exact -0.258070)
}
