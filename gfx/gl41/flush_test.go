package gl41_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// A software rasteriser is flushed every flushTriangles (65,536)
// triangles, a batch split where the count falls; the frame is the same
// as drawn without flushes, and a GPU is never flushed.
func TestSoftwareRasteriserFlushedMidFrame(t *testing.T) {
	const w, h = 320, 180
	win := openWindow(t, w, h, gl41.Options{})
	software := strings.Contains(win.Renderer().Name(), "llvmpipe")
	cases := []struct {
		name    string
		n       int // cubes of 12 triangles
		colours int // batches: the full layout when more than one
		flushes int // on a software rasteriser
	}{
		{"1000 cubes", 1000, 1, 0},
		{"5461 cubes: 65,532 triangles", 5461, 1, 0},
		{"5462 cubes: 65,544 triangles", 5462, 1, 1},
		{"12000 cubes, lean", 12000, 1, 2},
		{"12000 cubes, full layout", 12000, 7, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := benchScene(c.n)
			f.Width, f.Height = w, h
			f.HUD = gfx.HUD{}
			cubes := f.Scenes[0].Batches()[0].Instances
			for i := range cubes {
				cubes[i].Color = gfx.RGB(0.9, 0.5, float32(i%c.colours)/7)
			}
			got, st := render(t, win, f)
			mainthread.Call(func() { gl41.SetFlushForTest(win.Renderer(), false) })
			want, wst := render(t, win, f)
			mainthread.Call(func() { gl41.SetFlushForTest(win.Renderer(), true) })
			flushes := c.flushes
			if !software {
				flushes = 0
			}
			if st.Flushes != flushes || wst.Flushes != 0 {
				t.Errorf("%d flushes, %d with flushing off; want %d, 0", st.Flushes, wst.Flushes, flushes)
			}
			if st.DrawCalls != 1 || st.Instances != c.n {
				t.Errorf("%d draw calls of %d instances, want 1 (however split) of %d", st.DrawCalls, st.Instances, c.n)
			}
			if d := maxDiff(got, want); d != 0 {
				t.Errorf("flushed and unflushed frames differ by up to %d levels, want 0", d)
			}
			if n := covered(got); n < w*h/10 {
				t.Errorf("%d pixels drawn, want at least 10%%: the cubes are not in view", n)
			}
		})
	}
}

// cubeGrid is n cubes on a square grid in the y = 0 plane, 2 apart, each
// turned differently, seen from above and in front at 45° down, as the
// peer comparison's cube scene (cmd/framebench) frames them.
func cubeGrid(n int) *gfx.Picture {
	cols := 1
	for cols*cols < n {
		cols++
	}
	d := 1.3*float32(cols) + 3
	dl := &gfx.DrawList{Camera: gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, d, d}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}),
		FovY: mgl32.DegToRad(45), Near: 0.1, Far: 1000}}
	dl.Reserve(gfx.MeshCube, n)
	for i := range n {
		c, r := i%cols, i/cols
		m := mgl32.Translate3D((float32(c)-float32(cols-1)/2)*2, 0, (float32(r)-float32(cols-1)/2)*2).
			Mul4(mgl32.HomogRotate3D(float32(i)*0.7, mgl32.Vec3{0.3, 1, 0.2}.Normalize()))
		dl.Add(gfx.MeshCube, &m, gfx.RGB(1, 0.55, 0.2))
	}
	f := &gfx.Picture{}
	f.Reset(1280, 720, gfx.RGB(0.1, 0.13, 0.2))
	f.AddScene(dl)
	return f
}

// BenchmarkFlush draws the cube grid of 10k, 20k and 50k cubes at
// 1280×720 without shadows or antialiasing, each frame swapped as the game
// loop does, alternately with mid-frame flushes (the default on a software
// rasteriser) and without. Metrics: each way's frames/s and
// flushed/unflushed, the ratio in the same run.
func BenchmarkFlush(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	flush := abWays{a: "flushed", b: "unflushed", set: gl41.SetFlushForTest, restore: true}
	for _, n := range []int{10000, 20000, 50000} {
		f := cubeGrid(n)
		b.Run(fmt.Sprintf("cubes=%d", n), func(b *testing.B) { benchAB(b, win, f, flush, 3, false) })
	}
}
