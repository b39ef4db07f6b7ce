package input

import "fmt"

// Key is a keyboard key, identified by its position on a US layout. The
// values are GLFW's key codes: printable keys are the ASCII code of their
// unshifted US character (letters upper-case), the others start at 256.
type Key int16

// Keys.
const (
	KeyUnknown Key = -1

	KeySpace        Key = 32
	KeyApostrophe   Key = 39
	KeyComma        Key = 44
	KeyMinus        Key = 45
	KeyPeriod       Key = 46
	KeySlash        Key = 47
	Key0            Key = 48
	Key1            Key = 49
	Key2            Key = 50
	Key3            Key = 51
	Key4            Key = 52
	Key5            Key = 53
	Key6            Key = 54
	Key7            Key = 55
	Key8            Key = 56
	Key9            Key = 57
	KeySemicolon    Key = 59
	KeyEqual        Key = 61
	KeyA            Key = 65
	KeyB            Key = 66
	KeyC            Key = 67
	KeyD            Key = 68
	KeyE            Key = 69
	KeyF            Key = 70
	KeyG            Key = 71
	KeyH            Key = 72
	KeyI            Key = 73
	KeyJ            Key = 74
	KeyK            Key = 75
	KeyL            Key = 76
	KeyM            Key = 77
	KeyN            Key = 78
	KeyO            Key = 79
	KeyP            Key = 80
	KeyQ            Key = 81
	KeyR            Key = 82
	KeyS            Key = 83
	KeyT            Key = 84
	KeyU            Key = 85
	KeyV            Key = 86
	KeyW            Key = 87
	KeyX            Key = 88
	KeyY            Key = 89
	KeyZ            Key = 90
	KeyLeftBracket  Key = 91
	KeyBackslash    Key = 92
	KeyRightBracket Key = 93
	KeyGraveAccent  Key = 96

	KeyEscape       Key = 256
	KeyEnter        Key = 257
	KeyTab          Key = 258
	KeyBackspace    Key = 259
	KeyInsert       Key = 260
	KeyDelete       Key = 261
	KeyRight        Key = 262
	KeyLeft         Key = 263
	KeyDown         Key = 264
	KeyUp           Key = 265
	KeyPageUp       Key = 266
	KeyPageDown     Key = 267
	KeyHome         Key = 268
	KeyEnd          Key = 269
	KeyPause        Key = 284
	KeyF1           Key = 290
	KeyF2           Key = 291
	KeyF3           Key = 292
	KeyF4           Key = 293
	KeyF5           Key = 294
	KeyF6           Key = 295
	KeyF7           Key = 296
	KeyF8           Key = 297
	KeyF9           Key = 298
	KeyF10          Key = 299
	KeyF11          Key = 300
	KeyF12          Key = 301
	KeyKP0          Key = 320
	KeyKPDecimal    Key = 330
	KeyKPDivide     Key = 331
	KeyKPMultiply   Key = 332
	KeyKPSubtract   Key = 333
	KeyKPAdd        Key = 334
	KeyKPEnter      Key = 335
	KeyLeftShift    Key = 340
	KeyLeftControl  Key = 341
	KeyLeftAlt      Key = 342
	KeyLeftSuper    Key = 343
	KeyRightShift   Key = 344
	KeyRightControl Key = 345
	KeyRightAlt     Key = 346
	KeyRightSuper   Key = 347

	// KeyLast is the highest key code.
	KeyLast Key = 348
)

// Valid reports whether k is within the range of key codes.
func (k Key) Valid() bool { return k >= 0 && k <= KeyLast }

var specialNames = map[Key]string{
	KeySpace: "Space", KeyEscape: "Esc", KeyEnter: "Enter", KeyTab: "Tab",
	KeyBackspace: "Backspace", KeyInsert: "Insert", KeyDelete: "Delete",
	KeyRight: "Right", KeyLeft: "Left", KeyDown: "Down", KeyUp: "Up",
	KeyPageUp: "PageUp", KeyPageDown: "PageDown", KeyHome: "Home", KeyEnd: "End",
	KeyPause: "Pause", KeyKPDecimal: "KP.", KeyKPDivide: "KP/", KeyKPMultiply: "KP*",
	KeyKPSubtract: "KP-", KeyKPAdd: "KP+", KeyKPEnter: "KPEnter",
	KeyLeftShift: "LShift", KeyLeftControl: "LCtrl", KeyLeftAlt: "LAlt", KeyLeftSuper: "LSuper",
	KeyRightShift: "RShift", KeyRightControl: "RCtrl", KeyRightAlt: "RAlt", KeyRightSuper: "RSuper",
}

// String returns a short name for the key: "A", "5", ".", "Esc", "F1".
func (k Key) String() string {
	if s, ok := specialNames[k]; ok {
		return s
	}
	switch {
	case k > 32 && k < 127:
		return string(rune(k))
	case k >= KeyF1 && k <= KeyF12:
		return fmt.Sprintf("F%d", k-KeyF1+1)
	case k >= KeyKP0 && k <= KeyKP0+9:
		return fmt.Sprintf("KP%d", k-KeyKP0)
	}
	return fmt.Sprintf("key#%d", int16(k))
}
