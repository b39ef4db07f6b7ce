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

	// PadConnection is the Button of a GamepadButton event that reports a
	// pad connected (X = 1) or disconnected (X = 0), not a button.
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

// Pad returns the pad of a gamepad event (its Key), or -1 for another kind
// or a pad past MaxPads.
func (e Event) Pad() int {
	if (e.Kind != GamepadButton && e.Kind != GamepadAxis) || e.Key < 0 || int(e.Key) >= MaxPads {
		return -1
	}
	return int(e.Key)
}
