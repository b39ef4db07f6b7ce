package gl41_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// benchScene fills a 1280×720 frame with n rotated cubes in a grid the
// camera frames whole, plus a small HUD like the engine's debug overlay.
func benchScene(n int) *gfx.Picture {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	dist := float32(side) * 0.55 / float32(math.Tan(float64(gfx.DefaultFovY)/2))
	dl := &gfx.DrawList{Camera: gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0, dist}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})}}
	dl.Reserve(gfx.MeshCube, n)
	for i := 0; i < n; i++ {
		x := (float32(i%side) - float32(side-1)/2) * 1.1
		y := (float32(i/side) - float32(side-1)/2) * 0.62
		m := mgl32.Translate3D(x, y, 0).
			Mul4(mgl32.HomogRotate3DY(float32(i) * 0.1)).
			Mul4(mgl32.HomogRotate3DX(0.4)).
			Mul4(mgl32.Scale3D(0.55, 0.55, 0.55))
		dl.Add(gfx.MeshCube, &m, gfx.RGB(float32(i%7)/7, 0.6, float32(i%5)/5))
	}
	f := &gfx.Picture{Width: 1280, Height: 720, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
	f.HUD.Layer(0).AddRect(8, 8, 260, 90, gfx.Color{A: 0.6})
	for i := 0; i < 6; i++ {
		f.HUD.Layer(0).AddText(14, float32(14+13*i), gfx.RGB(1, 1, 1), "TPS 30.0  FPS 60.0  frame 16.6 ms")
	}
	for i := 0; i < 120; i++ {
		f.HUD.Layer(0).AddRect(float32(8+2*i), 120, 2, float32(10+i%30), gfx.RGB(0.2, 1, 0.3))
	}
	return f
}

// BenchmarkRender draws complete frames (Render, then glFinish) of 1k, 10k
// and 20k instanced cubes at 1280×720 with each upload strategy. Metrics:
// frames/s; cpu-ms/frame, the renderer's own CPU time (Stats.CPUTime:
// Render without the driver's work inside draw calls); render-ms/frame, the
// whole Render call; upload-ms/frame; GL calls per frame.
func BenchmarkRender(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	for _, n := range []int{1000, 10000, 20000} {
		f := benchScene(n)
		for u := gl41.UploadOrphan; u.Valid(); u++ {
			b.Run(fmt.Sprintf("cubes=%d/%v", n, u), func(b *testing.B) {
				benchFrames(b, win, f, u, func(r *gl41.Renderer) error { r.Finish(); return nil })
			})
		}
	}
}

// BenchmarkRenderSwap is BenchmarkRender at 10k cubes paced by SwapBuffers
// instead of glFinish, as the game loop is: the CPU may run ahead of the
// rasteriser, so a strategy that must synchronise pays for it here.
func BenchmarkRenderSwap(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	f := benchScene(10000)
	for u := gl41.UploadOrphan; u.Valid(); u++ {
		b.Run(fmt.Sprintf("cubes=10000/%v", u), func(b *testing.B) {
			benchFrames(b, win, f, u, func(*gl41.Renderer) error { return win.SwapBuffers() })
		})
	}
}

