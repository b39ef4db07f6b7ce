package gl41_test

import (
	"errors"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/gfx/text"
	"github.com/tickwork/tickwork/timing"
)

// bbox returns the bounds of the pixels that differ from the clear colour.
func bbox(img *image.RGBA) image.Rectangle {
	bg := rgba8(clearColor)
	var r image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !near(img.RGBAAt(x, y), bg, 2) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// waitResize polls events until the framebuffer has the wanted size and a
// matching Resize event arrived, and returns the events seen.
func waitResize(t *testing.T, win *window.Window, w, h int) []input.Event {
	t.Helper()
	var events []input.Event
	deadline := time.Now().Add(3 * time.Second)
	for {
		var fw, fh int
		mainthread.Call(func() {
			events = win.PollEvents(events, func() timing.Micros { return 1 })
			fw, fh = win.FramebufferSize()
		})
		seen := false
		for _, e := range events {
			if e.Kind == input.Resize && e.X == float64(w) && e.Y == float64(h) && e.Time == 1 {
				seen = true
			}
		}
		if fw == w && fh == h && seen {
			return events
		}
		if time.Now().After(deadline) {
			t.Fatalf("framebuffer is %d×%d, want %d×%d; events %v", fw, fh, w, h, events)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestResizeKeepsAspect(t *testing.T) {
	win := openWindow(t, 256, 256, gl41.Options{})
	f, _ := oneCube(256, 256, mgl32.Ident4())
	img, _ := render(t, win, f)
	square := bbox(img)
	if square.Dx() < 20 || abs(square.Dx()-square.Dy()) > 1 {
		t.Fatalf("cube at 256×256 covers %v, want a square", square)
	}

	var err error
	mainthread.Call(func() { err = win.SetSize(512, 256) })
	if err != nil {
		t.Fatal(err)
	}
	waitResize(t, win, 512, 256)

	// Like the game loop, swap before drawing at the new size: Mesa's
	// software rasteriser resizes its buffers at the swap.
	mainthread.Call(func() { err = win.SwapBuffers() })
	if err != nil {
		t.Fatal(err)
	}
	f.Width, f.Height = 512, 256
	img, _ = render(t, win, f)
	wide := bbox(img)
	if abs(wide.Dx()-wide.Dy()) > 1 {
		t.Errorf("after resize to 512×256 the cube covers %v (%d×%d), want a square", wide, wide.Dx(), wide.Dy())
	}
	if abs(wide.Dy()-square.Dy()) > 1 {
		t.Errorf("cube height changed from %d to %d with the same window height", square.Dy(), wide.Dy())
	}
	if c := wide.Min.Add(wide.Max).Div(2); abs(c.X-256) > 1 || abs(c.Y-128) > 1 {
		t.Errorf("cube centred at %v, want (256,128)", c)
	}
}

func abs(x int) int { return max(x, -x) }

func TestMinimise(t *testing.T) {
	win := openWindow(t, 128, 128, gl41.Options{})
	var err error
	mainthread.Call(func() { err = win.Iconify() })
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		var w, h int
		mainthread.Call(func() {
			win.PollEvents(nil, nil)
			w, h = win.FramebufferSize()
		})
		f, _ := oneCube(w, h, mgl32.Ident4())
		render(t, win, f) // fails the test on a GL error
	}
	mainthread.Call(func() { err = win.Restore() })
	if err != nil {
		t.Fatal(err)
	}
	f, _ := oneCube(128, 128, mgl32.Ident4())
	render(t, win, f)
}

func TestHUD(t *testing.T) {
	const w, h = 200, 120
	win := openWindow(t, w, h, gl41.Options{})
	f := &gfx.Picture{}
	f.Reset(w, h, gfx.Color{A: 1})
	green := gfx.RGB(0, 1, 0)
	f.HUD.Layer(0).AddRect(10, 10, 40, 20, green)
	f.HUD.Layer(0).AddRect(60, 10, 40, 20, gfx.Color{R: 1, A: 0.5})
	f.HUD.Layer(0).AddText(20, 60, gfx.RGB(1, 1, 1), "Hi! 42")
	// No Go font has 中: the face's replacement glyph is drawn, visibly.
	f.HUD.Texts = append(f.HUD.Texts, gfx.Text{X: 120, Y: 60, Scale: 2, Color: gfx.RGB(1, 1, 0), S: "中"})
	img, st := render(t, win, f)

	if st.DrawCalls != 1 {
		t.Errorf("HUD took %d draw calls, want 1", st.DrawCalls)
	}
	if want := 2 + 5 + 1; st.HUDQuads != want { // rects, glyphs without the space, replacement
		t.Errorf("HUD quads %d, want %d", st.HUDQuads, want)
	}
	if got := img.RGBAAt(30, 20); !near(got, rgba8(green), 0) {
		t.Errorf("inside the green rect: %v", got)
	}
	if got, want := img.RGBAAt(80, 20), rgba8(gfx.RGB(0.5, 0, 0)); !near(got, want, 2) {
		t.Errorf("inside the half-transparent red rect: %v, want %v", got, want)
	}
	if got := img.RGBAAt(55, 20); !near(got, rgba8(gfx.Color{A: 1}), 0) {
		t.Errorf("between the rects: %v, want background", got)
	}
	// Text without a face is drawn with text.Default: its Measure is the
	// text's box (give or take a pixel of anti-aliased overhang).
	def, err := text.Default()
	if err != nil {
		t.Fatal(err)
	}
	m := def.Measure("Hi! 42", text.Options{})
	box := image.Rect(19, 59, 21+int(m.Width), 61+int(m.Height))
	ink := 0
	for y := 40; y < 100; y++ {
		for x := 0; x < 110; x++ {
			if c := img.RGBAAt(x, y); c.R > 0 || c.G > 0 || c.B > 0 {
				if !image.Pt(x, y).In(box) {
					t.Fatalf("text pixel %v outside its box %v", image.Pt(x, y), box)
				}
				ink++
			}
		}
	}
	if ink < 20 {
		t.Errorf("text drew %d pixels, want some", ink)
	}
	rep := 0
	for y := 60; y < 60+2*int(m.Height); y++ {
		for x := 120; x < w; x++ {
			if c := img.RGBAAt(x, y); c.R > 0 {
				rep++
			}
		}
	}
	if rep == 0 {
		t.Error("replacement glyph at scale 2 drew nothing")
	}
}

// A layer's rectangle covers the text of the layers below it, although
// within a layer rectangles come first: a pause overlay dims gameplay text.
func TestHUDLayers(t *testing.T) {
	const w, h = 120, 60
	win := openWindow(t, w, h, gl41.Options{})
	f := &gfx.Picture{}
	f.Reset(w, h, gfx.Color{A: 1})
	f.HUD.Layer(0).AddTextScaled(10, 10, 3, gfx.RGB(1, 1, 1), "##") // layer 0: big white glyphs
	f.HUD.Layer(1).AddRect(0, 0, w, h, gfx.Color{A: 0.5})           // layer 1: dims everything below
	f.HUD.Layer(1).AddText(10, 40, gfx.RGB(0, 1, 0), "#")           // layer 1: drawn over its own rect
	img, st := render(t, win, f)
	if st.DrawCalls != 1 {
		t.Errorf("layered HUD took %d draw calls, want 1", st.DrawCalls)
	}
	brightest, green := 0, 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := img.RGBAAt(x, y)
			if y < 40 {
				brightest = max(brightest, int(c.R))
			} else if c.G > 200 && c.R == 0 {
				green++
			}
		}
	}
	if brightest < 100 || brightest > 140 {
		t.Errorf("layer-0 text under a layer-1 half-black rect: brightest red %d, want ≈128 (dimmed)", brightest)
	}
	if green == 0 {
		t.Error("layer-1 text is not drawn over layer 1's rect")
	}
}

func TestShaderErrorNamesFileAndLog(t *testing.T) {
	win := openWindow(t, 32, 32, gl41.Options{})
	const vs = "#version 410 core\nvoid main() { gl_Position = vec4(0.0); }\n"
	const badFS = "#version 410 core\nout vec4 c;\nvoid main() { c = vec4(undeclared_thing); }\n"
	const goodFS = "#version 410 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"
	const badVS = "#version 410 core\nvoid main() { gl_Position = nope; }\n"
	tests := []struct {
		name, wantFile, vs, fs string
	}{
		{"fragment", "broken.frag", vs, badFS},
		{"vertex", "broken.vert", badVS, goodFS},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err, glErr error
			mainthread.Call(func() {
				err = gl41.CompileForTest(win.Renderer(), "broken.vert", tt.vs, "broken.frag", tt.fs)
				glErr = win.Renderer().CheckError()
			})
			var se *gl41.ShaderError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *ShaderError", err)
			}
			if se.File != tt.wantFile || se.Stage != tt.name || strings.TrimSpace(se.Log) == "" {
				t.Errorf("got file %q stage %q log %q", se.File, se.Stage, se.Log)
			}
			if !strings.Contains(err.Error(), tt.wantFile) || !strings.Contains(err.Error(), se.Log[:10]) {
				t.Errorf("message %q lacks the file name or the log", err)
			}
			if glErr != nil {
				t.Error(glErr)
			}
		})
	}
	var err error
	mainthread.Call(func() { err = gl41.CompileForTest(win.Renderer(), "ok.vert", vs, "ok.frag", goodFS) })
	if err != nil {
		t.Errorf("valid program: %v", err)
	}
}

