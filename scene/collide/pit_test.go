package collide

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
)

// pit drops n boxes of two sizes, turned at random, in loose layers into
// a walled pit 6 m square: they tumble onto each other into a jumbled
// pile, one island, with bodies resting on edges and corners.
func pit(tb testing.TB, n int) (*scene.Manager, *World) {
	m := &scene.Manager{}
	w := New(Config{})
	spawn(tb, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{5, 0.5, 5})})
	for _, x := range []float32{-3.25, 3.25} {
		spawn(tb, m, w, mgl32.Vec3{x, 2, 0}, Collider{Shape: Box(mgl32.Vec3{0.25, 2, 3.5})})
		spawn(tb, m, w, mgl32.Vec3{0, 2, x}, Collider{Shape: Box(mgl32.Vec3{3.5, 2, 0.25})})
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range n {
		x, z, y := i%7, i/7%7, i/49
		half := mgl32.Vec3{0.3, 0.3, 0.3}
		if i%3 == 0 {
			half = mgl32.Vec3{0.4, 0.2, 0.25}
		}
		p := mgl32.Vec3{float32(x)*0.8 - 2.4 + rng.Float32()*0.1, 0.6 + float32(y)*0.9, float32(z)*0.8 - 2.4 + rng.Float32()*0.1}
		axis := mgl32.Vec3{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}.Normalize()
		h, err := m.Spawn(scene.Spec{Pos: p, Rot: mgl32.QuatRotate(rng.Float32()*6.28, axis)})
		if err != nil {
			tb.Fatal(err)
		}
		if err := w.Attach(m, h, Collider{Shape: Box(half), Body: Dynamic}); err != nil {
			tb.Fatal(err)
		}
	}
	return m, w
}

// A jumbled pile of 200 boxes dropped into a pit settles and sleeps, all
// of it, within 15 s of game time; its cost per tick awake and asleep is
// logged (go test -run Jumbled -v).
func TestJumbledPileSleeps(t *testing.T) {
	if testing.Short() {
		t.Skip("a 200-body pile takes seconds")
	}
	const n = 200
	m, w := pit(t, n)
	var awake, asleep float64
	var na, ns int
	for i := range uint64(15 * 30) {
		c0 := cpuTime()
		t0 := time.Now()
		tickOnce(t, m, w, i)
		d, c := time.Since(t0).Seconds(), cpuTime()-c0
		sleeping := 0
		for k := range w.cols {
			if w.cols[k].asleep {
				sleeping++
			}
		}
		switch {
		case sleeping < n/10 && i >= 30:
			awake += c
			na++
		case sleeping == n:
			asleep += c
			ns++
		}
		_ = d
		if ns == 15 {
			t.Logf("all %d asleep at tick %d (%.1f s); per tick: awake %.2f ms CPU, asleep %.3f ms CPU",
				n, i-14, float64(i-14)/30, awake/float64(max(na, 1))*1e3, asleep/float64(ns)*1e3)
			return
		}
	}
	awakeN := 0
	for k := range w.cols {
		if w.cols[k].dynamic() && !w.cols[k].asleep {
			awakeN++
		}
	}
	t.Fatalf("%d of %d boxes are still awake after 15 s", awakeN, n)
}
