package window

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

func TestCallbacksBecomeEvents(t *testing.T) {
	w := &Window{}
	var now timing.Micros = 100
	stamp := func() timing.Micros { now += 10; return now }

	// Outside PollEvents (a synchronous resize): kept for the next poll.
	w.onFramebufferSize(nil, 640, 480)

	got := w.collect(nil, stamp, func() {
		w.onKey(nil, glfw.KeyA, 0, glfw.Press, glfw.ModShift|glfw.ModCapsLock)
		w.onKey(nil, glfw.KeyEscape, 0, glfw.Repeat, 0)
		w.onKey(nil, glfw.KeyUnknown, 0, glfw.Release, glfw.ModSuper)
		w.onButton(nil, glfw.MouseButtonRight, glfw.Press, glfw.ModControl)
		w.onButton(nil, glfw.MouseButton(12), glfw.Press, 0) // out of range: dropped
		w.onCursor(nil, 1.5, 2.5)
		w.onScroll(nil, 0, -1)
		w.onClose(nil)
		w.onFocus(nil, false)
		w.onFocus(nil, true)
	})
	want := []input.Event{
		{Time: 110, Kind: input.Resize, X: 640, Y: 480},
		{Time: 120, Kind: input.KeyPress, Key: input.KeyA, Mods: input.ModShift},
		{Time: 130, Kind: input.KeyRepeat, Key: input.KeyEscape},
		{Time: 140, Kind: input.KeyRelease, Key: input.KeyUnknown, Mods: input.ModSuper},
		{Time: 150, Kind: input.ButtonPress, Button: input.ButtonRight, Mods: input.ModControl},
		{Time: 160, Kind: input.CursorMove, X: 1.5, Y: 2.5},
		{Time: 170, Kind: input.Scroll, X: 0, Y: -1},
		{Time: 180, Kind: input.CloseRequest},
		{Time: 190, Kind: input.FocusLost},
		{Time: 200, Kind: input.FocusGained},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d events %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: got %v %+v, want %+v", i, got[i], got[i], want[i])
		}
	}
	if len(w.pending) != 0 || w.sink != nil || w.polling {
		t.Errorf("state left after collect: pending %d, sink %v, polling %v", len(w.pending), w.sink, w.polling)
	}
}

func TestKeyCodesMatchGLFW(t *testing.T) {
	pairs := []struct {
		g glfw.Key
		k input.Key
	}{
		{glfw.KeySpace, input.KeySpace}, {glfw.Key0, input.Key0}, {glfw.KeyZ, input.KeyZ},
		{glfw.KeyEscape, input.KeyEscape}, {glfw.KeyF12, input.KeyF12}, {glfw.KeyKP0, input.KeyKP0},
		{glfw.KeyLeftShift, input.KeyLeftShift}, {glfw.KeyRightSuper, input.KeyRightSuper},
		{glfw.KeyLast, input.KeyLast}, {glfw.KeyUnknown, input.KeyUnknown},
	}
	for _, p := range pairs {
		if input.Key(p.g) != p.k {
			t.Errorf("GLFW key %d converts to %v, want %v", p.g, input.Key(p.g), p.k)
		}
	}
	if input.Mods(glfw.ModShift|glfw.ModControl|glfw.ModAlt|glfw.ModSuper) != input.ModShift|input.ModControl|input.ModAlt|input.ModSuper {
		t.Error("modifier bits differ from GLFW's")
	}
}

func TestIconifyCallback(t *testing.T) {
	w := &Window{}
	w.onIconify(nil, true)
	if !w.Iconified() {
		t.Error("Iconified() false after the iconify callback")
	}
	w.onIconify(nil, false)
	if w.Iconified() {
		t.Error("Iconified() true after restore")
	}
}

func TestTextAndMouseLookEvents(t *testing.T) {
	w := &Window{scale: 1}
	var now timing.Micros
	stamp := func() timing.Micros { now += 10; return now }
	got := w.collect(nil, stamp, func() {
		w.onChar(nil, 'n')
		w.onChar(nil, 'é')
		w.onCursor(nil, 100, 50) // not captured: a position
		w.captured = true        // as SetCursorMode(input.CursorCaptured) leaves it
		w.onCursor(nil, 400, 300)
		w.onCursor(nil, 410, 295) // captured: motion since the last position
		w.onCursor(nil, 5000, 295)
	})
	want := []input.Event{
		input.CharEvent(10, 'n'),
		input.CharEvent(20, 'é'),
		{Time: 30, Kind: input.CursorMove, X: 100, Y: 50},
		{Time: 40, Kind: input.MouseMotion, X: 10, Y: -5}, // the first captured move only sets the origin
		{Time: 50, Kind: input.MouseMotion, X: 4590, Y: 0},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d events %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: got %v, want %v", i, got[i], want[i])
		}
	}
	if r := got[1].Rune(); r != 'é' {
		t.Errorf("Rune: got %q, want 'é'", r)
	}
}

func TestGamepadsBecomeEvents(t *testing.T) {
	// A fake reader stands for GLFW: pad 1 connects, presses A, moves its
	// left stick and right trigger, releases A, then is unplugged.
	var script []padReading
	var frame int
	w := &Window{scale: 1, readPad: func(j int, dst *padReading) {
		*dst = padReading{}
		if j == 1 && frame < len(script) {
			*dst = script[frame]
		}
	}}
	connected := padReading{present: true}
	pressed := connected
	pressed.buttons[input.PadA] = true
	moved := pressed
	moved.axes[input.PadLeftX], moved.axes[input.PadRightTrigger] = -0.5, 0.75
	released := moved
	released.buttons[input.PadA] = false
	script = []padReading{connected, pressed, moved, released, {}}
	var now timing.Micros
	stamp := func() timing.Micros { now++; return now }
	var got []input.Event
	for frame = range len(script) {
		got = w.collect(got, stamp, w.pollPads)
	}
	want := []input.Event{
		input.PadConnectEvent(1, 1, true),
		input.PadButtonEvent(2, 1, input.PadA, true),
		input.PadAxisEvent(3, 1, input.PadLeftX, -0.5),
		input.PadAxisEvent(4, 1, input.PadRightTrigger, 0.75),
		input.PadButtonEvent(5, 1, input.PadA, false),
		input.PadConnectEvent(6, 1, false),
		input.PadAxisEvent(7, 1, input.PadLeftX, 0),
		input.PadAxisEvent(8, 1, input.PadRightTrigger, 0),
	}
	if len(got) != len(want) {
		t.Fatalf("got %d events %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: got %v, want %v", i, got[i], want[i])
		}
	}
}
