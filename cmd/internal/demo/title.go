package demo

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
)

// Title is the title screen: no scene, only text. Enter replaces it with
// Gameplay; Q or Esc quits.
//
// Tick runs once per tick and Draw once per frame, on the main goroutine.
type Title struct {
	cfg  Config
	note string
}

// NewTitle returns a title screen whose Enter starts NewGameplay(cfg).
func NewTitle(cfg Config) *Title { return &Title{cfg: cfg} }

// Name names the state in errors and logs.
func (t *Title) Name() string { return "title" }

// Tick reads the keys.
func (t *Title) Tick(ctx *engine.TickContext) error {
	in := ctx.Input
	if pressed(in, input.KeyQ, input.KeyEscape) {
		return engine.ErrQuit
	}
	if pressed(in, input.KeyEnter, input.KeyKPEnter) {
		ctx.Replace(NewGameplay(t.cfg))
		return nil
	}
	windowKeys(ctx, func(s string) { t.note = s })
	return nil
}

// Draw lays the title out in the middle of the screen.
func (t *Title) Draw(ctx *engine.DrawContext) {
	h := ctx.HUD
	f := ctx.Face
	w, hgt := float32(ctx.Width), float32(ctx.Height)
	const (
		big  = 6
		mid  = 2
		keys = 2
	)
	tw, th := tableSize(f, keys, Keys)
	total := lineH(f)*big + 20 + 3*lineH(f)*mid + 40 + th
	y := max(20, (hgt-total)/2)
	center := func(s string, scale float32, c gfx.Color) {
		text(h, (w-textWidth(f, s, scale))/2, y, scale, c, s)
		y += lineH(f)*scale + 8
	}
	center("tickwork", big, titleColor)
	y += 12
	center("a fixed-timestep game loop, drawn smoothly at any frame rate", mid, dimColor)
	y += 16
	center("Enter: play      Q: quit", mid, textColor)
	y += 24
	x := (w - tw) / 2
	h.AddRect(x-16, y-12, tw+32, th+20, panelColor)
	keyTable(h, f, x, y, keys, Keys)
	if t.note != "" {
		text(h, 16, hgt-lineH(f)-16, 1, gfx.RGB(1, 0.5, 0.4), t.note)
	}
}