// Screenshot returns the frame drawn, at the framebuffer's size, top row
// first; writing it is the engine's (engine.Game.Window().Screenshot).
func TestScreenshotTopRowFirst(t *testing.T) {
	win := openWindow(t, 96, 64, gl41.Options{})
	f, _ := oneCube(96, 64, mgl32.Ident4())
	render(t, win, f)
	var (
		img *image.RGBA
		err error
	)
	mainthread.Call(func() { img, err = win.Renderer().Screenshot() })
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, 96, 64) {
		t.Errorf("screenshot is %v, want 96×64", img.Bounds())
	}
	// Top row first: the top-left corner is background, the centre the cube.
	if got := img.RGBAAt(0, 0); !near(got, rgba8(clearColor), 1) {
		t.Errorf("corner is %v, want the clear colour", got)
	}
	if got := img.RGBAAt(48, 32); near(got, rgba8(clearColor), 1) {
		t.Errorf("centre is %v, the clear colour: want the cube", got)
	}
}

func TestScreenshotBeforeAnyFrame(t *testing.T) {
	win := openWindow(t, 32, 32, gl41.Options{})
	var err error
	mainthread.Call(func() { _, err = win.Renderer().Screenshot() })
	if err == nil {
		t.Error("Screenshot before Render: got nil error")
	}
}

