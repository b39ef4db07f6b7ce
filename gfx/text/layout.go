package text

import (
	"math"
	"unicode"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Align says where lines sit horizontally in the text box.
type Align uint8

// The alignments. The box is Options.MaxWidth wide when that is set, else as
// wide as the widest line.
const (
	Left Align = iota
	Center
	Right
)

// Options control Layout and Measure. The zero value lays out left-aligned
// lines broken only at '\n', at the font's line height.
type Options struct {
	// MaxWidth, when positive, wraps lines at spaces (and between Chinese
	// or Japanese ideographs) so that none is wider than MaxWidth pixels;
	// spaces at the start of a paragraph stay with its first word; a word longer than a line is broken between
	// runes, and a line holds at least one rune even if that rune alone is
	// wider. Spaces at a wrap and at the end of a line are dropped. Zero,
	// negative or NaN: no wrapping.
	MaxWidth float32
	// Align places each line within the box.
	Align Align
	// LineSpacing multiplies the face's line height; zero, negative or NaN
	// means 1.
	LineSpacing float32
}

// Rect is a box in pixels, Y down. An empty Rect (X0 >= X1 or Y0 >= Y1) has
// no ink.
type Rect struct{ X0, Y0, X1, Y1 float32 }

// Empty reports whether r encloses no area.
func (r Rect) Empty() bool { return !(r.X0 < r.X1 && r.Y0 < r.Y1) }

// Glyph is one positioned glyph of a laid-out string. A renderer draws it by
// asking the Atlas for its bitmap and placing that at (X, Y) plus the
// AtlasGlyph's offset.
type Glyph struct {
	// Font is the index in the face's fallback chain of the font the glyph
	// comes from, or BoxFont.
	Font int
	// GlyphIndex is the glyph in that font.
	GlyphIndex sfnt.GlyphIndex
	// Rune is the rune of the string it stands for ('\t' for a tab).
	Rune rune
	// X, Y are the pen position: the glyph's origin on the baseline, in
	// pixels, with the text box's top-left corner at (0, 0) and Y down.
	X, Y float32
	// Advance is how far the pen moved past this glyph (before kerning with
	// the next one).
	Advance float32
	// Bounds is the glyph's ink box relative to (X, Y); empty for a space.
	Bounds Rect
	// Line is the line the glyph is on, from 0.
	Line int
	// Missing is true when no font of the face has Rune and the glyph is the
	// replacement (visible: U+FFFD, .notdef or a box).
	Missing bool
}

// Metrics describe a laid-out string. The text box spans (0, 0) to (Width,
// Height), or to MaxWidth across when Align centres or right-aligns within it.
type Metrics struct {
	// Width is the widest line's advance width, trailing spaces included
	// unless wrapping dropped them.
	Width float32
	// Height is from the first line's top to the last line's bottom:
	// (Lines-1)*LineHeight + Ascent + Descent.
	Height float32
	// Lines is the number of lines, at least 1 (an empty string is one
	// empty line).
	Lines int
	// Ascent and Descent are the face's.
	Ascent, Descent float32
	// LineHeight is the distance between baselines, LineSpacing included.
	LineHeight float32
}

// Layout lays out s and appends its glyphs to dst, returning the extended
// slice and the text's metrics. Glyphs come in string order, line by line;
// '\n' starts a line, '\r' is ignored, a tab advances as four spaces. A rune
// that no font has becomes the visible replacement glyph, never nothing.
// Layout is deterministic: the same face, string and options give the same
// glyphs on every machine. It allocates nothing when dst has room and the
// runes have been seen before by this face. Called on the Face's goroutine.
func (f *Face) Layout(dst []Glyph, s string, opts Options) ([]Glyph, Metrics) {
	l := layouter{f: f, dst: dst, base: len(dst), brk: -1}
	if w := opts.MaxWidth; w > 0 && w <= 1<<24 {
		l.maxW = max(1, fixed.Int26_6(math.Floor(float64(w)*64)))
	}
	spacing := opts.LineSpacing
	if !(spacing > 0) || spacing > 1e6 {
		spacing = 1
	}
	l.lineAdv = toF(f.lineHeight) * spacing
	l.ascent = toF(f.ascent)
	l.lineStart = l.base
	for _, r := range s {
		l.add(r)
	}
	l.trim()
	m := Metrics{
		Lines:      l.line + 1,
		Ascent:     l.ascent,
		Descent:    toF(f.descent),
		LineHeight: l.lineAdv,
	}
	m.Height = float32(l.line)*l.lineAdv + m.Ascent + m.Descent
	m.Width = align(l.dst[l.base:], opts.Align, opts.MaxWidth, l.maxW > 0)
	return l.dst, m
}

// Measure returns the metrics Layout would return for s and opts, exactly.
// It allocates nothing once the face has laid out a string as long. Called
// on the Face's goroutine.
func (f *Face) Measure(s string, opts Options) Metrics {
	var m Metrics
	f.scratch, m = f.Layout(f.scratch[:0], s, opts)
	return m
}

// InkBounds returns the union of the glyphs' ink boxes placed at their
// positions: the pixels a renderer may touch, give or take the half pixel it
// rounds pen positions by. All zero when no glyph has ink. Safe on any
// goroutine.
func InkBounds(glyphs []Glyph) (x0, y0, x1, y1 float32) {
	first := true
	for i := range glyphs {
		g := &glyphs[i]
		if g.Bounds.Empty() {
			continue
		}
		gx0, gy0 := g.X+g.Bounds.X0, g.Y+g.Bounds.Y0
		gx1, gy1 := g.X+g.Bounds.X1, g.Y+g.Bounds.Y1
		if first {
			x0, y0, x1, y1 = gx0, gy0, gx1, gy1
			first = false
			continue
		}
		x0, y0 = min(x0, gx0), min(y0, gy0)
		x1, y1 = max(x1, gx1), max(y1, gy1)
	}
	return x0, y0, x1, y1
}

// layouter is Layout's state; it lives on Layout's stack.
type layouter struct {
	f    *Face
	dst  []Glyph
	base int // first glyph of this string in dst

	maxW            fixed.Int26_6 // 0: no wrapping
	lineAdv, ascent float32

	line      int
	lineStart int           // first glyph of the current line in dst
	pen       fixed.Int26_6 // pen X on the current line
	hasPrev   bool          // a glyph precedes on this line (for kerning)
	prev      glyphInfo
	prevRune  rune
	lineInk   bool // the line has a glyph other than a space

	inSpace    bool // the last glyph is a space
	spaceStart int  // first glyph of the current run of spaces
	spacePen   fixed.Int26_6

	// The last place the line may wrap: the run of spaces starting at
	// brkSpace (pen brkSpacePen) followed by the word starting at brk
	// (pen brkPen). brk < 0: none on this line.
	brk, brkSpace       int
	brkPen, brkSpacePen fixed.Int26_6
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == 0x3000 }

// ideographic reports whether a line may break before r, or before a letter
// or digit after it, without a space: Han ideographs and kana.
func ideographic(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r))
}

