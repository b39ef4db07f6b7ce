package camera

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func nan() float64 { return math.NaN() }

func TestTransition(t *testing.T) {
	a := &Orbit{Distance: 5}
	b := &Fly{Eye: mgl32.Vec3{10, 0, 0}, Aim: Aim{Yaw: 1}}
	a.Tick(Input{}, dt)
	b.Tick(Input{}, dt)
	var tr Transition
	if err := tr.Start(a, b, 4); err != nil {
		t.Fatal(err)
	}
	var p Pose
	tr.Pose(0.7, &p)
	if p != a.Current() || tr.Done() {
		t.Errorf("before the first tick: pose %+v done %v, want the first camera's %+v", p, tr.Done(), a.Current())
	}
	for i := 1; i <= 5; i++ {
		a.Tick(Input{}, dt)
		b.Tick(Input{}, dt)
		tr.Tick()
		for _, alpha := range []float32{0, 0.5, 1} {
			lin := min((float32(i-1)+alpha)/4, 1)
			want := lin * lin * (3 - 2*lin)
			wantF(t, "weight", tr.Weight(alpha), want, 1e-6)
			tr.Pose(alpha, &p)
			var pa, pb, w Pose
			a.Pose(alpha, &pa)
			b.Pose(alpha, &pb)
			Blend(&w, &pa, &pb, want)
			if p != w {
				t.Errorf("tick %d alpha %v: pose %+v, want %+v", i, alpha, p, w)
			}
		}
		if done := i >= 4; tr.Done() != done {
			t.Errorf("tick %d: Done = %v, want %v", i, tr.Done(), done)
		}
	}
	tr.Pose(0.3, &p)
	if p != b.Current() {
		t.Errorf("after the transition: pose %+v, want the second camera's %+v", p, b.Current())
	}
}

func TestTransitionStartRefusesBadValues(t *testing.T) {
	var tr Transition
	o := &Orbit{}
	for _, tc := range []struct {
		from, to Poser
		ticks    int
		want     string
	}{{nil, o, 3, "both cameras"}, {o, nil, 3, "both cameras"}, {o, o, 0, "ticks"}} {
		if err := tr.Start(tc.from, tc.to, tc.ticks); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Start(%v, %v, %d) = %v, want an error naming %q", tc.from, tc.to, tc.ticks, err, tc.want)
		}
	}
	if !tr.Done() || tr.Weight(0.5) != 1 {
		t.Error("a refused Start left a transition running")
	}
}
