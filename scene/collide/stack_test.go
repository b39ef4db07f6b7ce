package collide

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
)

// Ten unit boxes stacked on a floor stand still for 60 s of game time:
// once settled (after 1 s: the first ticks press the contacts together by
// a few millimetres) no box moves more than 1 mm, none has moved more than
// 2 cm from where it was put, and the stack sleeps.
func TestStackRests(t *testing.T) {
	m, w, hs := stack(t, 10)
	start := make([][3]float32, len(hs))
	for i, h := range hs {
		a, _ := m.Actor(h)
		start[i] = a.World().Pos
	}
	settled := make([][3]float32, len(hs))
	worst, total := 0.0, 0.0
	for i := range uint64(61 * 30) {
		tickOnce(t, m, w, i)
		for k, h := range hs {
			a, _ := m.Actor(h)
			p := a.World().Pos
			if i == 30 {
				settled[k] = p
			}
			total = max(total, v64(p).sub(v64(start[k])).len())
			if i > 30 {
				worst = max(worst, v64(p).sub(v64(settled[k])).len())
			}
		}
	}
	t.Logf("largest drift of any box over 60 s once settled: %.3g mm; from where it was put: %.3g mm", worst*1000, total*1000)
	if worst > 1e-3 || total > 0.02 {
		t.Errorf("a box drifted %.3g mm once settled (want under 1 mm), %.3g mm from its start (want under 20 mm)", worst*1000, total*1000)
	}
	b, _ := w.Body(hs[9])
	if !b.Asleep {
		t.Errorf("top box is awake after 60 s: %+v", b)
	}
}

// An impulse wakes a sleeping body and moves it.
func TestImpulseWakesSleepingBody(t *testing.T) {
	m, w, hs := stack(t, 1)
	for i := range uint64(60) {
		tickOnce(t, m, w, i)
	}
	if b, _ := w.Body(hs[0]); !b.Asleep {
		t.Fatal("the box is not asleep after 2 s")
	}
	a, _ := m.Actor(hs[0])
	if err := w.ApplyImpulse(hs[0], [3]float32{0, 5, 0}, a.World().Pos); err != nil {
		t.Fatal(err)
	}
	tickOnce(t, m, w, 60)
	tickOnce(t, m, w, 61)
	if b, _ := w.Body(hs[0]); b.Asleep || b.Pos[1] < 0.6 {
		t.Errorf("after an upward impulse of 5 N·s the 1 kg box is at %v (asleep %v)", b.Pos, b.Asleep)
	}
}

// A sleeping box wakes when the static wall under it is moved away, and
// falls.
func TestMovedStaticWakesSleeper(t *testing.T) {
	m, w, hs := stack(t, 1)
	for i := range uint64(60) {
		tickOnce(t, m, w, i)
	}
	if b, _ := w.Body(hs[0]); !b.Asleep {
		t.Fatal("the box is not asleep after 2 s")
	}
	floor := w.cols[0].h
	a, _ := m.Actor(floor)
	a.Local.Pos[1] -= 0.3 // gameplay lowers the floor
	for i := range uint64(30) {
		tickOnce(t, m, w, 60+i)
	}
	if b, _ := w.Body(hs[0]); b.Pos[1] > 0.3 {
		t.Errorf("the box stayed at %v over a floor lowered by 0.3 m", b.Pos)
	}
}

// Three columns of ten boxes, each dropped 2 cm onto the one below, land
// and stand: no box ends more than 3 cm from its column. (With 3 or 4
// solver passes per substep instead of the default 6 they topple.)
func TestDroppedStacksStand(t *testing.T) {
	m := &scene.Manager{}
	w := New(Config{})
	spawn(t, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{10, 0.5, 10})})
	var hs []scene.Handle
	for i := range 30 {
		x, y := i%3, i/3
		hs = append(hs, spawn(t, m, w, mgl32.Vec3{float32(x) * 1.2, 0.42 + float32(y)*0.82, 0}, Collider{Body: Dynamic, Shape: Box(mgl32.Vec3{0.4, 0.4, 0.4})}))
	}
	for i := range uint64(300) {
		tickOnce(t, m, w, i)
	}
	for k, h := range hs {
		b, _ := w.Body(h)
		if d := (vec{float64(b.Pos[0]) - float64(k%3)*1.2, 0, float64(b.Pos[2])}).len(); d > 0.03 {
			t.Errorf("box %d (column %d, level %d) ended %.3f m from its column", k, k%3, k/3, d)
		}
	}
}
