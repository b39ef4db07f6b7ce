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
	KindNone      Kind = iota
	KeyPress           // a key was pressed; Key, Mods
	KeyRelease         // a key was released; Key, Mods
	KeyRepeat          // a held key auto-repeated; Key, Mods
	ButtonPress        // a mouse button was pressed; Button, Mods, X, Y (cursor)
	ButtonRelease      // a mouse button was released; Button, Mods, X, Y (cursor)
	CursorMove         // the cursor moved; X, Y in the HUD's logical units (DrawContext.Width/Height), origin top-left
	Scroll             // the wheel or touchpad scrolled; X, Y offsets
	Resize             // the framebuffer was resized; X, Y are the new width and height in pixels
	CloseRequest       // the user asked to close the window
	FocusGained        // the window gained input focus
	FocusLost          // the window lost input focus
	Char               // a character was typed (text entry); X is the rune (Event.Rune)
	MouseMotion        // the mouse moved while the cursor is captured; X, Y the motion in logical units
	GamepadButton      // a gamepad button went down (X = 1) or up (X = 0), or the pad (dis)connected; Key is the pad, Button the PadButton
	GamepadAxis        // a gamepad axis moved; Key is the pad, Button the PadAxis, X the value
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
	case GamepadButton, GamepadAxis:
		return fmt.Sprintf("%s pad %d #%d %g@%d", e.Kind, e.Key, e.Button, e.X, uint64(e.Time))
	}
	return fmt.Sprintf("%s@%d", e.Kind, uint64(e.Time))
}
