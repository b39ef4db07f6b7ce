package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// clockWindow is a window without a display whose every poll is 1/60 s
// after the last, on the game's manual clock.
type clockWindow struct {
	clock *engine.ManualClock
}

func (w *clockWindow) PollEvents(dst []input.Event, _ func() timing.Micros) []input.Event {
	w.clock.Advance(16_667)
	return dst
}
func (w *clockWindow) FramebufferSize() (int, int) { return 640, 360 }
func (w *clockWindow) SwapBuffers() error          { return nil }

// TestWindowedReplayEnds: the windowed replay's frame loop, run on a
// window without a display, ends by itself after the recording's last
// tick, with no error, printing the hash the recording run printed.
func TestWindowedReplayEnds(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.twr")
	rec := sample(t, nil, "-headless", "-ticks", "45", "-record", file)
	if rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f demo.Flags
	f.Register(fs)
	if err := fs.Parse([]string{"-replay", file}); err != nil {
		t.Fatal(err)
	}
	p, err := makePlan(&f)
	if err != nil {
		t.Fatal(err)
	}
	clock := &engine.ManualClock{}
	p.opts.Clock, p.opts.NoPacing, p.opts.Signals = clock, true, engine.SignalsIgnore
	g, err := engine.New(p.opts)
	if err != nil {
		t.Fatal(err)
	}
	first, err := demo.NewState(p.start, p.cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := attachReplay(g, p.play); err != nil {
		t.Fatal(err)
	}
	end := &hashAt{tick: p.play.Ticks() - 1, quit: true}
	g.AddTickSink(end)
	if err := g.Start(&clockWindow{clock: clock}, &engine.NullRenderer{}, first); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	run := runFrames(g, 10_000, end, nil, &out) // a bound, so that a loop that does not end fails instead of hanging
	if err := g.Stop(); run.err != nil || err != nil {
		t.Fatalf("the replay ended with %v, %v; want no error", run.err, err)
	}
	want := "replay finished: " + rec.lastLine() + "\n"
	if out.String() != want || run.frames >= 10_000 {
		t.Errorf("after %d frames printed %q; want it to end after the last tick (about 90 frames) printing %q", run.frames, out.String(), want)
	}
}

// TestWindowedReplayExits: with a display, "-replay FILE" alone (no
// -frames) exits by itself after the last tick, status 0, with the hash.
func TestWindowedReplayExits(t *testing.T) {
	needDisplay(t)
	file := filepath.Join(t.TempDir(), "short.twr")
	rec := sample(t, nil, "-headless", "-ticks", "20", "-record", file)
	if rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "-replay", file)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("-replay in a window did not end within 60 s after its last tick; stdout %q", stdout.String())
	}
	if want := "replay finished: " + rec.lastLine(); err != nil || !strings.Contains(stdout.String(), want) {
		t.Errorf("-replay in a window: %v, stdout %q; want status 0 and a line %q\n%s", err, stdout.String(), want, stderr.String())
	}
}

// TestFramesCountsWhatItDraws: -frames N runs and reports exactly N frames,
// each drawn once.
func TestFramesCountsWhatItDraws(t *testing.T) {
	for _, start := range []string{demo.StartGameplay, demo.StartTitle} {
		clock := &engine.ManualClock{}
		g, err := engine.New(engine.Options{Clock: clock, NoPacing: true, Signals: engine.SignalsIgnore})
		if err != nil {
			t.Fatal(err)
		}
		first, err := demo.NewState(start, demo.Config{})
		if err != nil {
			t.Fatal(err)
		}
		r := &engine.NullRenderer{}
		if err := g.Start(&clockWindow{clock: clock}, r, first); err != nil {
			t.Fatal(err)
		}
		run := runFrames(g, 300, nil, nil, io.Discard)
		if err := g.Stop(); run.err != nil || err != nil {
			t.Fatal(run.err, err)
		}
		if run.frames != 300 || r.Frames != 300 || len(run.intervals) != 300 {
			t.Errorf("%s: -frames 300 ran %d frames, drew %d, timed %d; want 300 of each", start, run.frames, r.Frames, len(run.intervals))
		}
	}
}
