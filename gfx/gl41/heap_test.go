package gl41_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/window/mainthread"
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
	keep := abWays{a: "kept", b: "default", restore: true,
		set: func(_ *gl41.Renderer, keep bool) { gl41.SetKeepHeapForTest(keep) }}
	for _, n := range []int{10000, 50000} {
		f := cubeGrid(n)
		b.Run(fmt.Sprintf("cubes=%d", n), func(b *testing.B) { benchAB(b, win, f, keep, 3, false) })
	}
}
