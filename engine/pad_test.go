package engine

import (
	"math"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// driver moves by pad 0's left stick and counts presses of A, per tick.
type driver struct {
	x, y      float64
	pressed   []bool
	released  []bool
	down      []bool
	connected []bool
}

func (d *driver) Tick(ctx *TickContext) error {
	in := ctx.Input
	d.x += in.PadAxis(0, input.PadLeftX) * ctx.Tick.Delta
	d.y += in.PadAxis(0, input.PadLeftY) * ctx.Tick.Delta
	d.pressed = append(d.pressed, in.PadPressed(0, input.PadA))
	d.released = append(d.released, in.PadReleased(0, input.PadA))
	d.down = append(d.down, in.PadDown(0, input.PadA))
	d.connected = append(d.connected, in.PadConnected(0))
	return nil
}

func (*driver) Draw(*DrawContext) {}

func (d *driver) Hash() uint64 { return math.Float64bits(d.x) ^ math.Float64bits(d.y)<<1 }

const step = timing.Micros(33333)

func TestPadTapWithinOneTick(t *testing.T) {
	d := &driver{}
	h, err := NewHeadless(Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.Inject(1, input.PadConnectEvent(step, 0, true))
	h.Inject(2, input.PadButtonEvent(2*step+10, 0, input.PadA, true), input.PadButtonEvent(2*step+20, 0, input.PadA, false))
	h.Inject(4, input.PadButtonEvent(4*step+10, 0, input.PadA, true))
	h.Inject(6, input.PadConnectEvent(6*step, 0, false)) // unplugged while A is held
	// Frames of two ticks: a press is still delivered to exactly one tick.
	for range 5 {
		if err := h.RunFrame(2 * step); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		tick                               int
		pressed, released, down, connected bool
	}{
		{0, false, false, false, false},
		{1, false, false, false, true},
		{2, true, true, false, true}, // tapped within the tick
		{3, false, false, false, true},
		{4, true, false, true, true},
		{5, false, false, true, true},
		{6, false, true, false, false}, // disconnecting lets go
		{7, false, false, false, false},
	}
	for _, tt := range tests {
		if tt.tick >= len(d.pressed) {
			t.Fatalf("ran %d ticks, want %d", len(d.pressed), tt.tick+1)
		}
		got := [4]bool{d.pressed[tt.tick], d.released[tt.tick], d.down[tt.tick], d.connected[tt.tick]}
		if want := [4]bool{tt.pressed, tt.released, tt.down, tt.connected}; got != want {
			t.Errorf("tick %d: pressed, released, down, connected = %v, want %v", tt.tick, got, want)
		}
	}
}

func TestPadAxesSameAtAnyFrameRate(t *testing.T) {
	run := func(frames FrameTimes) (uint64, float64) {
		d := &driver{}
		h, err := NewHeadless(Options{}, d)
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		h.Inject(0, input.PadConnectEvent(0, 0, true))
		for i, v := range []float64{0.1, 0.5, -0.8, 1, 0.3, -0.05} { // 0.1 and -0.05 inside the dead zone
			tick := uint64(5 + 20*i)
			h.Inject(tick, input.PadAxisEvent(timing.Micros(tick)*step, 0, input.PadLeftX, v),
				input.PadAxisEvent(timing.Micros(tick)*step+1, 0, input.PadLeftY, -v/2))
		}
		if err := h.RunTicks(150, frames); err != nil {
			t.Fatal(err)
		}
		return h.Game.Hash(), d.x
	}
	h7, x7 := run(Steady(7))
	h240, x240 := run(Jittered(240, 0.5, 3))
	if h7 != h240 || x7 != x240 {
		t.Errorf("7 fps: hash %x x %v; 240 fps ±50%%: hash %x x %v; want the same", h7, x7, h240, x240)
	}
	// 20 ticks at 0.5 → (0.5-0.15)/0.85, 20 at -0.8, 20 at 1, 20 at 0.3, the
	// rest at -0.05 (0): x is their sum × the step.
	dz := func(v float64) float64 { return math.Copysign((math.Abs(v)-0.15)/0.85, v) }
	want := 20 * (dz(0.5) + dz(-0.8) + dz(1) + dz(0.3)) / 30
	if math.Abs(x7-want) > 1e-9 {
		t.Errorf("x after the stick's moves: %v, want %v (dead zone 0.15)", x7, want)
	}
}

func TestPadDeadZoneOption(t *testing.T) {
	for _, dz := range []float64{-0.1, 0.95, math.NaN()} {
		if _, err := New(Options{PadDeadZone: dz}); err == nil {
			t.Errorf("PadDeadZone %v: got nil error, want it refused", dz)
		}
	}
}
