package demo

import (
	"math"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
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

// TestViewerLightOrbits: the viewer lights the model with a point light
// that goes round it: one light in each frame's draw list, at the same
// distance from the model, somewhere else a quarter period later.
func TestViewerLightOrbits(t *testing.T) {
	v := NewViewer(Config{Model: "assets/beacon.glb"})
	h := headless(t, v)
	ticks(t, h, 1)
	light := func() gfx.PunctualLight {
		t.Helper()
		ls := v.world.DrawList().Lights()
		if len(ls) != 1 {
			t.Fatalf("%d point lights drawn, want the viewer's one", len(ls))
		}
		return ls[0]
	}
	a := light()
	ticks(t, h, uint64(h.Game.Time().TickRate()*LampPeriod/4))
	b := light()
	if d := a.Position.Sub(b.Position).Len(); d < v.reach {
		t.Errorf("a quarter period later the light moved %g, want at least the model's radius %g", d, v.reach)
	}
	if ra, rb := a.Position.Sub(v.orbit.Target).Len(), b.Position.Sub(v.orbit.Target).Len(); math.Abs(float64(ra-rb)) > 1e-3*float64(ra) {
		t.Errorf("the light's distance from the model changed from %g to %g: want it to orbit", ra, rb)
	}
}
