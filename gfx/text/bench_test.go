package text

import (
	"fmt"
	"strings"
	"testing"
)

// hudText is a HUD's worth of changing text for frame n: a score, a timer
// and log lines, about 2000 runes in Latin, Greek and Cyrillic.
func hudText(b *strings.Builder, n int) {
	b.Reset()
	fmt.Fprintf(b, "Score %08d  Time %02d:%02d.%d\n", n*37, n/3600%60, n/60%60, n%10)
	for i := range 32 {
		fmt.Fprintf(b, "[%05d] tick %d: actor %d moved to (%d, %d) — Ωμέγα Привет\n", n+i, n+i, i*7, n%640, i*13)
	}
}

func BenchmarkLayout2000Glyphs(b *testing.B) {
	face := newFace(b, 16, GoRegular(), goMono())
	var sb strings.Builder
	hudText(&sb, 0)
	glyphs := make([]Glyph, 0, 4096)
	// Warm the face's rune cache as a game's first frames would.
	for n := range 100 {
		hudText(&sb, n)
		glyphs, _ = face.Layout(glyphs[:0], sb.String(), Options{MaxWidth: 600})
	}
	texts := make([]string, 64)
	for i := range texts {
		hudText(&sb, 1000+i)
		texts[i] = sb.String()
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; b.Loop(); i++ {
		var m Metrics
		glyphs, m = face.Layout(glyphs[:0], texts[i%len(texts)], Options{MaxWidth: 600})
		n += len(glyphs) + m.Lines
	}
	b.ReportMetric(float64(len(glyphs)), "glyphs/op")
}

func BenchmarkAtlasGlyphsHeld(b *testing.B) {
	face := newFace(b, 16, GoRegular())
	a := newAtlas(b, 256, 4096)
	var sb strings.Builder
	hudText(&sb, 7)
	glyphs, _ := face.Layout(nil, sb.String(), Options{})
	for _, g := range glyphs {
		a.Glyph(face, g)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range glyphs {
			a.Glyph(face, g)
		}
	}
	b.ReportMetric(float64(len(glyphs)), "glyphs/op")
}
