package action

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tickwork/tickwork/engine/input"
)

var modNames = [...]struct {
	name string
	mod  input.Mods
}{{"Ctrl", Ctrl}, {"Shift", Shift}, {"Alt", Alt}, {"Super", Super}}

var padButtonNames = [...]string{
	input.PadA: "A", input.PadB: "B", input.PadX: "X", input.PadY: "Y",
	input.PadLeftBumper: "LB", input.PadRightBumper: "RB", input.PadBack: "Back",
	input.PadStart: "Start", input.PadGuide: "Guide", input.PadLeftThumb: "LS",
	input.PadRightThumb: "RS", input.PadDpadUp: "Up", input.PadDpadRight: "Right",
	input.PadDpadDown: "Down", input.PadDpadLeft: "Left",
}

var axisNames = [...]string{
	input.PadLeftX: "LeftX", input.PadLeftY: "LeftY", input.PadRightX: "RightX",
	input.PadRightY: "RightY", input.PadLeftTrigger: "LT", input.PadRightTrigger: "RT",
}

var mouseNames = [...]string{input.ButtonLeft: "Left", input.ButtonRight: "Right", input.ButtonMiddle: "Middle"}

// keyName returns the name of key k in binding files (input.Key's String,
// except "Comma" for the comma, which separates bindings), or "" for a
// code that is not a named key.
func keyName(k input.Key) string {
	if !k.Valid() {
		return ""
	}
	if k == input.KeyComma {
		return "Comma"
	}
	if k < 256 && !isPrintableKey(k) { // a character code no key sends, such as 'a'
		return ""
	}
	s := k.String()
	if strings.HasPrefix(s, "key#") {
		return ""
	}
	return s
}

// isPrintableKey reports whether k is one of GLFW's printable key codes.
func isPrintableKey(k input.Key) bool {
	switch {
	case k == input.KeySpace, k == input.KeyApostrophe, k == input.KeySemicolon,
		k == input.KeyEqual, k == input.KeyGraveAccent:
		return true
	case k >= input.KeyComma && k <= input.Key9, k >= input.KeyA && k <= input.KeyRightBracket:
		return true
	}
	return false
}

func mouseName(b input.Button) string {
	if int(b) < len(mouseNames) {
		return mouseNames[b]
	}
	return strconv.Itoa(int(b) + 1)
}

func axisName(a input.PadAxis, dir int) string {
	if int(a) >= len(axisNames) {
		return fmt.Sprintf("axis#%d", a)
	}
	if isTrigger(a) {
		return axisNames[a]
	}
	if dir < 0 {
		return axisNames[a] + "-"
	}
	return axisNames[a] + "+"
}

// ParseBinding reads a binding's text form (Binding.String): a key name
// ("Space", "A", "F1", "Comma", "KP+"), optionally after modifiers
// ("Ctrl+Shift+S"); "Mouse:Left", "Mouse:Right", "Mouse:Middle",
// "Mouse:4" to "Mouse:8"; "Pad:A" ("B", "X", "Y", "LB", "RB", "Back",
// "Start", "Guide", "LS", "RS", and the D-pad "Up", "Down", "Left",
// "Right"); a stick's half "Pad:LeftX+", "Pad:LeftY-", "Pad:RightX+"… or a
// trigger "Pad:LT", "Pad:RT", followed by options "dead=0.2" and
// "curve=2". Names are matched without regard to case.
func ParseBinding(s string) (Binding, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Binding{}, fmt.Errorf("empty binding: want a key, Mouse:…, or Pad:…")
	}
	b, err := parseInput(fields[0])
	if err != nil {
		return Binding{}, err
	}
	for _, opt := range fields[1:] {
		name, val, ok := strings.Cut(opt, "=")
		if !ok || (!strings.EqualFold(name, "dead") && !strings.EqualFold(name, "curve")) {
			return Binding{}, fmt.Errorf("unknown option %q after %q: want dead=N or curve=N", opt, fields[0])
		}
		if b.dev != DevicePadAxis {
			return Binding{}, fmt.Errorf("option %q given to %q: only pad axes take dead= and curve=", opt, fields[0])
		}
		v, err := strconv.ParseFloat(val, 32)
		if err != nil {
			return Binding{}, fmt.Errorf("option %q: %q is not a number", opt, val)
		}
		if strings.EqualFold(name, "dead") {
			b = b.DeadZone(v)
		} else if !(v >= 0.2 && v <= 5) {
			return Binding{}, fmt.Errorf("curve %v is out of range: want 0.2 to 5 (1 is linear)", v)
		} else {
			b = b.Curve(v)
		}
	}
	if err := b.check(); err != nil {
		return Binding{}, fmt.Errorf("%q: %w", s, err)
	}
	return b, nil
}

func parseInput(tok string) (Binding, error) {
	var mods input.Mods
	rest := tok
modLoop:
	for len(rest) > 1 {
		for _, m := range modNames {
			if len(rest) > len(m.name)+1 && strings.EqualFold(rest[:len(m.name)+1], m.name+"+") {
				mods |= m.mod
				rest = rest[len(m.name)+1:]
				continue modLoop
			}
		}
		break
	}
	dev, name, hasDev := strings.Cut(rest, ":")
	if !hasDev || rest == ":" {
		for k := input.Key(0); k <= input.KeyLast; k++ {
			if n := keyName(k); n != "" && strings.EqualFold(n, rest) {
				return Binding{dev: DeviceKey, mods: mods, code: int16(k)}, nil
			}
		}
		return Binding{}, fmt.Errorf("unknown key %q: want a key name such as A, 5, Space, Enter, Esc, Up, F1, LShift, Comma, KP+", rest)
	}
	switch {
	case strings.EqualFold(dev, "Mouse"):
		for b := input.Button(0); b <= input.MaxButton; b++ {
			if strings.EqualFold(mouseName(b), name) {
				return Binding{dev: DeviceMouse, mods: mods, code: int16(b)}, nil
			}
		}
		return Binding{}, fmt.Errorf("unknown mouse button %q: want Mouse:Left, Mouse:Right, Mouse:Middle or Mouse:4 to Mouse:8", tok)
	case strings.EqualFold(dev, "Pad"):
		if mods != 0 {
			return Binding{}, fmt.Errorf("%q: pad inputs take no modifiers", tok)
		}
		for b, n := range padButtonNames {
			if strings.EqualFold(n, name) {
				return Pad(input.PadButton(b)), nil
			}
		}
		for a := range input.NumPadAxes {
			for _, dir := range [...]int{1, -1} {
				if (dir == 1 || !isTrigger(a)) && strings.EqualFold(axisName(a, dir), name) {
					return Axis(a, dir), nil
				}
			}
		}
		return Binding{}, fmt.Errorf("unknown pad input %q: want Pad:A, B, X, Y, LB, RB, Back, Start, Guide, LS, RS, Up, Down, Left, Right, LeftX+, LeftX-, LeftY+, LeftY-, RightX±, RightY±, LT or RT", tok)
	}
	return Binding{}, fmt.Errorf("unknown device %q in %q: want a key name, Mouse:… or Pad:…", dev, tok)
}
