package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene/fields"
)

// TestRewindRefuses: rewinds that cannot be done are refused with an error
// saying why, changing nothing.
func TestRewindRefuses(t *testing.T) {
	for _, tc := range []struct {
		name   string
		window int
		setup  func(h *Headless, sc *lateInput)
		tick   func(now uint64) uint64
		want   string
		is     error
	}{
		{"off", 0, nil, func(now uint64) uint64 { return now - 1 }, "rollback is off", nil},
		{"future", 4, nil, func(now uint64) uint64 { return now + 1 }, "has not run yet", nil},
		{"too far", 4, nil, func(now uint64) uint64 { return now - 5 }, "only the last 4 ticks", nil},
		{"across a push", 4, func(h *Headless, _ *lateInput) {
			h.Game.stack[0].state.(*arena).push = true
		}, func(now uint64) uint64 { return now - 3 }, "pushed, popped or replaced", ErrRollbackStack},
		{"across a time scale change", 4, func(h *Headless, _ *lateInput) {
			if err := h.Game.Time().SetTimeScale(0.5); err != nil {
				panic(err)
			}
		}, func(now uint64) uint64 { return now - 3 }, "time scale", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, sc := headlessArena(t, newArena(t, 3), tc.window)
			if err := h.RunTicks(10, nil); err != nil {
				t.Fatal(err)
			}
			if tc.setup != nil {
				tc.setup(h, sc)
				if err := h.RunTicks(2, nil); err != nil {
					t.Fatal(err)
				}
			}
			before := h.Game.Hash()
			err := h.Game.Rollback().Rewind(tc.tick(h.Game.Time().Ticks()))
			if err == nil || !strings.Contains(err.Error(), tc.want) || tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
			if h.Game.Hash() != before {
				t.Fatal("a refused rewind changed the game")
			}
		})
	}
}

// TestRewindFromATickIsRefused: a state's tick cannot rewind.
func TestRewindFromATickIsRefused(t *testing.T) {
	s := newArena(t, 2)
	var got error
	h, _ := headlessArena(t, &hookedArena{arena: s, tick: func(*arena) {}}, 4)
	h.Game.stack[0].state.(*hookedArena).tick = func(*arena) {
		if h.Game.Time().Ticks() >= 3 && got == nil {
			got = h.Game.Rollback().Rewind(1)
		}
	}
	if err := h.RunTicks(6, nil); err != nil {
		t.Fatal(err)
	}
	if got == nil || !strings.Contains(got.Error(), "from a tick") {
		t.Fatalf("Rewind from a tick: %v, want an error saying so", got)
	}
}

// resimSink records what a sink sees: inputs and rewinds.
type resimSink struct {
	ticks   []uint64
	rewound []uint64
}

func (s *resimSink) TickInput(tick uint64, _ []input.Event) error {
	s.ticks = append(s.ticks, tick)
	return nil
}

// TickRewound drops the ticks from tick on, as a recorder would.
func (s *resimSink) TickRewound(tick uint64) {
	s.rewound = append(s.rewound, tick)
	for len(s.ticks) > 0 && s.ticks[len(s.ticks)-1] >= tick {
		s.ticks = s.ticks[:len(s.ticks)-1]
	}
}

func (s *resimSink) TickDone(uint64, *Game) error { return nil }
func (s *resimSink) Close() error                 { return nil }

// TestResimulatorSinkKeepsTheFinalTicks: a sink that is a Resimulator hears
// of a rewind before the re-run ticks reach it, so it can keep each tick
// once, as finally run.
func TestResimulatorSinkKeepsTheFinalTicks(t *testing.T) {
	h, sc := headlessArena(t, newArena(t, 3), 8)
	sink := &resimSink{}
	h.Game.AddTickSink(sink)
	sc.late, sc.rewind = map[uint64]uint64{4: 9}, true
	if err := h.RunTicks(12, nil); err != nil {
		t.Fatal(err)
	}
	if len(sink.rewound) != 1 || sink.rewound[0] != 4 {
		t.Fatalf("TickRewound calls %v, want [4]", sink.rewound)
	}
	for i, tick := range sink.ticks {
		if tick != uint64(i) {
			t.Fatalf("the sink kept ticks %v, want 0..11 once each", sink.ticks)
		}
	}
	if len(sink.ticks) != 12 {
		t.Fatalf("the sink kept ticks %v, want 0..11", sink.ticks)
	}
}

// TestRewindSoundsPlayOnce: a sound started by a tick that is run again is
// not started twice (same voice, same ID), and one that the corrected
// input no longer starts is cancelled.
func TestRewindSoundsPlayOnce(t *testing.T) {
	s := newArena(t, 3)
	s.clip = testClip
	h, sc := headlessArena(t, s, 8)
	sc.events[3] = press(input.KeyA)
	sc.events[5] = press(input.KeyA)
	if err := h.RunTicks(8, nil); err != nil {
		t.Fatal(err)
	}
	if n := h.Game.mixer.Voices(); n != 2 {
		t.Fatalf("%d voices before the rewind, want 2", n)
	}
	first := s.voices[0]
	if err := h.Game.Rollback().Rewind(2); err != nil {
		t.Fatal(err)
	}
	if n := h.Game.mixer.Voices(); n != 2 || s.voices[0] != first {
		t.Fatalf("after running the ticks again: %d voices (want 2), first ID %d (want %d)", n, s.voices[0], first)
	}
	delete(sc.events, 5) // the press at tick 5 was mispredicted
	if err := h.Game.Rollback().Rewind(4); err != nil {
		t.Fatal(err)
	}
	if n := h.Game.mixer.Voices(); n != 1 {
		t.Fatalf("after a rewind that undoes a sound: %d voices, want 1", n)
	}
}

// panicky is an arena whose Describe panics on demand.
type panicky struct {
	*arena
	boom bool
}

func (p *panicky) Describe(v *fields.Visitor) {
	if p.boom && v.Loading() {
		panic("describe failed")
	}
	p.arena.Describe(v)
}

// TestRewindPanicIsAPanicError: a panic in a state's Describe while a
// rewind restores it, between frames, is returned as a *PanicError naming
// the state and the hook, not raised.
func TestRewindPanicIsAPanicError(t *testing.T) {
	s := &panicky{arena: newArena(t, 2)}
	h, _ := headlessArena(t, s, 4)
	if err := h.RunTicks(5, nil); err != nil {
		t.Fatal(err)
	}
	s.boom = true
	err := h.Game.Rollback().Rewind(3)
	var pe *PanicError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "Describe") {
		t.Fatalf("got %v, want a *PanicError naming Describe", err)
	}
}
