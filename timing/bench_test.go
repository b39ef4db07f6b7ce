package timing

import "testing"

// BenchmarkAdvance is one frame of the scheduler at 144 fps and 30 Hz,
// including handing out the frame's ticks.
func BenchmarkAdvance(b *testing.B) {
	s := mustNew(b, Config{})
	var now Micros
	s.Advance(now)
	var sink uint64
	b.ReportAllocs()
	for b.Loop() {
		now += 6944
		f := s.Advance(now)
		for i := range f.Ticks {
			sink += f.Tick(i).Index
		}
	}
	_ = sink
}

// BenchmarkStats is the cost of reading the sliding-window statistics, as an
// overlay does every frame.
func BenchmarkStats(b *testing.B) {
	s := mustNew(b, Config{})
	var now Micros
	for range StatsWindow {
		now += 6944
		s.Advance(now)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Stats()
	}
}

func TestAdvanceAndStatsAllocateNothing(t *testing.T) {
	s := mustNew(t, Config{})
	var now Micros
	s.Advance(now)
	allocs := testing.AllocsPerRun(1000, func() {
		now += 6944
		f := s.Advance(now)
		for i := range f.Ticks {
			_ = f.Tick(i)
		}
		_ = s.Stats()
	})
	if allocs != 0 {
		t.Errorf("Advance+Tick+Stats: got %v allocations per frame, want 0", allocs)
	}
}
