package gl41_test

import (
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// BenchmarkHDR draws complete frames (Render, glFinish) of the arena of
// BenchmarkLighting (1000 Lambert cubes, the Neutral tone map, no
// shadows) at 1280×720 with HDR off and on, without and with 4× MSAA.
// Switching HDR rebuilds the scene programs, so the ways alternate in
// blocks, each block's first frame untimed. Metrics: each way's ms per
// frame and the HDR path's extra ms (the float target and the pass).
func BenchmarkHDR(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	f := litScene(1000, 0, 0, gfx.Environment{ToneMap: gfx.ToneNeutral})
	ways := []struct {
		name string
		g    gfx.Graphics
	}{
		{"off", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1, HDR: gfx.HDROff}},
		{"hdr", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1, HDR: gfx.HDROn}},
		{"off-msaa4", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 4, HDR: gfx.HDROff}},
		{"hdr-msaa4", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 4, HDR: gfx.HDROn}},
	}
	const block = 3
	var spent [4]time.Duration
	var err error
	mainthread.Call(func() {
		r := win.Renderer()
		defer r.SetGraphics(gfx.Graphics{})
		frame := func() time.Duration {
			t0 := time.Now()
			if e := r.Render(f); e != nil && err == nil {
				err = e
			}
			r.Finish()
			return time.Since(t0)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for k, w := range ways {
				if e := r.SetGraphics(w.g); e != nil && err == nil {
					err = e
				}
				frame()
				for range block {
					spent[k] += frame()
				}
			}
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	ms := func(k int) float64 { return spent[k].Seconds() * 1000 / float64(b.N*block) }
	for k, w := range ways {
		b.ReportMetric(ms(k), w.name+"-ms/frame")
	}
	b.ReportMetric(ms(1)-ms(0), "hdr-extra-ms")
	b.ReportMetric(ms(3)-ms(2), "hdr-msaa4-extra-ms")
}
