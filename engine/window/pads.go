package window

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/tickwork/tickwork/engine/input"
)

// padReading is one gamepad's state as GLFW's standard mapping gives it.
type padReading struct {
	present bool
	buttons [input.NumPadButtons]bool
	axes    [input.NumPadAxes]float32 // triggers already 0 to 1
}

// padReader reads gamepad j: GLFW's in a real window (readGLFWPad), a
// fake in tests, so the event path is tested without hardware.
type padReader func(j int, dst *padReading)

// readGLFWPad reads joystick j if it is a gamepad GLFW has a mapping for.
// GLFW's triggers run from -1 (released) to 1; they are mapped to 0 to 1.
// Reading a connected pad allocates a little (go-gl returns its state by
// pointer); with no pad connected nothing is allocated.
func readGLFWPad(j int, dst *padReading) {
	joy := glfw.Joystick(j)
	*dst = padReading{}
	if !joy.Present() || !joy.IsGamepad() {
		return
	}
	st := joy.GetGamepadState()
	if st == nil {
		return
	}
	dst.present = true
	for b := range dst.buttons {
		dst.buttons[b] = st.Buttons[b] == glfw.Press
	}
	for a := range dst.axes {
		v := st.Axes[a]
		if a >= int(input.PadLeftTrigger) {
			v = (v + 1) / 2
		}
		dst.axes[a] = v
	}
}

// pollPads compares each gamepad with its last reading and pushes what
// changed: connection, buttons, axes. Called during PollEvents, so the
// events are stamped with the frame's other input.
func (w *Window) pollPads() {
	if w.readPad == nil {
		return
	}
	now := &w.padNow // a field: a local passed to the reader would escape
	for j := range input.MaxPads {
		w.readPad(j, now)
		was := &w.pads[j]
		if now.present != was.present {
			w.push(input.PadConnectEvent(0, j, now.present))
		}
		for b := range now.buttons {
			if now.buttons[b] != was.buttons[b] {
				w.push(input.PadButtonEvent(0, j, input.PadButton(b), now.buttons[b]))
			}
		}
		for a := range now.axes {
			if now.axes[a] != was.axes[a] {
				w.push(input.PadAxisEvent(0, j, input.PadAxis(a), float64(now.axes[a])))
			}
		}
		*was = *now
	}
}
