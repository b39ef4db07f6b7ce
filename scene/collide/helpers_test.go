package collide

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// spawn adds an actor with a collider.
func spawn(t testing.TB, m *scene.Manager, w *World, pos mgl32.Vec3, c Collider) scene.Handle {
	t.Helper()
	h, err := m.Spawn(scene.Spec{Pos: pos})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Attach(m, h, c); err != nil {
		t.Fatal(err)
	}
	return h
}

// tickOnce runs one tick as a game state does: the world, then the scene.
func tickOnce(t testing.TB, m *scene.Manager, w *World, i uint64) {
	t.Helper()
	ti := timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}
	if err := w.Step(m, ti); err != nil {
		t.Fatal(err)
	}
	if err := m.Tick(ti); err != nil {
		t.Fatal(err)
	}
}

// stack builds a floor and n unit boxes stacked on it, touching.
func stack(t testing.TB, n int) (*scene.Manager, *World, []scene.Handle) {
	m := &scene.Manager{}
	w := New(Config{Iterations: testIters})
	spawn(t, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{10, 0.5, 10})})
	var hs []scene.Handle
	for i := range n {
		hs = append(hs, spawn(t, m, w, mgl32.Vec3{0, 0.5 + float32(i), 0}, Collider{Shape: Box(mgl32.Vec3{0.5, 0.5, 0.5}), Body: Dynamic}))
	}
	return m, w, hs
}

var testIters = 0
