package engine

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// NullRenderer draws nothing: it counts what it is given. Headless runs use
// it, so the draw path (interpolation, draw lists, HUD) runs as in a real
// game.
type NullRenderer struct {
	Frames    int // frames rendered
	Instances int // instances in the latest frame
	Scenes    int // scene layers in the latest frame
	Texts     int // HUD texts in the latest frame
	Lines     int // debug line segments in the latest frame (Debug)
}

// Render records the frame's size.
func (r *NullRenderer) Render(f *gfx.Picture) error {
	r.Frames++
	r.Scenes = len(f.Scenes)
	r.Instances, r.Lines = 0, 0
	for _, d := range f.Scenes {
		r.Instances += d.Len()
		for _, l := range d.LineBuffers() {
			r.Lines += l.Len()
		}
	}
	r.Texts = len(f.HUD.Texts)
	return nil
}

// nullWindow is a window that never has events of its own.
type nullWindow struct{ w, h int }

func (w *nullWindow) PollEvents(dst []input.Event, _ func() timing.Micros) []input.Event {
	return dst
}
func (w *nullWindow) FramebufferSize() (int, int) { return w.w, w.h }
func (w *nullWindow) SwapBuffers() error          { return nil }

// Headless runs a Game without a window: a manual clock, a null window of
// 1280×720 and a NullRenderer. Use it to test a game, to run it on a server
// or to check determinism: the same input at the same ticks gives the same
// Game.Hash whatever the frame times.
type Headless struct {
	Game     *Game
	Clock    *ManualClock
	Renderer *NullRenderer

	win    *nullWindow
	script map[uint64][]input.Event
	err    error
}

// NewHeadless builds a game from opts (its Clock is replaced by a manual
// clock, and frames are never paced) and enters first.
func NewHeadless(opts Options, first State) (*Headless, error) {
	h := &Headless{Clock: &ManualClock{}, Renderer: &NullRenderer{}, win: &nullWindow{1280, 720}}
	opts.Clock = h.Clock
	opts.NoPacing = true
	g, err := New(opts)
	if err != nil {
		return nil, err
	}
	h.Game = g
	g.headless = true
	if err := g.Start(h.win, h.Renderer, first); err != nil && !errors.Is(err, ErrQuit) {
		return nil, err
	}
	return h, nil
}

// SetFramebufferSize sets the null window's size; 0×0 acts as a minimised
// window (ticks, no drawing).
func (h *Headless) SetFramebufferSize(w, hgt int) { h.win.w, h.win.h = w, hgt }

// Inject schedules events to be delivered to the top state at the given
// tick, as a replay would: scripted input replaces live input. Call it on
// the goroutine that runs the game, between frames. A tick that has
// already run cannot receive events: Inject then returns an error naming
// the last tick run, and schedules nothing.
func (h *Headless) Inject(tick uint64, events ...input.Event) error {
	if ran := h.Game.Time().Ticks(); tick < ran {
		return fmt.Errorf("engine: Inject: tick %d has already run (the last tick run is %d): inject at tick %d or later, or before running the ticks", tick, ran-1, ran)
	}
	if h.script == nil {
		h.script = make(map[uint64][]input.Event)
		h.Game.SetTickSource(h)
	}
	h.script[tick] = append(h.script[tick], events...)
	return nil
}

// TickEvents implements TickSource with the injected events.
func (h *Headless) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	return append(dst, h.script[tick]...), nil
}

// RunFrame advances the clock by d and runs one frame. After the game ended
// it returns ErrQuit.
func (h *Headless) RunFrame(d timing.Micros) error {
	if h.err != nil {
		return h.err
	}
	h.Clock.Advance(d)
	if err := h.Game.RunFrame(); err != nil {
		h.err = err
		return err
	}
	return nil
}

// RunFrames runs one frame per duration in ds.
func (h *Headless) RunFrames(ds []timing.Micros) error {
	for _, d := range ds {
		if err := h.RunFrame(d); err != nil {
			return err
		}
	}
	return nil
}

