package asset

import (
	"testing"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// TestAnimatorSnapshotRoundTrip: an animator describes its time, so a
// scene snapshot brings its pose and its time back, and the ticks run
// again after the restore pose the nodes as the first time (before the
// animator described its fields, the restored scene kept the later time
// and the re-run diverged).
func TestAnimatorSnapshotRoundTrip(t *testing.T) {
	md := testModel()
	var m scene.Manager
	in, err := md.Spawn(&m, scene.Spec{})
	if err != nil {
		t.Fatal(err)
	}
	anim, err := in.Play(&m, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	tick := func(i int) {
		if err := m.Tick(timing.TickInfo{Index: uint64(i), Rate: 30, Delta: 1.0 / 30}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 10 {
		tick(i)
	}
	var s scene.Snapshot
	if err := m.Save(&s); err != nil {
		t.Fatal(err)
	}
	savedHash, savedTime := m.Hash(), anim.Time()
	var want []uint64
	for i := 10; i < 20; i++ {
		tick(i)
		want = append(want, m.Hash())
	}
	if err := m.Restore(&s); err != nil {
		t.Fatal(err)
	}
	if m.Hash() != savedHash || anim.Time() != savedTime {
		t.Fatalf("after restore: hash %x time %v, want %x and %v", m.Hash(), anim.Time(), savedHash, savedTime)
	}
	for i := 10; i < 20; i++ {
		tick(i)
		if h := m.Hash(); h != want[i-10] {
			t.Fatalf("tick %d run again: hash %x, want %x", i, h, want[i-10])
		}
	}
}
