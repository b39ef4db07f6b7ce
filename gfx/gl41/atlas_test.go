package gl41

import (
	"image"
	"testing"
)

func coverage(a *atlas, cell int) int {
	x, y := cellOrigin(cell)
	n := 0
	for py := y; py < y+glyphH; py++ {
		for px := x; px < x+glyphW; px++ {
			if a.img.AlphaAt(px, py).A > 0 {
				n++
			}
		}
	}
	return n
}

func TestAtlasGlyphs(t *testing.T) {
	a := buildAtlas()
	if got := a.img.Bounds(); got != image.Rect(0, 0, atlasW, atlasH) {
		t.Fatalf("atlas bounds %v", got)
	}
	_, y := cellOrigin(numAtlasCell - 1)
	if y+cellH > atlasH {
		t.Fatalf("atlas too small: last cell ends at row %d of %d", y+cellH, atlasH)
	}
	if n := coverage(a, glyphCell(' ')); n != 0 {
		t.Errorf("space has %d covered pixels, want 0", n)
	}
	for r := rune('!'); r <= '~'; r++ {
		if coverage(a, glyphCell(r)) == 0 {
			t.Errorf("glyph %q is empty", r)
		}
	}
	if coverage(a, replacement) == 0 {
		t.Error("replacement glyph is empty")
	}
	if got, want := coverage(a, solidCell), glyphW*glyphH; got != want {
		t.Errorf("solid cell: %d covered pixels, want %d", got, want)
	}
	// Padding between cells stays clear (except around the solid cell).
	for i := 0; i < solidCell; i++ {
		x, y := cellOrigin(i)
		for py := y; py < y+cellH; py++ {
			for px := x + glyphW; px < x+cellW; px++ {
				if a.img.AlphaAt(px, py).A != 0 {
					t.Fatalf("cell %d: padding pixel (%d,%d) covered", i, px, py)
				}
			}
		}
	}
}

func TestGlyphCell(t *testing.T) {
	tests := []struct {
		r    rune
		want int
	}{
		{' ', 0}, {'A', 'A' - 0x20}, {'~', '~' - 0x20},
		{'\t', replacement}, {'é', replacement}, {0x7f, replacement}, {-1, replacement},
	}
	for _, tt := range tests {
		if got := glyphCell(tt.r); got != tt.want {
			t.Errorf("glyphCell(%q): got %d, want %d", tt.r, got, tt.want)
		}
	}
}
