package action

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tickwork/tickwork/engine/input"
)

// Device is what a binding reads: a key, a mouse button, a gamepad button
// or one half of a gamepad axis.
type Device uint8

// Devices of a Binding.
const (
	DeviceNone      Device = iota // the zero Binding: binds nothing
	DeviceKey                     // a keyboard key, with modifiers for a chord
	DeviceMouse                   // a mouse button, with modifiers for a chord
	DevicePadButton               // a gamepad button (D-pad included)
	DevicePadAxis                 // one direction of a gamepad stick, or a trigger
)

// Mods are the modifier keys a chord needs held (Ctrl+S): either the left
// or the right key of each counts.
const (
	Shift = input.ModShift
	Ctrl  = input.ModControl
	Alt   = input.ModAlt
	Super = input.ModSuper
	// allMods is every modifier bit a chord may name.
	allMods = Shift | Ctrl | Alt | Super
)

// PressPoint is how far an axis binding must be pushed, after its dead zone
// and curve, for its action to count as down (Pressed, Down, Released).
const PressPoint = 0.5

// Binding is one physical input an action answers to. Make bindings with
// Key, Chord, Mouse, Pad and Axis; a Binding is a small comparable value.
// Its text form (String, ParseBinding) is the one binding files hold.
type Binding struct {
	dev  Device
	mods input.Mods
	code int16   // key, mouse button, pad button or axis
	dir  int8    // axis direction: +1 or -1
	dead float32 // axis dead zone, 0 to 0.9
	exp  float32 // axis response curve exponent; 0 means 1 (linear)
}

// Key binds keyboard key k.
func Key(k input.Key) Binding { return Binding{dev: DeviceKey, code: int16(k)} }

// Chord binds key k pressed while the modifiers mods are held (Ctrl+S is
// Chord(action.Ctrl, input.KeyS)). While a chord of a Map is held, the
// Map's bindings of the plain key k do not answer, so Ctrl+S saves without
// also walking backwards on S (let go of Ctrl first, with S still held,
// and S's own action goes down).
func Chord(mods input.Mods, k input.Key) Binding {
	return Binding{dev: DeviceKey, mods: mods, code: int16(k)}
}

// Mouse binds mouse button b.
func Mouse(b input.Button) Binding { return Binding{dev: DeviceMouse, code: int16(b)} }

// Pad binds gamepad button b (of the pad or pads the Map reads: UsePad).
func Pad(b input.PadButton) Binding { return Binding{dev: DevicePadButton, code: int16(b)} }

// Axis binds one direction of gamepad axis a: dir +1 for the positive half
// (right, down, a trigger pulled), -1 for the negative half (left, up). Its
// Value grows from 0 at the dead zone to 1 at full travel.
func Axis(a input.PadAxis, dir int) Binding {
	return Binding{dev: DevicePadAxis, code: int16(a), dir: int8(dir)}
}

// DeadZone returns b with a dead zone of dz (0 to 0.9) for an axis: travel
// up to dz reads 0, the rest is stretched to 0…1. It applies on top of the
// engine's own dead zone (engine.Options.PadDeadZone).
func (b Binding) DeadZone(dz float64) Binding {
	if dz == 0 {
		dz = 0 // not -0: equal bindings hash equal
	}
	b.dead = float32(dz)
	return b
}

// Curve returns b with a response curve of exponent e (0.2 to 5) for an
// axis: the value after the dead zone is raised to e, so 2 gives fine
// control near the centre and 1 (the default) is linear; 0 also means 1.
func (b Binding) Curve(e float64) Binding {
	if e == 1 || e == 0 {
		e = 0 // one form for linear (not 1, not -0): equal bindings hash equal
	}
	b.exp = float32(e)
	return b
}

// Device returns the kind of input b reads.
func (b Binding) Device() Device { return b.dev }

