package timing

import "testing"

// TestTicksMatchGameTimeAtBoundaries: Ticks() == ⌊T·rate/1e6⌋ on the exact
// game time T after every frame that owes no tick, including frames that end
// exactly on a tick boundary, after a Reset-policy stall and after single
// steps; through the µs-rounded GameTime it holds within the documented
// bounds (a boundary at 33333.3̅ µs is reported as 33333 µs).
func TestTicksMatchGameTimeAtBoundaries(t *testing.T) {
	for _, rate := range []int{1, 3, 7, 30, 60, 144, 1000} {
		for _, policy := range []Policy{Drop, Reset, CatchUp} {
			s := mustNew(t, Config{Rate: rate, Policy: policy, MaxTicksPerFrame: 1000})
			now := Micros(0)
			s.Advance(now)
			check := func(what string) {
				t.Helper()
				if s.Owed() > 0 {
					return // CatchUp still owes ticks: not a tick boundary yet
				}
				// Exactly, on the unrounded game time…
				if got, want := s.Ticks(), s.game.units(uint64(rate))/unitsPerTick; got != want {
					t.Fatalf("%d Hz %v, %s: got Ticks %d, want ⌊T·rate/1e6⌋ = %d on the exact game time",
						rate, policy, what, got, want)
				}
				// …and through the public, µs-rounded GameTime, as documented.
				lo := uint64(s.GameTime()) * uint64(rate) / 1e6
				hi := (uint64(s.GameTime()) + 1) * uint64(rate) / 1e6
				if got := s.Ticks(); got < lo || got > hi {
					t.Fatalf("%d Hz %v, %s: got Ticks %d, want within [⌊GameTime·rate/1e6⌋, ⌊(GameTime+1µs)·rate/1e6⌋] = [%d, %d]",
						rate, policy, what, got, lo, hi)
				}
			}
			// Frames that end exactly on tick boundaries.
			for i := 1; i <= 5; i++ {
				now += Micros((uint64(Second) + uint64(rate) - 1) / uint64(rate))
				s.Advance(now)
				check("a frame on a tick boundary")
			}
			// A stall longer than MaxFrameTime (capped: the identity is
			// checked on the next, uncapped frame).
			now += 30 * Second
			s.Advance(now)
			now += Millisecond
			s.Advance(now)
			check("after a stall")
			// Single steps while paused.
			s.Pause()
			for range 3 {
				if err := s.Step(); err != nil {
					t.Fatal(err)
				}
				now += Millisecond
				s.Advance(now)
				check("after a single step")
			}
			s.Resume()
			now += Millisecond
			s.Advance(now)
			now += 10 * Millisecond
			s.Advance(now)
			check("after resuming")
		}
	}
}
