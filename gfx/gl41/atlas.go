package gl41

import (
	"image"
	"image/draw"

	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// The HUD font: basicfont.Face7x13, rasterised once into an atlas of
// coverage values. Cells are laid out in rows of atlasCols; each cell holds
// one glyph (glyphW × glyphH pixels) and a pixel of padding right and below
// so that neighbouring glyphs never bleed into each other.
const (
	glyphW    = 6  // basicfont.Face7x13.Width
	glyphH    = 13 // Ascent + Descent
	advance   = 7  // basicfont.Face7x13.Advance
	lineH     = 13 // basicfont.Face7x13.Height
	cellW     = glyphW + 2
	cellH     = glyphH + 1
	atlasCols = 16
	atlasW    = 128
	atlasH    = 128

	firstGlyph   = 0x20 // space
	lastGlyph    = 0x7e // '~'
	replacement  = lastGlyph - firstGlyph + 1
	solidCell    = replacement + 1 // a fully covered cell, sampled by rectangles
	numAtlasCell = solidCell + 1
)

// atlas is the font texture's pixels and where each cell lies.
type atlas struct {
	img *image.Alpha
}

// buildAtlas rasterises the printable ASCII glyphs, the replacement glyph
// and a solid cell.
func buildAtlas() *atlas {
	face := basicfont.Face7x13
	img := image.NewAlpha(image.Rect(0, 0, atlasW, atlasH))
	for i := 0; i < numAtlasCell; i++ {
		x, y := cellOrigin(i)
		if i == solidCell {
			draw.Draw(img, image.Rect(x, y, x+cellW, y+cellH), image.Opaque, image.Point{}, draw.Src)
			continue
		}
		r := rune(firstGlyph + i)
		if i == replacement {
			r = '\ufffd'
		}
		dot := fixed.P(x-face.Left, y+face.Ascent)
		dr, mask, mp, _, ok := face.Glyph(dot, r)
		if !ok && i != replacement {
			continue
		}
		draw.DrawMask(img, dr, image.Opaque, image.Point{}, mask, mp, draw.Over)
	}
	return &atlas{img: img}
}

// cellOrigin returns the top-left pixel of cell i.
func cellOrigin(i int) (x, y int) { return (i % atlasCols) * cellW, (i / atlasCols) * cellH }

// glyphCell returns the atlas cell of r: printable ASCII maps to its glyph,
// anything else to the replacement glyph.
func glyphCell(r rune) int {
	if r >= firstGlyph && r <= lastGlyph {
		return int(r - firstGlyph)
	}
	return replacement
}

// cellUV returns the texture coordinates of a glyph cell's glyph area
// (u0, v0 top-left, u1, v1 bottom-right; v grows downwards, as the image's
// rows are uploaded top row first).
func cellUV(i int) [4]float32 {
	x, y := cellOrigin(i)
	return [4]float32{
		float32(x) / atlasW, float32(y) / atlasH,
		float32(x+glyphW) / atlasW, float32(y+glyphH) / atlasH,
	}
}

// solidUV returns a degenerate UV rectangle at the centre of the solid cell,
// so every fragment of a rectangle samples full coverage.
func solidUV() [4]float32 {
	x, y := cellOrigin(solidCell)
	u := (float32(x) + cellW/2) / atlasW
	v := (float32(y) + cellH/2) / atlasH
	return [4]float32{u, v, u, v}
}
