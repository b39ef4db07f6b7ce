package text

import (
	"bytes"
	"image"
	"testing"
)

func newAtlas(t testing.TB, size, maxSize int) *Atlas {
	t.Helper()
	a, err := NewAtlas(size, maxSize)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// allGlyphs lays out a few hundred distinct glyphs: ASCII, Greek, Cyrillic
// and one replacement.
func allGlyphs(t testing.TB, face *Face) []Glyph {
	var b bytes.Buffer
	for r := rune('!'); r <= '~'; r++ {
		b.WriteRune(r)
	}
	for r := rune(0x391); r <= 0x3C9; r++ {
		if r != 0x3A2 { // unassigned: would be a second replacement glyph
			b.WriteRune(r)
		}
	}
	for r := rune(0x410); r <= 0x44F; r++ {
		b.WriteRune(r)
	}
	b.WriteString("中")
	gs, _ := face.Layout(nil, b.String(), Options{})
	return gs
}

func TestAtlasPacksWithoutOverlap(t *testing.T) {
	face := newFace(t, 32, GoRegular())
	a := newAtlas(t, 64, 4096)
	gs := allGlyphs(t, face)
	var rects []image.Rectangle
	for _, g := range gs {
		ag, ok := a.Glyph(face, g)
		if !ok {
			t.Fatalf("%q: not packed", g.Rune)
		}
		if ag.Rect.Empty() {
			t.Fatalf("%q: got no bitmap, want one", g.Rune)
		}
		if !ag.Rect.In(a.Image().Rect) {
			t.Errorf("%q: rect %v outside the atlas %v", g.Rune, ag.Rect, a.Image().Rect)
		}
		rects = append(rects, ag.Rect)
	}
	for i := range rects {
		for j := i + 1; j < len(rects); j++ {
			// Padding: even grown by a pixel, no two rectangles meet.
			if rects[i].Inset(-1).Overlaps(rects[j]) {
				t.Errorf("%q %v and %q %v: got overlap or no padding", gs[i].Rune, rects[i], gs[j].Rune, rects[j])
			}
		}
	}
	if got := a.Size(); got <= 64 {
		t.Errorf("got atlas size %d, want it grown past 64", got)
	}
}

func TestAtlasGrowthKeepsPixels(t *testing.T) {
	face := newFace(t, 24, GoRegular())
	a := newAtlas(t, 64, 1024)
	gs := allGlyphs(t, face)
	type kept struct {
		g   Glyph
		ag  AtlasGlyph
		pix []byte
	}
	var before []kept
	grew := false
	for _, g := range gs {
		size := a.Size()
		a.ClearDirty()
		ag, ok := a.Glyph(face, g)
		if !ok {
			t.Fatalf("%q: not packed", g.Rune)
		}
		dirty, grown := a.Dirty()
		if grown != (a.Size() != size) {
			t.Errorf("%q: got grown %v, size %d→%d", g.Rune, grown, size, a.Size())
		}
		if !ag.Rect.In(dirty) {
			t.Errorf("%q: rect %v not within dirty %v", g.Rune, ag.Rect, dirty)
		}
		if grown {
			grew = true
			if dirty != a.Image().Rect {
				t.Errorf("after growth: got dirty %v, want the whole %v", dirty, a.Image().Rect)
			}
			for _, k := range before {
				if got := pixels(a.Image(), k.ag.Rect); !bytes.Equal(got, k.pix) {
					t.Errorf("%q: pixels changed by growth to %d", k.g.Rune, a.Size())
				}
				if again, _ := a.Glyph(face, k.g); again.Rect != k.ag.Rect {
					t.Errorf("%q: rect moved from %v to %v", k.g.Rune, k.ag.Rect, again.Rect)
				}
			}
		}
		before = append(before, kept{g, ag, pixels(a.Image(), ag.Rect)})
	}
	if !grew {
		t.Fatal("the atlas never grew: the test tests nothing")
	}
}

func pixels(img *image.Alpha, r image.Rectangle) []byte {
	var out []byte
	for y := r.Min.Y; y < r.Max.Y; y++ {
		out = append(out, img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]...)
	}
	return out
}

