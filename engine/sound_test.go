package engine

import (
	"testing"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/timing"
)

// clicker plays an impulse in tick 10.
type clicker struct{ at timing.TickInfo }

func (c *clicker) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == 10 {
		c.at = ctx.Tick
		clip := &audio.Clip{Name: "click", Samples: []float32{1, 1, 0, 0}}
		if _, err := ctx.PlaySound(audio.Play{Clip: clip, Volume: 1}); err != nil {
			return err
		}
	}
	return nil
}

func (*clicker) Draw(*DrawContext) {}

func TestSoundStartsAtItsTicksSampleAtAnyFrameRate(t *testing.T) {
	for _, frames := range []FrameTimes{Steady(7), Steady(60), Jittered(240, 0.5, 2)} {
		c := &clicker{}
		h, err := NewHeadless(Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.RunTicks(20, frames); err != nil {
			t.Fatal(err)
		}
		want := audio.SampleOfTick(c.at.Time, c.at.DeltaMicros, 0) // tick 10's time + one step
		if want != (11*33333)*48/1000 {
			t.Fatalf("tick 10 plays at sample %d, want %d (11 steps of 33333 µs at 48 kHz)", want, (11*33333)*48/1000)
		}
		buf := make([]float32, 2*(h.Game.Audio().SamplePosition()+10))
		h.Game.Audio().Mixer().Render(buf)
		for f := int64(0); f < int64(len(buf)/2); f++ {
			if v := buf[2*f]; (f == want) != (v != 0) {
				t.Fatalf("sample %d: %v; want the click at sample %d only", f, v, want)
			}
		}
		h.Close()
	}
}

// Audio().TickSamplePosition is where the last tick's sounds begin, whatever the
// frame rate: after 20 ticks at 30 Hz, 20 steps of 33333 µs; SamplePosition
// follows the clock and may be past it when a frame ends between ticks.
func TestTickSamplePositionFollowsTheTicksOnly(t *testing.T) {
	want := int64(20*33333) * 48 / 1000
	for _, frames := range []FrameTimes{Steady(7), Steady(60), Jittered(240, 0.5, 3)} {
		h, err := NewHeadless(Options{}, &clicker{})
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Game.Audio().TickSamplePosition(); got != 0 {
			t.Errorf("before the first tick: got %d, want 0", got)
		}
		if err := h.RunTicks(20, frames); err != nil {
			t.Fatal(err)
		}
		if got := h.Game.Audio().TickSamplePosition(); got != want {
			t.Errorf("after 20 ticks: got TickSamplePosition %d, want %d", got, want)
		}
		if got := h.Game.Audio().SamplePosition(); got < want {
			t.Errorf("after 20 ticks: got SamplePosition %d, want at least %d", got, want)
		}
		h.Close()
	}
}
