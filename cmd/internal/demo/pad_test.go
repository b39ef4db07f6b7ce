package demo

import (
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

func TestPadPushesTheBallAtAnyPace(t *testing.T) {
	run := func(frames engine.FrameTimes, stick float64) (uint64, [2]float64) {
		h, g := play(t, Config{})
		h.Inject(5, input.PadConnectEvent(0, 0, true))
		h.Inject(10, input.PadAxisEvent(timing.Micros(10*33333), 0, input.PadLeftX, stick))
		h.Inject(40, input.PadAxisEvent(timing.Micros(40*33333), 0, input.PadLeftX, 0))
		if err := h.RunTicks(90, frames); err != nil {
			t.Fatal(err)
		}
		p := g.ball.State.Pos
		return h.Game.Hash(), [2]float64{p[0], p[2]}
	}
	h7, p7 := run(engine.Steady(7), 1)
	h240, p240 := run(engine.Jittered(240, 0.5, 9), 1)
	if h7 != h240 || p7 != p240 {
		t.Errorf("7 fps: hash %x ball %v; 240 fps ±50%%: hash %x ball %v; want the same", h7, p7, h240, p240)
	}
	if h0, p0 := run(engine.Steady(60), 0); h0 == h7 || p0 == p7 {
		t.Errorf("a stick at rest: hash %x ball %v, the same as pushed: the pad does nothing", h0, p0)
	}
}
