package collide_test

import (
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/collide"
	"github.com/tickwork/tickwork/timing"
)

// steadyToucher is a contact handler no other test uses, so that the
// runtime meets its type for the first time in this test.
type steadyToucher struct{ heard int }

func (s *steadyToucher) Contact(*scene.Actor, collide.Event, *scene.Manager) { s.heard++ }

// TestContactsAllocateNothingOverManyTicks: a sensor resting in a box hears
// a contact every tick; over thousands of ticks the dispatch allocates
// nothing. (Asserting each behaviour's type at every dispatch did, once
// the runtime chose to grow the assertion's cache of types: it does so
// for about one miss in a thousand.)
func TestContactsAllocateNothingOverManyTicks(t *testing.T) {
	var m scene.Manager
	w := collide.New(collide.Config{})
	toucher := &steadyToucher{}
	box, _ := m.Spawn(scene.Spec{})
	sensor, _ := m.Spawn(scene.Spec{Behavior: toucher})
	for _, err := range []error{
		w.Attach(&m, box, collide.Collider{Shape: collide.Box(mgl32.Vec3{1, 1, 1})}),
		w.Attach(&m, sensor, collide.Collider{Shape: collide.Sphere(0.5), Sensor: true, Body: collide.Kinematic}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	step := func(i uint64) {
		ti := timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}
		if err := w.Step(&m, ti); err != nil {
			t.Fatal(err)
		}
		if err := m.Tick(ti); err != nil {
			t.Fatal(err)
		}
	}
	for i := range uint64(5) { // the world's buffers grow to size
		step(i)
	}
	// Two runs of 10000 ticks, counted apart: what the contacts allocate
	// every tick, or every so many ticks, shows in both. The runtime can
	// allocate once on its own (a sudog when a collection it started
	// during the run finishes), which shows in one run at most.
	const ticks = 10000
	heard := toucher.heard
	var runs [2]uint64
	next := uint64(5)
	for r := range runs {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range ticks {
			step(next)
			next++
		}
		runtime.ReadMemStats(&after)
		runs[r] = after.Mallocs - before.Mallocs
	}
	if toucher.heard-heard < 2*ticks {
		t.Fatalf("the sensor heard %d contacts in %d ticks: the test needs one a tick", toucher.heard-heard, 2*ticks)
	}
	if min(runs[0], runs[1]) != 0 || max(runs[0], runs[1]) > 1 {
		t.Errorf("two runs of %d ticks of one resting contact: %d and %d allocations, want 0 in each (1 in one of them at most, the runtime's own)", ticks, runs[0], runs[1])
	}
}
