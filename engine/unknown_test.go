package engine

import (
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

// kindSeer records the kinds of the events each tick delivers.
type kindSeer struct{ kinds []input.Kind }

func (k *kindSeer) Tick(ctx *TickContext) error {
	for _, e := range ctx.Input.Events() {
		k.kinds = append(k.kinds, e.Kind)
	}
	return nil
}
func (*kindSeer) Draw(*DrawContext) {}

// kindSink checks that no tick sink (a recorder) is given an event of an
// unknown kind.
type kindSink struct{ bad int }

func (s *kindSink) TickInput(_ uint64, evs []input.Event) error {
	for _, e := range evs {
		if !e.Kind.Valid() {
			s.bad++
		}
	}
	return nil
}
func (s *kindSink) TickDone(uint64, *Game) error { return nil }
func (s *kindSink) Close() error                 { return nil }

// scriptSource is a tick source of fixed events per tick, as a replay is.
type scriptSource map[uint64][]input.Event

func (s scriptSource) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	return append(dst, s[tick]...), nil
}

// Events of an unknown kind (KindNone, a kind past the last one) from a tick
// source (Headless.Inject, a replay) never reach the state or the tick sinks:
// they are dropped where the tick takes its input and counted in
// Stats.UnknownEvents.
func TestUnknownEventKindsAreDroppedAndCounted(t *testing.T) {
	bad := []input.Event{{Kind: input.KindNone}, {Kind: input.Kind(200), Key: input.KeyA}, {Kind: input.Kind(16)}}
	good := key(input.KeyPress, input.KeyA, 0)
	for _, tc := range []struct {
		name   string
		inject func(h *Headless)
	}{
		{"Headless.Inject", func(h *Headless) {
			h.Inject(2, bad[0], good, bad[1])
			h.Inject(3, bad[2])
		}},
		{"tick source", func(h *Headless) {
			h.Game.SetTickSource(scriptSource{2: {bad[0], good, bad[1]}, 3: {bad[2]}})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs int
			st := &kindSeer{}
			h, err := NewHeadless(Options{Logf: func(string, ...any) { logs++ }}, st)
			if err != nil {
				t.Fatal(err)
			}
			sink := &kindSink{}
			h.Game.AddTickSink(sink)
			tc.inject(h)
			if err := h.RunTicks(6, Steady(60)); err != nil {
				t.Fatal(err)
			}
			if len(st.kinds) != 1 || st.kinds[0] != input.KeyPress {
				t.Errorf("the state saw kinds %v, want only [key-press]", st.kinds)
			}
			if sink.bad != 0 {
				t.Errorf("the tick sink saw %d events of unknown kinds, want 0", sink.bad)
			}
			if got := h.Game.Debug().Stats().UnknownEvents; got != 3 {
				t.Errorf("Stats().UnknownEvents = %d, want 3", got)
			}
			if logs != 1 {
				t.Errorf("got %d reports, want one (the first dropped event only)", logs)
			}
		})
	}
}
