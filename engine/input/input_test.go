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
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if KindNone.Valid() || !KeyPress.Valid() || numKinds.Valid() {
		t.Error("Kind.Valid is wrong at its bounds")
	}
}
