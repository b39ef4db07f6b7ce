package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio/device"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/timing"
)

// runWindowed runs the game in a window on the main goroutine. Without
// -frames, -screenshot or -replay it is engine.Game.Run; otherwise it
// drives the frames itself, to stop after -frames, to write the last frame
// as a PNG and to end a replay after its last tick, printing its hash.
// With -frames the last line is "frames=N ticks=M fps=F tps=T".
func runWindowed(f *demo.Flags, p *plan, stdout, stderr io.Writer) int {
	w, err := window.Open(window.Config{Width: f.Width, Height: f.Height, Title: "tickwork sample", NoVSync: !f.VSync,
		Renderer: gl41.Options{ShaderDir: f.ShaderDir}})
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	defer w.Close()
	if err := playWindowed(w, f, p, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	return 0
}

func playWindowed(w *window.Window, f *demo.Flags, p *plan, stdout, stderr io.Writer) error {
	var clk *syncClock // an online match's clock, slowed by the time sync
	if f.Online() {
		clk = &syncClock{Clock: engine.NewRealClock()}
		p.opts.Clock = clk
	}
	g, err := engine.New(p.opts)
	if err != nil {
		return err
	}
	// Sound on the system's device; without one, a notice and silence.
	// -audio-out records the timeline as the device's feeder renders it.
	out, err := device.Open(device.Config{})
	if out == nil {
		return err
	}
	defer out.Close()
	g.Audio().SetOutput(out)
	var mix *mixRecorder
	if f.AudioOut != "" {
		if mix, err = recordMix(g, f.AudioOut); err != nil {
			return err
		}
	}
	// The mix is saved on every clean end (closing the window, Q, a
	// signal, -frames) and discarded after an error.
	saved := false
	defer func() {
		if !saved {
			mix.abort()
		}
	}()
	finish := func() error {
		saved = true
		if mix == nil {
			return nil
		}
		return mix.finish(g)
	}
	// The window's renderer draws from the sample's asset library.
	assets, err := demo.LoadAssets()
	if err != nil {
		return err
	}
	w.Renderer().SetAssets(assets.Lib)
	p.cfg.Assets = assets
	first, err := demo.NewState(p.start, p.cfg)
	if err != nil {
		return err
	}
	var end *hashAt // the recording's last tick, when replaying
	var win engine.Window = w
	var net *netPlay
	switch {
	case f.Online():
		fmt.Fprintln(stderr, "sample: waiting for the other player")
		if net, err = startNet(f, g, stderr); err != nil {
			return err
		}
		defer net.s.Close()
		if f.Record != "" {
			if err := recordNet(net, g, f.Record, p.start, p.cfg); err != nil {
				return err
			}
		}
	case p.play != nil:
		if err := attachReplay(g, p.play); err != nil {
			return err
		}
		end = &hashAt{tick: p.play.Ticks() - 1, quit: true}
		g.AddTickSink(end)
		win = &viewerWindow{Window: w, g: g}
	case f.Record != "":
		if err := record(g, f.Record, p.start, p.cfg); err != nil {
			return err
		}
	}
	r := &lastFrame{Renderer: w.Renderer()}
	if f.Frames == 0 && f.Screenshot == "" && end == nil && net == nil {
		if err := g.Run(win, r, first); err != nil {
			return err
		}
		return finish()
	}

	if err := g.Start(win, r, first); err != nil {
		return err
	}
	if end != nil && p.play.Ticks() == 0 { // an empty recording is over at once
		end.hash, end.ok = g.Hash(), true
	}
	var before func(ticks uint64) error
	if net != nil {
		// Every frame: the other machine's input (and any rewind it calls
		// for) first; the time sync holds the clock back a little for
		// every tick the last frame ran while this machine is ahead.
		before = func(ticks uint64) error {
			clk.stretch(net.s, ticks)
			return net.poll(g)
		}
	}
	run := runFrames(g, f.Frames, end, before, stdout)
	var shotErr error
	if f.Screenshot != "" {
		shotErr = r.writeLast(f.Screenshot)
	}
	ticks := g.Time().Ticks()
	if err := errors.Join(run.err, g.Stop(), shotErr); err != nil {
		return err
	}
	if err := finish(); err != nil {
		return err
	}
	if f.Frames > 0 {
		fmt.Fprintf(stdout, "frames=%d ticks=%d fps=%.1f tps=%.1f\n", run.frames, ticks, medianFPS(run.intervals), perSecond(ticks, run.elapsed))
	}
	return nil
}

// framesRun is how a run of frames went.
type framesRun struct {
	frames    int
	intervals []time.Duration // the last maxIntervals intervals between frames, with -frames
	elapsed   time.Duration
	err       error // what ended the game; nil for a clean end
}

// runFrames runs frames of the started game g on the main goroutine until
// n frames have run (n > 0), the game ends, or, when end is a replay's
// last tick (its quit set), the recording is over: then it prints "replay
// finished: ticks=N hash=H" with the state hash after that tick, and the
// replay ends cleanly, as a headless one does.
//
// before, when not nil, runs before each frame with the number of ticks
// the previous frame ran; an error from it ends the run.
func runFrames(g *engine.Game, n int, end *hashAt, before func(ticks uint64) error, stdout io.Writer) framesRun {
	start := time.Now()
	prev := start
	// The frame rate printed is the median of the last maxIntervals frame
	// intervals: any -frames value works without allocating up front.
	run := framesRun{intervals: make([]time.Duration, 0, min(n, maxIntervals))}
	ran := g.Time().Ticks()
	for (n == 0 || run.frames < n) && (end == nil || !end.ok) {
		if before != nil {
			if run.err = before(g.Time().Ticks() - ran); run.err != nil {
				break
			}
			ran = g.Time().Ticks()
		}
		if run.err = g.RunFrame(); run.err != nil {
			break
		}
		run.frames++
		now := time.Now()
		if n > 0 { // a session run until closed keeps no history
			if len(run.intervals) < cap(run.intervals) {
				run.intervals = append(run.intervals, now.Sub(prev))
			} else {
				run.intervals[run.frames%len(run.intervals)] = now.Sub(prev)
			}
		}
		prev = now
	}
	run.elapsed = prev.Sub(start)
	if errors.Is(run.err, engine.ErrQuit) {
		run.err = nil
	}
	if end != nil && end.ok && run.err == nil {
		fmt.Fprintf(stdout, "replay finished: ticks=%d hash=%016x\n", end.tick+1, end.hash) // tick+1 wraps to 0 for an empty recording
	}
	return run
}

// maxIntervals is how many frame intervals -frames keeps for its median.
const maxIntervals = 1 << 16

// medianFPS returns the frame rate of the median interval between frames
// (the first interval runs from the start), 0 without any.
func medianFPS(intervals []time.Duration) float64 {
	if len(intervals) == 0 {
		return 0
	}
	s := slices.Clone(intervals)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	if m <= 0 {
		return 0
	}
	return float64(time.Second) / float64(m)
}

func perSecond(n uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// lastFrame is the window's renderer, remembering the last frame it drew
// so that it can be drawn again and read back once the game has ended:
// a screenshot of the last frame, however the game ended. The frame is the
// engine's, which is not touched after the game ends.
type lastFrame struct {
	*gl41.Renderer
	last *gfx.Picture
}

// Render draws f and remembers it.
func (r *lastFrame) Render(f *gfx.Picture) error {
	r.last = f
	return r.Renderer.Render(f)
}

// writeLast draws the last frame again and writes it as a PNG to path,
// atomically.
func (r *lastFrame) writeLast(path string) error {
	if r.last == nil {
		return fmt.Errorf("screenshot %s: no frame was drawn", path)
	}
	if err := r.Renderer.Render(r.last); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	img, err := r.Screenshot()
	if err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	return engine.WritePNG(path, img)
}

// viewerWindow is the window of a replay. The engine ignores live input
// while a recording supplies it; the viewer's own keys are taken here,
// before the engine: Esc or Space pause and resume the replay, '.' steps
// one tick while paused. The replay ends after the recording's last tick.
type viewerWindow struct {
	*window.Window
	g *engine.Game
}

// PollEvents polls the window and applies the viewer's keys.
func (w *viewerWindow) PollEvents(dst []input.Event, stamp func() timing.Micros) []input.Event {
	n := len(dst)
	dst = w.Window.PollEvents(dst, stamp)
	for _, e := range dst[n:] {
		if e.Kind != input.KeyPress {
			continue
		}
		switch e.Key {
		case input.KeyEscape, input.KeySpace:
			if w.g.Time().Paused() {
				w.g.Time().Resume()
			} else {
				w.g.Time().Pause()
			}
		case input.KeyPeriod:
			if w.g.Time().Paused() {
				_ = w.g.Time().Step() // refused only when not paused
			}
		}
	}
	return dst
}
