package window

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// PollEvents processes pending window-system events and appends them to
// dst as input.Events, each stamped with stamp() when GLFW delivered it;
// it returns the extended slice. Call it once per frame on the main
// goroutine, before reading the clock for the frame. Events that arrive
// outside PollEvents (some platforms report resizes synchronously) are
// kept and delivered, stamped, by the next call. In steady state, with dst
// reused, it allocates nothing.
func (w *Window) PollEvents(dst []input.Event, stamp func() timing.Micros) []input.Event {
	if w.win == nil {
		return dst
	}
	if w.poll == nil {
		w.poll = w.pollAll // a method value, made once: not one per frame
	}
	return w.collect(dst, stamp, w.poll)
}

// pollAll polls GLFW's events, then the gamepads.
func (w *Window) pollAll() {
	pollGLFW()
	w.pollPads()
}

func pollGLFW() {
	var err error
	defer recoverGLFW(&err, "polling events")
	glfw.PollEvents()
}

// collect delivers pending events, then runs poll with the callbacks
// appending to dst.
func (w *Window) collect(dst []input.Event, stamp func() timing.Micros, poll func()) []input.Event {
	w.sink, w.stamp, w.polling = dst, stamp, true
	for _, e := range w.pending {
		w.push(e)
	}
	w.pending = w.pending[:0]
	poll()
	out := w.sink
	w.sink, w.stamp, w.polling = nil, nil, false
	return out
}

// push records one event: into the caller's slice during PollEvents, else
// into the pending queue.
func (w *Window) push(e input.Event) {
	if !w.polling {
		w.pending = append(w.pending, e)
		return
	}
	if w.stamp != nil {
		e.Time = w.stamp()
	}
	w.sink = append(w.sink, e)
}

// setCallbacks installs the GLFW callbacks once; the method values are
// allocated here, not per event.
func (w *Window) setCallbacks() {
	w.win.SetKeyCallback(w.onKey)
	w.win.SetMouseButtonCallback(w.onButton)
	w.win.SetCursorPosCallback(w.onCursor)
	w.win.SetCharCallback(w.onChar)
	w.win.SetScrollCallback(w.onScroll)
	w.win.SetFramebufferSizeCallback(w.onFramebufferSize)
	w.win.SetCloseCallback(w.onClose)
	w.win.SetFocusCallback(w.onFocus)
	w.win.SetIconifyCallback(w.onIconify)
}

func mods(m glfw.ModifierKey) input.Mods {
	return input.Mods(m) & (input.ModShift | input.ModControl | input.ModAlt | input.ModSuper)
}

func (w *Window) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, m glfw.ModifierKey) {
	e := input.Event{Key: input.Key(key), Mods: mods(m)}
	switch action {
	case glfw.Press:
		e.Kind = input.KeyPress
	case glfw.Release:
		e.Kind = input.KeyRelease
	case glfw.Repeat:
		e.Kind = input.KeyRepeat
	default:
		return
	}
	w.push(e)
}

func (w *Window) onButton(win *glfw.Window, b glfw.MouseButton, action glfw.Action, m glfw.ModifierKey) {
	if b < 0 || input.Button(b) > input.MaxButton {
		return
	}
	e := input.Event{Button: input.Button(b), Mods: mods(m)}
	switch action {
	case glfw.Press:
		e.Kind = input.ButtonPress
	case glfw.Release:
		e.Kind = input.ButtonRelease
	default:
		return
	}
	if win != nil {
		e.X, e.Y = w.toLogical(win.GetCursorPos())
	}
	w.push(e)
}

func (w *Window) onCursor(_ *glfw.Window, x, y float64) {
	x, y = w.toLogical(x, y)
	if w.captured {
		// Captured, the position is unbounded: what matters is how far the
		// mouse moved since the last event.
		if w.hasLast {
			w.push(input.Event{Kind: input.MouseMotion, X: x - w.lastX, Y: y - w.lastY})
		}
		w.lastX, w.lastY, w.hasLast = x, y, true
		return
	}
	w.push(input.Event{Kind: input.CursorMove, X: x, Y: y})
}

func (w *Window) onChar(_ *glfw.Window, r rune) {
	w.push(input.CharEvent(0, r))
}

func (w *Window) onScroll(_ *glfw.Window, dx, dy float64) {
	w.push(input.Event{Kind: input.Scroll, X: dx, Y: dy})
}

func (w *Window) onFramebufferSize(_ *glfw.Window, width, height int) {
	w.fbw, w.fbh = width, height
	w.push(input.Event{Kind: input.Resize, X: float64(width), Y: float64(height)})
}

func (w *Window) onClose(_ *glfw.Window) {
	w.push(input.Event{Kind: input.CloseRequest})
}

func (w *Window) onFocus(_ *glfw.Window, focused bool) {
	k := input.FocusLost
	if focused {
		k = input.FocusGained
	}
	w.push(input.Event{Kind: k})
}

func (w *Window) onIconify(_ *glfw.Window, iconified bool) {
	w.iconified = iconified
}