func benchFrames(b *testing.B, win *window.Window, f *gfx.Picture, u gl41.Upload, present func(*gl41.Renderer) error) {
	var err error
	mainthread.Call(func() {
		r := win.Renderer()
		if err = r.SetUpload(u); err != nil {
			return
		}
		defer r.SetUpload(gl41.UploadOrphan)
		for i := 0; i < 5; i++ { // warm up: buffers reach their size
			r.Render(f)
			r.Finish()
		}
		var cpu, inRender, upload time.Duration
		var calls int
		b.ResetTimer()
		start := time.Now()
		for i := 0; i < b.N; i++ {
			if err = r.Render(f); err != nil {
				return
			}
			st := r.Stats()
			if err = present(r); err != nil {
				return
			}
			cpu += st.CPUTime
			inRender += st.RenderTime
			upload += st.UploadTime
			calls += st.GLCalls
		}
		r.Finish()
		elapsed := time.Since(start)
		b.StopTimer()
		if err = r.CheckError(); err != nil {
			return
		}
		fn := float64(b.N)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / fn }
		b.ReportMetric(fn/elapsed.Seconds(), "frames/s")
		b.ReportMetric(ms(cpu), "cpu-ms/frame")
		b.ReportMetric(ms(inRender), "render-ms/frame")
		b.ReportMetric(ms(upload), "upload-ms/frame")
		b.ReportMetric(float64(calls)/fn, "gl-calls/frame")
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkTexturedCubes draws 10k cubes untextured and 10k cubes with a
// mipmapped 256×256 sRGB texture, alternately, one complete frame
// (Render, glFinish) of each per iteration. Metrics: each kind's frames/s
// and textured/untextured, the frame-rate ratio measured in the same run
// (goal ≥ 0.9).
func BenchmarkTexturedCubes(b *testing.B) {
	var lib asset.Library
	img, err := lib.AddImage("bench", solidImage(256, 256, asset.SRGB, func(x, y int) [4]byte {
		return [4]byte{uint8(x), uint8(y), uint8(x ^ y), 255}
	}))
	if err != nil {
		b.Fatal(err)
	}
	mat, err := lib.AddMaterial("bench", &asset.Material{BaseTexture: img})
	if err != nil {
		b.Fatal(err)
	}
	win := openWindow(b, 1280, 720, gl41.Options{Assets: &lib})
	plain := benchScene(10000)
	textured := benchScene(10000)
	dl := textured.Scenes[0]
	cubes := dl.Batches()[0].Instances
	tex := &gfx.DrawList{Camera: dl.Camera}
	for i := range cubes {
		tex.AddWith(gfx.MeshCube, mat, &cubes[i].Model, cubes[i].Color)
	}
	textured.Scenes[0] = tex
	mainthread.Call(func() {
		r := win.Renderer()
		frame := func(f *gfx.Picture) time.Duration {
			t := time.Now()
			if e := r.Render(f); e != nil && err == nil {
				err = e
			}
			r.Finish()
			return time.Since(t)
		}
		for range 5 { // warm up: uploads, buffers at size
			frame(plain)
			frame(textured)
		}
		var tp, tt time.Duration
		b.ResetTimer()
		for range b.N {
			tp += frame(plain)
			tt += frame(textured)
		}
		b.StopTimer()
		fn := float64(b.N)
		b.ReportMetric(fn/tp.Seconds(), "untextured-frames/s")
		b.ReportMetric(fn/tt.Seconds(), "textured-frames/s")
		b.ReportMetric(tp.Seconds()/tt.Seconds(), "textured/untextured")
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkHUDText draws a HUD of about 2,000 glyphs of changing text (a
// score, a timer and 54 log lines, alternating between two contents) with
// the default face, nothing else. Metrics: the renderer's CPU time per
// frame (Render without the driver's work in draw calls) and allocations
// per frame (goal 0).
func BenchmarkHUDText(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	var frames [2]*gfx.Picture
	for k := range frames {
		f := &gfx.Picture{}
		f.Reset(1280, 720, clearColor)
		l := f.HUD.Layer(0)
		l.AddText(10, 10, gfx.RGB(1, 1, 1), fmt.Sprintf("SCORE %08d", 1234567+k*7))
		l.AddText(10, 30, gfx.RGB(1, 1, 1), fmt.Sprintf("TIME %02d:%02d.%03d", k, 59-k, 123*k))
		for i := range 54 {
			l.AddText(10, float32(50+12*i), gfx.RGB(0.8, 0.9, 1), fmt.Sprintf("[%05d] player %d picked up item %d at (%d, %d)", i+k, i%4, i*31+k, i*7, k*3))
		}
		frames[k] = f
	}
	var err error
	mainthread.Call(func() {
		r := win.Renderer()
		for i := range 6 {
			r.Render(frames[i%2])
			r.Finish()
		}
		var cpu time.Duration
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			if err = r.Render(frames[i%2]); err != nil {
				return
			}
			cpu += r.Stats().CPUTime
			r.Finish()
		}
		b.StopTimer()
		b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
		b.ReportMetric(float64(r.Stats().HUDQuads), "glyphs")
	})
	if err != nil {
		b.Fatal(err)
	}
}
