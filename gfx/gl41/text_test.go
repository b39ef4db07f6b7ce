package gl41_test

import (
	"fmt"
	"image"
	"math"
	"os"
	"testing"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/gfx/text"
)

func goFace(t testing.TB, size float32) *text.Face {
	f, err := text.NewFace(size, text.GoRegular())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// inkBox returns the bounds of the pixels brighter than the black clear
// colour.
func inkBox(img *image.RGBA) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := img.RGBAAt(x, y); c.R > 40 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

func blackFrame(w, h int, fill func(l gfx.Layer)) *gfx.Picture {
	f := &gfx.Picture{}
	f.Reset(w, h, gfx.RGB(0, 0, 0))
	fill(f.HUD.Layer(0))
	return f
}

func TestTrueTypeScripts(t *testing.T) {
	face := goFace(t, 20)
	win := openWindow(t, 320, 120, gl41.Options{})
	f := blackFrame(320, 120, func(l gfx.Layer) {
		l.AddTextFace(face, 8, 6, text.Options{}, gfx.RGB(1, 1, 1), "Latin: Quick brown fox")
		l.AddTextFace(face, 8, 40, text.Options{}, gfx.RGB(0.6, 1, 0.6), "Ελληνικά: γειά σου κόσμε")
		l.AddTextFace(face, 8, 74, text.Options{}, gfx.RGB(0.6, 0.8, 1), "Кириллица: привет, мир")
	})
	img, st := render(t, win, f)
	if st.DrawCalls != 1 {
		t.Errorf("three lines of one face: %d draw calls, want 1", st.DrawCalls)
	}
	compareGolden(t, "testdata/text-scripts.png", img)
}

func TestTrueTypeCJKFromASystemFont(t *testing.T) {
	const path = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s: %v (scripts/deps.sh installs Debian's fonts-wqy-microhei)", path, err)
	}
	cjk, err := text.LoadFontFile(path)
	if err != nil {
		t.Fatal(err)
	}
	face, err := text.NewFace(24, text.GoRegular(), cjk) // Latin from Go, the rest from WenQuanYi
	if err != nil {
		t.Fatal(err)
	}
	glyphs, _ := face.Layout(nil, "你好，世界 tickwork", text.Options{})
	for _, g := range glyphs {
		if g.Missing {
			t.Errorf("rune %q: no font has it", g.Rune)
		}
	}
	win := openWindow(t, 280, 48, gl41.Options{})
	img, _ := render(t, win, blackFrame(280, 48, func(l gfx.Layer) {
		l.AddTextFace(face, 8, 8, text.Options{}, gfx.RGB(1, 1, 1), "你好，世界 tickwork")
	}))
	compareGolden(t, "testdata/text-cjk.png", img)
}

func TestTrueTypeDrawsWhatLayoutMeasures(t *testing.T) {
	tests := []struct {
		s     string
		opts  text.Options
		scale float32
	}{
		{"Hello, tickwork!", text.Options{}, 1},
		{"Wrapped text that runs over several lines of the box", text.Options{MaxWidth: 150}, 1},
		{"centred\nlines", text.Options{MaxWidth: 200, Align: text.Center}, 1},
		{"HiDPI text", text.Options{}, 2},
	}
	face := goFace(t, 18)
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.s, "@", tt.scale), func(t *testing.T) {
			const x, y = 20, 16
			glyphs, _ := face.Layout(nil, tt.s, tt.opts)
			x0, y0, x1, y1 := text.InkBounds(glyphs)
			win := openWindow(t, 480, 220, gl41.Options{})
			f := blackFrame(480, 220, func(l gfx.Layer) { l.AddTextFace(face, x, y, tt.opts, gfx.RGB(1, 1, 1), tt.s) })
			f.HUDScale = tt.scale
			img, _ := render(t, win, f)
			got := inkBox(img)
			s := float64(tt.scale)
			want := image.Rect(int(math.Floor((x+float64(x0))*s)), int(math.Floor((y+float64(y0))*s)),
				int(math.Ceil((x+float64(x1))*s)), int(math.Ceil((y+float64(y1))*s)))
			// Anti-aliased edges may light a pixel less than the ink box
			// (a faint edge below the threshold), never more, give or take
			// rounding to whole pixels at the HUD's scale.
			tol := int(math.Ceil(s)) + 1
			if d := max(abs(got.Min.X-want.Min.X), abs(got.Min.Y-want.Min.Y), abs(got.Max.X-want.Max.X), abs(got.Max.Y-want.Max.Y)); d > tol {
				t.Errorf("drawn ink %v, measured %v (scale %v): off by %d px, want at most %d", got, want, tt.scale, d, tol)
			}
		})
	}
}

func TestGlyphsUploadOnlyWhenNew(t *testing.T) {
	face := goFace(t, 16)
	win := openWindow(t, 200, 40, gl41.Options{})
	frame := func(s string) *gfx.Picture {
		return blackFrame(200, 40, func(l gfx.Layer) { l.AddTextFace(face, 4, 4, text.Options{}, gfx.RGB(1, 1, 1), s) })
	}
	_, first := render(t, win, frame("score 12345"))
	_, same := render(t, win, frame("score 54321")) // the same glyphs in another order
	_, more := render(t, win, frame("score 67890")) // new digits
	if first.BytesUploaded <= same.BytesUploaded || more.BytesUploaded <= same.BytesUploaded {
		t.Errorf("bytes uploaded: first frame %d, same glyphs %d, new glyphs %d; want the atlas sent only when glyphs are new",
			first.BytesUploaded, same.BytesUploaded, more.BytesUploaded)
	}
}

func TestTwoThousandGlyphsAllocateNothing(t *testing.T) {
	face := goFace(t, 14)
	win := openWindow(t, 640, 480, gl41.Options{})
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = fmt.Sprintf("log %03d: tick %06d hash %016x ok", i, i*37, uint64(i)*0x9e3779b97f4a7c15)
	}
	frames := [2]*gfx.Picture{}
	for k := range frames {
		frames[k] = blackFrame(640, 480, func(l gfx.Layer) {
			for i, s := range lines {
				l.AddTextFace(face, 4, float32(4+11*i), text.Options{}, gfx.RGB(1, 1, 1), s[k:]) // changing text
			}
		})
	}
	var allocs float64
	var err error
	mainthread.Call(func() {
		r := win.Renderer()
		for i := range 6 {
			r.Render(frames[i%2])
		}
		n := 0
		allocs = testing.AllocsPerRun(40, func() {
			if e := r.Render(frames[n%2]); e != nil {
				err = e
			}
			n++
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("a HUD of ~%d glyphs of changing text: %v allocations per frame, want 0", 40*len(lines[0]), allocs)
	}
}
