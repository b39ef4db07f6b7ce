package engine

import (
	"math"
	"math/bits"

	"github.com/tickwork/tickwork/engine/input"
)

// Input is what one tick knows about input: the events delivered to it, in
// order, and the keys and buttons held at the tick's moment. The engine owns
// it, resets it at each tick and applies that tick's events; a game reads it
// through TickContext.Input. The top state of the stack receives events; the
// states below see an empty view.
//
// A key pressed and released within one tick is reported by Pressed and
// Released although Down is false at the tick's moment, so no tap is ever
// lost, and a press is delivered to exactly one tick.
type Input struct {
	events []input.Event

	down, pressed, released, repeated bitset
	buttons, bPressed, bReleased      uint8

	x, y     float64 // cursor, window coordinates
	sx, sy   float64 // scroll this tick
	mx, my   float64 // mouse motion this tick (captured cursor)
	chars    []rune  // characters typed this tick
	pads     [input.MaxPads]padState
	deadZone float64
	focused  bool
	width    int
	height   int
	resized  bool
	closeReq bool
}

// padState is one gamepad as a tick sees it.
type padState struct {
	connected               bool
	down, pressed, released uint16 // bit b: PadButton b
	axes                    [input.NumPadAxes]float64
}

type bitset [(int(input.KeyLast) + 64) / 64]uint64

func (b *bitset) get(k input.Key) bool { return k.Valid() && b[k>>6]&(1<<(k&63)) != 0 }
func (b *bitset) set(k input.Key, on bool) {
	if !k.Valid() {
		return
	}
	if on {
		b[k>>6] |= 1 << (k & 63)
	} else {
		b[k>>6] &^= 1 << (k & 63)
	}
}

// newInput returns an empty Input with the window focused.
func newInput() *Input { return &Input{focused: true, deadZone: 0.15} }

// begin starts a new tick: it forgets the previous tick's events and edges
// and keeps what is held. Called before each tick.
func (s *Input) begin() {
	s.events = s.events[:0]
	s.pressed = bitset{}
	s.released = bitset{}
	s.repeated = bitset{}
	s.bPressed, s.bReleased = 0, 0
	s.sx, s.sy = 0, 0
	s.mx, s.my = 0, 0
	s.chars = s.chars[:0]
	for i := range s.pads {
		s.pads[i].pressed, s.pads[i].released = 0, 0
	}
	s.resized, s.closeReq = false, false
}

// apply delivers one event to the current tick, in the order the events
// happened.
func (s *Input) apply(e input.Event) {
	s.events = append(s.events, e)
	switch e.Kind {
	case input.KeyPress:
		s.down.set(e.Key, true)
		s.pressed.set(e.Key, true)
	case input.KeyRelease:
		s.down.set(e.Key, false)
		s.released.set(e.Key, true)
	case input.KeyRepeat:
		s.repeated.set(e.Key, true)
	case input.ButtonPress:
		if e.Button <= input.MaxButton {
			s.buttons |= 1 << e.Button
			s.bPressed |= 1 << e.Button
		}
		s.x, s.y = e.X, e.Y
	case input.ButtonRelease:
		if e.Button <= input.MaxButton {
			s.buttons &^= 1 << e.Button
			s.bReleased |= 1 << e.Button
		}
		s.x, s.y = e.X, e.Y
	case input.CursorMove:
		s.x, s.y = e.X, e.Y
	case input.Scroll:
		s.sx += e.X
		s.sy += e.Y
	case input.Resize:
		s.width, s.height = e.Size()
		s.resized = true
	case input.CloseRequest:
		s.closeReq = true
	case input.FocusGained:
		s.focused = true
	case input.FocusLost:
		s.focused = false
	case input.Char:
		if r := e.Rune(); r != 0 {
			s.chars = append(s.chars, r)
		}
	case input.MouseMotion:
		s.mx += e.X
		s.my += e.Y
	case input.GamepadButton:
		s.applyPadButton(e)
	case input.GamepadAxis:
		if p, a, v := e.Pad(), e.PadAxis(), e.AxisValue(); p >= 0 && a < input.NumPadAxes && v-v == 0 {
			s.pads[p].axes[a] = min(max(v, -1), 1)
		}
	}
}

func (s *Input) applyPadButton(e input.Event) {
	p := e.Pad()
	if p < 0 {
		return
	}
	pad := &s.pads[p]
	b := e.PadButton()
	if b == input.PadConnection {
		pad.connected = e.Connected()
		if !pad.connected { // unplugged: everything it held is let go
			pad.released |= pad.down
			pad.down = 0
			pad.axes = [input.NumPadAxes]float64{}
		}
		return
	}
	if b >= input.NumPadButtons {
		return
	}
	bit := uint16(1) << b
	if e.Down() {
		pad.down |= bit
		pad.pressed |= bit
	} else {
		pad.down &^= bit
		pad.released |= bit
	}
}

// padAt returns pad p's state, or nil out of range.
func (s *Input) padAt(p int) *padState {
	if p < 0 || p >= input.MaxPads {
		return nil
	}
	return &s.pads[p]
}

