package input

import (
	"fmt"
	"unicode/utf8"

	"github.com/tickwork/tickwork/timing"
)

// Kind is the kind of an Event.
type Kind uint8

// Event kinds.
const (
	KindNone      Kind = iota // no event: the zero value, never delivered (engine.Stats.UnknownEvents counts it)
	KeyPress                  // a key was pressed; Key, Mods
	KeyRelease                // a key was released; Key, Mods
	KeyRepeat                 // a held key auto-repeated; Key, Mods
	ButtonPress               // a mouse button was pressed; Button, Mods, X, Y (cursor)
	ButtonRelease             // a mouse button was released; Button, Mods, X, Y (cursor)
	CursorMove                // the cursor moved; X, Y in the HUD's logical units (DrawContext.Width/Height), origin top-left
	Scroll                    // the wheel or touchpad scrolled; X, Y offsets
	Resize                    // the framebuffer was resized; Size (width and height in pixels)
	CloseRequest              // the user asked to close the window
	FocusGained               // the window gained input focus
	FocusLost                 // the window lost input focus
	Char                      // a character was typed (text entry); Rune
	MouseMotion               // the mouse moved while the cursor is captured; X, Y the motion in logical units
	GamepadButton             // a gamepad button went down or up, or a pad (dis)connected; Pad, PadButton, Down, Connected
	GamepadAxis               // a gamepad axis moved; Pad, PadAxis, AxisValue
	numKinds

	// LastKindV2 is the last kind recordings of format 2 and older hold:
	// Char, MouseMotion and the gamepad kinds came with format 3.
	LastKindV2 = FocusLost
)

var kindNames = [...]string{
	KindNone: "none", KeyPress: "key-press", KeyRelease: "key-release", KeyRepeat: "key-repeat",
	ButtonPress: "button-press", ButtonRelease: "button-release", CursorMove: "cursor-move",
	Scroll: "scroll", Resize: "resize", CloseRequest: "close-request",
	FocusGained: "focus-gained", FocusLost: "focus-lost", Char: "char", MouseMotion: "mouse-motion",
	GamepadButton: "gamepad-button", GamepadAxis: "gamepad-axis",
}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind#%d", uint8(k))
}

// Valid reports whether k is a known kind other than KindNone.
func (k Kind) Valid() bool { return k > KindNone && k < numKinds }

// Button is a mouse button.
type Button uint8

// Mouse buttons (GLFW's numbering).
const (
	ButtonLeft   Button = 0
	ButtonRight  Button = 1
	ButtonMiddle Button = 2
	// MaxButton is the highest button number reported.
	MaxButton Button = 7
)

// Mods is a set of modifier keys held during a key or button event.
type Mods uint8

// Modifier bits (GLFW's values).
const (
	ModShift   Mods = 0x01
	ModControl Mods = 0x02
	ModAlt     Mods = 0x04
	ModSuper   Mods = 0x08
)

// Event is one window event, stamped with the engine clock's time when the
// backend received it.
//
// Key, Button, Mods, X and Y mean what the Kind's documentation says: Key
// for the key kinds, Button for the mouse-button kinds, X and Y for the
// cursor, scroll and motion kinds. The other kinds keep their data in
// those fields too (the recording format stores these six fields), so read
// them through the accessors, which answer for their kinds and give a
// value that is never valid data for the others: Rune for Char; Size for
// Resize; Pad, PadButton, Down and Connected for GamepadButton; Pad,
// PadAxis and AxisValue for GamepadAxis. Make such events with CharEvent,
// PadButtonEvent, PadConnectEvent and PadAxisEvent.
type Event struct {
	Time   timing.Micros
	Kind   Kind
	Key    Key
	Button Button
	Mods   Mods
	X, Y   float64
}

// CharEvent returns a Char event of rune r at time t.
func CharEvent(t timing.Micros, r rune) Event { return Event{Time: t, Kind: Char, X: float64(r)} }

// Rune returns the character of a Char event (its X), or 0 for another
// kind or a value that is not a valid rune.
func (e Event) Rune() rune {
	if e.Kind != Char || !(e.X >= 0 && e.X <= utf8.MaxRune) || e.X != float64(int32(e.X)) {
		return 0
	}
	return rune(e.X)
}

// Size returns the new framebuffer size of a Resize event, in pixels, or
// 0, 0 for another kind.
func (e Event) Size() (width, height int) {
	if e.Kind != Resize {
		return 0, 0
	}
	return int(e.X), int(e.Y)
}

// String formats the event for logs and test failures.
func (e Event) String() string {
	switch e.Kind {
	case KeyPress, KeyRelease, KeyRepeat:
		return fmt.Sprintf("%s %s@%d", e.Kind, e.Key, uint64(e.Time))
	case ButtonPress, ButtonRelease:
		return fmt.Sprintf("%s %d (%g,%g)@%d", e.Kind, e.Button, e.X, e.Y, uint64(e.Time))
	case CursorMove, Scroll, Resize, MouseMotion:
		return fmt.Sprintf("%s (%g,%g)@%d", e.Kind, e.X, e.Y, uint64(e.Time))
	case Char:
		return fmt.Sprintf("%s %q@%d", e.Kind, e.Rune(), uint64(e.Time))
	case GamepadButton:
		if e.PadButton() == PadConnection {
			state := "disconnected"
			if e.Connected() {
				state = "connected"
			}
			return fmt.Sprintf("%s pad %d %s@%d", e.Kind, e.Pad(), state, uint64(e.Time))
		}
		state := "up"
		if e.Down() {
			state = "down"
		}
		return fmt.Sprintf("%s pad %d #%d %s@%d", e.Kind, e.Pad(), e.PadButton(), state, uint64(e.Time))
	case GamepadAxis:
		return fmt.Sprintf("%s pad %d #%d %g@%d", e.Kind, e.Pad(), e.PadAxis(), e.AxisValue(), uint64(e.Time))
	}
	return fmt.Sprintf("%s@%d", e.Kind, uint64(e.Time))
}
