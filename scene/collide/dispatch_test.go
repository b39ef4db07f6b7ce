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
	const ticks = 20000
	heard := toucher.heard
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range uint64(ticks) {
		step(5 + i)
	}
	runtime.ReadMemStats(&after)
	if toucher.heard-heard < ticks {
		t.Fatalf("the sensor heard %d contacts in %d ticks: the test needs one a tick", toucher.heard-heard, ticks)
	}
	if n := after.Mallocs - before.Mallocs; n != 0 {
		t.Errorf("%d ticks of one resting contact: %d allocations, want 0", ticks, n)
	}
}
