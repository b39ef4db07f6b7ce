package demo

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// statusLine caches the HUD's status text: it is rebuilt only when a
// setting it shows changes, so a frame allocates nothing.
type statusLine struct {
	rate   int
	mode   scene.Mode
	scale  float64
	vsync  bool
	actors int
	have   bool
	text   string
}

const hudTitle = "tickwork sample"

// gameplayKeys are the keys the gameplay lists.
var gameplayKeys = keysLabelled("Esc", "I", "+ / -", "S", "arrows", "T", "M", "V", "F", "F1", "F2", "Q")

func (s *statusLine) update(g *engine.Game, actors int) {
	rate, mode, scale, vsync := g.Time().TickRate(), g.Time().Interpolation(), g.Time().TimeScale(), g.Window().VSync()
	if s.have && rate == s.rate && mode == s.mode && scale == s.scale && vsync == s.vsync && actors == s.actors {
		return
	}
	s.rate, s.mode, s.scale, s.vsync, s.actors, s.have = rate, mode, scale, vsync, actors, true
	onOff := "off"
	if vsync {
		onOff = "on"
	}
	s.text = fmt.Sprintf("%d Hz   %s   time x%g   vsync %s   %d actors", rate, mode, scale, onOff, actors)
}

// Draw adds the HUD, once per frame: the title and the current settings
// top right, the keys bottom left (unless an overlay lists its own), and a
// message when a setting was refused; and the debug drawing while it is on
// (F2). The scene itself is drawn by the engine.
func (g *Gameplay) Draw(ctx *engine.DrawContext) {
	g.debugDraw(ctx)
	g.viewW, g.viewH = float32(ctx.Width), float32(ctx.Height)
	s := &g.hud
	s.update(ctx.Game(), g.world.Len())
	h := ctx.HUD
	f := ctx.Face
	w, hgt := float32(ctx.Width), float32(ctx.Height)
	const pad = 12

	tw := textWidth(f, hudTitle, 2)
	sw := max(tw, textWidth(f, s.text, 1))
	h.AddRect(w-sw-pad-pad/2, pad/2, sw+pad, 3*lineH(f)+pad+4, panelColor)
	text(h, w-tw-pad, pad, 2, titleColor, hudTitle)
	text(h, w-textWidth(f, s.text, 1)-pad, pad+2*lineH(f)+4, 1, textColor, s.text)
	if g.playerLabel != "" {
		text(h, w-textWidth(f, g.playerLabel, 1)-pad, pad+3*lineH(f)+10, 1, keyColor, g.playerLabel)
	}

	kw, kh := tableSize(f, 1, gameplayKeys)
	y := hgt - kh - pad
	if !g.covered {
		h.AddRect(pad/2, y-pad/2, kw+pad, kh+pad/2, panelColor)
		keyTable(h, f, pad, y, 1, gameplayKeys)
	}
	if g.pickNote != "" {
		text(h, pad, y-2*lineH(f)-3*pad, 1, keyColor, g.pickNote)
	}
	if g.note != "" {
		text(h, pad, y-lineH(f)-2*pad, 1, gfx.RGB(1, 0.5, 0.4), g.note)
	}
}
