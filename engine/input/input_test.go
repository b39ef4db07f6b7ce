package input

import (
	"slices"
	"testing"
)

func TestStateEdgesAndHeld(t *testing.T) {
	s := NewState()
	for _, tc := range []struct {
		name                              string
		events                            []Event
		key                               Key
		down, pressed, released, repeated bool
	}{
		{"press", []Event{{Kind: KeyPress, Key: KeyA}}, KeyA, true, true, false, false},
		{"held", nil, KeyA, true, false, false, false},
		{"repeat", []Event{{Kind: KeyRepeat, Key: KeyA}}, KeyA, true, false, false, true},
		{"release", []Event{{Kind: KeyRelease, Key: KeyA}}, KeyA, false, false, true, false},
		{"tap in one tick", []Event{{Kind: KeyPress, Key: KeyB}, {Kind: KeyRelease, Key: KeyB}}, KeyB, false, true, true, false},
		{"other key", []Event{{Kind: KeyPress, Key: KeyLast}}, KeyB, false, false, false, false},
		{"unknown key ignored", []Event{{Kind: KeyPress, Key: KeyUnknown}}, KeyUnknown, false, false, false, false},
	} {
		s.Begin()
		for _, e := range tc.events {
			s.Apply(e)
		}
		if got := s.Down(tc.key); got != tc.down {
			t.Errorf("%s: Down(%s) got %v, want %v", tc.name, tc.key, got, tc.down)
		}
		if got := s.Pressed(tc.key); got != tc.pressed {
			t.Errorf("%s: Pressed(%s) got %v, want %v", tc.name, tc.key, got, tc.pressed)
		}
		if got := s.Released(tc.key); got != tc.released {
			t.Errorf("%s: Released(%s) got %v, want %v", tc.name, tc.key, got, tc.released)
		}
		if got := s.Repeated(tc.key); got != tc.repeated {
			t.Errorf("%s: Repeated(%s) got %v, want %v", tc.name, tc.key, got, tc.repeated)
		}
		if got := len(s.Events()); got != len(tc.events) {
			t.Errorf("%s: Events() has %d events, want %d", tc.name, got, len(tc.events))
		}
	}
	if got := s.HeldKeys(nil); !slices.Equal(got, []Key{KeyLast}) {
		t.Errorf("HeldKeys: got %v, want [%v]", got, KeyLast)
	}
}

func TestStateMouseScrollWindow(t *testing.T) {
	s := NewState()
	s.Begin()
	s.Apply(Event{Kind: ButtonPress, Button: ButtonRight, X: 10, Y: 20})
	s.Apply(Event{Kind: CursorMove, X: 30, Y: 40})
	s.Apply(Event{Kind: Scroll, X: 0, Y: 1})
	s.Apply(Event{Kind: Scroll, X: 0.5, Y: 2})
	s.Apply(Event{Kind: Resize, X: 800, Y: 600})
	s.Apply(Event{Kind: FocusLost})
	s.Apply(Event{Kind: CloseRequest})
	if !s.ButtonDown(ButtonRight) || !s.ButtonPressed(ButtonRight) || s.ButtonDown(ButtonLeft) {
		t.Errorf("right button: down %v pressed %v, left down %v; want true true false",
			s.ButtonDown(ButtonRight), s.ButtonPressed(ButtonRight), s.ButtonDown(ButtonLeft))
	}
	if x, y := s.Cursor(); x != 30 || y != 40 {
		t.Errorf("Cursor: got (%g,%g), want (30,40)", x, y)
	}
	if dx, dy := s.Scroll(); dx != 0.5 || dy != 3 {
		t.Errorf("Scroll: got (%g,%g), want (0.5,3)", dx, dy)
	}
	if ok, w, h := s.Resized(); !ok || w != 800 || h != 600 {
		t.Errorf("Resized: got %v %dx%d, want true 800x600", ok, w, h)
	}
	if s.Focused() || !s.CloseRequested() {
		t.Errorf("Focused %v CloseRequested %v, want false true", s.Focused(), s.CloseRequested())
	}
	s.Begin()
	s.Apply(Event{Kind: ButtonRelease, Button: ButtonRight, X: 1, Y: 2})
	if s.ButtonDown(ButtonRight) || !s.ButtonReleased(ButtonRight) || s.ButtonPressed(ButtonRight) {
		t.Errorf("after release: down %v released %v pressed %v, want false true false",
			s.ButtonDown(ButtonRight), s.ButtonReleased(ButtonRight), s.ButtonPressed(ButtonRight))
	}
	if dx, dy := s.Scroll(); dx != 0 || dy != 0 {
		t.Errorf("Scroll in a new tick: got (%g,%g), want 0", dx, dy)
	}
	if ok, _, _ := s.Resized(); ok || s.CloseRequested() {
		t.Errorf("Resized/CloseRequested carried into the next tick")
	}
	if s.ButtonDown(MaxButton + 1) {
		t.Error("a button beyond MaxButton reported down")
	}
}

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{KeyA.String(), "A"}, {Key5.String(), "5"}, {KeyPeriod.String(), "."}, {KeyEscape.String(), "Esc"},
		{KeyF1.String(), "F1"}, {KeyF12.String(), "F12"}, {KeyKP0.String(), "KP0"}, {KeyUp.String(), "Up"},
		{Key(999).String(), "key#999"},
		{KeyPress.String(), "key-press"}, {FocusLost.String(), "focus-lost"}, {Kind(200).String(), "kind#200"},
		{Event{Kind: KeyPress, Key: KeyQ, Time: 5}.String(), "key-press Q@5"},
		{Event{Kind: Scroll, X: 1, Y: -2, Time: 7}.String(), "scroll (1,-2)@7"},
		{Event{Kind: CloseRequest, Time: 9}.String(), "close-request@9"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if KindNone.Valid() || !KeyPress.Valid() || numKinds.Valid() {
		t.Error("Kind.Valid is wrong at its bounds")
	}
}

func TestApplyAllocatesNothing(t *testing.T) {
	s := NewState()
	evs := []Event{{Kind: KeyPress, Key: KeyW}, {Kind: CursorMove, X: 1}, {Kind: KeyRelease, Key: KeyW}}
	allocs := testing.AllocsPerRun(100, func() {
		s.Begin()
		for _, e := range evs {
			s.Apply(e)
		}
	})
	if allocs != 0 {
		t.Errorf("Begin+Apply: %v allocations, want 0", allocs)
	}
}
