package demo

import (
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// frame60 is one frame at 60 fps.
const frame60 = timing.Micros(16667)

// headless starts a headless game with the sample's options and first.
func headless(t testing.TB, first engine.State) *engine.Headless {
	t.Helper()
	h, err := engine.NewHeadless(Options(), first)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// play starts a headless game in a new gameplay state.
func play(t testing.TB, cfg Config) (*engine.Headless, *Gameplay) {
	t.Helper()
	g := NewGameplay(cfg)
	return headless(t, g), g
}

// tap schedules a press and release of key at tick.
func tap(h *engine.Headless, tick uint64, key input.Key) {
	h.Inject(tick, input.Event{Kind: input.KeyPress, Key: key}, input.Event{Kind: input.KeyRelease, Key: key})
}

// ticks runs n ticks, one per frame, ending exactly on a tick (alpha 0).
func ticks(t testing.TB, h *engine.Headless, n uint64) {
	t.Helper()
	if err := h.RunTicks(n, nil); err != nil {
		t.Fatal(err)
	}
}

// actor returns the live actor h of m.
func actor(t testing.TB, m *scene.Manager, h scene.Handle) *scene.Actor {
	t.Helper()
	a, err := m.Actor(h)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
