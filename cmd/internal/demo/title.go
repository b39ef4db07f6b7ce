package demo

import (
	"github.com/tickwork/tickwork/engine/audio"
	"unicode"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
)

// Title is the title screen: no scene, only text, and a name entry. What
// the player types goes into the name (Backspace deletes); Enter replaces
// the screen with Gameplay, which shows the name; Esc quits.
//
// Tick runs once per tick and Draw once per frame, on the main goroutine.
type Title struct {
	cfg   Config
	note  string
	name  []rune
	label string // "Your name: …", rebuilt when the name changes
	click *audio.Clip
}

// MaxNameRunes is the longest name the title screen takes.
const MaxNameRunes = 16

// NewTitle returns a title screen whose Enter starts NewGameplay(cfg).
func NewTitle(cfg Config) *Title {
	t := &Title{cfg: cfg, name: []rune(cfg.Player), click: clickClip()}
	t.relabel()
	return t
}

func (t *Title) relabel() { t.label = "Your name: " + string(t.name) + "_" }

// Name names the state in errors and logs.
func (t *Title) Name() string { return "title" }

// Tick reads the keys.
func (t *Title) Tick(ctx *engine.TickContext) error {
	in := ctx.Input
	if pressed(in, input.KeyEscape) {
		return engine.ErrQuit
	}
	if pressed(in, input.KeyEnter, input.KeyKPEnter) {
		if err := playClick(ctx.Game(), t.click); err != nil {
			return err
		}
		cfg := t.cfg
		cfg.Player = string(t.name)
		ctx.Replace(NewGameplay(cfg))
		return nil
	}
	// The name entry: typed characters (the keyboard layout applied), and
	// Backspace, held down, repeating.
	changed := false
	for _, r := range in.Text() {
		if len(t.name) < MaxNameRunes && unicode.IsPrint(r) {
			t.name, changed = append(t.name, r), true
		}
	}
	if (in.Pressed(input.KeyBackspace) || in.Repeated(input.KeyBackspace)) && len(t.name) > 0 {
		t.name, changed = t.name[:len(t.name)-1], true
	}
	if changed {
		t.relabel()
	}
	if !in.Down(input.KeyLeftControl) && !in.Down(input.KeyRightControl) {
		return nil // letters are the name's: the window keys need Ctrl here
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
		keys = 1.4
	)
	tw, th := tableSize(f, keys, Keys)
	total := lineH(f)*big + 20 + 4*lineH(f)*mid + 48 + th
	y := max(20, (hgt-total)/2)
	center := func(s string, scale float32, c gfx.Color) {
		text(h, (w-textWidth(f, s, scale))/2, y, scale, c, s)
		y += lineH(f)*scale + 8
	}
	center("tickwork", big, titleColor)
	y += 12
	center("a fixed-timestep game loop, drawn smoothly at any frame rate", mid, dimColor)
	y += 16
	center(t.label, mid, keyColor)
	y += 8
	center("Enter: play      Esc: quit      Ctrl+V / F / F1: vsync, fullscreen, overlay", mid, textColor)
	y += 24
	x := (w - tw) / 2
	h.AddRect(x-16, y-12, tw+32, th+20, panelColor)
	keyTable(h, f, x, y, keys, Keys)
	if t.note != "" {
		text(h, 16, hgt-lineH(f)-16, 1, gfx.RGB(1, 0.5, 0.4), t.note)
	}
}
