package engine

import (
	"testing"
)

// frameScene is a headless game with n moving actors, warmed up so every
// buffer has reached its steady size.
func frameScene(tb testing.TB, n int) *Headless {
	tb.Helper()
	w := newWorld(tb, n, &journal{})
	h, err := NewHeadless(Options{}, w)
	if err != nil {
		tb.Fatal(err)
	}
	if err := h.RunTicks(60, Steady(60)); err != nil {
		tb.Fatal(err)
	}
	return h
}

// BenchmarkFrame is one headless frame at 60 fps with 30 Hz ticks (half the
// frames run a tick): ticks, interpolation and draw-list building for 10k
// actors.
func BenchmarkFrame(b *testing.B) {
	h := frameScene(b, 10000)
	b.ReportAllocs()
	for b.Loop() {
		if err := h.RunFrame(frame60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/actor")
}

func TestFrameAllocatesNothing(t *testing.T) {
	h := frameScene(t, 10000)
	h.Game.Debug().ToggleOverlay() // the overlay too
	allocs := testing.AllocsPerRun(120, func() {
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a steady frame with 10k actors: %v allocations, want 0", allocs)
	}
	if h.Renderer.Instances != 10000 {
		t.Errorf("instances drawn: %d, want 10000", h.Renderer.Instances)
	}
}
