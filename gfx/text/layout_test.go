package text

import (
	"math"
	"os"
	"strings"
	"testing"
)

func newFace(t testing.TB, size float32, fonts ...*Font) *Face {
	t.Helper()
	f, err := NewFace(size, fonts...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestScriptsLayOut(t *testing.T) {
	face := newFace(t, 24, GoRegular())
	for _, s := range []string{
		"The quick brown fox jumps over the lazy dog",
		"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
		"Съешь же ещё этих мягких французских булок",
	} {
		t.Run(s, func(t *testing.T) {
			gs, m := face.Layout(nil, s, Options{})
			if got, want := len(gs), len([]rune(s)); got != want {
				t.Fatalf("got %d glyphs, want %d", got, want)
			}
			for i, g := range gs {
				if g.Missing || g.Font != 0 || g.GlyphIndex == 0 {
					t.Errorf("glyph %d %q: got font %d index %d missing %v, want a glyph of Go Regular", i, g.Rune, g.Font, g.GlyphIndex, g.Missing)
				}
				if g.Advance <= 0 {
					t.Errorf("glyph %d %q: got advance %v, want > 0", i, g.Rune, g.Advance)
				}
				if i > 0 && g.X <= gs[i-1].X {
					t.Errorf("glyph %d %q: got X %v after %v, want increasing", i, g.Rune, g.X, gs[i-1].X)
				}
				if g.Rune != ' ' && g.Bounds.Empty() {
					t.Errorf("glyph %d %q: got no ink, want some", i, g.Rune)
				}
			}
			if m.Lines != 1 || m.Width <= 0 {
				t.Errorf("got %+v, want one line of positive width", m)
			}
		})
	}
}

func TestKerning(t *testing.T) {
	// The Go fonts have no kerning at all (neither a kern table nor GPOS
	// pairs), so the test font kerns "AV" by -0.1 em.
	face := newFace(t, 20, mustParse(t, "kern.ttf", buildTestFont(kernTestSpec())))
	gs, _ := face.Layout(nil, "AVA", Options{})
	if got, want := gs[1].X, gs[0].Advance-2; got != want {
		t.Errorf("V after A: got X %v, want %v (advance 12 - kern 2)", got, want)
	}
	if got, want := gs[2].X, gs[1].X+gs[1].Advance; got != want {
		t.Errorf("A after V (no pair): got X %v, want %v", got, want)
	}
}

func TestFallback(t *testing.T) {
	// Go Mono and Go Regular cover exactly the same runes, so the second
	// font is the test font, which has U+4E00.
	face := newFace(t, 20, goMono(), mustParse(t, "kern.ttf", buildTestFont(kernTestSpec())))
	gs, _ := face.Layout(nil, "a一中", Options{})
	tests := []struct {
		font    int
		missing bool
	}{{0, false}, {1, false}, {0, true}}
	for i, tt := range tests {
		if got := gs[i]; got.Font != tt.font || got.Missing != tt.missing {
			t.Errorf("%q: got font %d missing %v, want font %d missing %v", got.Rune, got.Font, got.Missing, tt.font, tt.missing)
		}
	}
	if gs[2].Bounds.Empty() || gs[2].Advance <= 0 {
		t.Errorf("replacement for '中': got bounds %+v advance %v, want visible ink", gs[2].Bounds, gs[2].Advance)
	}
}

func TestReplacementBox(t *testing.T) {
	// The test font has no U+FFFD and an empty .notdef: a drawn box.
	face := newFace(t, 20, mustParse(t, "kern.ttf", buildTestFont(kernTestSpec())))
	gs, _ := face.Layout(nil, "Z", Options{})
	if len(gs) != 1 {
		t.Fatalf("got %d glyphs, want 1", len(gs))
	}
	if g := gs[0]; g.Font != BoxFont || !g.Missing || g.Bounds.Empty() {
		t.Errorf("got %+v, want a visible BoxFont glyph", g)
	}
}

const wqyPath = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

func TestCJKCollection(t *testing.T) {
	if _, err := os.Stat(wqyPath); err != nil {
		t.Skipf("CJK font absent (Debian package fonts-wqy-microhei): %v", err)
	}
	wqy, err := LoadFontFile(wqyPath)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := wqy.Name(), "wqy-microhei.ttc"; got != want {
		t.Errorf("got name %q, want %q", got, want)
	}
	face := newFace(t, 24, GoRegular(), wqy)
	s := "Score 分数: 中文字体"
	gs, m := face.Layout(nil, s, Options{MaxWidth: 120})
	var ink strings.Builder
	for _, g := range gs {
		if g.Rune != ' ' {
			ink.WriteRune(g.Rune)
		}
	}
	if got, want := ink.String(), strings.ReplaceAll(s, " ", ""); got != want {
		t.Errorf("got runes %q, want %q", got, want)
	}
	for _, g := range gs {
		cjk := g.Rune >= 0x4E00 && g.Rune <= 0x9FFF
		if g.Missing || (cjk && g.Font != 1) || (!cjk && g.Font != 0) || g.Advance <= 0 {
			t.Errorf("%q: got font %d missing %v advance %v", g.Rune, g.Font, g.Missing, g.Advance)
		}
	}
	if m.Lines < 2 || m.Width > 120 {
		t.Errorf("got %+v, want at least 2 lines no wider than 120", m)
	}
	if _, err := LoadCollectionFile(wqyPath, 1); err != nil {
		t.Errorf("collection font 1: %v", err)
	}
}

const paragraph = "Tickwork keeps the simulation on a fixed tick and the renderer on its own clock; " +
	"text in the HUD is laid out once and drawn every frame. Supercalifragilisticexpialidocious words break."

func TestWrap(t *testing.T) {
	face := newFace(t, 16, GoRegular())
	for _, maxW := range []float32{40, 100, 200, 333.3} {
		gs, m := face.Layout(nil, paragraph, Options{MaxWidth: maxW})
		if m.Width > maxW {
			t.Errorf("MaxWidth %v: got width %v", maxW, m.Width)
		}
		for _, g := range gs {
			if g.X < 0 || g.X+g.Advance > maxW {
				t.Errorf("MaxWidth %v: %q at %v+%v sticks out", maxW, g.Rune, g.X, g.Advance)
			}
			if g.Line > 0 && g.X == 0 && g.Rune == ' ' {
				t.Errorf("MaxWidth %v: line %d starts with a space", maxW, g.Line)
			}
		}
		if last := gs[len(gs)-1]; last.Line != m.Lines-1 {
			t.Errorf("MaxWidth %v: got last line %d, want %d", maxW, last.Line, m.Lines-1)
		}
	}
	// A rune wider than the line stays alone on it.
	gs, m := face.Layout(nil, "WW", Options{MaxWidth: 1})
	if m.Lines != 2 || gs[1].Line != 1 || gs[1].X != 0 {
		t.Errorf("over-long runes: got %+v %+v, want one per line", m, gs)
	}
}

func TestWrapLines(t *testing.T) {
	face := newFace(t, 20, goMono()) // every glyph 12 px wide at 20 px
	adv := face.Measure("a", Options{}).Width
	tests := []struct {
		s     string
		chars float32 // MaxWidth in characters
		lines []string
	}{
		{"aaa bbb ccc", 7, []string{"aaa bbb", "ccc"}},
		{"aaa bbb ccc", 7.5, []string{"aaa bbb", "ccc"}},
		{"aaa bbb ccc", 6.9, []string{"aaa", "bbb", "ccc"}},
		{"abcdefgh", 3, []string{"abc", "def", "gh"}},
		{"ab\n\ncd  ", 10, []string{"ab", "", "cd"}},
		{"a   b", 1, []string{"a", "b"}},
		{"x abcdefg", 3, []string{"x", "abc", "def", "g"}},
		{"  abcd", 3, []string{"  a", "bcd"}},
	}
	for _, tt := range tests {
		gs, m := face.Layout(nil, tt.s, Options{MaxWidth: tt.chars * adv})
		got := make([]string, m.Lines)
		for _, g := range gs {
			got[g.Line] += string(g.Rune)
		}
		if strings.Join(got, "|") != strings.Join(tt.lines, "|") {
			t.Errorf("%q at %v chars: got %q, want %q", tt.s, tt.chars, got, tt.lines)
		}
	}
}

func TestAlign(t *testing.T) {
	face := newFace(t, 20, GoRegular())
	s := "a short line\nand a much longer line than that"
	_, left := face.Layout(nil, s, Options{})
	for _, tt := range []struct {
		align Align
		box   float32
	}{{Center, 0}, {Right, 0}, {Center, 400}, {Right, 400}} {
		gs, m := face.Layout(nil, s, Options{Align: tt.align, MaxWidth: tt.box})
		box := tt.box
		if box == 0 {
			box = left.Width
		}
		for line := range m.Lines {
			x0, x1 := float32(math.Inf(1)), float32(math.Inf(-1))
			for _, g := range gs {
				if g.Line == line {
					x0, x1 = min(x0, g.X), max(x1, g.X+g.Advance)
				}
			}
			want0 := box - (x1 - x0)
			if tt.align == Center {
				want0 /= 2
			}
			if d := x0 - want0; d < -0.01 || d > 0.01 || (tt.align == Right && math.Abs(float64(x1-box)) > 0.01) {
				t.Errorf("align %d box %v line %d: got [%v, %v], want start %v", tt.align, tt.box, line, x0, x1, want0)
			}
		}
		if m.Width != left.Width {
			t.Errorf("align %d: got width %v, want %v", tt.align, m.Width, left.Width)
		}
	}
}

func TestMeasureMatchesLayout(t *testing.T) {
	face := newFace(t, 18, GoRegular(), mustParse(t, "kern.ttf", buildTestFont(kernTestSpec())))
	opts := []Options{{}, {MaxWidth: 150}, {MaxWidth: 90, Align: Center, LineSpacing: 1.5}, {LineSpacing: 0.5}}
	for _, s := range []string{"", "x", paragraph, "Ωμέγα\tΑλφα\r\nПривет 一中", "\n\n"} {
		for _, o := range opts {
			gs, lm := face.Layout(nil, s, o)
			if mm := face.Measure(s, o); mm != lm {
				t.Errorf("%q %+v: Measure %+v, Layout %+v", s, o, mm, lm)
			}
			if want := strings.Count(s, "\n") + 1; o.MaxWidth == 0 && lm.Lines != want {
				t.Errorf("%q: got %d lines, want %d", s, lm.Lines, want)
			}
			if len(gs) == 0 {
				continue
			}
			// Ink may overhang the box by a fraction of the size: accents
			// above the ascent, italics and side bearings past the advance.
			tol := face.Size() / 4
			x0, y0, x1, y1 := InkBounds(gs)
			boxW := max(lm.Width, o.MaxWidth)
			if x0 < -tol || y0 < -tol || x1 > boxW+tol || y1 > lm.Height+tol {
				t.Errorf("%q %+v: ink [%v %v %v %v] outside box %v×%v", s, o, x0, y0, x1, y1, boxW, lm.Height)
			}
		}
	}
}

func TestLineMetrics(t *testing.T) {
	face := newFace(t, 20, GoRegular())
	gs, m := face.Layout(nil, "a\nb\nc", Options{LineSpacing: 2})
	if got, want := m.LineHeight, 2*face.LineHeight(); got != want {
		t.Errorf("got line height %v, want %v", got, want)
	}
	if got, want := m.Height, 2*m.LineHeight+face.Ascent()+face.Descent(); got != want {
		t.Errorf("got height %v, want %v", got, want)
	}
	for i, g := range gs {
		if want := face.Ascent() + float32(i)*m.LineHeight; g.Y != want || g.Line != i {
			t.Errorf("%q: got Y %v line %d, want %v line %d", g.Rune, g.Y, g.Line, want, i)
		}
	}
}

func TestLayoutAllocs(t *testing.T) {
	face := newFace(t, 16, GoRegular(), goMono())
	dst := make([]Glyph, 0, 1024)
	s := "Score: 12345  Time 01:23.4\nПривет, Ωμέγα — 中 " + paragraph
	allocs := testing.AllocsPerRun(100, func() {
		dst, _ = face.Layout(dst[:0], s, Options{MaxWidth: 300, Align: Center})
		_ = face.Measure(s, Options{})
	})
	if allocs != 0 {
		t.Errorf("got %v allocs per Layout+Measure, want 0", allocs)
	}
}

func TestWrapIdeographs(t *testing.T) {
	face := newFace(t, 20, mustParse(t, "kern.ttf", buildTestFont(kernTestSpec())))
	// '一' is 20 px wide: two fit in 50 px, and lines break between them.
	gs, m := face.Layout(nil, "一一一一一A", Options{MaxWidth: 50})
	if m.Lines != 3 {
		t.Fatalf("got %d lines, want 3", m.Lines)
	}
	for i, want := range []int{0, 0, 1, 1, 2, 2} {
		if gs[i].Line != want {
			t.Errorf("glyph %d %q: got line %d, want %d", i, gs[i].Rune, gs[i].Line, want)
		}
	}
}

// A HUD face's size is in logical units and the renderer draws it with a
// copy made at size × the content scale, laid out in framebuffer pixels.
// That is only right if layout scales linearly with the size: what game
// code measures at the logical size, times the scale, is what is drawn (to
// the 1/64 px rounding of each glyph's advance).
func TestLayoutScalesWithTheFaceSize(t *testing.T) {
	const s = "Score 12,340 — AVAWAY, Tj"
	base := newFace(t, DefaultSize, GoRegular()).Measure(s, Options{})
	for _, k := range []float32{1.25, 1.5, 2, 3} {
		got := newFace(t, DefaultSize*k, GoRegular()).Measure(s, Options{})
		tol := float32(len(s)) / 64 * k
		for _, c := range []struct {
			name      string
			got, want float32
		}{
			{"width", got.Width, base.Width * k},
			{"height", got.Height, base.Height * k},
			{"line height", got.LineHeight, base.LineHeight * k},
		} {
			if d := c.got - c.want; d > tol || d < -tol {
				t.Errorf("scale %v: %s %v, want %v (the logical %s × scale) within %v", k, c.name, c.got, c.want, c.name, tol)
			}
		}
	}
}
