package gl41_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// On a software rasteriser under glibc the renderer keeps the C heap's
// free memory between frames (llvmpipe frees and allocates its per-frame
// buffers); on a GPU it leaves malloc alone.
func TestSoftwareRasteriserKeepsTheCHeap(t *testing.T) {
	win := openWindow(t, 64, 64, gl41.Options{})
	name := win.Renderer().Name()
	software := strings.Contains(name, "llvmpipe") || strings.Contains(name, "softpipe")
	var kept bool
	mainthread.Call(func() { kept = gl41.HeapKeptForTest(win.Renderer()) })
	if want := software && gl41.GlibcForTest(); kept != want {
		t.Errorf("%s, glibc %v: heap kept %v, want %v", name, gl41.GlibcForTest(), kept, want)
	}
}

// BenchmarkKeepHeap draws the cube grid of 10k and 50k cubes at 1280×720
// without shadows or antialiasing, each frame swapped, alternately with
// glibc keeping the C heap's free memory (as New sets it on a software
// rasteriser) and with glibc's initial trim and mmap thresholds (once a
// program sets them glibc no longer raises them itself, so its dynamic
// default cannot be had back within one process). Metrics: each way's
// frames/s and kept/default, the ratio in the same run.
func BenchmarkKeepHeap(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	if !gl41.SetKeepHeapForTest(true) {
		b.Skip("not glibc: nothing to compare")
	}
	for _, n := range []int{10000, 50000} {
		f := cubeGrid(n)
		b.Run(fmt.Sprintf("cubes=%d", n), func(b *testing.B) {
			var err error
			mainthread.Call(func() {
				r := win.Renderer()
				if err = r.SetGraphics(gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}); err != nil {
					return
				}
				defer r.SetGraphics(gfx.Graphics{})
				defer gl41.SetKeepHeapForTest(true)
				frame := func(keep bool) time.Duration {
					gl41.SetKeepHeapForTest(keep)
					t := time.Now()
					if e := r.Render(f); e != nil && err == nil {
						err = e
					}
					if e := win.SwapBuffers(); e != nil && err == nil {
						err = e
					}
					return time.Since(t)
				}
				for range 3 {
					frame(true)
					frame(false)
				}
				var tk, td time.Duration
				b.ResetTimer()
				for i := range b.N {
					if i%2 == 0 {
						tk += frame(true)
						td += frame(false)
					} else {
						td += frame(false)
						tk += frame(true)
					}
				}
				b.StopTimer()
				fn := float64(b.N)
				b.ReportMetric(fn/tk.Seconds(), "kept-frames/s")
				b.ReportMetric(fn/td.Seconds(), "default-frames/s")
				b.ReportMetric(td.Seconds()/tk.Seconds(), "kept/default")
			})
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}
