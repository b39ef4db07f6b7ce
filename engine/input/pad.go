package input

import "github.com/tickwork/tickwork/timing"

// Gamepads follow GLFW's standard gamepad mapping (the layout of an Xbox
// controller): up to MaxPads pads, each with these buttons and axes.
const MaxPads = 16

// PadButton is a gamepad button of the standard mapping.
type PadButton uint8

// The buttons of the standard mapping.
const (
	PadA PadButton = iota // bottom face button (Cross)
	PadB                  // right face button (Circle)
	PadX                  // left face button (Square)
	PadY                  // top face button (Triangle)
	PadLeftBumper
	PadRightBumper
	PadBack
	PadStart
	PadGuide
	PadLeftThumb
	PadRightThumb
	PadDpadUp
	PadDpadRight
	PadDpadDown
	PadDpadLeft
	NumPadButtons

	// PadConnection is the PadButton of a GamepadButton event that reports
	// a pad connecting or disconnecting (Event.Connected), not a button.
	PadConnection PadButton = 255
)

// PadAxis is a gamepad axis of the standard mapping.
type PadAxis uint8

// The axes: sticks from -1 to 1 (Y grows downwards, as the screen's),
// triggers from 0 (released) to 1.
const (
	PadLeftX PadAxis = iota
	PadLeftY
	PadRightX
	PadRightY
	PadLeftTrigger
	PadRightTrigger
	NumPadAxes
)

// PadButtonEvent returns the event of button b of pad pad going down or up.
func PadButtonEvent(t timing.Micros, pad int, b PadButton, down bool) Event {
	x := 0.0
	if down {
		x = 1
	}
	return Event{Time: t, Kind: GamepadButton, Key: Key(pad), Button: Button(b), X: x}
}

// PadConnectEvent returns the event of pad pad connecting or disconnecting.
func PadConnectEvent(t timing.Micros, pad int, connected bool) Event {
	return PadButtonEvent(t, pad, PadConnection, connected)
}

// PadAxisEvent returns the event of axis a of pad pad taking value v (raw:
// the engine applies the dead zone).
func PadAxisEvent(t timing.Micros, pad int, a PadAxis, v float64) Event {
	return Event{Time: t, Kind: GamepadAxis, Key: Key(pad), Button: Button(a), X: v}
}

// Pad returns the pad of a GamepadButton or GamepadAxis event, 0 to
// MaxPads-1, or -1 for another kind or a pad past MaxPads.
func (e Event) Pad() int {
	if (e.Kind != GamepadButton && e.Kind != GamepadAxis) || e.Key < 0 || int(e.Key) >= MaxPads {
		return -1
	}
	return int(e.Key)
}

// PadButton returns the button of a GamepadButton event: one of PadA to
// PadDpadLeft, or PadConnection for a pad connecting or disconnecting
// (see Connected). For another kind, or a button number past the standard
// mapping, it returns NumPadButtons, which is no button.
func (e Event) PadButton() PadButton {
	b := PadButton(e.Button)
	if e.Kind != GamepadButton || (b >= NumPadButtons && b != PadConnection) {
		return NumPadButtons
	}
	return b
}

// Down reports whether a GamepadButton event's button went down (false:
// it went up). For a PadConnection event it is Connected; for another
// kind, false (a key or mouse button's kind says whether it went down).
func (e Event) Down() bool { return e.Kind == GamepadButton && e.X != 0 }

// Connected reports whether a GamepadButton event of button PadConnection
// says its pad connected (false: disconnected); false for any other event.
func (e Event) Connected() bool {
	return e.Kind == GamepadButton && PadButton(e.Button) == PadConnection && e.X != 0
}

// PadAxis returns the axis of a GamepadAxis event, PadLeftX to
// PadRightTrigger, or NumPadAxes, which is no axis, for another kind or an
// axis number past the standard mapping.
func (e Event) PadAxis() PadAxis {
	a := PadAxis(e.Button)
	if e.Kind != GamepadAxis || a >= NumPadAxes {
		return NumPadAxes
	}
	return a
}

// AxisValue returns the raw value of a GamepadAxis event (before the
// engine's dead zone: engine.Input.PadAxis applies it), or 0 for another
// kind.
func (e Event) AxisValue() float64 {
	if e.Kind != GamepadAxis {
		return 0
	}
	return e.X
}
