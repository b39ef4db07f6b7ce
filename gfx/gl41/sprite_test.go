package gl41_test

import (
	"image/color"
	"math"
	"testing"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// quarters are the colours of the quarters of a 16×16 image: red, green /
// blue, white, stored sRGB. Each quarter is 8×8 texels, so filtering
// blends colours only along the quarters' edges.
var quarters = [4][4]byte{{220, 20, 20, 255}, {20, 220, 20, 255}, {20, 20, 220, 255}, {240, 240, 240, 255}}

func quartersImage() *asset.Image {
	return solidImage(16, 16, asset.SRGB, func(x, y int) [4]byte { return quarters[y/8*2+x/8] })
}

// hudFrame returns an empty frame of size×size whose HUD f fills.
func hudFrame(size int, fill func(l gfx.Layer)) *gfx.Picture {
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	fill(f.HUD.Layer(0))
	return f
}

func rgb(c [4]byte) color.RGBA { return color.RGBA{c[0], c[1], c[2], 255} }

func TestSpritesDrawImagesAsStored(t *testing.T) {
	var lib asset.Library
	img := must(lib.AddImage("quarters", quartersImage()))
	win := openWindow(t, 128, 128, gl41.Options{Assets: &lib})
	f := hudFrame(128, func(l gfx.Layer) {
		l.AddSprite(img, 0, 0, 64, 64, gfx.RGB(1, 1, 1)) // top-left: as stored
		l.AddSpriteRegion(gfx.Sprite{X: 64, Y: 0, W: 64, H: 64, Image: img, Src: [4]float32{0.5, 0.5, 1, 1}, Color: gfx.RGB(1, 1, 1)})
		l.AddSpriteRegion(gfx.Sprite{X: 0, Y: 64, W: 64, H: 64, Image: img, Color: gfx.RGB(1, 1, 1), Rotation: math.Pi / 2})
		l.AddSprite(img, 64, 64, 64, 64, gfx.Color{R: 1, G: 1, B: 1, A: 0.5}) // half transparent
		l.AddText(4, 110, gfx.RGB(1, 1, 0), "sprites")
	})
	got, st := render(t, win, f)
	tests := []struct {
		x, y int
		want color.RGBA
		what string
	}{
		{16, 16, rgb(quarters[0]), "whole image, top-left texel"},
		{48, 48, rgb(quarters[3]), "whole image, bottom-right texel"},
		{96, 32, rgb(quarters[3]), "region: the bottom-right texel alone"},
		// Turned a quarter clockwise: the bottom-left texel comes to the top-left.
		{16, 80, rgb(quarters[2]), "rotated 90°: top-left shows the image's bottom-left"},
		{48, 80, rgb(quarters[0]), "rotated 90°: top-right shows the image's top-left"},
	}
	for _, tt := range tests {
		if c := got.RGBAAt(tt.x, tt.y); !near(c, tt.want, 2) {
			t.Errorf("%s at (%d, %d): got %v, want %v", tt.what, tt.x, tt.y, c, tt.want)
		}
	}
	bg := rgba8(clearColor)
	half := color.RGBA{uint8((int(quarters[0][0]) + int(bg.R)) / 2), uint8((int(quarters[0][1]) + int(bg.G)) / 2), uint8((int(quarters[0][2]) + int(bg.B)) / 2), 255}
	if c := got.RGBAAt(80, 72); !near(c, half, 3) {
		t.Errorf("half-transparent sprite: got %v, want %v", c, half)
	}
	if st.DrawCalls != 1 {
		t.Errorf("sprites of one image and text: %d draw calls, want 1", st.DrawCalls)
	}
	compareGolden(t, "testdata/sprites.png", got)
}

func TestNineSliceKeepsCorners(t *testing.T) {
	// A 4×4 image with a 1-texel red frame around a white centre; borders
	// of a quarter of the image drawn 8 pixels wide, in panels of two sizes.
	var lib asset.Library
	img := must(lib.AddImage("frame", solidImage(4, 4, asset.SRGB, func(x, y int) [4]byte {
		if x == 0 || y == 0 || x == 3 || y == 3 {
			return [4]byte{230, 30, 30, 255}
		}
		return [4]byte{250, 250, 250, 255}
	})))
	border := [4]float32{0.25, 0.25, 0.25, 0.25}
	px := [4]float32{8, 8, 8, 8}
	win := openWindow(t, 128, 128, gl41.Options{Assets: &lib})
	f := hudFrame(128, func(l gfx.Layer) {
		l.AddNineSlice(img, 4, 4, 40, 40, border, px, gfx.RGB(1, 1, 1))
		l.AddNineSlice(img, 50, 20, 70, 100, border, px, gfx.RGB(1, 1, 1))
	})
	got, _ := render(t, win, f)
	red, white := color.RGBA{230, 30, 30, 255}, color.RGBA{250, 250, 250, 255}
	for _, p := range []struct {
		x, y int
		want color.RGBA
	}{
		{6, 6, red}, {24, 6, red}, {6, 24, red}, {24, 24, white}, {41, 41, red},
		{52, 22, red}, {85, 70, white}, {117, 117, red}, {85, 117, red}, {117, 70, red},
	} {
		if c := got.RGBAAt(p.x, p.y); !near(c, p.want, 24) {
			t.Errorf("(%d, %d): got %v, want %v", p.x, p.y, c, p.want)
		}
	}
	compareGolden(t, "testdata/nine-slice.png", got)
}

func TestSpriteRunsPerImage(t *testing.T) {
	var lib asset.Library
	a := must(lib.AddImage("a", quartersImage()))
	b := must(lib.AddImage("b", solidImage(1, 1, asset.SRGB, func(int, int) [4]byte { return [4]byte{1, 2, 3, 255} })))
	win := openWindow(t, 64, 64, gl41.Options{Assets: &lib})
	tests := []struct {
		images []gfx.ImageID
		calls  int
	}{
		{[]gfx.ImageID{a, a, a}, 1},
		{[]gfx.ImageID{a, b}, 2},
		{[]gfx.ImageID{a, b, a}, 3},
		{[]gfx.ImageID{a, 99, a}, 1}, // an unknown image is skipped, and reported
	}
	for _, tt := range tests {
		f := hudFrame(64, func(l gfx.Layer) {
			l.AddRect(0, 0, 10, 10, gfx.RGB(1, 1, 1))
			for i, im := range tt.images {
				l.AddSprite(im, float32(8*i), 0, 8, 8, gfx.RGB(1, 1, 1))
				l.AddText(0, 20, gfx.RGB(1, 1, 1), "x")
			}
		})
		var err error
		var st gl41.Stats
		mainthread.Call(func() {
			err = win.Renderer().Render(f)
			st = win.Renderer().Stats()
		})
		if st.DrawCalls != tt.calls {
			t.Errorf("images %v: %d draw calls, want %d", tt.images, st.DrawCalls, tt.calls)
		}
		if unknown := tt.images[1] == 99; unknown != (err != nil) {
			t.Errorf("images %v: error %v", tt.images, err)
		}
	}
}
