package window_test

import (
	"log"
	"time"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// A minimal frame loop on the main goroutine: poll, draw, swap. The engine's
// loop adds fixed ticks, interpolation and pacing around the same calls.
func Example() {
	w, err := window.Open(window.Config{Title: "demo"})
	if err != nil {
		log.Fatal(err) // without a display: run under xvfb-run -a
	}
	defer w.Close()

	start := time.Now()
	now := func() timing.Micros { return timing.Micros(time.Since(start).Microseconds()) }
	var events []input.Event
	var frame gfx.Picture
	for !w.ShouldClose() {
		events = w.PollEvents(events[:0], now)
		for _, e := range events {
			if e.Kind == input.KeyPress && e.Key == input.KeyEscape {
				w.SetShouldClose(true)
			}
		}
		fw, fh := w.FramebufferSize()
		frame.Reset(fw, fh, gfx.RGB(0.1, 0.1, 0.15))
		frame.HUD.Layer(0).AddText(8, 8, gfx.RGB(1, 1, 1), "hello")
		if fw > 0 && fh > 0 {
			if err := w.Renderer().Render(&frame); err != nil {
				log.Fatal(err)
			}
		}
		if err := w.SwapBuffers(); err != nil {
			log.Fatal(err)
		}
	}
}
