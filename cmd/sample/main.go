package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/atomicfile"
	"github.com/tickwork/tickwork/engine/replay"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run parses args and runs the game on the main goroutine, returning the
// exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f demo.Flags
	f.Register(fs)
	fs.Usage = func() { demo.PrintUsage(stderr, fs, "sample") }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2 // the flag package has printed the error and the usage
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if err := f.Validate(); err != nil {
		return usageError(stderr, fs, err)
	}
	if f.Info {
		info, err := asset.ReadInfo(os.DirFS(filepath.Dir(f.Model)), filepath.Base(f.Model))
		if err != nil {
			fmt.Fprintf(stderr, "sample: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, info)
		return 0
	}
	if f.Nodes {
		if err := demo.PrintNodes(stdout, f.Model, f.At); err != nil {
			fmt.Fprintf(stderr, "sample: %v\n", err)
			return 1
		}
		return 0
	}
	// Files are written when the game ends: check where they go before it
	// starts, so a long session is not lost to a bad path.
	for _, out := range []struct{ flag, path string }{{"screenshot", f.Screenshot}, {"record", f.Record}, {"audio-out", f.AudioOut}} {
		if out.path == "" {
			continue
		}
		if err := atomicfile.Check(out.path); err != nil {
			return usageError(stderr, fs, fmt.Errorf("-%s %s: %w", out.flag, out.path, err))
		}
	}
	p, err := makePlan(&f)
	if err != nil {
		var ue *usageErr
		if errors.As(err, &ue) {
			return usageError(stderr, fs, err)
		}
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	if f.Headless && f.AudioOut != "" {
		ticks := uint64(f.Ticks)
		if p.play != nil {
			ticks = p.play.Ticks()
		}
		if err := checkAudioOutLength(ticks, p.opts.TickRate); err != nil {
			return usageError(stderr, fs, err)
		}
	}
	if p.notice != "" {
		fmt.Fprintln(stderr, p.notice)
	}
	if f.Bisect {
		return runBisect(&f, p, stdout, stderr)
	}
	if f.Headless {
		return runHeadless(&f, p, stdout, stderr)
	}
	return runWindowed(&f, p, stdout, stderr)
}

func usageError(stderr io.Writer, fs *flag.FlagSet, err error) int {
	fmt.Fprintf(stderr, "sample: %v\n\n", err)
	fs.Usage()
	return 2
}

// usageErr is a flag that disagrees with the recording being replayed.
type usageErr struct{ err error }

func (e *usageErr) Error() string { return e.err.Error() }
func (e *usageErr) Unwrap() error { return e.err }

// plan is what a run does: the engine's options, the first state and the
// scene, from the flags or from the recording being replayed.
type plan struct {
	opts  engine.Options
	start string
	cfg   demo.Config
	play  *replay.Player // the recording replayed, or nil
	// notice is printed on stderr before the run (a partial recording).
	notice string
}

func makePlan(f *demo.Flags) (*plan, error) {
	p := &plan{opts: f.Options(), start: f.Start(), cfg: f.Config()}
	if f.Replay == "" {
		return p, nil
	}
	pl, err := replay.Open(f.Replay)
	if errors.Is(err, replay.ErrNotFinalised) && pl != nil {
		// A crash leftover (a .partial file): replay what it holds.
		p.notice = fmt.Sprintf("sample: %s was never finalised (the game ended without closing it); replaying its %d readable ticks, and the replay stops at tick %d",
			f.Replay, pl.Ticks(), pl.Ticks())
	} else if err != nil {
		return nil, err
	}
	h := pl.Header()
	if !sameScene(h) {
		pl.SetUnchecked("it was recorded with another version of the sample's scene")
	}
	if why := pl.Unchecked(); why != "" {
		if p.notice != "" {
			p.notice += "\n"
		}
		p.notice += fmt.Sprintf("sample: %s: %s: its input replays, but its hashes cannot be compared, so divergence goes unchecked", f.Replay, why)
	}
	start, cfg, err := recordedScene(h)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", f.Replay, err)
	}
	switch {
	case f.Given("tick-rate") && f.TickRate != h.TickRate:
		return nil, &usageErr{&demo.FlagError{Flag: "tick-rate", Value: fmt.Sprint(f.TickRate),
			Allowed: fmt.Sprintf("%d with -replay %s (the recording's rate), or leave it out", h.TickRate, f.Replay)}}
	case f.Given("actors") && f.Actors != cfg.Actors:
		return nil, &usageErr{&demo.FlagError{Flag: "actors", Value: fmt.Sprint(f.Actors),
			Allowed: fmt.Sprintf("%d with -replay %s (the recording's scene), or leave it out", cfg.Actors, f.Replay)}}
	case f.Headless && f.Given("ticks") && uint64(f.Ticks) != pl.Ticks():
		return nil, &usageErr{&demo.FlagError{Flag: "ticks", Value: fmt.Sprint(f.Ticks),
			Allowed: fmt.Sprintf("%d with -replay %s (the recording's length), or leave it out", pl.Ticks(), f.Replay)}}
	}
	p.opts.TickRate, p.opts.Seed = h.TickRate, h.Seed
	p.start, p.cfg, p.play = start, cfg, pl
	return p, nil
}
