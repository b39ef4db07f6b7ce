package engine

import (
	"errors"
	"math"
	"testing"
	"time"

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
	} {
		_, err := New(tc.opts)
		var oe *OptionsError
		if !errors.As(err, &oe) || oe.Field != tc.field || oe.Allowed == "" {
			t.Errorf("New(%+v): got %v, want an *OptionsError for %s with the allowed range", tc.opts, err, tc.field)
		}
	}
}

func TestZeroOptionsAreTheDefaults(t *testing.T) {
	g, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := g.Scheduler().Config()
	if c.Rate != 30 || c.MaxTicksPerFrame != 5 || c.MaxFrameTime != 250*timing.Millisecond || c.Policy != timing.Drop {
		t.Errorf("defaults: got %+v, want 30 Hz, 5 ticks, 250 ms, drop", c)
	}
	if !g.VSync() {
		t.Error("vsync off by default, want on")
	}
	if g.Mode().String() != "interpolate" {
		t.Errorf("mode: got %v, want interpolate", g.Mode())
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
