package input

import (
	"testing"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{KeyA.String(), "A"}, {Key5.String(), "5"}, {KeyPeriod.String(), "."}, {KeyEscape.String(), "Esc"},
		{KeyF1.String(), "F1"}, {KeyF12.String(), "F12"}, {KeyKP0.String(), "KP0"}, {KeyUp.String(), "Up"},
		{Key(999).String(), "key#999"},
		{KeyPress.String(), "key-press"}, {FocusLost.String(), "focus-lost"}, {Kind(200).String(), "kind#200"},
		{Event{Kind: KeyPress, Key: KeyQ, Time: 5}.String(), "key-press Q@5"},
		{Event{Kind: Scroll, X: 1, Y: -2, Time: 7}.String(), "scroll (1,-2)@7"},
		{Event{Kind: CloseRequest, Time: 9}.String(), "close-request@9"},
		{PadButtonEvent(3, 1, PadB, true).String(), "gamepad-button pad 1 #1 down@3"},
		{PadConnectEvent(4, 2, false).String(), "gamepad-button pad 2 disconnected@4"},
		{PadAxisEvent(5, 0, PadLeftY, -0.5).String(), "gamepad-axis pad 0 #1 -0.5@5"},
		{Event{Kind: Resize, X: 800, Y: 600, Time: 6}.String(), "resize (800,600)@6"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if KindNone.Valid() || !KeyPress.Valid() || numKinds.Valid() {
		t.Error("Kind.Valid is wrong at its bounds")
	}
}
