package input

import "math/bits"

// State is what one tick knows about input: the events delivered to it, in
// order, and the keys and buttons held at the tick's moment. The engine owns
// one State, resets it at each tick with Begin and applies that tick's events
// with Apply; a game reads it through the tick context. The top state of the
// stack receives events; the states below see an empty view.
//
// A key pressed and released within one tick is reported by Pressed and
// Released although Down is false at the tick's moment, so no tap is ever
// lost, and a press is delivered to exactly one tick.
type State struct {
	events []Event

	down, pressed, released, repeated bitset
	buttons, bPressed, bReleased      uint8

	x, y     float64 // cursor, window coordinates
	sx, sy   float64 // scroll this tick
	focused  bool
	width    int
	height   int
	resized  bool
	closeReq bool
}

type bitset [(int(KeyLast) + 64) / 64]uint64

func (b *bitset) get(k Key) bool { return k.Valid() && b[k>>6]&(1<<(k&63)) != 0 }
func (b *bitset) set(k Key, on bool) {
	if !k.Valid() {
		return
	}
	if on {
		b[k>>6] |= 1 << (k & 63)
	} else {
		b[k>>6] &^= 1 << (k & 63)
	}
}

// NewState returns an empty State with the window focused.
func NewState() *State { return &State{focused: true} }

// Begin starts a new tick: it forgets the previous tick's events and edges
// and keeps what is held. Called by the engine before each tick.
func (s *State) Begin() {
	s.events = s.events[:0]
	s.pressed = bitset{}
	s.released = bitset{}
	s.repeated = bitset{}
	s.bPressed, s.bReleased = 0, 0
	s.sx, s.sy = 0, 0
	s.resized, s.closeReq = false, false
}

// Apply delivers one event to the current tick. Called by the engine, in the
// order the events happened.
func (s *State) Apply(e Event) {
	s.events = append(s.events, e)
	switch e.Kind {
	case KeyPress:
		s.down.set(e.Key, true)
		s.pressed.set(e.Key, true)
	case KeyRelease:
		s.down.set(e.Key, false)
		s.released.set(e.Key, true)
	case KeyRepeat:
		s.repeated.set(e.Key, true)
	case ButtonPress:
		if e.Button <= MaxButton {
			s.buttons |= 1 << e.Button
			s.bPressed |= 1 << e.Button
		}
		s.x, s.y = e.X, e.Y
	case ButtonRelease:
		if e.Button <= MaxButton {
			s.buttons &^= 1 << e.Button
			s.bReleased |= 1 << e.Button
		}
		s.x, s.y = e.X, e.Y
	case CursorMove:
		s.x, s.y = e.X, e.Y
	case Scroll:
		s.sx += e.X
		s.sy += e.Y
	case Resize:
		s.width, s.height, s.resized = int(e.X), int(e.Y), true
	case CloseRequest:
		s.closeReq = true
	case FocusGained:
		s.focused = true
	case FocusLost:
		s.focused = false
	}
}

// Events returns the events delivered to this tick, oldest first. The slice
// is reused: do not keep it past the tick.
func (s *State) Events() []Event { return s.events }

// Down reports whether key k is held at the tick's moment.
func (s *State) Down(k Key) bool { return s.down.get(k) }

// Pressed reports whether k went down during this tick (even if it was
// released again within the same tick).
func (s *State) Pressed(k Key) bool { return s.pressed.get(k) }

// Released reports whether k went up during this tick.
func (s *State) Released(k Key) bool { return s.released.get(k) }

// Repeated reports whether k auto-repeated during this tick.
func (s *State) Repeated(k Key) bool { return s.repeated.get(k) }

// ButtonDown reports whether mouse button b is held at the tick's moment.
func (s *State) ButtonDown(b Button) bool { return b <= MaxButton && s.buttons&(1<<b) != 0 }

// ButtonPressed reports whether b went down during this tick.
func (s *State) ButtonPressed(b Button) bool { return b <= MaxButton && s.bPressed&(1<<b) != 0 }

// ButtonReleased reports whether b went up during this tick.
func (s *State) ButtonReleased(b Button) bool { return b <= MaxButton && s.bReleased&(1<<b) != 0 }

// Cursor returns the cursor position at the tick's moment, in window
// coordinates with the origin at the top-left.
func (s *State) Cursor() (x, y float64) { return s.x, s.y }

// Scroll returns the scrolling that happened during this tick.
func (s *State) Scroll() (dx, dy float64) { return s.sx, s.sy }

// Focused reports whether the window has input focus at the tick's moment.
func (s *State) Focused() bool { return s.focused }

// Resized reports whether the framebuffer was resized during this tick, and
// its size in pixels after the latest resize.
func (s *State) Resized() (ok bool, width, height int) { return s.resized, s.width, s.height }

// CloseRequested reports whether the user asked to close the window during
// this tick.
func (s *State) CloseRequested() bool { return s.closeReq }

// HeldKeys appends the keys held now to dst, in key-code order. The engine
// uses it to release held keys when the window loses focus.
func (s *State) HeldKeys(dst []Key) []Key {
	for w, word := range s.down {
		for word != 0 {
			i := bits.TrailingZeros64(word)
			dst = append(dst, Key(w*64+i))
			word &^= 1 << i
		}
	}
	return dst
}
