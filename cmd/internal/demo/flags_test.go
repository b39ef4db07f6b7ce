package demo

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/scene"
)

func parse(t *testing.T, args ...string) (*Flags, error) {
	t.Helper()
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := &Flags{}
	f.Register(fs)
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	return f, f.Validate()
}

func TestFlagsDefaults(t *testing.T) {
	f, err := parse(t)
	if err != nil {
		t.Fatal(err)
	}
	o := f.Options()
	if o.TickRate != 30 || o.NoVSync || o.Mode != scene.ModeInterpolate || o.Seed != GameSeed {
		t.Errorf("default options %+v: want 30 Hz, vsync, interpolation, the game's seed", o)
	}
	if f.Width != 1280 || f.Height != 720 || f.Ticks != 300 || f.FPS != 60 || f.Start() != StartTitle {
		t.Errorf("defaults: %dx%d, %d ticks at %g fps, start %q; want 1280x720, 300 at 60, title",
			f.Width, f.Height, f.Ticks, f.FPS, f.Start())
	}
	if f, _ := parse(t, "-headless"); f.Start() != StartGameplay {
		t.Errorf("-headless starts in %q, want gameplay", f.Start())
	}
	if f, _ := parse(t, "-frames", "10"); f.Start() != StartGameplay {
		t.Errorf("-frames starts in %q, want gameplay", f.Start())
	}
	if f, _ := parse(t, "-frames", "10", "-start", "title"); f.Start() != StartTitle {
		t.Errorf("-start title starts in %q", f.Start())
	}
	if f, _ := parse(t, "-mode", "None", "-vsync=false", "-tick-rate", "120"); f.Mode != scene.ModeNone ||
		f.Options().NoVSync != true || f.Options().TickRate != 120 {
		t.Errorf("-mode None -vsync=false -tick-rate 120: %+v", f.Options())
	}
}

func TestFlagsRejected(t *testing.T) {
	tests := []struct {
		args []string
		flag string
	}{
		{[]string{"-tick-rate", "0"}, "tick-rate"},
		{[]string{"-tick-rate", "5000"}, "tick-rate"},
		{[]string{"-jitter", "1.5"}, "jitter"},
		{[]string{"-jitter", "1"}, "jitter"},
		{[]string{"-jitter", "-0.1"}, "jitter"},
		{[]string{"-fps", "0"}, "fps"},
		{[]string{"-fps", "NaN"}, "fps"},
		{[]string{"-fps", "Inf"}, "fps"},
		{[]string{"-actors", "-1"}, "actors"},
		{[]string{"-actors", "1000001"}, "actors"},
		{[]string{"-width", "0"}, "width"},
		{[]string{"-height", "20000"}, "height"},
		{[]string{"-frames", "-3"}, "frames"},
		{[]string{"-ticks", "0"}, "ticks"},
		{[]string{"-start", "menu"}, "start"},
		{[]string{"-headless", "-screenshot", "x.png"}, "screenshot"},
		{[]string{"-headless", "-frames", "10"}, "frames"},
		{[]string{"-record", "a", "-replay", "b"}, "record"},
		{[]string{"-replay", "b", "-start", "title"}, "start"},
	}
	for _, tt := range tests {
		_, err := parse(t, tt.args...)
		var fe *FlagError
		if !errors.As(err, &fe) || fe.Flag != tt.flag {
			t.Errorf("%v: error %v, want a *FlagError for -%s", tt.args, err, tt.flag)
		}
	}
	if _, err := parse(t, "-mode", "warp"); err == nil {
		t.Error("-mode warp was accepted")
	}
}

// TestFPSRangeIsTheEngines: -fps accepts exactly the frame rates the
// engine's frame times accept (engine.MinFPS to engine.MaxFPS), and the
// flag's error and the engine's state the same range.
func TestFPSRangeIsTheEngines(t *testing.T) {
	for _, fps := range []string{"0.0005", "0", "-1", "NaN", "2e6", "0.001", "60", "100000", "1e6"} {
		f, err := parse(t, "-headless", "-fps", fps)
		frames := engine.Steady(f.FPS)
		if (err == nil) != (frames.Err() == nil) {
			t.Errorf("-fps %s: flag check says %v, the engine says %v: want one answer", fps, err, frames.Err())
			continue
		}
		if err == nil {
			continue
		}
		var fe *FlagError
		if !errors.As(err, &fe) || fe.Flag != "fps" {
			t.Errorf("-fps %s: got %v, want a *FlagError for -fps", fps, err)
			continue
		}
		if !strings.Contains(frames.Err().Error(), fe.Allowed) {
			t.Errorf("-fps %s: the flag allows %q, the engine says %q: want the same range", fps, fe.Allowed, frames.Err())
		}
	}
}
