package demo

import (
	"github.com/tickwork/tickwork/gfx"
)

// The HUD font's cell at scale 1, in pixels (gl41's built-in 7×13 font).
const (
	glyphW = 7
	glyphH = 13
)

var (
	textColor  = gfx.RGB(0.92, 0.95, 1)
	dimColor   = gfx.RGB(0.62, 0.68, 0.78)
	keyColor   = gfx.RGB(1, 0.82, 0.35)
	titleColor = gfx.RGB(1, 0.86, 0.45)
	panelColor = gfx.Color{R: 0.03, G: 0.04, B: 0.07, A: 0.62}
)

// text adds a line of text at the given scale.
func text(h gfx.Layer, x, y, scale float32, c gfx.Color, s string) {
	h.AddTextScaled(x, y, scale, c, s)
}

// textWidth returns the width in pixels of the one-line ASCII string s.
func textWidth(s string, scale float32) float32 { return float32(len(s)*glyphW) * scale }

// keyTable draws the key and action columns of bindings from (x, y), one
// row per binding, at the given scale, and returns the y below the table.
func keyTable(h gfx.Layer, x, y, scale float32, bindings []Binding) float32 {
	col := float32(0)
	for _, b := range bindings {
		col = max(col, textWidth(b.Label, scale))
	}
	col += 2 * glyphW * scale
	line := (glyphH + 4) * scale
	for _, b := range bindings {
		text(h, x, y, scale, keyColor, b.Label)
		text(h, x+col, y, scale, textColor, b.Action)
		y += line
	}
	return y
}

// tableSize returns the width and height keyTable draws bindings in.
func tableSize(scale float32, bindings []Binding) (w, hgt float32) {
	col, act := float32(0), float32(0)
	for _, b := range bindings {
		col = max(col, textWidth(b.Label, scale))
		act = max(act, textWidth(b.Action, scale))
	}
	return col + 2*glyphW*scale + act, float32(len(bindings)) * (glyphH + 4) * scale
}
