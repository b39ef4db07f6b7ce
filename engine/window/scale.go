package window

import (
	"fmt"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// MaxContentScale is the largest content scale Config.ContentScale takes.
const MaxContentScale = 8

// ContentScale returns the HUD's scale: how many framebuffer pixels one
// logical unit of the HUD (and of the cursor) spans. It is the monitor's
// content scale (2 on most HiDPI displays, set by the desktop), or the
// scale Config.ContentScale forced. The engine reads it once per frame.
func (w *Window) ContentScale() float32 { return w.scale }

// checkScale validates Config.ContentScale.
func checkScale(s float32) error {
	if s != 0 && !(s >= 0.25 && s <= MaxContentScale) {
		return fmt.Errorf("window: ContentScale %v: allowed 0 (the monitor's) or 0.25 to %d", s, MaxContentScale)
	}
	return nil
}

// initScale sets the scale from cfg or from the window's monitor, and
// follows the monitor's changes when it is not forced.
func (w *Window) initScale(forced float32) {
	w.forced = forced
	if forced > 0 {
		w.scale = forced
	} else {
		sx, _ := w.win.GetContentScale()
		w.scale = sane(sx)
		w.win.SetContentScaleCallback(func(_ *glfw.Window, x, _ float32) { w.scale = sane(x) })
	}
	w.winw, w.winh = w.win.GetSize()
	w.win.SetSizeCallback(func(_ *glfw.Window, width, height int) { w.winw, w.winh = width, height })
}

// sane turns what a driver reports into a usable scale (1 when absent).
func sane(s float32) float32 {
	if !(s >= 0.25 && s <= MaxContentScale) {
		return 1
	}
	return s
}

// toLogical converts a cursor position from screen coordinates to the
// HUD's logical units: screen coordinates are pixels on X11 and Windows
// and points on macOS, so the position is taken to framebuffer pixels
// first (framebuffer size ÷ window size), then divided by the scale.
func (w *Window) toLogical(x, y float64) (float64, float64) {
	fx, fy := 1.0, 1.0
	if w.winw > 0 && w.winh > 0 && w.fbw > 0 && w.fbh > 0 {
		fx, fy = float64(w.fbw)/float64(w.winw), float64(w.fbh)/float64(w.winh)
	}
	s := float64(w.scale)
	if s <= 0 {
		s = 1
	}
	return x * fx / s, y * fy / s
}