func TestAtlasRasterA(t *testing.T) {
	face := newFace(t, 32, GoRegular())
	a := newAtlas(t, 256, 256)
	gs, _ := face.Layout(nil, "A", Options{})
	ag, ok := a.Glyph(face, gs[0])
	if !ok {
		t.Fatal("not packed")
	}
	b := gs[0].Bounds
	// The bitmap covers the ink box, rounded out to whole pixels.
	if float32(ag.OffsetX) > b.X0 || float32(ag.OffsetY) > b.Y0 ||
		float32(ag.OffsetX+ag.Rect.Dx()) < b.X1 || float32(ag.OffsetY+ag.Rect.Dy()) < b.Y1 ||
		float32(ag.OffsetX) < b.X0-1 || float32(ag.OffsetX+ag.Rect.Dx()) > b.X1+1 {
		t.Errorf("bitmap at (%d,%d) %dx%d, ink box %+v", ag.OffsetX, ag.OffsetY, ag.Rect.Dx(), ag.Rect.Dy(), b)
	}
	img := a.Image()
	// 'A' has ink on its left stroke, a third of the way up, and on the
	// crossbar's row in its middle region.
	var ink, outside int
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			v := img.AlphaAt(x, y).A
			if v == 0 {
				continue
			}
			if image.Pt(x, y).In(ag.Rect) {
				ink++
			} else {
				outside++
			}
		}
	}
	if outside != 0 {
		t.Errorf("got %d inked pixels outside the glyph's rect", outside)
	}
	if area := ag.Rect.Dx() * ag.Rect.Dy(); ink < area/8 || ink > area*3/4 {
		t.Errorf("got %d inked pixels of %d, want an 'A' (between 1/8 and 3/4)", ink, area)
	}
	// The apex: the top row's middle has ink, its corners none.
	top := ag.Rect.Min.Y
	mid := (ag.Rect.Min.X + ag.Rect.Max.X) / 2
	if img.AlphaAt(mid, top+1).A == 0 || img.AlphaAt(ag.Rect.Min.X, top).A != 0 || img.AlphaAt(ag.Rect.Max.X-1, top).A != 0 {
		t.Errorf("apex: got middle %d, corners %d %d; want ink only in the middle",
			img.AlphaAt(mid, top+1).A, img.AlphaAt(ag.Rect.Min.X, top).A, img.AlphaAt(ag.Rect.Max.X-1, top).A)
	}
	// The bottom row has ink at both feet and none between them.
	bot := ag.Rect.Max.Y - 1
	if img.AlphaAt(ag.Rect.Min.X+1, bot).A == 0 || img.AlphaAt(ag.Rect.Max.X-2, bot).A == 0 || img.AlphaAt(mid, bot).A != 0 {
		t.Errorf("feet: got left %d right %d middle %d", img.AlphaAt(ag.Rect.Min.X+1, bot).A, img.AlphaAt(ag.Rect.Max.X-2, bot).A, img.AlphaAt(mid, bot).A)
	}
}

func TestAtlasBoxAndSpace(t *testing.T) {
	face := newFace(t, 20, mustParse(t, "kern.ttf", buildTestFont(kernTestSpec())))
	a := newAtlas(t, 64, 64)
	gs, _ := face.Layout(nil, "Z ", Options{})
	box, ok := a.Glyph(face, gs[0])
	if !ok || box.Rect.Empty() {
		t.Errorf("box: got %+v %v, want a bitmap", box, ok)
	}
	// The frame is inked, its inside is not.
	img := a.Image()
	c := image.Pt((box.Rect.Min.X+box.Rect.Max.X)/2, (box.Rect.Min.Y+box.Rect.Max.Y)/2)
	if img.AlphaAt(box.Rect.Min.X, c.Y).A == 0 || img.AlphaAt(c.X, c.Y).A != 0 {
		t.Errorf("box: got edge %d centre %d, want ink on the edge only", img.AlphaAt(box.Rect.Min.X, c.Y).A, img.AlphaAt(c.X, c.Y).A)
	}
	space, ok := a.Glyph(face, gs[1])
	if !ok || !space.Rect.Empty() {
		t.Errorf("space: got %+v %v, want nothing to draw", space, ok)
	}
	if _, ok := a.Glyph(face, Glyph{Font: 3}); ok {
		t.Error("font index 3 of a one-font face: got ok, want false")
	}
}

func TestAtlasFullAndReset(t *testing.T) {
	face := newFace(t, 48, GoRegular())
	a := newAtlas(t, 64, 128)
	gs := allGlyphs(t, face)
	packed := 0
	for _, g := range gs {
		if _, ok := a.Glyph(face, g); ok {
			packed++
		}
	}
	if !a.Full() || packed == len(gs) {
		t.Fatalf("got full %v with %d of %d packed, want a full atlas", a.Full(), packed, len(gs))
	}
	held := a.Len()
	// Glyphs already held are still served when full.
	if _, ok := a.Glyph(face, gs[0]); !ok {
		t.Error("first glyph: got refused after filling, want still held")
	}
	a.ClearDirty()
	a.Reset()
	if r, grown := a.Dirty(); !grown || r != a.Image().Rect || a.Full() || a.Len() != 0 {
		t.Errorf("after Reset: got dirty %v grown %v full %v len %d", r, grown, a.Full(), a.Len())
	}
	if _, ok := a.Glyph(face, gs[len(gs)-1]); !ok {
		t.Error("after Reset: got refused, want packed")
	}
	if held == 0 {
		t.Error("nothing held before Reset")
	}
}

func TestAtlasSteadyStateAllocs(t *testing.T) {
	face := newFace(t, 16, GoRegular())
	a := newAtlas(t, 256, 4096)
	gs, _ := face.Layout(nil, "Score: 0123456789 Time 01:23.4 Привет Ωμέγα", Options{})
	for _, g := range gs {
		a.Glyph(face, g)
	}
	allocs := testing.AllocsPerRun(100, func() {
		for _, g := range gs {
			if _, ok := a.Glyph(face, g); !ok {
				t.Fatal("refused")
			}
		}
		a.Dirty()
		a.ClearDirty()
	})
	if allocs != 0 {
		t.Errorf("got %v allocs per frame of held glyphs, want 0", allocs)
	}
}

func TestNewAtlasBadSizes(t *testing.T) {
	for _, tt := range []struct{ size, max int }{{0, 4096}, {32, 4096}, {512, 256}, {256, 1 << 20}, {-1, -1}} {
		if _, err := NewAtlas(tt.size, tt.max); err == nil {
			t.Errorf("NewAtlas(%d, %d): got no error", tt.size, tt.max)
		}
	}
}
