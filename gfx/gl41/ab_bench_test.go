package gl41_test

import (
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// abWays names the two ways an A/B benchmark draws the same picture:
// set(r, true) selects way a, set(r, false) way b; restore is the way
// left set when the benchmark ends.
type abWays struct {
	a, b    string
	set     func(r *gl41.Renderer, a bool)
	restore bool
	g       *gfx.Graphics // the settings both ways draw with (nil: no shadows, no antialiasing)
}

// benchAB draws p in two ways on the main thread, alternately frame by
// frame and with who goes first alternating, without shadows or
// antialiasing, after warm frames of each. A frame is Render then
// SwapBuffers (as the game loop does), or Render then Finish when finish
// is set. It reports each way's frames/s and b's time over a's, the ratio
// measured in the same run (above 1: way a is faster).
func benchAB(b *testing.B, win *window.Window, p *gfx.Picture, w abWays, warm int, finish bool) {
	b.Helper()
	var err error
	mainthread.Call(func() {
		r := win.Renderer()
		g := gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}
		if w.g != nil {
			g = *w.g
		}
		if err = r.SetGraphics(g); err != nil {
			return
		}
		defer r.SetGraphics(gfx.Graphics{})
		defer w.set(r, w.restore)
		frame := func(a bool) time.Duration {
			w.set(r, a)
			t := time.Now()
			if e := r.Render(p); e != nil && err == nil {
				err = e
			}
			if finish {
				r.Finish()
			} else if e := win.SwapBuffers(); e != nil && err == nil {
				err = e
			}
			return time.Since(t)
		}
		for range warm { // uploads, buffers at size
			frame(true)
			frame(false)
		}
		var ta, tb time.Duration
		b.ResetTimer()
		for i := range b.N {
			if i%2 == 0 {
				ta += frame(true)
				tb += frame(false)
			} else {
				tb += frame(false)
				ta += frame(true)
			}
		}
		b.StopTimer()
		fn := float64(b.N)
		b.ReportMetric(fn/ta.Seconds(), w.a+"-frames/s")
		b.ReportMetric(fn/tb.Seconds(), w.b+"-frames/s")
		b.ReportMetric(tb.Seconds()/ta.Seconds(), w.a+"/"+w.b)
	})
	if err != nil {
		b.Fatal(err)
	}
}
