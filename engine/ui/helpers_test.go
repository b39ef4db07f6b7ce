package ui_test

import (
	"slices"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/ui"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
)

// fakeInput is one tick's input, set by hand.
type fakeInput struct {
	pressed, repeated, down []input.Key
	click, press, hold      bool // the left button pressed and released / pressed and held / held
	x, y, scroll            float64
	text                    []rune
	padPressed, padDown     []input.PadButton // pad 0
	stickX, stickY          float64           // pad 0's left stick
}

func (f *fakeInput) Pressed(k input.Key) bool  { return slices.Contains(f.pressed, k) }
func (f *fakeInput) Repeated(k input.Key) bool { return slices.Contains(f.repeated, k) }
func (f *fakeInput) Down(k input.Key) bool     { return slices.Contains(f.down, k) }
func (f *fakeInput) ButtonDown(b input.Button) bool {
	return b == input.ButtonLeft && (f.hold || f.press)
}
func (f *fakeInput) ButtonPressed(b input.Button) bool {
	return b == input.ButtonLeft && (f.click || f.press)
}
func (f *fakeInput) ButtonReleased(b input.Button) bool {
	return b == input.ButtonLeft && f.click
}
func (f *fakeInput) Cursor() (x, y float64)   { return f.x, f.y }
func (f *fakeInput) Scroll() (dx, dy float64) { return 0, f.scroll }
func (f *fakeInput) Text() []rune             { return f.text }
func (f *fakeInput) PadDown(p int, b input.PadButton) bool {
	return p == 0 && slices.Contains(f.padDown, b)
}
func (f *fakeInput) PadPressed(p int, b input.PadButton) bool {
	return p == 0 && slices.Contains(f.padPressed, b)
}
func (f *fakeInput) PadAxis(p int, a input.PadAxis) float64 {
	switch {
	case p != 0:
		return 0
	case a == input.PadLeftX:
		return f.stickX
	case a == input.PadLeftY:
		return f.stickY
	}
	return 0
}

// key is a tick in which k was pressed, with mods held.
func key(k input.Key, mods ...input.Key) *fakeInput {
	return &fakeInput{pressed: []input.Key{k}, down: append([]input.Key{k}, mods...)}
}

// tick runs one tick of u with in and the widgets in body.
func tick(u *ui.UI, in ui.Input, body func()) {
	u.Begin(in, nil)
	body()
	u.End()
}

// drawn draws u into a fresh HUD and returns it.
func drawn(u *ui.UI) *gfx.HUD {
	var h gfx.HUD
	u.Draw(h.Layer(0), 1280, 720)
	return &h
}

// textAt returns the HUD text s's position, or false.
func textAt(h *gfx.HUD, s string) (x, y float32, ok bool) {
	for _, t := range h.Texts {
		if t.S == s {
			return t.X, t.Y, true
		}
	}
	return 0, 0, false
}

var textOpts = text.Options{}

// tooltipPanel is a frame's body for u: a panel with the button "Start",
// whose tooltip is "Begins a new game", and the button "Below".
func tooltipPanel(u *ui.UI) func() {
	return func() {
		u.Panel("p", ui.Layout{})
		u.Button("Start")
		u.Tooltip("Begins a new game")
		u.Button("Below")
		u.EndPanel()
	}
}
