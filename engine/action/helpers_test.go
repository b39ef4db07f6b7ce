package action_test

import (
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
)

// *engine.Input is what a game feeds a Map.
var _ action.Source = (*engine.Input)(nil)

// probe is a state that updates a Map each tick and hands it to a check.
type probe struct {
	maps  []*action.Map
	check func(tick uint64, m *action.Map)
}

func (p *probe) Tick(ctx *engine.TickContext) error {
	for _, m := range p.maps {
		m.Update(ctx.Input)
	}
	if p.check != nil {
		p.check(ctx.Tick.Index, p.maps[0])
	}
	return nil
}
func (p *probe) Draw(*engine.DrawContext) {}

// run feeds script (events per tick) to m for ticks ticks and calls check
// after each tick's Update.
func run(t testing.TB, m *action.Map, ticks uint64, script map[uint64][]input.Event, check func(uint64, *action.Map)) {
	t.Helper()
	runMaps(t, []*action.Map{m}, ticks, script, check)
}

// runMaps is run with several Maps updated from each tick, in order.
func runMaps(t testing.TB, maps []*action.Map, ticks uint64, script map[uint64][]input.Event, check func(uint64, *action.Map)) {
	t.Helper()
	runState(t, &probe{maps: maps, check: check}, ticks, script)
}

func newMap(t testing.TB, defs ...action.Def) *action.Map {
	t.Helper()
	m, err := action.New(defs...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func keyDown(k input.Key) input.Event { return input.Event{Kind: input.KeyPress, Key: k} }
func keyUp(k input.Key) input.Event   { return input.Event{Kind: input.KeyRelease, Key: k} }
func chordDown(mods input.Mods, k input.Key) input.Event {
	return input.Event{Kind: input.KeyPress, Key: k, Mods: mods}
}
func padDown(p int, b input.PadButton) input.Event { return input.PadButtonEvent(0, p, b, true) }
func padUp(p int, b input.PadButton) input.Event   { return input.PadButtonEvent(0, p, b, false) }
func plug(p int) input.Event                       { return input.PadConnectEvent(0, p, true) }
func stick(p int, a input.PadAxis, v float64) input.Event {
	return input.PadAxisEvent(0, p, a, v)
}

// edges records the ticks at which an action was pressed and released.
type edges struct{ pressed, released []uint64 }

func (e *edges) watch(name string) func(uint64, *action.Map) {
	return func(tick uint64, m *action.Map) {
		if m.Pressed(name) {
			e.pressed = append(e.pressed, tick)
		}
		if m.Released(name) {
			e.released = append(e.released, tick)
		}
	}
}

// lateStart starts updating its Map at tick 1, as a gameplay state pushed
// by a menu does.
type lateStart struct {
	m     *action.Map
	check func(uint64, *action.Map)
}

func (s *lateStart) Tick(ctx *engine.TickContext) error {
	if ctx.Tick.Index >= 1 {
		s.m.Update(ctx.Input)
		s.check(ctx.Tick.Index, s.m)
	}
	return nil
}
func (s *lateStart) Draw(*engine.DrawContext) {}

// runState runs state for ticks ticks with script injected.
func runState(t testing.TB, state engine.State, ticks uint64, script map[uint64][]input.Event) {
	t.Helper()
	h, err := engine.NewHeadless(engine.Options{}, state)
	if err != nil {
		t.Fatal(err)
	}
	for tick, evs := range script {
		if err := h.Inject(tick, evs...); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.RunTicks(ticks, nil); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
}
