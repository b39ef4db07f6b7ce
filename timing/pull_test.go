package timing

import (
	"math/rand/v2"
	"testing"
)

// pulled runs a scheduler frame by frame with Begin/Next/End, calling
// change(s, index) after each tick as a game's tick would, and returns the
// ticks' descriptions.
func pulled(t *testing.T, frames []Micros, n int, change func(*Scheduler, uint64)) []TickInfo {
	t.Helper()
	s := mustNew(t, Config{MaxTicksPerFrame: 1000})
	now := Micros(0)
	s.Advance(now)
	var got []TickInfo
	for i := 0; len(got) < n; i++ {
		now += frames[i%len(frames)]
		s.Begin(now)
		for len(got) < n {
			ti, ok := s.Next()
			if !ok {
				break
			}
			ti.Overdue = 0 // real-time lateness differs by pacing
			got = append(got, ti)
			change(s, ti.Index)
		}
		s.End()
		if s.Paused() {
			s.Resume()
		}
	}
	return got
}

// TestNextAppliesChangesFromTheNextTick: rate, scale, policy and pause
// changes made after tick k apply from tick k+1, so the sequence of ticks is
// the same at every pacing.
func TestNextAppliesChangesFromTheNextTick(t *testing.T) {
	change := func(s *Scheduler, i uint64) {
		switch i {
		case 3:
			if err := s.SetRate(60); err != nil {
				t.Fatal(err)
			}
		case 9:
			if err := s.SetTimeScale(0.5); err != nil {
				t.Fatal(err)
			}
		case 12:
			s.Pause()
		case 20:
			if err := s.SetRate(7); err != nil {
				t.Fatal(err)
			}
		case 25:
			if err := s.SetPolicy(CatchUp); err != nil {
				t.Fatal(err)
			}
		case 30:
			if err := s.SetRate(1000); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := pulled(t, []Micros{16667}, 60, change)
	if want[4].Rate != 60 || want[3].Rate != 30 {
		t.Fatalf("rate change after tick 3: got rates %d then %d, want 30 then 60", want[3].Rate, want[4].Rate)
	}
	if got, wantT := want[4].Time-want[3].Time, Micros(33333); got != wantT {
		t.Fatalf("tick 4 starts one 30 Hz step after tick 3: got %v, want %v", got, wantT)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		frames := make([]Micros, 1+rng.IntN(20))
		for i := range frames {
			frames[i] = Micros(1 + rng.IntN(400_000))
		}
		got := pulled(t, frames, 60, change)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("trial %d (frames %v): tick %d: got %+v, want %+v", trial, frames, i, got[i], want[i])
			}
		}
	}
}
