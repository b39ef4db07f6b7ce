package text

import (
	"errors"
	"fmt"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The sizes NewFace accepts, in pixels per em.
const (
	MinSize = 1
	MaxSize = 512
)

// BoxFont is the Font index of a replacement glyph that no font provides:
// the rune is in none of the face's fonts and the first font has neither a
// U+FFFD glyph nor a visible .notdef glyph, so an outlined box is drawn.
const BoxFont = -1

// maxFonts bounds a fallback chain; more fonts than this is a set-up mistake.
const maxFonts = 64

// Face is a fallback chain of fonts at one size in pixels (for the HUD,
// logical units: see the package documentation): a rune comes from
// the first font that has it. Metrics (ascent, descent, line height) are the
// first font's. Layout is unhinted, so positions are exact fractions of a
// pixel and the same on every machine.
//
// A Face caches what it has looked up (glyph per rune, advances, ink boxes),
// so Layout allocates nothing once the runes have been seen. It is therefore
// not safe for concurrent use: one goroutine at a time (the engine uses it on
// the main goroutine). Make one Face per goroutine if text is laid out on
// several.
type Face struct {
	fonts []*Font
	size  float32
	ppem  fixed.Int26_6
	buf   sfnt.Buffer

	ascent, descent, lineHeight fixed.Int26_6

	ascii   [128]glyphInfo
	others  map[rune]glyphInfo
	repl    glyphInfo
	box     fixed.Rectangle26_6 // outline of the BoxFont glyph
	stroke  fixed.Int26_6       // its line width
	scratch []Glyph             // Measure's glyphs, reused
}

// glyphInfo is what a Face knows about one rune.
type glyphInfo struct {
	font    int // index in Face.fonts, or BoxFont
	index   sfnt.GlyphIndex
	adv     fixed.Int26_6
	bounds  fixed.Rectangle26_6
	missing bool // replacement glyph: no font has the rune
	ok      bool // looked up
}

// NewFace makes a face of the given fonts, first preferred, at size pixels
// per em (MinSize to MaxSize), in the unit the caller lays out in: for the
// HUD, logical units, which the renderer scales by the window's content
// scale itself (see the package documentation). Called at load time, on
// the goroutine that will use the Face.
func NewFace(size float32, fonts ...*Font) (*Face, error) {
	if !(size >= MinSize && size <= MaxSize) {
		return nil, fmt.Errorf("text: face size %v px out of range [%d, %d]", size, MinSize, MaxSize)
	}
	if len(fonts) == 0 {
		return nil, errors.New("text: face needs at least one font")
	}
	if len(fonts) > maxFonts {
		return nil, fmt.Errorf("text: face has %d fonts, at most %d allowed", len(fonts), maxFonts)
	}
	for i, f := range fonts {
		if f == nil || f.sf == nil {
			return nil, fmt.Errorf("text: face font %d is nil", i)
		}
	}
	f := &Face{
		fonts:  append([]*Font(nil), fonts...),
		size:   size,
		ppem:   fixed.Int26_6(math.Round(float64(size) * 64)),
		others: make(map[rune]glyphInfo),
	}
	m, err := f.fonts[0].sf.Metrics(&f.buf, f.ppem, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("text: font %q: metrics: %w", f.fonts[0].name, err)
	}
	f.ascent, f.descent, f.lineHeight = m.Ascent, m.Descent, m.Height
	if f.ascent+f.descent <= 0 {
		// A font without vertical metrics: assume the usual proportions.
		f.ascent, f.descent = f.ppem*4/5, f.ppem/5
	}
	if f.lineHeight < f.ascent+f.descent {
		f.lineHeight = f.ascent + f.descent
	}
	f.box = fixed.Rectangle26_6{
		Min: fixed.Point26_6{X: f.ppem / 10, Y: -f.ppem * 7 / 10},
		Max: fixed.Point26_6{X: f.ppem / 2, Y: 0},
	}
	f.stroke = max(64, f.ppem/16)
	f.repl = f.replacement()
	return f, nil
}

// replacement chooses the glyph for runes no font has: the first font's
// U+FFFD, else its .notdef if it has ink, else the drawn box.
func (f *Face) replacement() glyphInfo {
	first := f.fonts[0].sf
	if gi, err := first.GlyphIndex(&f.buf, 0xFFFD); err == nil && gi != 0 {
		if b, adv, err := first.GlyphBounds(&f.buf, gi, f.ppem, font.HintingNone); err == nil && !b.Empty() {
			return glyphInfo{font: 0, index: gi, adv: adv, bounds: b, missing: true, ok: true}
		}
	}
	if b, adv, err := first.GlyphBounds(&f.buf, 0, f.ppem, font.HintingNone); err == nil && !b.Empty() {
		return glyphInfo{font: 0, index: 0, adv: adv, bounds: b, missing: true, ok: true}
	}
	return glyphInfo{font: BoxFont, adv: f.ppem * 6 / 10, bounds: f.box, missing: true, ok: true}
}

// Size returns the face's size in pixels per em, as given to NewFace.
// Safe on any goroutine.
func (f *Face) Size() float32 { return f.size }

// NumFonts returns the length of the face's fallback chain. Safe on any
// goroutine.
func (f *Face) NumFonts() int { return len(f.fonts) }

// Font returns the i'th font of the fallback chain (Glyph.Font indexes it),
// or nil if i is out of range (BoxFont included). Safe on any goroutine.
func (f *Face) Font(i int) *Font {
	if i < 0 || i >= len(f.fonts) {
		return nil
	}
	return f.fonts[i]
}

// Ascent returns the distance from the top of a line to its baseline, in
// pixels. Safe on any goroutine.
func (f *Face) Ascent() float32 { return toF(f.ascent) }

// Descent returns the distance from the baseline to the bottom of a line, in
// pixels (positive). Safe on any goroutine.
func (f *Face) Descent() float32 { return toF(f.descent) }

// LineHeight returns the distance between consecutive baselines at a
// LineSpacing of 1, in pixels (at least Ascent+Descent). Safe on any
// goroutine.
func (f *Face) LineHeight() float32 { return toF(f.lineHeight) }

// glyph returns the glyph for r, looking it up the first time. Called from
// Layout on the Face's goroutine.
func (f *Face) glyph(r rune) glyphInfo {
	if r >= 0 && r < rune(len(f.ascii)) {
		if g := f.ascii[r]; g.ok {
			return g
		}
		g := f.lookup(r)
		f.ascii[r] = g
		return g
	}
	if g, ok := f.others[r]; ok {
		return g
	}
	g := f.lookup(r)
	f.others[r] = g
	return g
}

// lookup finds r in the fallback chain.
func (f *Face) lookup(r rune) glyphInfo {
	for i, fn := range f.fonts {
		gi, err := fn.sf.GlyphIndex(&f.buf, r)
		if err != nil || gi == 0 {
			continue
		}
		b, adv, err := fn.sf.GlyphBounds(&f.buf, gi, f.ppem, font.HintingNone)
		if err != nil {
			continue
		}
		return glyphInfo{font: i, index: gi, adv: adv, bounds: b, ok: true}
	}
	return f.repl
}

// kern returns the kerning between two glyphs of the same font, 0 when the
// font has none for the pair.
func (f *Face) kern(font0 int, a, b sfnt.GlyphIndex) fixed.Int26_6 {
	k, err := f.fonts[font0].sf.Kern(&f.buf, a, b, f.ppem, font.HintingNone)
	if err != nil {
		return 0
	}
	return k
}

func toF(x fixed.Int26_6) float32 { return float32(x) / 64 }
