package gfxtest

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that keeps Errorf's messages instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestCompareGolden(t *testing.T) {
	fill := func(c color.RGBA, odd int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 20, 20))
		for i := range 400 {
			p := c
			if i < odd {
				p.R += 100
			}
			img.SetRGBA(i%20, i/20, p)
		}
		return img
	}
	grey := color.RGBA{100, 100, 100, 255}
	tests := []struct {
		name string
		img  *image.RGBA
		fail bool
	}{
		{"same", fill(grey, 0), false},
		{"within the channel tolerance", fill(color.RGBA{104, 96, 100, 255}, 0), false},
		{"alpha beyond the tolerance", fill(color.RGBA{100, 100, 100, 250}, 0), true},
		{"one pixel of 400 far off (0.25%)", fill(grey, 1), false},
		{"three pixels of 400 far off (0.75%)", fill(grey, 3), true},
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "g.png")
	CompareGolden(t, path, fill(grey, 0), true)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{TB: t}
			CompareGolden(r, path, tc.img, false)
			if failed := len(r.errs) > 0; failed != tc.fail {
				t.Fatalf("failed %v (%q), want %v", failed, r.errs, tc.fail)
			}
			_, err := os.Stat(filepath.Join(dir, "g.actual.png"))
			if wrote := err == nil; wrote != tc.fail {
				t.Errorf("wrote g.actual.png: %v, want %v", wrote, tc.fail)
			}
			os.Remove(filepath.Join(dir, "g.actual.png"))
		})
	}
}
