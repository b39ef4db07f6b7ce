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
	rate       int
	mode       scene.Mode
	scale      float64
	vsync      bool
	actors     int
	have       bool
	text       string
	helpKeys   []Binding
	helpW      float32
	helpH      float32
	titleWidth float32
}

const hudTitle = "tickwork sample"

func (s *statusLine) update(g *engine.Game, actors int) {
	rate, mode, scale, vsync := g.TickRate(), g.Mode(), g.TimeScale(), g.VSync()
	if s.have && rate == s.rate && mode == s.mode && scale == s.scale && vsync == s.vsync && actors == s.actors {
		return
	}
	s.rate, s.mode, s.scale, s.vsync, s.actors, s.have = rate, mode, scale, vsync, actors, true
	onOff := "off"
	if vsync {
		onOff = "on"
	}
	s.text = fmt.Sprintf("%d Hz   %s   time x%g   vsync %s   %d actors", rate, mode, scale, onOff, actors)
	if s.helpKeys == nil {
		s.helpKeys = keysLabelled("Esc", "I", "+ / -", "S", "T", "V", "F", "F1", "Q")
		s.helpW, s.helpH = tableSize(1, s.helpKeys)
		s.titleWidth = textWidth(hudTitle, 2)
	}
}

// Draw adds the HUD, once per frame: the title and the current settings
// top right, the keys bottom left (unless an overlay lists its own), and a
// message when a setting was refused. The scene itself is drawn by the
// engine.
func (g *Gameplay) Draw(ctx *engine.DrawContext) {
	s := &g.hud
	s.update(ctx.Game(), g.world.Len())
	h := ctx.HUD
	w, hgt := float32(ctx.Width), float32(ctx.Height)
	const pad = 12

	sw := max(s.titleWidth, textWidth(s.text, 1))
	x := w - sw - pad
	h.AddRect(x-pad/2, pad/2, sw+pad, 2*glyphH+glyphH+pad+4, panelColor)
	text(h, w-s.titleWidth-pad, pad, 2, titleColor, hudTitle)
	text(h, w-textWidth(s.text, 1)-pad, pad+2*glyphH+4, 1, textColor, s.text)

	y := hgt - s.helpH - pad
	if !g.covered {
		h.AddRect(pad/2, y-pad/2, s.helpW+pad, s.helpH+pad/2, panelColor)
		keyTable(h, pad, y, 1, s.helpKeys)
	}
	if g.note != "" {
		text(h, pad, y-glyphH-2*pad, 1, gfx.RGB(1, 0.5, 0.4), g.note)
	}
}
