package action

import "github.com/tickwork/tickwork/engine/input"

// Names of the UI navigation actions (UIDefs): widgets move focus and
// activate through them, so one input model drives the game and its menus.
const (
	UIUp     = "ui_up"
	UIDown   = "ui_down"
	UILeft   = "ui_left"
	UIRight  = "ui_right"
	UIAccept = "ui_accept"
	UIBack   = "ui_back"
)

// UIDefs returns the standard UI navigation actions: the arrow keys, the
// D-pad and the left stick move; Enter, keypad Enter, Space and pad A
// accept; Esc and pad B go back. Make a menu's Map with New(UIDefs()...),
// or add them to a game's own definitions.
func UIDefs() []Def {
	return []Def{
		Button(UIUp, Key(input.KeyUp), Pad(input.PadDpadUp), Axis(input.PadLeftY, -1)),
		Button(UIDown, Key(input.KeyDown), Pad(input.PadDpadDown), Axis(input.PadLeftY, 1)),
		Button(UILeft, Key(input.KeyLeft), Pad(input.PadDpadLeft), Axis(input.PadLeftX, -1)),
		Button(UIRight, Key(input.KeyRight), Pad(input.PadDpadRight), Axis(input.PadLeftX, 1)),
		Button(UIAccept, Key(input.KeyEnter), Key(input.KeyKPEnter), Key(input.KeySpace), Pad(input.PadA)),
		Button(UIBack, Key(input.KeyEscape), Pad(input.PadB)),
	}
}

// NewUI returns a Map of the UI navigation actions (UIDefs) with their
// default bindings; it fails only if the definitions were edited badly.
func NewUI() (*Map, error) { return New(UIDefs()...) }
