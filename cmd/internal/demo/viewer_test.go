package demo

import (
	"math"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
)

func TestViewerMouseLook(t *testing.T) {
	v := NewViewer(Config{Model: "assets/beacon.glb"})
	h := headless(t, v)
	ticks(t, h, 3)
	yaw, pitch := v.orbit.Yaw, v.orbit.Pitch
	// Right button down: the cursor is captured; the tick's motion turns
	// the camera; released, the cursor is free again.
	h.Inject(4, input.Event{Kind: input.ButtonPress, Button: input.ButtonRight},
		input.Event{Kind: input.MouseMotion, X: 100, Y: -20}, input.Event{Kind: input.MouseMotion, X: 20, Y: 0})
	ticks(t, h, 2)
	if got := h.Game.Window().CursorMode(); got != input.CursorCaptured {
		t.Errorf("right button held: cursor %v, want captured", got)
	}
	if d := float64(v.orbit.Yaw - yaw); math.Abs(d+120*0.005) > 1e-6 {
		t.Errorf("yaw turned by %v, want %v (120 units of motion)", d, -120*0.005)
	}
	if d := float64(v.orbit.Pitch - pitch); math.Abs(d-20*0.005) > 1e-6 {
		t.Errorf("pitch turned by %v, want %v", d, 20*0.005)
	}
	h.Inject(6, input.Event{Kind: input.ButtonRelease, Button: input.ButtonRight})
	ticks(t, h, 2)
	if got := h.Game.Window().CursorMode(); got != input.CursorNormal {
		t.Errorf("right button released: cursor %v, want normal", got)
	}
	if v.anim == nil || v.anim.Time() <= 0 {
		t.Error("the model's first animation is not playing")
	}
}
