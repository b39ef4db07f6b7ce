package gl41_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// within reports whether some pixel within one pixel of x, y is near c.
func within(img *image.RGBA, x, y float32, c color.RGBA, tol int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if near(img.RGBAAt(int(x)+dx, int(y)+dy), c, tol) {
				return true
			}
		}
	}
	return false
}

// TestLinesGolden draws a cube with debug lines around and through it: a
// grid under it, a box around it and a line through it (depth-tested, so
// hidden inside the cube) and axes drawn on top (seen through the cube).
func TestLinesGolden(t *testing.T) {
	const size = 256
	win := openWindow(t, size, size, gl41.Options{})
	// Without antialiasing: a one-pixel line then has its exact colour
	// where the checks below look (MSAA blends a line's partly covered
	// pixels with what is behind it).
	setGraphics(t, win, gfx.Graphics{MSAA: 1})
	dl := &gfx.DrawList{Light: testLight}
	dl.Camera.LookAt(mgl32.Vec3{3, 2.5, 4}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	ident := mgl32.Ident4()
	dl.Add(gfx.MeshCube, &ident, cubeColor)

	var world, top gfx.LineBuffer
	world.Grid(mgl32.Vec3{0, -0.5, 0}, 8, 0.5, gfx.RGB(0.5, 0.5, 0.5))
	world.Box(mgl32.Vec3{-0.6, -0.5, -0.6}, mgl32.Vec3{0.6, 0.7, 0.6}, gfx.RGB(1, 0.9, 0))
	magenta := gfx.RGB(1, 0, 1)
	world.Line(mgl32.Vec3{-1.5, 0.1, 0}, mgl32.Vec3{1.5, 0.1, 0}, magenta)
	world.Sphere(mgl32.Vec3{1.6, 0.2, -1.2}, 0.4, gfx.RGB(0, 0.9, 0.9))
	world.Arrow(mgl32.Vec3{-1.2, -0.5, 1.2}, mgl32.Vec3{-1.2, 0.8, 1.2}, gfx.RGB(1, 1, 1))
	top.OnTop = true
	top.Axes(&ident, 1.2)
	dl.AddLines(&world)
	dl.AddLines(&top)

	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	img, st := render(t, win, f)

	if want := world.Len() + top.Len(); st.Lines != want || st.DrawCalls != 2 {
		t.Errorf("stats: %d lines in %d draw calls; want %d lines, 2 draw calls (the cube, then every line)", st.Lines, st.DrawCalls, want)
	}
	px := func(p mgl32.Vec3) (float32, float32) {
		x, y, ok := dl.Camera.ToHUD(p, size, size)
		if !ok {
			t.Fatalf("%v is behind the camera", p)
		}
		return x, y
	}
	for _, tc := range []struct {
		name  string
		p     mgl32.Vec3
		c     gfx.Color
		shown bool
	}{
		{"x axis inside the cube, on top", mgl32.Vec3{0.3, 0, 0}, gfx.RGB(0.9, 0.16, 0.16), true},
		{"depth-tested line outside the cube", mgl32.Vec3{-1.2, 0.1, 0}, magenta, true},
		{"depth-tested line inside the cube", mgl32.Vec3{0, 0.1, 0}, magenta, false},
		{"grid corner behind the cube", mgl32.Vec3{-2, -0.5, -2}, gfx.RGB(0.5, 0.5, 0.5), false},
		{"grid corner nearest the camera", mgl32.Vec3{2, -0.5, 2}, gfx.RGB(0.5, 0.5, 0.5), true},
	} {
		x, y := px(tc.p)
		if got := within(img, x, y, rgba8(tc.c), 12); got != tc.shown {
			t.Errorf("%s: colour %v near pixel (%.0f, %.0f): %v, want %v (pixel %v)", tc.name, rgba8(tc.c), x, y, got, tc.shown, img.RGBAAt(int(x), int(y)))
		}
	}
	compareGolden(t, "testdata/lines.png", img)
}

// BenchmarkRenderLines draws frames of 10,000 debug lines (a third of them
// on top) at 1280×720: cpu-ms/frame is the renderer's own CPU time
// (gathering the buffers and uploading them), without the driver's work
// inside the draw call.
func BenchmarkRenderLines(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	dl := &gfx.DrawList{Light: testLight}
	dl.Camera.LookAt(mgl32.Vec3{0, 30, 60}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	var world, top gfx.LineBuffer
	top.OnTop = true
	for i := range 10000 {
		x, z := float32(i%100)-50, float32(i/100)-50
		l := &world
		if i%3 == 0 {
			l = &top
		}
		l.Line(mgl32.Vec3{x, 0, z}, mgl32.Vec3{x + 0.5, 1, z}, gfx.RGB(0.3, 0.9, 0.5))
	}
	dl.AddLines(&world)
	dl.AddLines(&top)
	f := &gfx.Picture{}
	f.Reset(1280, 720, clearColor)
	f.AddScene(dl)
	benchFrames(b, win, f, gl41.UploadOrphan, func(r *gl41.Renderer) error { r.Finish(); return nil })
}
