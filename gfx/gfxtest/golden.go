// Package gfxtest holds what the tests of packages that draw share: a
// comparison of a rendered image with a golden PNG. It is for tests only.
package gfxtest

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// CompareGolden's tolerances: each channel may differ by channelTol
// levels, and up to maxDiffer of the pixels (edges rasterised differently
// by another Mesa version) may differ more.
const (
	channelTol = 4
	maxDiffer  = 0.005
)

// CompareGolden compares img with the golden PNG at path, within
// channelTol and maxDiffer, and fails t when they differ more, writing
// <name>.actual.png beside the golden. With update it rewrites the golden
// instead (a test's -update flag). Call it from the test's goroutine.
func CompareGolden(t testing.TB, path string, img *image.RGBA, update bool) {
	t.Helper()
	if update {
		if err := writePNG(path, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	gold := ReadPNG(t, path)
	if gold.Bounds() != img.Bounds() {
		t.Fatalf("golden %s is %v, image is %v", path, gold.Bounds(), img.Bounds())
	}
	bad := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := color.RGBAModel.Convert(gold.At(x, y)).(color.RGBA)
			if !near(img.RGBAAt(x, y), g, channelTol) {
				bad++
			}
		}
	}
	if frac := float64(bad) / float64(b.Dx()*b.Dy()); frac > maxDiffer {
		actual := path[:len(path)-len(filepath.Ext(path))] + ".actual.png"
		if err := writePNG(actual, img); err != nil {
			t.Error(err)
		}
		t.Errorf("%d pixels (%.2f%%) differ from %s by more than %d levels, max %.2f%%; wrote %s",
			bad, 100*frac, path, channelTol, 100*maxDiffer, actual)
	}
}

// ReadPNG decodes the PNG file at path, failing t (Fatal) when it cannot.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// near reports whether each channel of a and b, alpha included, differs
// by at most tol levels.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return max(int(x)-int(y), int(y)-int(x)) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// writePNG writes img to path as a PNG, replacing what is there.
func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("gfxtest: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("gfxtest: writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("gfxtest: %w", err)
	}
	return nil
}
