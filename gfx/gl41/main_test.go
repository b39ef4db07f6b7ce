package gl41_test

import (
	"errors"
	"flag"
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

var update = flag.Bool("update", false, "rewrite golden images in testdata")

// GL work runs on the main thread: TestMain serves mainthread.Call while the
// tests run on their own goroutines.
func TestMain(m *testing.M) { os.Exit(mainthread.Run(m.Run)) }

// openWindow opens a hidden window of the given size for tb, closed when tb
// ends. It skips when no display can be opened.
func openWindow(tb testing.TB, w, h int, opts gl41.Options) *window.Window {
	tb.Helper()
	var win *window.Window
	var err error
	mainthread.Call(func() {
		win, err = window.Open(window.Config{Width: w, Height: h, Hidden: true, NoVSync: true, Renderer: opts})
	})
	if errors.Is(err, window.ErrNoDisplay) {
		tb.Skipf("no display for GL tests: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		var err error
		mainthread.Call(func() { err = win.Close() })
		if err != nil {
			tb.Errorf("closing window: %v", err)
		}
	})
	return win
}

// render draws f, checks for GL errors and reads the frame back.
func render(tb testing.TB, win *window.Window, f *gfx.Picture) (*image.RGBA, gl41.Stats) {
	tb.Helper()
	var (
		img   *image.RGBA
		stats gl41.Stats
		err   error
	)
	mainthread.Call(func() {
		win.MakeCurrent() // a test may hold several windows
		r := win.Renderer()
		if err = r.Render(f); err != nil {
			return
		}
		stats = r.Stats()
		if err = r.CheckError(); err != nil {
			return
		}
		if f.Width > 0 && f.Height > 0 {
			img, err = r.Screenshot()
		}
	})
	if err != nil {
		tb.Fatal(err)
	}
	return img, stats
}

var (
	clearColor = gfx.Color{R: 0.1, G: 0.1, B: 0.15, A: 1}
	cubeColor  = gfx.RGB(1, 0.5, 0.25)
	testLight  = gfx.Light{
		Dir:     mgl32.Vec3{-0.4, -1, -0.6},
		Color:   gfx.Color{R: 0.8, G: 0.8, B: 0.8, A: 1},
		Ambient: gfx.Color{R: 0.2, G: 0.2, B: 0.2, A: 1},
	}
)

// testCamera looks at the origin from 3 units along +Z.
func testCamera() gfx.Camera {
	var c gfx.Camera
	c.LookAt(mgl32.Vec3{0, 0, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	return c
}

// oneCube returns a frame with one cube with model matrix m.
func oneCube(w, h int, m mgl32.Mat4) (*gfx.Picture, *gfx.DrawList) {
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
	dl.Add(gfx.MeshCube, &m, cubeColor)
	f := &gfx.Picture{}
	f.Reset(w, h, clearColor)
	f.AddScene(dl)
	return f, dl
}

func rgba8(c gfx.Color) color.RGBA {
	q := func(v float32) uint8 { return uint8(min(max(v, 0), 1)*255 + 0.5) }
	return color.RGBA{q(c.R), q(c.G), q(c.B), q(c.A)}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return max(int(x)-int(y), int(y)-int(x)) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}
