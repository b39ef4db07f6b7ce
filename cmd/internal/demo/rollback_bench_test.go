package demo

import (
	"fmt"
	"testing"

	"github.com/tickwork/tickwork/engine"
)

// rollbackGame returns a steady headless gameplay with n extra actors
// that keeps snapshots of the last 8 ticks.
func rollbackGame(tb testing.TB, n int) (*engine.Headless, *Gameplay) {
	tb.Helper()
	h, g := play(tb, Config{Actors: n})
	if err := h.Game.Rollback().Enable(8); err != nil {
		tb.Fatal(err)
	}
	if err := h.RunTicks(75, engine.Steady(60)); err != nil {
		tb.Fatal(err)
	}
	return h, g
}

// TestRollbackOfTheGameplay: rewinding the gameplay 8 ticks and running
// them again gives the hash it had, and allocates nothing once warm.
func TestRollbackOfTheGameplay(t *testing.T) {
	h, _ := rollbackGame(t, 1000)
	want := h.Game.Hash()
	now := h.Game.Time().Ticks()
	allocs := testing.AllocsPerRun(10, func() {
		if err := h.Game.Rollback().Rewind(now - 8); err != nil {
			t.Fatal(err)
		}
	})
	if h.Game.Hash() != want {
		t.Fatalf("after rewinding 8 ticks and running them again: hash %x, want %x", h.Game.Hash(), want)
	}
	if allocs != 0 {
		t.Errorf("a rollback of 8 ticks allocates %v times, want 0", allocs)
	}
}

// BenchmarkRollback8 is one rollback of the gameplay: restore the
// snapshot of 8 ticks ago and run the 8 ticks again (each saving its
// snapshot again), for n extra actors.
func BenchmarkRollback8(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("actors=%d", n), func(b *testing.B) {
			h, _ := rollbackGame(b, n)
			now := h.Game.Time().Ticks()
			b.ReportAllocs()
			for b.Loop() {
				if err := h.Game.Rollback().Rewind(now - 8); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGameplayTickWithSnapshots is BenchmarkGameplayTick with
// rollback on: the cost of keeping a snapshot per tick.
func BenchmarkGameplayTickWithSnapshots(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("actors=%d", n), func(b *testing.B) {
			h, _ := rollbackGame(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if err := h.RunTicks(1, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
