package engine

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

func TestOptionsErrorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		opts  Options
		field string
	}{
		{Options{TickRate: -30}, "TickRate"},
		{Options{TickRate: 5000}, "TickRate"},
		{Options{MaxTicksPerFrame: -1}, "MaxTicksPerFrame"},
		{Options{MaxFrameTime: time.Millisecond}, "MaxFrameTime"},
		{Options{MaxFrameTime: -time.Second}, "MaxFrameTime"},
		{Options{Overload: 9}, "Overload"},
		{Options{MaxDebt: -time.Second}, "MaxDebt"},
		{Options{MaxDebt: time.Hour}, "MaxDebt"},
		{Options{TimeScale: math.NaN()}, "TimeScale"},
		{Options{TimeScale: -2}, "TimeScale"},
		{Options{Mode: 7}, "Mode"},
		{Options{FPSCap: -1}, "FPSCap"},
		{Options{DefaultRefresh: -60}, "DefaultRefresh"},
		{Options{FocusLoss: 5}, "FocusLoss"},
		{Options{MaxFrameTime: 500 * time.Nanosecond}, "MaxFrameTime"},
		{Options{MaxDebt: time.Nanosecond}, "MaxDebt"},
		{Options{Clear: gfx.Color{R: float32(math.NaN()), A: 1}}, "Clear"},
		{Options{Clear: gfx.Color{R: 2, A: 1}}, "Clear"},
		{Options{Clear: gfx.Color{B: -0.1, A: 1}}, "Clear"},
	} {
		_, err := New(tc.opts)
		var oe *OptionsError
		if !errors.As(err, &oe) || oe.Field != tc.field || oe.Allowed == "" {
			t.Errorf("New(%+v): got %v, want an *OptionsError for %s with the allowed range", tc.opts, err, tc.field)
		}
	}
}

// TestEveryTickRateWorksWithDefaults: every rate from 1 to 1000 Hz is
// accepted with otherwise default options, runs ticks headless, and can be
// switched to from a running game.
func TestEveryTickRateWorksWithDefaults(t *testing.T) {
	for rate := 1; rate <= timing.MaxRate; rate++ {
		g, err := New(Options{TickRate: rate})
		if err != nil {
			t.Fatalf("New(TickRate: %d): got %v, want it accepted", rate, err)
		}
		if err := g.Time().SetTickRate(1 + (rate*7)%timing.MaxRate); err != nil {
			t.Fatalf("%d Hz: SetTickRate: got %v, want it accepted", rate, err)
		}
	}
	for _, rate := range []int{1, 2, 3} {
		h, err := NewHeadless(Options{TickRate: rate}, &one{})
		if err != nil {
			t.Fatal(err)
		}
		if err := h.RunTicks(5, Steady(60)); err != nil || h.Game.Time().Ticks() != 5 {
			t.Errorf("%d Hz: got %d ticks, err %v; want 5", rate, h.Game.Time().Ticks(), err)
		}
	}
}

// TestFrameTimesRefuseBadArguments: Steady and Jittered name a bad rate or
// jitter, and RunTicks refuses them before running anything.
func TestFrameTimesRefuseBadArguments(t *testing.T) {
	for _, c := range []struct {
		name   string
		frames FrameTimes
		want   string
	}{
		{"Steady(NaN)", Steady(math.NaN()), "fps"},
		{"Steady(0)", Steady(0), "fps"},
		{"Steady(-60)", Steady(-60), "fps"},
		{"Steady(+Inf)", Steady(math.Inf(1)), "fps"},
		{"Jittered(60, 1)", Jittered(60, 1, 1), "jitter"},
		{"Jittered(60, -0.1)", Jittered(60, -0.1, 1), "jitter"},
		{"Jittered(60, NaN)", Jittered(60, math.NaN(), 1), "jitter"},
		{"Jittered(0, 0.5)", Jittered(0, 0.5, 1), "fps"},
	} {
		h, err := NewHeadless(Options{}, &one{})
		if err != nil {
			t.Fatal(err)
		}
		err = h.RunTicks(10, c.frames)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error naming %s", c.name, err, c.want)
		}
		if h.Game.Time().Ticks() != 0 {
			t.Errorf("%s: got %d ticks run, want none", c.name, h.Game.Time().Ticks())
		}
	}
	if err := Steady(60).Err(); err != nil {
		t.Errorf("Steady(60): got %v, want valid", err)
	}
}

func TestZeroOptionsAreTheDefaults(t *testing.T) {
	g, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := g.Time().View().Config()
	if c.Rate != 30 || c.MaxTicksPerFrame != 5 || c.MaxFrameTime != 250*timing.Millisecond || c.Policy != timing.Drop {
		t.Errorf("defaults: got %+v, want 30 Hz, 5 ticks, 250 ms, drop", c)
	}
	if !g.Window().VSync() {
		t.Error("vsync off by default, want on")
	}
	if g.Time().Interpolation().String() != "interpolate" {
		t.Errorf("mode: got %v, want interpolate", g.Time().Interpolation())
	}
}

func TestStartNeedsEverything(t *testing.T) {
	g, _ := New(Options{})
	if err := g.Start(nil, &NullRenderer{}, &probe{log: &journal{}}); err == nil {
		t.Error("Start without a window: got nil, want an error")
	}
	g, _ = New(Options{NoPacing: true})
	if err := g.Start(&liveWindow{w: 1, h: 1}, &NullRenderer{}, &probe{log: &journal{}}); err != nil {
		t.Fatal(err)
	}
	if err := g.Start(&liveWindow{w: 1, h: 1}, &NullRenderer{}, &probe{log: &journal{}}); err == nil {
		t.Error("starting a game twice: got nil, want an error")
	}
}
