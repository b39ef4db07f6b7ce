package collide

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// The debug view outlines every collider and draws the contacts.
func TestDrawDebug(t *testing.T) {
	m, w, _ := queryScene(t)
	var l gfx.LineBuffer
	w.DrawDebug(&l)
	if l.Len() < 5*12 {
		t.Fatalf("%d lines for five colliders", l.Len())
	}
	n := l.Len()
	l.Reset()
	// A ball resting on a box adds its contact arrows.
	spawn(t, m, w, mgl32.Vec3{4, 1.5, 0}, Collider{Shape: Sphere(0.5), Body: Dynamic})
	for i := range uint64(10) {
		tickOnce(t, m, w, i+1)
	}
	w.DrawDebug(&l)
	if l.Len() <= n+12 {
		t.Errorf("%d lines with a ball resting on the box, want more than %d (its outline and contact)", l.Len(), n+12)
	}
	l.Reset()
	h, ok := w.RayCast(mgl32.Vec3{0, 5, 0}, mgl32.Vec3{0, -1, 0}, 10, Filter{})
	DrawRay(&l, mgl32.Vec3{0, 5, 0}, mgl32.Vec3{0, -1, 0}, 10, h, ok)
	if l.Len() != 6 || l.Vertices()[1].Pos != h.Point {
		t.Errorf("ray drawn as %d lines ending at %v, want a line to the hit %v and its normal", l.Len(), l.Vertices()[1].Pos, h.Point)
	}
}
