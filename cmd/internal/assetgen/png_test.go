package assetgen

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

func decodePNG(t *testing.T, make func() ([]byte, error)) image.Image {
	t.Helper()
	b, err := make()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return img
}

// alphaCounts counts an image's fully transparent, partly transparent and
// opaque pixels.
func alphaCounts(img image.Image) (clear, partial, opaque int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			_, _, _, a := img.At(x, y).RGBA()
			switch a {
			case 0:
				clear++
			case 0xffff:
				opaque++
			default:
				partial++
			}
		}
	}
	return clear, partial, opaque
}

func TestPNGs(t *testing.T) {
	tests := []struct {
		name   string
		make   func() ([]byte, error)
		size   int
		opaque bool
	}{
		{"checker.png", CheckerPNG, CheckerSize, true},
		{"crate.png", CratePNG, CrateSize, true},
		{"leaf.png", LeafPNG, LeafSize, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := decodePNG(t, tt.make)
			if got := img.Bounds(); got != image.Rect(0, 0, tt.size, tt.size) {
				t.Errorf("bounds: got %v, want %dx%d", got, tt.size, tt.size)
			}
			clear, partial, opaque := alphaCounts(img)
			if tt.opaque && opaque != tt.size*tt.size {
				t.Errorf("got %d transparent and %d partly transparent pixels, want none", clear, partial)
			}
			colors := map[[3]uint32]bool{}
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					r, g, b, _ := img.At(x, y).RGBA()
					colors[[3]uint32{r, g, b}] = true
				}
			}
			if len(colors) < 3 {
				t.Errorf("got %d distinct colours, want a drawing", len(colors))
			}
		})
	}
}

func TestCheckerPattern(t *testing.T) {
	img := CheckerImage()
	const cell = CheckerSize / 8
	tests := []struct {
		name string
		a, b image.Point
		same bool
	}{
		{"square and its diagonal neighbour", image.Pt(cell/2, cell/2), image.Pt(cell+cell/2, cell+cell/2), true},
		{"square and its side neighbour", image.Pt(cell/2, cell/2), image.Pt(cell+cell/2, cell/2), false},
		{"grid line and square", image.Pt(cell, cell/2), image.Pt(cell+cell/2, cell/2), false},
		{"tiles across the edge", image.Pt(cell/2, cell/2), image.Pt(CheckerSize-cell/2, CheckerSize-cell/2), true},
	}
	for _, tt := range tests {
		got := img.At(tt.a.X, tt.a.Y) == img.At(tt.b.X, tt.b.Y)
		if got != tt.same {
			t.Errorf("%s: %v and %v the same colour: got %v, want %v", tt.name, tt.a, tt.b, got, tt.same)
		}
	}
}

func TestLeafAlpha(t *testing.T) {
	img := decodePNG(t, LeafPNG)
	if _, ok := img.(*image.NRGBA); !ok {
		t.Errorf("decoded as %T, want *image.NRGBA (an RGBA PNG, not premultiplied)", img)
	}
	clear, partial, opaque := alphaCounts(img)
	if clear == 0 || opaque == 0 || partial == 0 {
		t.Errorf("got %d clear, %d partial, %d opaque pixels: want some of each", clear, partial, opaque)
	}
	if opaque < LeafSize*LeafSize/5 {
		t.Errorf("got %d opaque pixels of %d, want the leaf to cover at least a fifth", opaque, LeafSize*LeafSize)
	}
	// The corners are off the leaf, its centre on it.
	n := img.(*image.NRGBA)
	for _, p := range []image.Point{{0, 0}, {LeafSize - 1, LeafSize - 1}} {
		if a := n.NRGBAAt(p.X, p.Y).A; a != 0 {
			t.Errorf("alpha at %v: got %d, want 0", p, a)
		}
	}
	if c := n.NRGBAAt(LeafSize/2, LeafSize/2); c.A != 255 {
		t.Errorf("alpha at the centre: got %d, want 255", c.A)
	}
	// Transparent pixels keep a green colour, so filtering does not bring
	// black into the leaf's edge.
	if c := n.NRGBAAt(0, 0); c.G < 100 || c.G <= c.R {
		t.Errorf("colour of a transparent pixel: got %v, want the leaf's green", c)
	}
}