// add lays out one rune.
func (l *layouter) add(r rune) {
	switch r {
	case '\n':
		l.trim()
		l.newLine()
		return
	case '\r':
		return
	}
	var gi glyphInfo
	if r == '\t' {
		gi = l.f.glyph(' ')
		gi.adv *= 4
	} else {
		gi = l.f.glyph(r)
	}
	x := l.pen
	if l.hasPrev && l.prev.font == gi.font && gi.font >= 0 {
		x += l.f.kern(gi.font, l.prev.index, gi.index)
	}
	if isSpace(r) {
		if !l.inSpace {
			l.inSpace, l.spaceStart, l.spacePen = true, len(l.dst), l.pen
		}
	} else {
		if l.inSpace {
			l.inSpace = false
			if l.spaceStart > l.lineStart && l.lineInk {
				l.brk, l.brkPen, l.brkSpace, l.brkSpacePen = len(l.dst), x, l.spaceStart, l.spacePen
			}
		} else if l.lineInk && (ideographic(r) || ideographic(l.prevRune) && unicode.In(r, unicode.L, unicode.N)) {
			// Chinese and Japanese wrap between ideographs, without spaces.
			l.brk, l.brkPen, l.brkSpace, l.brkSpacePen = len(l.dst), x, len(l.dst), l.pen
		}
		for l.maxW > 0 && x+gi.adv > l.maxW && l.lineInk {
			if l.brk >= 0 {
				x -= l.wrapAtSpace()
			} else {
				l.newLine()
				x = 0
			}
		}
		l.lineInk = true
	}
	l.dst = append(l.dst, Glyph{
		Font:       gi.font,
		GlyphIndex: gi.index,
		Rune:       r,
		X:          toF(x),
		Y:          l.ascent + float32(l.line)*l.lineAdv,
		Advance:    toF(gi.adv),
		Bounds:     Rect{toF(gi.bounds.Min.X), toF(gi.bounds.Min.Y), toF(gi.bounds.Max.X), toF(gi.bounds.Max.Y)},
		Line:       l.line,
		Missing:    gi.missing,
	})
	l.pen = x + gi.adv
	l.hasPrev, l.prev, l.prevRune = true, gi, r
}