// check says what is wrong with b, or returns nil.
func (b Binding) check() error {
	switch b.dev {
	case DeviceKey:
		if keyName(input.Key(b.code)) == "" {
			return fmt.Errorf("key code %d is not a key (want a named input.Key)", b.code)
		}
	case DeviceMouse:
		if b.code < 0 || b.code > int16(input.MaxButton) {
			return fmt.Errorf("mouse button %d is out of range: want 0 to %d", b.code, input.MaxButton)
		}
	case DevicePadButton:
		if b.code < 0 || b.code >= int16(input.NumPadButtons) {
			return fmt.Errorf("pad button %d is out of range: want input.PadA to input.PadDpadLeft", b.code)
		}
	case DevicePadAxis:
		switch {
		case b.code < 0 || b.code >= int16(input.NumPadAxes):
			return fmt.Errorf("pad axis %d is out of range: want input.PadLeftX to input.PadRightTrigger", b.code)
		case b.dir != 1 && b.dir != -1:
			return fmt.Errorf("axis direction %d is invalid: want +1 or -1", b.dir)
		case b.dir == -1 && isTrigger(input.PadAxis(b.code)):
			return fmt.Errorf("a trigger has no negative direction: want +1")
		}
	default:
		return fmt.Errorf("empty binding: make one with Key, Chord, Mouse, Pad or Axis")
	}
	if b.mods&^allMods != 0 {
		return fmt.Errorf("modifiers %#x are unknown: want Shift, Ctrl, Alt, Super", uint8(b.mods))
	}
	if b.mods != 0 && b.dev != DeviceKey && b.dev != DeviceMouse {
		return fmt.Errorf("only keys and mouse buttons take modifiers")
	}
	if b.dev != DevicePadAxis && (b.dead != 0 || b.exp != 0) {
		return fmt.Errorf("only pad axes take a dead zone or a curve")
	}
	if !(b.dead >= 0 && b.dead <= 0.9) {
		return fmt.Errorf("dead zone %v is out of range: want 0 to 0.9", b.dead)
	}
	if b.exp != 0 && !(b.exp >= 0.2 && b.exp <= 5) {
		return fmt.Errorf("curve %v is out of range: want 0.2 to 5 (1 is linear)", b.exp)
	}
	return nil
}

func isTrigger(a input.PadAxis) bool { return a == input.PadLeftTrigger || a == input.PadRightTrigger }

// shape turns the axis value v (after the engine's dead zone) into b's
// value: its direction's half, past its dead zone, through its curve.
func (b *Binding) shape(v float64) float64 {
	v *= float64(b.dir)
	dz := float64(b.dead)
	if !(v > dz) { // also NaN
		return 0
	}
	v = min((v-dz)/(1-dz), 1)
	switch b.exp {
	case 0, 1:
	case 2:
		v *= v
	default:
		v = math.Pow(v, float64(b.exp))
	}
	return v
}

// same reports whether a and b read the same physical input (options
// aside): the test for conflicts.
func (b Binding) same(o Binding) bool {
	return b.dev == o.dev && b.code == o.code && b.mods == o.mods && b.dir == o.dir
}

// String returns b's text form, as binding files hold it: "Space",
// "Ctrl+S", "Mouse:Left", "Pad:A", "Pad:LeftX- dead=0.2 curve=2".
func (b Binding) String() string {
	var sb strings.Builder
	for _, m := range modNames {
		if b.mods&m.mod != 0 {
			sb.WriteString(m.name)
			sb.WriteByte('+')
		}
	}
	switch b.dev {
	case DeviceKey:
		if n := keyName(input.Key(b.code)); n != "" {
			sb.WriteString(n)
		} else {
			fmt.Fprintf(&sb, "key#%d", b.code)
		}
	case DeviceMouse:
		sb.WriteString("Mouse:")
		sb.WriteString(mouseName(input.Button(b.code)))
	case DevicePadButton:
		sb.WriteString("Pad:")
		if b.code >= 0 && int(b.code) < len(padButtonNames) {
			sb.WriteString(padButtonNames[b.code])
		} else {
			fmt.Fprintf(&sb, "button#%d", b.code)
		}
	case DevicePadAxis:
		sb.WriteString("Pad:")
		sb.WriteString(axisName(input.PadAxis(b.code), int(b.dir)))
		if b.dead != 0 {
			sb.WriteString(" dead=")
			sb.WriteString(strconv.FormatFloat(float64(b.dead), 'g', -1, 32))
		}
		if b.exp != 0 {
			sb.WriteString(" curve=")
			sb.WriteString(strconv.FormatFloat(float64(b.exp), 'g', -1, 32))
		}
	default:
		return "none"
	}
	return sb.String()
}
