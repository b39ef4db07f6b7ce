package demo

import (
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// TestArrowsPushTheBallAsTheStick: an arrow held pushes the ball exactly
// as gamepad 0's stick at full travel does for the same ticks, and both at
// once push no harder; keyboard and pad work side by side.
func TestArrowsPushTheBallAsTheStick(t *testing.T) {
	type push struct {
		key   input.Key
		axis  input.PadAxis
		stick float64
	}
	run := func(p push) (uint64, [2]float64) {
		h, g := play(t, Config{})
		h.Inject(5, input.PadConnectEvent(0, 0, true))
		if p.key != input.KeyUnknown {
			h.Inject(10, input.Event{Kind: input.KeyPress, Key: p.key})
			h.Inject(40, input.Event{Kind: input.KeyRelease, Key: p.key})
		}
		if p.stick != 0 {
			h.Inject(10, input.PadAxisEvent(timing.Micros(10*33333), 0, p.axis, p.stick))
			h.Inject(40, input.PadAxisEvent(timing.Micros(40*33333), 0, p.axis, 0))
		}
		if err := h.RunTicks(60, engine.Jittered(60, 0.5, 4)); err != nil {
			t.Fatal(err)
		}
		return h.Game.Hash(), [2]float64{g.ball.State.Pos[0], g.ball.State.Pos[2]}
	}
	rest, _ := run(push{})
	tests := []struct {
		name      string
		key, both push
	}{
		{"right", push{key: input.KeyRight}, push{input.KeyRight, input.PadLeftX, 1}},
		{"left", push{key: input.KeyLeft}, push{input.KeyLeft, input.PadLeftX, -1}},
		{"up (away, -z)", push{key: input.KeyUp}, push{input.KeyUp, input.PadLeftY, -1}},
		{"down (near, +z)", push{key: input.KeyDown}, push{input.KeyDown, input.PadLeftY, 1}},
	}
	for _, tt := range tests {
		stick := push{axis: tt.both.axis, stick: tt.both.stick}
		hk, pk := run(tt.key)
		hs, ps := run(stick)
		hb, pb := run(tt.both)
		if hk != hs || pk != ps || hb != hs {
			t.Errorf("%s: arrow: hash %x ball %v; stick: hash %x ball %v; both: hash %x ball %v; want all the same",
				tt.name, hk, pk, hs, ps, hb, pb)
		}
		if hk == rest {
			t.Errorf("%s: the arrow does nothing", tt.name)
		}
	}
}

// TestResumeWithKeysHeld: Esc (or T) still held in the ticks after the
// pause overlay's Esc resumed the gameplay is held, not a new press: the
// gameplay neither pauses again nor teleports, although its action map did
// not see the ticks the overlay ran.
func TestResumeWithKeysHeld(t *testing.T) {
	h, g := play(t, Config{})
	tap(h, 5, input.KeyEscape) // a tap within one tick pauses
	h.Inject(10, input.Event{Kind: input.KeyPress, Key: input.KeyT})
	h.Inject(12, input.Event{Kind: input.KeyPress, Key: input.KeyEscape}) // resumes, held
	h.Inject(16, input.Event{Kind: input.KeyRelease, Key: input.KeyEscape}, input.Event{Kind: input.KeyRelease, Key: input.KeyT})
	ticks(t, h, 20)
	if h.Game.Depth() != 1 || g.Teleports() != 0 {
		t.Errorf("after resuming with Esc and T held: depth %d, %d teleports; want 1 (playing), 0", h.Game.Depth(), g.Teleports())
	}
	tap(h, 22, input.KeyT)
	ticks(t, h, 4)
	if g.Teleports() != 1 {
		t.Errorf("T pressed again: %d teleports, want 1", g.Teleports())
	}
}
