package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

// TestSyncTest: the sync test passes on a game whose state is all in its
// snapshots, and fails, naming the actor, the behaviour's type and the
// field, on one whose behaviour keeps a counter it does not describe
// (before behaviours' plain fields were compared, the test named only the
// transform the counter moved).
func TestSyncTest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		leak  bool
		k     int
		wants []string // in the error; none: passes
	}{
		{"described state passes", false, 4, nil},
		{"one tick back passes", false, 1, nil},
		{"undescribed field is named", true, 3, []string{"*engine.leaky", "field steps (int)", "actor#"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newArena(t, 40)
			s.clip, s.leak = testClip, tc.leak
			h, sc := headlessArena(t, s, 0)
			for i := uint64(1); i < 100; i += 7 {
				sc.events[i] = press(input.KeyA)
			}
			sc.events[50] = press(input.KeyD)
			if err := h.Game.Rollback().SyncTest(tc.k); err != nil {
				t.Fatal(err)
			}
			err := h.RunTicks(100, Steady(50))
			if tc.wants == nil {
				if err != nil {
					t.Fatal(err)
				}
				if c, _ := h.Game.Rollback().SyncTestChecks(); c < 90 {
					t.Fatalf("%d ticks checked, want about 100", c)
				}
				return
			}
			var se *SyncTestError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *SyncTestError", err)
			}
			t.Log(err)
			for _, w := range tc.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
			if se.Tick > 2+uint64(tc.k) {
				t.Errorf("found at tick %d, want at the first tick checked after the leaky actor's spawn at tick 1", se.Tick)
			}
		})
	}
}

// TestSyncTestDigestNamesAStateField: a state that changes a described
// field from outside its snapshot (a value kept in a closure) fails with
// Diff's words naming the state and the field.
func TestSyncTestDigestNamesAStateField(t *testing.T) {
	s := newArena(t, 5)
	outside := int64(0)
	h, sc := headlessArena(t, &hookedArena{arena: s, tick: func(a *arena) { outside++; a.score = outside }}, 0)
	_ = sc
	if err := h.Game.Rollback().SyncTest(2); err != nil {
		t.Fatal(err)
	}
	err := h.RunTicks(10, nil)
	t.Log(err)
	if err == nil || !strings.Contains(err.Error(), "state") || !strings.Contains(err.Error(), "score") {
		t.Fatalf("got %v, want a sync test error naming the state's field score", err)
	}
}

// hookedArena runs a function in every tick.
type hookedArena struct {
	*arena
	tick func(*arena)
}

func (s *hookedArena) Tick(ctx *TickContext) error {
	s.tick(s.arena)
	return s.arena.Tick(ctx)
}

// TestSyncTestArguments: out-of-range arguments are refused, naming the
// range.
func TestSyncTestArguments(t *testing.T) {
	h, _ := headlessArena(t, newArena(t, 1), 0)
	for _, k := range []int{-1, MaxRollbackWindow + 1} {
		if err := h.Game.Rollback().SyncTest(k); err == nil || !strings.Contains(err.Error(), "allowed 0 (off) to 64") {
			t.Errorf("SyncTest(%d): %v, want an error naming the range", k, err)
		}
	}
	if err := h.Game.Rollback().SyncTest(5); err != nil {
		t.Fatal(err)
	}
	if h.Game.Rollback().Window() != 5 {
		t.Errorf("SyncTest(5) left a window of %d ticks, want 5", h.Game.Rollback().Window())
	}
	if err := h.Game.Rollback().Enable(3); err == nil {
		t.Error("Enable(3) under a sync test of 5 ticks: no error")
	}
}
