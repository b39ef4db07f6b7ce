package input

import (
	"math"
	"testing"
)

// Each accessor answers for its kinds and gives a value that is no valid
// data for every other kind: a pad event's pad never leaks out of Key as a
// key, nor a typed character out of X.
func TestAccessorsAnswerForTheirKindsOnly(t *testing.T) {
	type want struct {
		pad       int
		button    PadButton
		down      bool
		connected bool
		axis      PadAxis
		value     float64
		r         rune
		w, h      int
	}
	none := want{pad: -1, button: NumPadButtons, axis: NumPadAxes}
	with := func(f func(*want)) want { w := none; f(&w); return w }
	for _, tc := range []struct {
		name string
		e    Event
		want want
	}{
		{"pad button down", PadButtonEvent(1, 3, PadB, true), with(func(w *want) { w.pad, w.button, w.down = 3, PadB, true })},
		{"pad button up", PadButtonEvent(1, 0, PadDpadLeft, false), with(func(w *want) { w.pad, w.button = 0, PadDpadLeft })},
		{"pad connected", PadConnectEvent(1, 15, true), with(func(w *want) { w.pad, w.button, w.down, w.connected = 15, PadConnection, true, true })},
		{"pad disconnected", PadConnectEvent(1, 2, false), with(func(w *want) { w.pad, w.button = 2, PadConnection })},
		{"pad button past the mapping", Event{Kind: GamepadButton, Key: 1, Button: 40, X: 1}, with(func(w *want) { w.pad, w.down = 1, true })},
		{"pad past MaxPads", PadButtonEvent(1, MaxPads, PadA, true), with(func(w *want) { w.button, w.down = PadA, true })},
		{"pad axis", PadAxisEvent(1, 4, PadRightTrigger, 0.75), with(func(w *want) { w.pad, w.axis, w.value = 4, PadRightTrigger, 0.75 })},
		{"pad axis past the mapping", Event{Kind: GamepadAxis, Key: 1, Button: 9, X: 0.5}, with(func(w *want) { w.pad, w.value = 1, 0.5 })},
		{"char", CharEvent(1, 'é'), with(func(w *want) { w.r = 'é' })},
		{"char not a rune", Event{Kind: Char, X: math.NaN()}, none},
		{"resize", Event{Kind: Resize, X: 800, Y: 600}, with(func(w *want) { w.w, w.h = 800, 600 })},
		// Other kinds whose fields hold the same numbers answer nothing.
		{"key press of key 3", Event{Kind: KeyPress, Key: 3, Button: Button(PadB), X: 1}, none},
		{"button press", Event{Kind: ButtonPress, Button: ButtonRight, X: 65, Y: 2}, none},
		{"cursor move", Event{Kind: CursorMove, X: 800, Y: 600}, none},
		{"scroll", Event{Kind: Scroll, X: 0.75, Y: 1}, none},
	} {
		e := tc.e
		got := want{e.Pad(), e.PadButton(), e.Down(), e.Connected(), e.PadAxis(), e.AxisValue(), e.Rune(), 0, 0}
		got.w, got.h = e.Size()
		if got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
