package camera

import (
	"testing"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
)

// frameOf is what a rig shows and holds after a tick: every camera's view
// at two alphas, the follow camera's spring arm, and the rig's hash.
type frameOf struct {
	views      [2][5]gfx.Camera
	pivotArm   [4]float32
	hash       uint64
	shaking    [2]bool
	transition float32
}

func (r *rig) frame() frameOf {
	var f frameOf
	r.render(0, &f.views[0])
	r.render(0.6, &f.views[1])
	p := r.follow.Pivot()
	f.pivotArm = [4]float32{p[0], p[1], p[2], r.follow.Arm()}
	f.hash = r.hash()
	f.shaking = [2]bool{r.orbit.Shake.Active(), r.follow.Shake.Active()}
	f.transition = r.tr.Weight(0.5)
	return f
}

// A snapshot taken at any tick (before the first, in a shake, in a
// transition, with the arm pulled in by the wall) restores every camera
// exactly: the ticks after a restore show and hash what they showed and
// hashed the first time, as a rollback needs.
func TestSaveLoadRestoresEveryCameraExactly(t *testing.T) {
	const run = 50
	for _, at := range []uint64{0, 1, 45, 70, 130, 160, 250} {
		r := newRig()
		for i := range at {
			r.tick(i, dt)
		}
		saved := fields.Save(r, nil)
		want := make([]frameOf, 0, run)
		for i := at; i < at+run; i++ {
			r.tick(i, dt)
			want = append(want, r.frame())
		}
		rest, err := fields.Load(r, saved)
		if err != nil || len(rest) != 0 {
			t.Fatalf("at tick %d: Load = %d bytes left, %v; want 0, nil", at, len(rest), err)
		}
		for i := at; i < at+run; i++ {
			r.tick(i, dt)
			if got := r.frame(); got != want[i-at] {
				t.Fatalf("restored at tick %d: tick %d differs:\n got %+v\nwant %+v", at, i, got, want[i-at])
			}
		}
	}
}

// The hash covers what Tick changes: the spring arm, the shake's
// generator and the transition's progress each change it.
func TestHashCoversTickState(t *testing.T) {
	tests := []struct {
		name   string
		change func(r *rig)
	}{
		{"follow arm", func(r *rig) { r.follow.arm += 0.5 }},
		{"follow pivot", func(r *rig) { r.follow.pivot[1] += 0.5 }},
		{"follow previous target", func(r *rig) { r.follow.prevTarget[0] += 0.5 }},
		{"last pose", func(r *rig) { r.orbit.last.Roll += 0.1 }},
		{"current pose", func(r *rig) { r.fly.cur.Eye[2] += 0.1 }},
		{"shake seed", func(r *rig) { r.orbit.Shake.Seed(99) }},
		{"shake ticks left", func(r *rig) { r.follow.Shake.left++ }},
		{"transition progress", func(r *rig) { r.tr.n++ }},
		{"transition last progress", func(r *rig) { r.tr.lastN++ }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig()
			for i := range uint64(65) {
				r.tick(i, dt)
			}
			before := r.hash()
			tt.change(r)
			if r.hash() == before {
				t.Errorf("hash %x unchanged after changing the %s", before, tt.name)
			}
		})
	}
}

// A transition restored from a snapshot into one that was never started
// (its cameras are not part of the description) draws the zero pose
// rather than panicking.
func TestRestoredTransitionWithoutCamerasDrawsNothing(t *testing.T) {
	r := newRig()
	for i := range uint64(70) {
		r.tick(i, dt)
	}
	var fresh Transition
	if _, err := fields.Load(&fresh, fields.Save(&r.tr, nil)); err != nil {
		t.Fatal(err)
	}
	var p Pose
	fresh.Pose(0.5, &p)
	if p != (Pose{}) {
		t.Errorf("Pose = %+v, want the zero Pose", p)
	}
}
