package timing

import "testing"

// Skip takes the real time since the last clock reading out of play, only
// between frames of a started scheduler and only forwards; the frames after
// it tick for their own time.
func TestSkip(t *testing.T) {
	const frame = 20 * Millisecond
	for _, tc := range []struct {
		name     string
		start    bool   // Advance(0) first
		skipAt   Micros // Skip(skipAt)
		inFrame  bool   // Skip between Begin and End
		skipped  Micros // Skipped() after it
		nextTick Micros // the first frame time at which a tick is due
	}{
		{"before the clock started: nothing", false, 300 * Millisecond, false, 0, 0},
		{"between frames: the time up to now", true, 300 * Millisecond, false, 300 * Millisecond, 300*Millisecond + 40*Millisecond},
		{"nothing since the last reading", true, 0, false, 0, 40 * Millisecond},
		{"during a frame: nothing", true, 300 * Millisecond, true, 0, 40 * Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustNew(t, Config{})
			if tc.start {
				s.Advance(0)
			}
			if tc.inFrame {
				s.Begin(0)
				s.Skip(tc.skipAt)
				s.End()
			} else {
				s.Skip(tc.skipAt)
			}
			if got := s.Skipped(); got != tc.skipped {
				t.Fatalf("Skipped() = %v, want %v", got, tc.skipped)
			}
			if !tc.start {
				s.Advance(tc.skipAt) // the clock starts here
				tc.nextTick = tc.skipAt + 40*Millisecond
			}
			// 30 Hz: 20 ms frames make the first tick due at the second
			// frame after the clock's last reading (40 ms ≥ 33.3 ms).
			first := Micros(0)
			for now := s.last + frame; first == 0; now += frame {
				if s.Advance(now).Ticks > 0 {
					first = now
				}
			}
			if first != tc.nextTick || s.Dropped() != 0 {
				t.Errorf("first tick at %v with %v dropped, want at %v and none", first, s.Dropped(), tc.nextTick)
			}
		})
	}
}

// A clock reading earlier than the last one skips nothing, and the next
// frame counts from the last reading as before.
func TestSkipBackwards(t *testing.T) {
	s := mustNew(t, Config{})
	s.Advance(0)
	s.Advance(100 * Millisecond) // 3 ticks, phase 0
	s.Skip(50 * Millisecond)
	if s.Skipped() != 0 {
		t.Fatalf("Skipped() = %v after a backwards reading, want 0", s.Skipped())
	}
	if f := s.Advance(100*Millisecond + 34*Millisecond); f.Ticks != 1 {
		t.Errorf("next frame ran %d ticks, want 1 (34 ms after the last reading)", f.Ticks)
	}
}
