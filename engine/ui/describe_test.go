package ui_test

import (
	"errors"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/ui"
	"github.com/tickwork/tickwork/scene/fields"
)

// syncMenu is a menu state that puts its UI in the game's state either by
// describing it (v.Struct) or only by its hash, as games did before the UI
// described itself.
type syncMenu struct {
	u        *ui.UI
	describe bool
	hash     uint64
}

func (m *syncMenu) Enter(*engine.Context) error {
	m.u = ui.New(ui.Options{})
	return nil
}

func (m *syncMenu) Tick(ctx *engine.TickContext) error {
	u := m.u
	u.Begin(ctx.Input, nil)
	u.Panel("menu", ui.Layout{Anchor: ui.Centered, Align: ui.Center, MinItemWidth: 160})
	if u.Focus() == 0 {
		u.SetFocus(u.ID("Start"))
	}
	for _, b := range []string{"Start", "Settings", "Credits", "Quit"} {
		u.Button(b)
	}
	u.EndPanel()
	u.End()
	m.hash = u.Hash()
	return nil
}

func (m *syncMenu) Draw(*engine.DrawContext) {}

func (m *syncMenu) Describe(v *fields.Visitor) {
	if m.describe {
		v.Struct("ui", m.u)
		return
	}
	v.Uint64("widgets", &m.hash)
}

// A menu worked by a pad (a held stick repeating, D-pad taps) while the
// tooltip timer runs passes the sync test when its state describes its UI:
// rolled back 4 ticks after every tick, the UI comes out the same. With
// only the UI's hash in its state it fails: the hash cannot restore the
// focus, the repeat counters or the tooltip timer.
func TestUIDescribedPassesTheSyncTest(t *testing.T) {
	for _, tc := range []struct {
		name     string
		describe bool
		pass     bool
	}{
		{"described", true, true},
		{"hash only", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &syncMenu{describe: tc.describe}
			h, err := engine.NewHeadless(engine.Options{}, m)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			events := map[uint64][]input.Event{
				1:  {input.PadConnectEvent(0, 0, true)},
				5:  {input.PadAxisEvent(0, 0, input.PadLeftY, 1)}, // held down: moves, then repeats
				40: {input.PadAxisEvent(0, 0, input.PadLeftY, 0)},
				45: {input.PadButtonEvent(0, 0, input.PadDpadUp, true)},
				46: {input.PadButtonEvent(0, 0, input.PadDpadUp, false)},
			}
			for tick, e := range events {
				if err := h.Inject(tick, e...); err != nil {
					t.Fatal(err)
				}
			}
			if err := h.Game.Rollback().SyncTest(4); err != nil {
				t.Fatal(err)
			}
			err = h.RunTicks(60, engine.Steady(60))
			var se *engine.SyncTestError
			switch {
			case tc.pass && err != nil:
				t.Fatalf("the sync test failed: %v", err)
			case !tc.pass && !errors.As(err, &se):
				t.Fatalf("RunTicks = %v, want a *SyncTestError", err)
			}
		})
	}
}
