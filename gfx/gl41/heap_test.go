package gl41_test

import (
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