func TestRenderAllocatesNothing(t *testing.T) {
	win := openWindow(t, 128, 128, gl41.Options{})
	cam := gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0, 30}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})}
	dl := &gfx.DrawList{Camera: cam}
	grid(dl, gfx.MeshCube, 500, 1, cubeColor)
	grid(dl, gfx.MeshSphere, 100, 1, cubeColor)
	f := &gfx.Picture{Width: 128, Height: 128, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
	f.HUD.Layer(0).AddRect(0, 0, 50, 10, gfx.RGB(1, 1, 1))
	f.HUD.Layer(0).AddText(0, 20, gfx.RGB(1, 1, 1), "FPS 60.0 TPS 30.0")
	for u := gl41.UploadOrphan; u.Valid(); u++ {
		var allocs float64
		var err error
		mainthread.Call(func() {
			r := win.Renderer()
			_ = r.SetUpload(u)
			for i := 0; i < 10; i++ { // reach steady state
				r.Render(f)
			}
			allocs = testing.AllocsPerRun(50, func() {
				if e := r.Render(f); e != nil {
					err = e
				}
			})
			if err == nil {
				err = r.CheckError()
			}
			_ = r.SetUpload(gl41.UploadOrphan)
		})
		if err != nil {
			t.Fatal(err)
		}
		if allocs != 0 {
			t.Errorf("%v: Render allocates %v times per frame, want 0", u, allocs)
		}
	}
}