// PadConnected reports whether gamepad p (0 to input.MaxPads-1) is
// connected at the tick's moment.
func (s *Input) PadConnected(p int) bool {
	pad := s.padAt(p)
	return pad != nil && pad.connected
}

// PadDown reports whether button b of pad p is held at the tick's moment.
func (s *Input) PadDown(p int, b input.PadButton) bool {
	pad := s.padAt(p)
	return pad != nil && b < input.NumPadButtons && pad.down&(1<<b) != 0
}

// PadPressed reports whether button b of pad p went down in this tick; a
// tap within one tick is reported by PadPressed and PadReleased although
// PadDown is false, and a press is delivered to exactly one tick.
func (s *Input) PadPressed(p int, b input.PadButton) bool {
	pad := s.padAt(p)
	return pad != nil && b < input.NumPadButtons && pad.pressed&(1<<b) != 0
}

// PadReleased reports whether button b of pad p went up in this tick.
func (s *Input) PadReleased(p int, b input.PadButton) bool {
	pad := s.padAt(p)
	return pad != nil && b < input.NumPadButtons && pad.released&(1<<b) != 0
}

// PadAxis returns axis a of pad p at the tick's moment, after the dead zone
// (Options.PadDeadZone): sticks from -1 to 1, triggers from 0 to 1.
func (s *Input) PadAxis(p int, a input.PadAxis) float64 {
	pad := s.padAt(p)
	if pad == nil || a >= input.NumPadAxes {
		return 0
	}
	v := pad.axes[a]
	m := math.Abs(v)
	if m <= s.deadZone {
		return 0
	}
	return math.Copysign((m-s.deadZone)/(1-s.deadZone), v)
}

// Text returns the characters typed in this tick, in order (text entry:
// the platform's keyboard layout, dead keys and input methods applied).
// Backspace, Enter and the arrows are keys, not characters: read them with
// Pressed or Repeated. The slice is reused: do not keep it past the tick.
func (s *Input) Text() []rune { return s.chars }

// MouseMotion returns how far the mouse moved in this tick while the
// cursor was captured (Game.Window().SetCursorMode(input.CursorCaptured)), in the
// HUD's logical units, summed over the tick's events: mouse-look turns by
// it. Outside capture it is 0 and the cursor's position is Cursor.
func (s *Input) MouseMotion() (dx, dy float64) { return s.mx, s.my }

// Events returns the events delivered to this tick, oldest first. The slice
// is reused: do not keep it past the tick.
func (s *Input) Events() []input.Event { return s.events }

// Down reports whether key k is held at the tick's moment.
func (s *Input) Down(k input.Key) bool { return s.down.get(k) }

// Pressed reports whether k went down during this tick (even if it was
// released again within the same tick).
func (s *Input) Pressed(k input.Key) bool { return s.pressed.get(k) }

// Released reports whether k went up during this tick.
func (s *Input) Released(k input.Key) bool { return s.released.get(k) }

// Repeated reports whether k auto-repeated during this tick.
func (s *Input) Repeated(k input.Key) bool { return s.repeated.get(k) }

// ButtonDown reports whether mouse button b is held at the tick's moment.
func (s *Input) ButtonDown(b input.Button) bool { return b <= input.MaxButton && s.buttons&(1<<b) != 0 }

// ButtonPressed reports whether b went down during this tick.
func (s *Input) ButtonPressed(b input.Button) bool {
	return b <= input.MaxButton && s.bPressed&(1<<b) != 0
}

// ButtonReleased reports whether b went up during this tick.
func (s *Input) ButtonReleased(b input.Button) bool {
	return b <= input.MaxButton && s.bReleased&(1<<b) != 0
}

// Cursor returns the cursor position at the tick's moment, in the HUD's
// logical units (as DrawContext.Width and Height measure the HUD) with the
// origin at the top-left: compare it with HUD items directly, on any
// display.
func (s *Input) Cursor() (x, y float64) { return s.x, s.y }

// Scroll returns the scrolling that happened during this tick.
func (s *Input) Scroll() (dx, dy float64) { return s.sx, s.sy }

// Focused reports whether the window has input focus at the tick's moment.
func (s *Input) Focused() bool { return s.focused }

// Resized reports whether the framebuffer was resized during this tick, and
// its size in pixels after the latest resize.
func (s *Input) Resized() (ok bool, width, height int) { return s.resized, s.width, s.height }

// CloseRequested reports whether the user asked to close the window during
// this tick.
func (s *Input) CloseRequested() bool { return s.closeReq }

// HeldKeys appends the keys held now to dst, in key-code order. The engine
// uses it to release held keys when the window loses focus.
func (s *Input) HeldKeys(dst []input.Key) []input.Key {
	for w, word := range s.down {
		for word != 0 {
			i := bits.TrailingZeros64(word)
			dst = append(dst, input.Key(w*64+i))
			word &^= 1 << i
		}
	}
	return dst
}