// wrapAtSpace ends the line at the last run of spaces, moves the word after
// it (the glyphs laid out since) to the start of a new line, and returns how
// far left the word moved.
func (l *layouter) wrapAtSpace() fixed.Int26_6 {
	shift := l.brkPen
	n := copy(l.dst[l.brkSpace:], l.dst[l.brk:])
	l.dst = l.dst[:l.brkSpace+n]
	l.line++
	l.lineStart = l.brkSpace
	y := l.ascent + float32(l.line)*l.lineAdv
	dx := toF(shift)
	for i := l.lineStart; i < len(l.dst); i++ {
		g := &l.dst[i]
		g.X -= dx
		g.Y = y
		g.Line = l.line
	}
	l.pen -= shift
	l.lineInk = n > 0
	l.hasPrev = n > 0
	l.inSpace = false
	l.brk = -1
	return shift
}

// trim drops the spaces ending the line when wrapping.
func (l *layouter) trim() {
	if l.maxW > 0 && l.inSpace {
		l.dst = l.dst[:l.spaceStart]
		l.pen = l.spacePen
		l.inSpace = false
	}
}

// newLine starts the next line.
func (l *layouter) newLine() {
	l.line++
	l.lineStart = len(l.dst)
	l.pen = 0
	l.hasPrev, l.lineInk, l.inSpace = false, false, false
	l.brk = -1
}

// align moves each line of glyphs into place and returns the widest line's
// width. Lines are contiguous runs of glyphs with the same Line; a line's
// width is its last glyph's X plus its advance.
func align(glyphs []Glyph, a Align, maxWidth float32, wrapped bool) float32 {
	var widest float32
	for i := 0; i < len(glyphs); {
		j := lineEnd(glyphs, i)
		last := &glyphs[j-1]
		widest = max(widest, last.X+last.Advance)
		i = j
	}
	if a == Left {
		return widest
	}
	box := widest
	if wrapped {
		box = maxWidth
	}
	for i := 0; i < len(glyphs); {
		j := lineEnd(glyphs, i)
		last := &glyphs[j-1]
		dx := box - (last.X + last.Advance)
		if a == Center {
			dx /= 2
		}
		for k := i; k < j; k++ {
			glyphs[k].X += dx
		}
		i = j
	}
	return widest
}

// lineEnd returns the index after the last glyph on glyphs[i]'s line.
func lineEnd(glyphs []Glyph, i int) int {
	j := i + 1
	for j < len(glyphs) && glyphs[j].Line == glyphs[i].Line {
		j++
	}
	return j
}
