package engine

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gfxtest"
)

// shotRenderer is a NullRenderer that has a screenshot: a 3×2 image whose
// top-left pixel is red.
type shotRenderer struct{ NullRenderer }

func (*shotRenderer) Screenshot() (*image.RGBA, error) {
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.SetRGBA(0, 0, color.RGBA{255, 0, 0, 255})
	return img, nil
}

// shoot starts a game drawing with r, asks for a screenshot at path and
// runs one frame; it returns ScreenshotErr.
func shoot(t *testing.T, r gfx.Renderer, path string) error {
	t.Helper()
	clk := &ManualClock{}
	g, err := New(Options{Clock: clk, NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Start(&liveWindow{w: 64, h: 48}, r, &probe{log: &journal{}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Stop() })
	g.Window().Screenshot(path)
	clk.Advance(40_000)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	return g.Window().ScreenshotErr()
}

// The engine writes the renderer's pixels as a PNG, atomically: a second
// screenshot replaces the first and leaves no temporary file.
func TestScreenshotWritesTheRenderersPixels(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot.png")
	for range 2 {
		if err := shoot(t, &shotRenderer{}, path); err != nil {
			t.Fatalf("ScreenshotErr: %v", err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %v, want only shot.png", entries)
	}
	img := gfxtest.ReadPNG(t, path)
	if img.Bounds() != image.Rect(0, 0, 3, 2) {
		t.Errorf("got a %v image, want 3×2", img.Bounds())
	}
	if r, g, b, a := img.At(0, 0).RGBA(); r != 0xffff || g != 0 || b != 0 || a != 0xffff {
		t.Errorf("top-left pixel is %v, want opaque red", img.At(0, 0))
	}
}

// A screenshot that cannot be written, or a renderer without screenshots,
// is an error that says why, and leaves nothing behind.
func TestScreenshotFailuresAreNamed(t *testing.T) {
	dir := t.TempDir()
	taken := filepath.Join(dir, "taken")
	if err := os.MkdirAll(filepath.Join(taken, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		r    gfx.Renderer
		path string
		want string
	}{
		{"a directory in the way", &shotRenderer{}, taken, "taken"},
		{"a missing directory", &shotRenderer{}, filepath.Join(dir, "missing", "a.png"), "a.png"},
		{"no screenshots", &NullRenderer{}, filepath.Join(dir, "b.png"), "cannot take screenshots"},
	} {
		err := shoot(t, c.r, c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "screenshot") {
			t.Errorf("%s: got %v, want a screenshot error naming %q", c.name, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %v, want only the blocking directory", entries)
	}
}