// FrameTimes produces successive frame durations for a headless run.
// Steady and Jittered make the usual ones; FrameFunc adapts a function.
type FrameTimes interface {
	// Next returns the next frame's duration, at least 1 µs.
	Next() timing.Micros
	// Err says why the frame times are invalid (a bad rate or jitter), or
	// returns nil. RunTicks refuses invalid frame times with it.
	Err() error
}

// FrameFunc adapts a function returning frame durations to FrameTimes.
type FrameFunc func() timing.Micros

// Next calls f.
func (f FrameFunc) Next() timing.Micros { return f() }

// Err returns nil: a function is always valid.
func (f FrameFunc) Err() error { return nil }

// frameGen is Steady's and Jittered's FrameTimes.
type frameGen struct {
	next func() timing.Micros
	err  error
}

func (g *frameGen) Next() timing.Micros {
	if g.err != nil {
		return 1
	}
	return g.next()
}
func (g *frameGen) Err() error { return g.err }

// Limits of Steady's and Jittered's frame rate: from one frame per 1000 s
// to one per microsecond. Their errors state the range as "%g to %g" of
// these two, so a program's own check of a frame rate can say the same.
const (
	MinFPS = 0.001
	MaxFPS = 1e6
)

func checkFPS(fn string, fps float64) error {
	if !(fps >= MinFPS && fps <= MaxFPS) { // also NaN
		return fmt.Errorf("engine: %s: fps = %v is invalid: allowed %g to %g frames per second", fn, fps, MinFPS, MaxFPS)
	}
	return nil
}

// Steady returns frames at a constant rate of fps frames per second, from
// MinFPS to MaxFPS; another fps gives frame times whose Err names it.
func Steady(fps float64) FrameTimes {
	if err := checkFPS("Steady", fps); err != nil {
		return &frameGen{err: err}
	}
	d := timing.Micros(math.Max(1, math.Round(1e6/fps)))
	return &frameGen{next: func() timing.Micros { return d }}
}

// Jittered returns frames around fps frames per second, each off by up to
// ±jitter of the period (jitter in [0, 1)), from a seeded generator.
// Invalid arguments give frame times whose Err names them.
func Jittered(fps, jitter float64, seed uint64) FrameTimes {
	if err := checkFPS("Jittered", fps); err != nil {
		return &frameGen{err: err}
	}
	if !(jitter >= 0 && jitter < 1) {
		return &frameGen{err: fmt.Errorf("engine: Jittered: jitter = %v is invalid: allowed 0 to just below 1 (a fraction of the period)", jitter)}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	period := 1e6 / fps
	return &frameGen{next: func() timing.Micros {
		d := period * (1 + jitter*(2*rng.Float64()-1))
		return timing.Micros(math.Max(1, math.Round(d)))
	}}
}

// RunTicks runs frames with durations from frames until exactly n more ticks
// have run: the last frame is shortened so it ends on the n-th tick. A nil
// frames runs one tick per frame. It returns ErrQuit if the game ended
// first, and refuses invalid frame times (FrameTimes.Err).
func (h *Headless) RunTicks(n uint64, frames FrameTimes) error {
	if frames != nil {
		if err := frames.Err(); err != nil {
			return fmt.Errorf("engine: RunTicks: %w", err)
		}
	}
	target := h.Game.Time().Ticks() + n
	for h.Game.Time().Ticks() < target {
		left := target - h.Game.Time().Ticks()
		var d timing.Micros
		if frames == nil {
			d = h.Game.sched.Until(1)
		} else {
			d = min(frames.Next(), h.Game.sched.Until(int(min(left, math.MaxInt32))))
		}
		if d == ^timing.Micros(0) {
			return fmt.Errorf("engine: RunTicks(%d): game time is paused with %d ticks to go", n, left)
		}
		// A tick may raise the tick rate mid-frame, making more ticks due
		// than are left: the frame stops at the n-th tick, and the rest
		// stays pending.
		h.Game.tickLimit = int(min(left, math.MaxInt32))
		err := h.RunFrame(max(d, 1))
		h.Game.tickLimit = 0
		if err != nil {
			return err
		}
	}
	return nil
}

// Close ends the game: every state is exited, top first. It returns nil
// after a clean end.
func (h *Headless) Close() error { return h.Game.Stop() }
