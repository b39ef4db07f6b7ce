package demo

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
)

// Pause is the pause overlay: the gameplay below stays drawn but frozen
// (engine.Below{Draw: true}), its interpolation included. Esc pops it;
// '.' runs the gameplay for exactly one tick (TickContext.StepBelow); the
// setting keys still work.
//
// Tick runs once per tick and Draw once per frame, over the gameplay's,
// on the main goroutine.
type Pause struct {
	note  string
	click *audio.Clip
}

// NewPause returns a pause overlay.
func NewPause() *Pause { return &Pause{click: clickClip()} }

var _ engine.Enterer = (*Pause)(nil)

// Enter clicks as the game pauses (on the UI lane, heard while paused).
func (p *Pause) Enter(ctx *engine.Context) error { return playClick(ctx.Game(), p.click) }

// Name names the state in errors and logs.
func (p *Pause) Name() string { return "pause" }

// Below keeps the states below drawn and frozen.
func (p *Pause) Below() engine.Below { return engine.Below{Draw: true} }

// Tick reads the keys.
func (p *Pause) Tick(ctx *engine.TickContext) error {
	if err := settingKeys(ctx, func(s string) { p.note = s }); err != nil {
		return err
	}
	in := ctx.Input
	if pressed(in, input.KeyEscape) {
		ctx.Pop()
		return playClick(ctx.Game(), p.click)
	}
	if pressed(in, input.KeyPeriod, input.KeyKPDecimal) {
		ctx.StepBelow()
	}
	return nil
}

// pauseKeys are the keys the overlay lists.
var pauseKeys = keysLabelled("Esc", ".", "I", "+ / -", "S", "Q")

// Draw dims the frozen game and writes PAUSED and the keys over it.
func (p *Pause) Draw(ctx *engine.DrawContext) {
	h := ctx.HUD
	f := ctx.Face
	w, hgt := float32(ctx.Width), float32(ctx.Height)
	h.AddRect(0, 0, w, hgt, gfx.Color{R: 0.02, G: 0.02, B: 0.05, A: 0.5})
	const big, keys = 5, 2
	tw, th := tableSize(f, keys, pauseKeys)
	y := (hgt - lineH(f)*big - 30 - th) / 2
	// HUD rectangles are drawn before all text: a panel behind the keys
	// keeps them readable over the scene.
	h.AddRect((w-tw)/2-24, y-20, tw+48, lineH(f)*big+30+th+36, panelColor)
	text(h, (w-textWidth(f, "PAUSED", big))/2, y, big, titleColor, "PAUSED")
	keyTable(h, f, (w-tw)/2, y+lineH(f)*big+30, keys, pauseKeys)
	if p.note != "" {
		text(h, 16, hgt-lineH(f)-16, 1, gfx.RGB(1, 0.5, 0.4), p.note)
	}
}
