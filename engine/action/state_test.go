package action_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene/fields"
)

// step is one tick's raw input for a Map, fed without an engine: what is
// held at the tick's moment and the tick's events. It is an action.Source
// for pad 0, connected.
type step struct {
	keys   []input.Key
	pad    [input.NumPadButtons]bool
	axis   [input.NumPadAxes]float64
	events []input.Event
}

func (s *step) HeldKeys(dst []input.Key) []input.Key { return append(dst, s.keys...) }
func (s *step) ButtonDown(input.Button) bool         { return false }
func (s *step) PadConnected(p int) bool              { return p == 0 }
func (s *step) PadDown(p int, b input.PadButton) bool {
	return p == 0 && b < input.NumPadButtons && s.pad[b]
}
func (s *step) PadAxis(p int, a input.PadAxis) float64 {
	if p != 0 || a >= input.NumPadAxes {
		return 0
	}
	return s.axis[a]
}
func (s *step) Events() []input.Event { return s.events }

// script builds the steps of ticks ticks: the keys in presses are pressed
// at their tick and held until their release (a release tick of 0 holds
// them to the end).
type hold struct {
	key             input.Key
	press, released int
}

func script(ticks int, holds ...hold) []step {
	out := make([]step, ticks)
	for i := range out {
		for _, h := range holds {
			switch {
			case i == h.press:
				out[i].events = append(out[i].events, keyDown(h.key))
				out[i].keys = append(out[i].keys, h.key)
			case i == h.released && h.released > 0:
				out[i].events = append(out[i].events, keyUp(h.key))
			case i > h.press && (h.released == 0 || i < h.released):
				out[i].keys = append(out[i].keys, h.key)
			}
		}
	}
	return out
}

func stateDefs() []action.Def {
	return []action.Def{
		action.Button("jump", action.Key(input.KeySpace), action.Pad(input.PadA)),
		action.Button("fire", action.Key(input.KeyF)),
		action.Move("move"),
	}
}

// answers is everything a Map answers about its actions, for comparing
// two Maps tick by tick.
func answers(m *action.Map) string {
	var b strings.Builder
	for _, n := range m.Names() {
		fmt.Fprintf(&b, "%s:%v%v%v%v%.3f ", n, m.Pressed(n), m.Released(n), m.Down(n), m.Repeated(n), m.Value(n))
	}
	name, _, ok := m.Captured()
	cap, capturing := m.Capturing()
	fmt.Fprintf(&b, "captured %q %v capturing %q %v hash %x", name, ok, cap, capturing, m.Hash())
	return b.String()
}

// TestDescribeRoundTrip: a Map saved after any tick and loaded into
// another Map of the same actions (whatever that one saw before) answers
// exactly as the original in every later tick: presses in the ticks after
// the save, keys held across it, repeats and a capture in progress.
func TestDescribeRoundTrip(t *testing.T) {
	long := script(40, hold{input.KeySpace, 3, 30}, hold{input.KeyW, 8, 0}, hold{input.KeyF, 20, 21})
	capture := script(12, hold{input.KeyF, 2, 0}, hold{input.KeyK, 7, 9})
	heldBefore := script(6, hold{input.KeyF, -1, 4}) // held since before the first tick
	tests := []struct {
		name    string
		steps   []step
		capture int   // tick before whose Update Capture("jump") runs; -1: none
		saves   []int // ticks after which to save; -1: before the first
	}{
		{"presses, holds and repeats", long, -1, []int{0, 2, 3, 4, 15, 19, 20, 29, 35}},
		{"a capture in progress", capture, 1, []int{1, 2, 5, 6, 7, 8}},
		{"a key held before the first Update", heldBefore, -1, []int{-1, 0}},
	}
	for _, tt := range tests {
		for _, at := range tt.saves {
			t.Run(fmt.Sprintf("%s/saved after tick %d", tt.name, at), func(t *testing.T) {
				orig, other := newMap(t, stateDefs()...), newMap(t, stateDefs()...)
				// other saw something else: F held from the start
				for i := range 5 {
					s := step{keys: []input.Key{input.KeyF}}
					if i == 1 {
						s.events = []input.Event{keyDown(input.KeyF)}
					}
					other.Update(&s)
				}
				for i := 0; i <= at; i++ {
					if i == tt.capture {
						if err := orig.Capture("jump"); err != nil {
							t.Fatal(err)
						}
					}
					orig.Update(&tt.steps[i])
				}
				data := fields.Save(orig, nil)
				if _, err := fields.Load(other, data); err != nil {
					t.Fatalf("Load: %v", err)
				}
				// The bindings are configuration, not described: a game
				// keeps them (the capture rebound orig's jump).
				for _, n := range orig.Names() {
					if err := other.Bind(n, orig.Bindings(n)...); err != nil {
						t.Fatal(err)
					}
				}
				if fields.Hash(other) != fields.Hash(orig) || answers(other) != answers(orig) {
					t.Fatalf("loaded: %s\nwant:   %s", answers(other), answers(orig))
				}
				for i := at + 1; i < len(tt.steps); i++ {
					orig.Update(&tt.steps[i])
					other.Update(&tt.steps[i])
					if got, want := answers(other), answers(orig); got != want {
						t.Fatalf("tick %d: loaded map answers\n%s\nwant\n%s", i, got, want)
					}
				}
			})
		}
	}
}

