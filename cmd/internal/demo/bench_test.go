package demo

import (
	"fmt"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/timing"
)

// steady returns a headless gameplay with n extra actors, run for two
// seconds so every buffer has reached its size and a teleport has happened.
func steady(tb testing.TB, n int) (*engine.Headless, *Gameplay) {
	tb.Helper()
	h, g := play(tb, Config{Actors: n})
	if err := h.RunTicks(75, engine.Steady(60)); err != nil {
		tb.Fatal(err)
	}
	return h, g
}

// TestFrameAllocatesNothing: a frame of the gameplay with 10k extra actors
// (ticks included: half the frames at 60 fps run a 30 Hz tick; and a
// teleport every 2 s), with the HUD and the debug overlay, allocates
// nothing.
func TestFrameAllocatesNothing(t *testing.T) {
	h, g := steady(t, 10_000)
	h.Game.Debug().ToggleOverlay()
	before := g.Teleports()
	allocs := testing.AllocsPerRun(150, func() {
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a steady frame with 10k extra actors: %v allocations, want 0", allocs)
	}
	if g.Teleports() == before {
		t.Error("no teleport during the measured frames; want the timer's path measured too")
	}
}

var benchSizes = []int{1_000, 10_000, 100_000}

// BenchmarkGameplayFrame is one headless frame at 60 fps with 30 Hz ticks
// (half the frames run a tick): the state's tick, every behaviour, world
// transforms, interpolation, sparks, draw list and HUD, for n extra actors.
func BenchmarkGameplayFrame(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("actors=%d", n), func(b *testing.B) {
			h, g := steady(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if err := h.RunFrame(frame60); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(g.Scene().Len()), "ns/actor")
		})
	}
}

// BenchmarkGameplayTick is one frame that runs exactly one tick, then draws.
func BenchmarkGameplayTick(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("actors=%d", n), func(b *testing.B) {
			h, g := steady(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if err := h.RunTicks(1, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(g.Scene().Len()), "ns/actor")
		})
	}
}

// BenchmarkSceneTick is the simulation alone, without the engine or any
// drawing: the rings advanced, then one scene tick (every behaviour, then
// the world transforms).
func BenchmarkSceneTick(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("actors=%d", n), func(b *testing.B) {
			_, g := steady(b, n)
			ti := timing.TickInfo{Index: 1 << 20, Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range g.rings {
					r.advance(ti.Delta)
				}
				if err := g.world.Tick(ti); err != nil {
					b.Fatal(err)
				}
				ti.Index++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(g.Scene().Len()), "ns/actor")
		})
	}
}
