package engine

import (
	"slices"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

func TestInputEdgesAndHeld(t *testing.T) {
	s := newInput()
	for _, tc := range []struct {
		name                              string
		events                            []input.Event
		key                               input.Key
		down, pressed, released, repeated bool
	}{
		{"press", []input.Event{{Kind: input.KeyPress, Key: input.KeyA}}, input.KeyA, true, true, false, false},
		{"held", nil, input.KeyA, true, false, false, false},
		{"repeat", []input.Event{{Kind: input.KeyRepeat, Key: input.KeyA}}, input.KeyA, true, false, false, true},
		{"release", []input.Event{{Kind: input.KeyRelease, Key: input.KeyA}}, input.KeyA, false, false, true, false},
		{"tap in one tick", []input.Event{{Kind: input.KeyPress, Key: input.KeyB}, {Kind: input.KeyRelease, Key: input.KeyB}}, input.KeyB, false, true, true, false},
		{"other key", []input.Event{{Kind: input.KeyPress, Key: input.KeyLast}}, input.KeyB, false, false, false, false},
		{"unknown key ignored", []input.Event{{Kind: input.KeyPress, Key: input.KeyUnknown}}, input.KeyUnknown, false, false, false, false},
	} {
		s.begin()
		for _, e := range tc.events {
			s.apply(e)
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
	if got := s.HeldKeys(nil); !slices.Equal(got, []input.Key{input.KeyLast}) {
		t.Errorf("HeldKeys: got %v, want [%v]", got, input.KeyLast)
	}
}

func TestInputMouseScrollWindow(t *testing.T) {
	s := newInput()
	s.begin()
	s.apply(input.Event{Kind: input.ButtonPress, Button: input.ButtonRight, X: 10, Y: 20})
	s.apply(input.Event{Kind: input.CursorMove, X: 30, Y: 40})
	s.apply(input.Event{Kind: input.Scroll, X: 0, Y: 1})
	s.apply(input.Event{Kind: input.Scroll, X: 0.5, Y: 2})
	s.apply(input.Event{Kind: input.Resize, X: 800, Y: 600})
	s.apply(input.Event{Kind: input.FocusLost})
	s.apply(input.Event{Kind: input.CloseRequest})
	if !s.ButtonDown(input.ButtonRight) || !s.ButtonPressed(input.ButtonRight) || s.ButtonDown(input.ButtonLeft) {
		t.Errorf("right button: down %v pressed %v, left down %v; want true true false",
			s.ButtonDown(input.ButtonRight), s.ButtonPressed(input.ButtonRight), s.ButtonDown(input.ButtonLeft))
	}
	if x, y := s.Cursor(); x != 30 || y != 40 {
		t.Errorf("Cursor: got (%g,%g), want (30,40)", x, y)
	}
	if dx, dy := s.Scroll(); dx != 0.5 || dy != 3 {
		t.Errorf("input.Scroll: got (%g,%g), want (0.5,3)", dx, dy)
	}
	if ok, w, h := s.Resized(); !ok || w != 800 || h != 600 {
		t.Errorf("Resized: got %v %dx%d, want true 800x600", ok, w, h)
	}
	if s.Focused() || !s.CloseRequested() {
		t.Errorf("Focused %v CloseRequested %v, want false true", s.Focused(), s.CloseRequested())
	}
	s.begin()
	s.apply(input.Event{Kind: input.ButtonRelease, Button: input.ButtonRight, X: 1, Y: 2})
	if s.ButtonDown(input.ButtonRight) || !s.ButtonReleased(input.ButtonRight) || s.ButtonPressed(input.ButtonRight) {
		t.Errorf("after release: down %v released %v pressed %v, want false true false",
			s.ButtonDown(input.ButtonRight), s.ButtonReleased(input.ButtonRight), s.ButtonPressed(input.ButtonRight))
	}
	if dx, dy := s.Scroll(); dx != 0 || dy != 0 {
		t.Errorf("input.Scroll in a new tick: got (%g,%g), want 0", dx, dy)
	}
	if ok, _, _ := s.Resized(); ok || s.CloseRequested() {
		t.Errorf("Resized/CloseRequested carried into the next tick")
	}
	if s.ButtonDown(input.MaxButton + 1) {
		t.Error("a button beyond input.MaxButton reported down")
	}
}

func TestInputApplyAllocatesNothing(t *testing.T) {
	s := newInput()
	evs := []input.Event{{Kind: input.KeyPress, Key: input.KeyW}, {Kind: input.CursorMove, X: 1}, {Kind: input.KeyRelease, Key: input.KeyW}}
	allocs := testing.AllocsPerRun(100, func() {
		s.begin()
		for _, e := range evs {
			s.apply(e)
		}
	})
	if allocs != 0 {
		t.Errorf("Begin+Apply: %v allocations, want 0", allocs)
	}
}