// TestDescribeOfAnotherMap: data saved from a Map of other actions is
// refused with an error naming the field, not loaded half.
func TestDescribeOfAnotherMap(t *testing.T) {
	a := newMap(t, stateDefs()...)
	b := newMap(t, action.Button("jump", action.Key(input.KeySpace)), action.Button("crouch", action.Key(input.KeyC)))
	_, err := fields.Load(b, fields.Save(a, nil))
	var le *fields.LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "fire") && !strings.Contains(err.Error(), "crouch") {
		t.Fatalf("loading another map's state: %v, want a *fields.LoadError naming the field", err)
	}
}

// TestDescribeAllocatesNothing: saving and loading a Map's state through a
// warm fields.Codec, and Forget, allocate nothing.
func TestDescribeAllocatesNothing(t *testing.T) {
	m := newMap(t, stateDefs()...)
	for _, s := range script(5, hold{input.KeySpace, 1, 0}) {
		m.Update(&s)
	}
	var c fields.Codec
	buf := c.Save(m, nil)
	tests := []struct {
		name string
		fn   func()
	}{
		{"Save", func() { buf = c.Save(m, buf[:0]) }},
		{"Load", func() {
			if _, err := c.Load(m, buf); err != nil {
				t.Fatal(err)
			}
		}},
		{"Hash", func() { _ = c.Hash(m) }},
		{"Forget", m.Forget},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(20, tt.fn); n != 0 {
			t.Errorf("%s allocates %v times, want 0", tt.name, n)
		}
	}
}

// TestForget: after Forget, an input held counts as held, not pressed; an
// input released meanwhile is not a release (one released in the tick
// after is, as in a new Map's first Update); a press in the next tick is
// a press; Repeated counts again from the Update after Forget.
func TestForget(t *testing.T) {
	held := []input.Key{input.KeySpace}
	tests := []struct {
		name        string
		next        step // the tick's input after Forget
		down, press bool
		release     bool
	}{
		{"held across", step{keys: held}, true, false, false},
		{"released meanwhile", step{}, false, false, false},
		{"released in the tick", step{events: []input.Event{keyUp(input.KeySpace)}}, false, false, true}, // held before the tick, as for a new Map
		{"pressed again in the tick", step{keys: held, events: []input.Event{keyDown(input.KeySpace)}}, true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMap(t, stateDefs()...)
			for _, s := range script(30, hold{input.KeySpace, 1, 0}) {
				m.Update(&s)
			}
			if !m.Down("jump") || !m.Repeated("jump") && m.Pressed("jump") {
				t.Fatal("before Forget: jump is not held")
			}
			m.Forget()
			if m.Down("jump") || m.Pressed("jump") || m.Repeated("jump") {
				t.Errorf("right after Forget: down %v pressed %v repeated %v, want all false",
					m.Down("jump"), m.Pressed("jump"), m.Repeated("jump"))
			}
			m.Update(&tt.next)
			if m.Down("jump") != tt.down || m.Pressed("jump") != tt.press || m.Released("jump") != tt.release {
				t.Errorf("down %v pressed %v released %v, want %v %v %v",
					m.Down("jump"), m.Pressed("jump"), m.Released("jump"), tt.down, tt.press, tt.release)
			}
			if tt.down && !tt.press { // held on: the repeat delay (12 ticks) runs from Forget
				repeats := 0
				for range 12 {
					m.Update(&step{keys: held})
					if m.Repeated("jump") {
						repeats++
					}
				}
				if repeats != 1 {
					t.Errorf("12 ticks held after Forget: %d repeats, want 1 (at the 13th tick held)", repeats)
				}
			}
			if err := m.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
