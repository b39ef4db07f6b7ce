package window

import (
	"errors"

	"github.com/go-gl/glfw/v3.3/glfw"
)

func (w *Window) interval() int {
	if w.vsync {
		return 1
	}
	return 0
}

// SetVSync sets the swap interval to 1 (on) or 0 (off). Some drivers (Xvfb,
// some compositors) ignore it; detecting that and pacing frames in software
// is the engine's job.
func (w *Window) SetVSync(on bool) {
	if w.win == nil {
		return
	}
	w.vsync = on
	var err error
	func() {
		defer recoverGLFW(&err, "setting the swap interval")
		w.win.MakeContextCurrent()
		glfw.SwapInterval(w.interval())
	}()
}

// VSync reports whether vsync was requested (not whether the driver honours
// it).
func (w *Window) VSync() bool { return w.vsync }

// RefreshRate returns the refresh rate in Hz of the window's monitor: the
// fullscreen monitor, else the monitor under the window's centre, else the
// primary monitor. It returns 0 when unknown (Xvfb reports 0). It queries
// GLFW and allocates: call it when the window opens or moves, not per frame.
func (w *Window) RefreshRate() (hz int) {
	if w.win == nil {
		return 0
	}
	var err error
	defer recoverGLFW(&err, "querying the refresh rate")
	m := w.monitor()
	if m == nil {
		return 0
	}
	mode := m.GetVideoMode()
	if mode == nil || mode.RefreshRate < 0 {
		return 0
	}
	return mode.RefreshRate
}

// monitor returns the window's monitor as RefreshRate describes, or nil.
func (w *Window) monitor() *glfw.Monitor {
	if m := w.win.GetMonitor(); m != nil {
		return m
	}
	if !positionsKnown {
		return glfw.GetPrimaryMonitor()
	}
	x, y := w.win.GetPos()
	sw, sh := w.win.GetSize()
	cx, cy := x+sw/2, y+sh/2
	for _, m := range glfw.GetMonitors() {
		mx, my := m.GetPos()
		mode := m.GetVideoMode()
		if mode != nil && cx >= mx && cx < mx+mode.Width && cy >= my && cy < my+mode.Height {
			return m
		}
	}
	return glfw.GetPrimaryMonitor()
}

// Fullscreen reports whether the window is fullscreen.
func (w *Window) Fullscreen() bool { return w.fullscreen }

// SetFullscreen switches between fullscreen, on the window's monitor at its
// current video mode, and windowed, restoring the position and size the
// window had before. The framebuffer size changes; PollEvents reports it.
func (w *Window) SetFullscreen(on bool) (err error) {
	if w.win == nil {
		return ErrClosed
	}
	if on == w.fullscreen {
		return nil
	}
	defer recoverGLFW(&err, "switching fullscreen")
	if on {
		m := w.monitor()
		if m == nil {
			return errors.New("window: fullscreen: no monitor")
		}
		mode := m.GetVideoMode()
		if mode == nil {
			return errors.New("window: fullscreen: the monitor reports no video mode")
		}
		var x, y int
		if positionsKnown {
			x, y = w.win.GetPos()
		}
		sw, sh := w.win.GetSize()
		w.windowed = [4]int{x, y, sw, sh}
		w.win.SetMonitor(m, 0, 0, mode.Width, mode.Height, mode.RefreshRate)
	} else {
		p := w.windowed
		w.win.SetMonitor(nil, p[0], p[1], p[2], p[3], 0)
	}
	w.fullscreen = on
	w.querySize()
	// Some platforms reset the swap interval with the mode.
	w.win.MakeContextCurrent()
	glfw.SwapInterval(w.interval())
	return nil
}
