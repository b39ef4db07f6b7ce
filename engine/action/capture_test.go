package action_test

import (
	"slices"
	"testing"

	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
)

func jumpFire(t *testing.T) *action.Map {
	return newMap(t,
		action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)),
		action.Button("fire", action.Key(input.KeyF), action.Pad(input.PadX)))
}

// The next raw press becomes the binding: it replaces the first binding of
// its kind of device, and the press itself acts on nothing.
func TestCapture(t *testing.T) {
	tests := []struct {
		name   string
		events []input.Event
		want   []action.Binding
	}{
		{"key", []input.Event{keyDown(input.KeyK)},
			[]action.Binding{action.Key(input.KeyK), action.Pad(input.PadA)}},
		{"chord", []input.Event{keyDown(input.KeyLeftControl), chordDown(action.Ctrl, input.KeyJ)},
			[]action.Binding{action.Chord(action.Ctrl, input.KeyJ), action.Pad(input.PadA)}},
		{"modifier alone", []input.Event{keyDown(input.KeyLeftShift), keyUp(input.KeyLeftShift)},
			[]action.Binding{action.Key(input.KeyLeftShift), action.Pad(input.PadA)}},
		{"pad button", []input.Event{padDown(0, input.PadY)},
			[]action.Binding{action.Key(input.KeySpace), action.Pad(input.PadY)}},
		{"stick", []input.Event{stick(0, input.PadLeftY, 0.3), stick(0, input.PadLeftY, -0.8)},
			[]action.Binding{action.Key(input.KeySpace), action.Axis(input.PadLeftY, -1)}},
		{"mouse", []input.Event{{Kind: input.ButtonPress, Button: input.ButtonRight}},
			[]action.Binding{action.Mouse(input.ButtonRight), action.Pad(input.PadA)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := jumpFire(t)
			var got action.Binding
			var fire edges
			run(t, m, 6, map[uint64][]input.Event{
				0: {plug(0)},
				1: {keyDown(input.KeyF)}, // fire is pressed here, before the capture
				2: {keyUp(input.KeyF)},
				3: append(tt.events, keyDown(input.KeyF)), // captured; F acts on nothing
				4: {keyUp(input.KeyF)},                    // nor does its release
			}, func(tick uint64, m *action.Map) {
				fire.watch("fire")(tick, m)
				if tick == 3 && (m.Down("fire") || m.Value("fire") != 0 || m.Down("jump")) {
					t.Errorf("tick 3: fire down %v value %v, jump down %v: a press made while capturing acts", m.Down("fire"), m.Value("fire"), m.Down("jump"))
				}
				if tick == 1 {
					if err := m.Capture("jump"); err != nil {
						t.Fatal(err)
					}
				}
				if name, b, ok := m.Captured(); ok {
					if tick != 3 || name != "jump" {
						t.Errorf("captured %v for %q at tick %d, want tick 3, jump", b, name, tick)
					}
					got = b
				}
				if _, capturing := m.Capturing(); capturing != (tick == 1 || tick == 2) {
					t.Errorf("tick %d: capturing = %v", tick, capturing)
				}
			})
			if got != tt.want[0] && got != tt.want[1] {
				t.Errorf("captured %v, want one of %v", got, tt.want)
			}
			if b := m.Bindings("jump"); len(b) != 2 || b[0] != tt.want[0] || b[1] != tt.want[1] {
				t.Errorf("jump is bound to %v, want %v", b, tt.want)
			}
			if !slices.Equal(fire.pressed, []uint64{1}) || !slices.Equal(fire.released, []uint64{2}) {
				t.Errorf("fire pressed %v released %v, want [1] [2] (no press acts while capturing)", fire.pressed, fire.released)
			}
		})
	}
}

func TestCaptureCancelAndUnknown(t *testing.T) {
	m := jumpFire(t)
	if err := m.Capture("jupm"); err == nil {
		t.Error("Capture of an unknown action succeeded")
	}
	run(t, m, 3, map[uint64][]input.Event{2: {keyDown(input.KeyK)}}, func(tick uint64, m *action.Map) {
		if tick == 0 {
			if err := m.Capture("jump"); err != nil {
				t.Fatal(err)
			}
			m.CancelCapture()
		}
	})
	if b := m.Bindings("jump"); b[0] != action.Key(input.KeySpace) {
		t.Errorf("a cancelled capture rebound jump to %v", b)
	}
}

// An action with no binding of the pressed kind gets one added.
func TestCaptureAdds(t *testing.T) {
	m := newMap(t, action.Button("jump", action.Key(input.KeySpace)))
	run(t, m, 3, map[uint64][]input.Event{0: {plug(0)}, 2: {padDown(0, input.PadB)}}, func(tick uint64, m *action.Map) {
		if tick == 1 {
			if err := m.Capture("jump"); err != nil {
				t.Fatal(err)
			}
		}
	})
	if b := m.Bindings("jump"); len(b) != 2 || b[1] != action.Pad(input.PadB) {
		t.Errorf("jump is bound to %v, want Space, Pad:B", b)
	}
}

func TestConflicts(t *testing.T) {
	m := jumpFire(t)
	if c := m.Conflicts(); len(c) != 0 {
		t.Fatalf("conflicts before rebinding: %v", c)
	}
	if err := m.Bind("fire", action.Key(input.KeySpace), action.Pad(input.PadX)); err != nil {
		t.Fatal(err)
	}
	c := m.Conflicts()
	if len(c) != 1 || c[0].Binding != action.Key(input.KeySpace) || c[0].A != "jump" || c[0].B != "fire" {
		t.Fatalf("Conflicts() = %v, want Space bound to jump and fire", c)
	}
	if s := c[0].String(); s != `Space is bound to both "jump" and "fire"` {
		t.Errorf("String() = %q", s)
	}
	if err := m.Bind("fire", action.Key(999)); err == nil {
		t.Error("Bind accepted a bad key")
	}
	if err := m.Bind("nope"); err == nil {
		t.Error("Bind accepted an unknown action")
	}
	m.Reset()
	if c := m.Conflicts(); len(c) != 0 {
		t.Errorf("conflicts after Reset: %v", c)
	}
}
