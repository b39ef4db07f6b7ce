// Package text lays out and rasterises TrueType and OpenType text for the
// HUD. It is pure Go (no cgo): game code measures text with it, and a
// renderer draws what it lays out.
//
// It does not shape text: each rune becomes one glyph, placed left to
// right. Scripts written that way lay out correctly (Latin, Greek,
// Cyrillic, Armenian, Georgian, Chinese, Japanese, Korean Hangul in
// precomposed syllables, symbols); scripts that need shaping do not:
// Arabic and Syriac (joined forms), right-to-left order (Hebrew, Arabic),
// the Indic scripts such as Devanagari (reordering, conjuncts), Thai, Lao,
// Khmer and Myanmar (mark placement), and combining marks in general.
//
// A Font is a parsed font file (ParseFont, LoadFontFile, LoadCollectionFile
// for .ttc collections), or Go Regular, built in (GoRegular); Go Bold,
// Italic and Mono are in package gfx/text/gofont, linked only by a game
// that imports it.
// A Face is a fallback chain of fonts at a size in pixels: each rune comes
// from the first font that has it, and a rune none has becomes a visible
// replacement glyph (U+FFFD, the .notdef glyph or a drawn box), never nothing.
// Kerning from the font's kern or GPOS table applies between glyphs of the
// same font.
//
// Face.Layout turns a string into positioned Glyphs and Metrics: line breaks
// at '\n', word wrapping at Options.MaxWidth, alignment and line spacing.
// Face.Measure returns exactly Layout's Metrics. Layout is deterministic and
// unhinted: the same face, string and options give the same positions, to
// the bit, on every machine, so what game code measures is what is drawn.
//
// A renderer draws a laid-out string by asking an Atlas for each glyph's
// bitmap (Atlas.Glyph rasterises and packs glyphs on first use into one 8-bit
// coverage image) and drawing that bitmap at the glyph's pen position
// (Glyph.X, Glyph.Y, rounded to whole pixels) plus the AtlasGlyph's offset,
// after uploading what Atlas.Dirty reports changed. The pixels it touches are
// InkBounds of the glyphs, give or take that rounding.
//
// Threads: a Font may be shared by any goroutines. A Face and an Atlas cache
// what they have computed and are used by one goroutine at a time; the engine
// uses both on the main goroutine. Once the runes of a string have been seen,
// Layout (into a slice with room), Measure and Atlas.Glyph allocate nothing,
// so text that changes every frame (a score, a timer) costs no garbage.
//
// Units and HiDPI: a Face's size, its metrics and every position Layout
// returns are in one unit, the one the caller lays out in; this package
// says "pixels" for it. For the HUD (gfx.Text.Face, DrawContext.Face) that
// unit is the HUD's logical unit (DrawContext.Width and Height): make a HUD
// face at its logical size (NewFace(16, ...) for 16-unit text on every
// display) and measure with it. The renderer draws it with a copy of the
// face made at size × the window's content scale, laid out in framebuffer
// pixels, so text is crisp on a HiDPI display and what game code measured,
// times the scale, is what is drawn (layout is linear in the size). Do not
// multiply a HUD face's size by the content scale: the renderer does.
// Code that rasterises glyphs itself, straight into a framebuffer, makes
// its face at size × scale and lays out in framebuffer pixels.
package text
