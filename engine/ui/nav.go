package ui

import "github.com/tickwork/tickwork/engine/input"

// The standard UI navigation actions a Nav answers for.
const (
	ActionUp     = "ui_up"
	ActionDown   = "ui_down"
	ActionLeft   = "ui_left"
	ActionRight  = "ui_right"
	ActionAccept = "ui_accept"
	ActionBack   = "ui_back"
)

// Nav is where the UI reads navigation: the standard actions (ActionUp …
// ActionBack), as an input-action map answers them for the current tick.
// Pressed reports that the action went down in this tick; Down that it is
// held. Both are called during UI.Begin and widget calls, in the tick, on
// the main goroutine. Without one, the UI reads raw keys and pads through
// a KeyNav.
type Nav interface {
	Pressed(name string) bool
	Down(name string) bool
}

// Input is what the UI reads of a tick's raw input: the mouse, typed text,
// the editing keys and the pads. *engine.Input (TickContext.Input) has
// every method.
type Input interface {
	Pressed(k input.Key) bool
	Repeated(k input.Key) bool
	Down(k input.Key) bool
	ButtonDown(b input.Button) bool
	ButtonPressed(b input.Button) bool
	ButtonReleased(b input.Button) bool
	Cursor() (x, y float64)
	Scroll() (dx, dy float64)
	Text() []rune
	PadDown(p int, b input.PadButton) bool
	PadPressed(p int, b input.PadButton) bool
	PadAxis(p int, a input.PadAxis) float64
}

// StickThreshold is how far a left stick must lean (after the engine's dead
// zone) for KeyNav to count it as a direction.
const StickThreshold = 0.5

// KeyNav answers the standard actions from raw input: the arrow keys, Enter
// and Escape, Space for accept, and every pad's D-pad, left stick, A
// (accept) and B (back). A stick counts as pressed in the tick it leans
// past StickThreshold. Update it once per tick, before the UI reads it
// (UI.Begin does that for the KeyNav it uses when given no Nav). Its state
// (which stick directions were leaning) is part of UI.Hash.
type KeyNav struct {
	in          Input
	stick, prev uint8 // bit per direction: the sticks leaning now, and in the previous tick
}

// Update reads in for the current tick.
func (k *KeyNav) Update(in Input) {
	k.in = in
	k.prev = k.stick
	k.stick = 0
	if in == nil {
		return
	}
	for p := range input.MaxPads {
		x, y := in.PadAxis(p, input.PadLeftX), in.PadAxis(p, input.PadLeftY)
		if y < -StickThreshold {
			k.stick |= 1 << dirUp
		}
		if y > StickThreshold {
			k.stick |= 1 << dirDown
		}
		if x < -StickThreshold {
			k.stick |= 1 << dirLeft
		}
		if x > StickThreshold {
			k.stick |= 1 << dirRight
		}
	}
}

const (
	dirUp = iota
	dirDown
	dirLeft
	dirRight
)

var dirKeys = [4]struct {
	key input.Key
	pad input.PadButton
}{
	{input.KeyUp, input.PadDpadUp},
	{input.KeyDown, input.PadDpadDown},
	{input.KeyLeft, input.PadDpadLeft},
	{input.KeyRight, input.PadDpadRight},
}

func dirOf(name string) int {
	switch name {
	case ActionUp:
		return dirUp
	case ActionDown:
		return dirDown
	case ActionLeft:
		return dirLeft
	case ActionRight:
		return dirRight
	}
	return -1
}

// Pressed reports whether the action went down in this tick.
func (k *KeyNav) Pressed(name string) bool { return k.query(name, true) }

// Down reports whether the action is held.
func (k *KeyNav) Down(name string) bool { return k.query(name, false) }

func (k *KeyNav) query(name string, edge bool) bool {
	in := k.in
	if in == nil {
		return false
	}
	key := func(c input.Key) bool {
		if edge {
			return in.Pressed(c)
		}
		return in.Down(c)
	}
	pad := func(b input.PadButton) bool {
		for p := range input.MaxPads {
			if (edge && in.PadPressed(p, b)) || (!edge && in.PadDown(p, b)) {
				return true
			}
		}
		return false
	}
	if d := dirOf(name); d >= 0 {
		bit := uint8(1) << d
		stick := k.stick&bit != 0
		if edge {
			stick = stick && k.prev&bit == 0
		}
		return stick || key(dirKeys[d].key) || pad(dirKeys[d].pad)
	}
	switch name {
	case ActionAccept:
		return key(input.KeyEnter) || key(input.KeyKPEnter) || key(input.KeySpace) || pad(input.PadA)
	case ActionBack:
		return key(input.KeyEscape) || pad(input.PadB)
	}
	return false
}
