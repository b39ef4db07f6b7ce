package engine

import (
	"fmt"
	"testing"

	"github.com/tickwork/tickwork/timing"
)

// slowFirstDraw is a state whose first Draw takes real time, as drawing the
// first picture does while the driver compiles shaders and takes meshes.
type slowFirstDraw struct {
	clock *ManualClock
	first timing.Micros
	drawn bool
	ticks int
}

func (s *slowFirstDraw) Tick(*TickContext) error { s.ticks++; return nil }

func (s *slowFirstDraw) Draw(*DrawContext) {
	if !s.drawn {
		s.drawn = true
		s.clock.Advance(s.first)
	}
}

// The time the first frame takes to draw and present is not played: the
// second frame ticks for its own time only, nothing is dropped or caught
// up, and the ticks match the game time the frames after it made.
func TestFirstFrameTimeIsNotPlayed(t *testing.T) {
	for _, first := range []timing.Micros{0, 40 * timing.Millisecond, 250 * timing.Millisecond, 3 * timing.Second} {
		t.Run(fmt.Sprint(first), func(t *testing.T) {
			s := &slowFirstDraw{first: first}
			h, err := NewHeadless(Options{}, s)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			s.clock = h.Clock
			const frames = 90
			most := 0
			for range frames {
				before := s.ticks
				if err := h.RunFrame(frame60); err != nil {
					t.Fatal(err)
				}
				most = max(most, s.ticks-before)
			}
			v := h.Game.Time().View()
			if v.Skipped() != first {
				t.Errorf("skipped %v, want the first frame's %v", v.Skipped(), first)
			}
			if v.Dropped() != 0 || most > 1 {
				t.Errorf("dropped %v, at most %d ticks a frame; want 0 and 1 (no catching up after the first frame)", v.Dropped(), most)
			}
			if want := frames * frame60; v.GameTime() != want {
				t.Errorf("game time %v, want the %d frames' %v", v.GameTime(), frames, want)
			}
			if want := int(uint64(v.GameTime()) * 30 / 1e6); s.ticks != want {
				t.Errorf("%d ticks, want ⌊game time × 30 Hz⌋ = %d", s.ticks, want)
			}
		})
	}
}
