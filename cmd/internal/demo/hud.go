package demo

import (
	"github.com/tickwork/tickwork/gfx"
	gtext "github.com/tickwork/tickwork/gfx/text"
)

// The HUD is laid out with the face its text is drawn with: the engine's
// default face (DrawContext.Face), scaled by each text's Scale.

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

// textWidth returns the width of the line s drawn with f at scale.
func textWidth(f *gtext.Face, s string, scale float32) float32 {
	return f.Measure(s, gtext.Options{}).Width * scale
}

// lineH returns the height of a line of f at scale 1.
func lineH(f *gtext.Face) float32 { return f.LineHeight() }

// em returns the width of an "m" of f at scale 1: a column gap.
func em(f *gtext.Face) float32 { return textWidth(f, "m", 1) }

// keyTable draws the key and action columns of bindings from (x, y), one
// row per binding, at the given scale, and returns the y below the table.
func keyTable(h gfx.Layer, f *gtext.Face, x, y, scale float32, bindings []Binding) float32 {
	col := float32(0)
	for _, b := range bindings {
		col = max(col, textWidth(f, b.Label, scale))
	}
	col += 2 * em(f) * scale
	line := (lineH(f) + 2) * scale
	for _, b := range bindings {
		text(h, x, y, scale, keyColor, b.Label)
		text(h, x+col, y, scale, textColor, b.Action)
		y += line
	}
	return y
}

// tableSize returns the width and height keyTable draws bindings in.
func tableSize(f *gtext.Face, scale float32, bindings []Binding) (w, hgt float32) {
	col, act := float32(0), float32(0)
	for _, b := range bindings {
		col = max(col, textWidth(f, b.Label, scale))
		act = max(act, textWidth(f, b.Action, scale))
	}
	return col + 2*em(f)*scale + act, float32(len(bindings)) * (lineH(f) + 2) * scale
}
