package assetgen

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
)

// Texture sizes, in pixels (every texture is square).
const (
	CheckerSize = 256
	CrateSize   = 128
	LeafSize    = 64
)

// The textures are drawn in sRGB-encoded 8-bit colour, as PNG files and
// glTF base-colour textures store it.

// CheckerImage draws the floor texture: a checkerboard of 8×8 squares in
// two greys, each square outlined by a one-pixel line a little darker
// than the dark squares. It is opaque.
func CheckerImage() *image.RGBA {
	const cell = CheckerSize / 8
	light := color.RGBA{196, 198, 192, 255}
	dark := color.RGBA{112, 118, 124, 255}
	line := color.RGBA{92, 96, 102, 255}
	img := image.NewRGBA(image.Rect(0, 0, CheckerSize, CheckerSize))
	for y := range CheckerSize {
		for x := range CheckerSize {
			c := light
			if (x/cell+y/cell)%2 == 1 {
				c = dark
			}
			if x%cell == 0 || y%cell == 0 {
				c = line
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// CrateImage draws the crate texture: four horizontal planks with wood
// grain inside a frame, a diagonal brace and a nail at each corner. It is
// opaque and tiles only as a whole panel.
func CrateImage() *image.RGBA {
	const (
		frame = 12 // the frame's width
		plank = (CrateSize - 2*frame) / 4
		brace = 7 // half the brace's width, measured across it
	)
	img := image.NewRGBA(image.Rect(0, 0, CrateSize, CrateSize))
	plankColor := [3]float64{146, 100, 58}
	frameColor := [3]float64{184, 136, 80}
	for y := range CrateSize {
		for x := range CrateSize {
			inFrame := x < frame || y < frame || x >= CrateSize-frame || y >= CrateSize-frame
			// The brace runs from the bottom-left to the top-right corner
			// of the inner panel; d is the distance from its centre line.
			d := math.Abs(float64(x+y-(CrateSize-1))) / math.Sqrt2
			var rgb [3]float64
			var shade float64
			switch {
			case inFrame:
				rgb = frameColor
				shade = 1 + 0.05*math.Sin(float64(x+y)*0.5+2*math.Sin(float64(x-y)*0.05))
				edge := min(x, y, CrateSize-1-x, CrateSize-1-y)
				if edge < 2 || edge == frame-1 {
					shade *= 0.6
				}
			case d < brace:
				rgb = frameColor
				shade = 1 + 0.05*math.Sin(float64(x-y)*0.6)
				if d > brace-1.5 {
					shade *= 0.65
				}
			default:
				rgb = plankColor
				k := (y - frame) / plank
				grain := math.Sin(float64(y)*1.1 + 3*math.Sin(float64(x)*0.06+float64(k)*1.7))
				shade = 1 + 0.07*grain
				if (y-frame)%plank == 0 {
					shade = 0.45 // the gap between two planks
				}
			}
			img.SetRGBA(x, y, rgba(rgb, shade, 255))
		}
	}
	for _, c := range [4][2]int{{5, 5}, {CrateSize - 7, 5}, {5, CrateSize - 7}, {CrateSize - 7, CrateSize - 7}} {
		for dy := range 3 {
			for dx := range 3 {
				img.SetRGBA(c[0]+dx, c[1]+dy, color.RGBA{70, 70, 74, 255})
			}
		}
	}
	return img
}

// LeafImage draws a leaf on a transparent background for alpha-mask
// tests: the leaf runs from its stalk at the bottom-left to its tip at the
// top-right, opaque inside, alpha 0 outside, with a few pixels of partial
// coverage along its edge. Transparent pixels keep the leaf's colour so
// that filtering does not darken the edge.
func LeafImage() *image.NRGBA {
	const (
		samples = 4 // per pixel and axis, for the edge's coverage
		base    = 6.0
		tip     = LeafSize - 6.0
	)
	img := image.NewNRGBA(image.Rect(0, 0, LeafSize, LeafSize))
	length := (tip - base) * math.Sqrt2
	// inside reports whether a point is on the leaf or its stalk, and where:
	// t along the midrib from stalk (0) to tip (1), s across it in pixels.
	inside := func(px, py float64) (ok bool, t, s float64) {
		u, v := px-base, (LeafSize-py)-base // v grows upwards
		t = (u + v) / math.Sqrt2 / length
		s = (u - v) / math.Sqrt2
		if t < 0.15 {
			return t > -0.02 && math.Abs(s) < 1.2, t, s
		}
		tt := (t - 0.15) / 0.85
		half := 0.32 * length * math.Pow(math.Sin(math.Pi*tt), 0.8)
		return tt < 1 && math.Abs(s) < half, t, s
	}
	green := [3]float64{74, 140, 52}
	for y := range LeafSize {
		for x := range LeafSize {
			n := 0
			for j := range samples {
				for i := range samples {
					if ok, _, _ := inside(float64(x)+(float64(i)+0.5)/samples, float64(y)+(float64(j)+0.5)/samples); ok {
						n++
					}
				}
			}
			alpha := uint8((n*255 + samples*samples/2) / (samples * samples))
			_, t, s := inside(float64(x)+0.5, float64(y)+0.5)
			shade := 0.85 + 0.3*t
			vein := math.Mod(t*7-math.Abs(s)/length*2.5+8, 1)
			switch {
			case math.Abs(s) < 0.8 || t < 0.15:
				shade *= 1.35 // the midrib and the stalk
			case vein < 0.08 && t > 0.2:
				shade *= 1.2
			}
			img.SetNRGBA(x, y, nrgba(green, shade, alpha))
		}
	}
	return img
}

func rgba(c [3]float64, shade float64, a uint8) color.RGBA {
	n := nrgba(c, shade, a)
	return color.RGBA{n.R, n.G, n.B, n.A}
}

func nrgba(c [3]float64, shade float64, a uint8) color.NRGBA {
	ch := func(v float64) uint8 { return uint8(math.Round(math.Min(255, math.Max(0, v*shade)))) }
	return color.NRGBA{ch(c[0]), ch(c[1]), ch(c[2]), a}
}

// encodePNG encodes img at the best compression, which is deterministic
// for a given Go release.
func encodePNG(name string, img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// CheckerPNG returns checker.png, CheckerImage encoded.
func CheckerPNG() ([]byte, error) { return encodePNG("checker.png", CheckerImage()) }

// CratePNG returns crate.png, CrateImage encoded.
func CratePNG() ([]byte, error) { return encodePNG("crate.png", CrateImage()) }

// LeafPNG returns leaf.png, LeafImage encoded.
func LeafPNG() ([]byte, error) { return encodePNG("leaf.png", LeafImage()) }
