package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

// liveSource is a TickSource that takes the window's input: it keeps the
// live events of each tick and hands them back (or none) from TickEvents,
// logging the calls in order.
type liveSource struct {
	calls []string
	kept  map[uint64][]input.Event
	drop  bool // TickEvents returns nothing: live input must not leak past it
}

func (s *liveSource) LiveInput(tick uint64, events []input.Event) {
	var b strings.Builder
	for _, e := range events {
		fmt.Fprintf(&b, " %s %s", e.Kind, e.Key)
	}
	s.calls = append(s.calls, fmt.Sprintf("live %d:%s", tick, b.String()))
	s.kept[tick] = append(s.kept[tick][:0], events...)
}

func (s *liveSource) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	s.calls = append(s.calls, fmt.Sprintf("events %d", tick))
	if s.drop {
		return dst, nil
	}
	return append(dst, s.kept[tick]...), nil
}

func TestLiveInputReachesTheTickSource(t *testing.T) {
	cases := []struct {
		name       string
		drop       bool
		wantInputs []string
	}{
		{"source passes them on", false, []string{"tick 0: key-press A;", "tick 1: key-release A;", // run, then run again by the rewind
			"tick 0: key-press A;", "tick 1: key-release A;"}},
		{"source keeps them back", true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &probe{name: "p", log: &journal{}}
			g, win, clk, _ := manualGame(t, Options{}, p)
			src := &liveSource{kept: map[uint64][]input.Event{}, drop: tc.drop}
			g.SetTickSource(src)
			if err := g.Rollback().Enable(4); err != nil {
				t.Fatal(err)
			}
			clk.Advance(frame60)
			if err := g.RunFrame(); err != nil {
				t.Fatal(err)
			}
			// A 70 ms frame runs ticks 0 and 1: the press belongs to the
			// first (before its ideal moment, 33.3 ms), the release to the
			// second.
			win.pending = append(win.pending, key(input.KeyPress, input.KeyA, 20000), key(input.KeyRelease, input.KeyA, 50000))
			clk.Set(70000)
			if err := g.RunFrame(); err != nil {
				t.Fatal(err)
			}
			if err := g.Rollback().Rewind(0); err != nil {
				t.Fatal(err)
			}
			want := []string{"live 0: key-press A", "events 0", "live 1: key-release A", "events 1", "events 0", "events 1"}
			if got := src.calls; strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("calls:\n got %q\nwant %q (live input before TickEvents of each new tick, none for ticks run again)", got, want)
			}
			if strings.Join(p.inputs, "|") != strings.Join(tc.wantInputs, "|") {
				t.Errorf("the ticks saw %q, want %q (only what TickEvents returns)", p.inputs, tc.wantInputs)
			}
		})
	}
}

// TestLiveInputGetsTheFocusLossNotReleases: with a LiveInput source the
// window's focus loss is passed on as it is, and the engine adds no key
// releases of its own (the source releases its player's keys; the
// engine's held keys may be another player's).
func TestLiveInputGetsTheFocusLossNotReleases(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	g, win, clk, _ := manualGame(t, Options{}, p)
	src := &liveSource{kept: map[uint64][]input.Event{}}
	g.SetTickSource(src)
	win.pending = append(win.pending, key(input.KeyPress, input.KeyA, 1000))
	clk.Set(40000)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	win.pending = append(win.pending, input.Event{Time: 41000, Kind: input.FocusLost})
	clk.Set(80000)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	want := []string{"live 0: key-press A", "events 0", "live 1: focus-lost key#0", "events 1"} // no key-release A
	if got := src.calls; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("calls:\n got %q\nwant %q", got, want)
	}
}
