package main

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/timing"
)

// frameRec is one measured frame; times in microseconds. It holds no
// pointers, so the buffer of them costs the garbage collector nothing.
type frameRec struct {
	at       int64 // from the start of the measured part to the frame's end
	interval int32 // since the previous frame's end
	poll     int32
	tick     int32
	interp   int32
	build    int32
	render   int32
	swap     int32
	pace     int32
	ticks    int32
	rcpu     int32 // gl41 Stats: CPUTime, RenderTime, DrawTime, UploadTime
	rrender  int32
	rdraw    int32
	rupload  int32
	glCalls  int32
	draws    int32
	inst     int32
}

// target is where a run draws: a window with gl41, or a null window and
// renderer.
type target struct {
	win   engine.Window
	r     gfx.Renderer
	gl    *gl41.Renderer // nil without a window
	close func() error
}

func headlessTarget(c *config) *target {
	return &target{win: &nullWindow{c.width, c.height}, r: &engine.NullRenderer{}, close: func() error { return nil }}
}

// recorder is one run in progress: the game, its clock and what has been
// measured so far.
type recorder struct {
	c      *config
	sc     scenario
	actors int
	t      *target
	g      *engine.Game
	state  sceneState
	clk    *engine.RealClock
	jw     *jitterWindow
	logs   []logEntry // the engine's reports, formatted after the run
	lost   int        // reports beyond the capacity of logs

	tStartA, tStartB timing.Micros // clock readings around Start
	tLastA, tLastB   timing.Micros // around the latest Frame

	buf       []frameRec
	frames    int
	paceMaxUs timing.Micros

	trace *allocTrace // the measured part's allocation stacks
}

// start builds the game for sc with actors extra actors on t and enters
// the gameplay state.
func start(c *config, sc scenario, actors int, t *target) (*recorder, error) {
	rc := &recorder{c: c, sc: sc, actors: actors, t: t, clk: engine.NewRealClock(), logs: make([]logEntry, 0, 64), trace: &allocTrace{}}
	clear := demo.Background
	if sc.cubes {
		clear = peer.Background
	}
	opts := engine.Options{
		TickRate: c.tickRate,
		NoVSync:  !sc.vsync,
		NoPacing: !sc.window && !sc.vsync,
		Profile:  true,
		Seed:     demo.GameSeed,
		Clear:    clear,
		Clock:    rc.clk,
		Logf:     rc.logf,
	}
	g, err := engine.New(opts)
	if err != nil {
		return nil, fmt.Errorf("engine options: %w", err)
	}
	rc.g = g
	if sc.cubes {
		if rc.state, err = newCubeState(actors); err != nil {
			return nil, err
		}
	} else {
		// The scene's textures and model, loaded before the clock starts;
		// the window's renderer draws from their library.
		assets, err := demo.LoadAssets()
		if err != nil {
			return nil, err
		}
		if t.gl != nil {
			t.gl.SetAssets(assets.Lib)
		}
		rc.state = demo.NewGameplay(demo.Config{Actors: actors, Assets: assets})
	}
	win := t.win
	if sc.vary {
		rc.jw = newJitterWindow(win, c.varyMax, c.seed)
		win = rc.jw
	}
	// Start from a clean heap, as testing does before a benchmark, with the
	// freed memory already returned to the OS: otherwise the runtime's
	// background scavenger does it during the run, and its timer's first
	// sleep on a processor allocates, which MemStats counts as the run's.
	debug.FreeOSMemory()
	rc.tStartA = rc.clk.Now()
	if err := g.Start(win, t.r, rc.state); err != nil {
		return nil, fmt.Errorf("starting the game: %w", err)
	}
	rc.tStartB = rc.clk.Now()
	return rc, nil
}

// logEntry is one report of the engine, kept unformatted.
type logEntry struct {
	format string
	args   []any
}

// logf keeps an engine report without formatting it, so that capturing it
// allocates nothing of the harness's own during the run (the engine's call
// may allocate its arguments: that is the engine's allocation).
func (rc *recorder) logf(format string, args ...any) {
	if len(rc.logs) == cap(rc.logs) {
		rc.lost++
		return
	}
	rc.logs = append(rc.logs, logEntry{format, args})
}

// messages formats the kept reports.
func (rc *recorder) messages() []string {
	var out []string
	for _, l := range rc.logs {
		out = append(out, fmt.Sprintf(l.format, l.args...))
	}
	if rc.lost > 0 {
		out = append(out, fmt.Sprintf("(%d more reports not kept)", rc.lost))
	}
	return out
}

// frame runs one frame, keeping the clock readings around it.
func (rc *recorder) frame() error {
	rc.tLastA = rc.clk.Now()
	err := rc.g.RunFrame()
	rc.tLastB = rc.clk.Now()
	if errors.Is(err, engine.ErrQuit) {
		return errors.New("the game ended by itself (window closed?)")
	}
	return err
}

// warmUp runs frames for d, and at least minFrames.
func (rc *recorder) warmUp(d time.Duration, minFrames int) error {
	end := rc.clk.Now() + timing.Micros(d/time.Microsecond)
	for n := 0; n < minFrames || rc.clk.Now() < end; n++ {
		if err := rc.frame(); err != nil {
			return err
		}
	}
	return nil
}

// measure runs frames for d, recording each into rc.buf (up to its
// capacity) and counting allocations and GC cycles over the whole part;
// it snapshots the allocation profile around it, to tell where they came
// from.
func (rc *recorder) measure(d time.Duration) (ms0, ms1 runtime.MemStats, ticks0 uint64, elapsed timing.Micros, err error) {
	buf := rc.buf[:0]
	var slept0 time.Duration
	if rc.jw != nil {
		slept0 = rc.jw.slept
	}
	ticks0 = rc.g.Time().Ticks()
	if rc.trace != nil {
		rc.trace.begin()
	}
	runtime.ReadMemStats(&ms0)
	t0 := rc.clk.Now()
	prev := t0
	end := t0 + timing.Micros(d/time.Microsecond)
	for {
		if err = rc.frame(); err != nil {
			return
		}
		now := rc.clk.Now()
		rc.frames++
		if len(buf) < cap(buf) {
			p := rc.g.Debug().Profile()
			f := frameRec{
				at: int64(now - t0), interval: int32(now - prev),
				poll: int32(p.Poll), tick: int32(p.Tick), interp: int32(p.Interpolate), build: int32(p.Build),
				render: int32(p.Render), swap: int32(p.Swap), pace: int32(p.Pace), ticks: int32(p.Ticks),
			}
			if rc.t.gl != nil {
				s := rc.t.gl.Stats()
				f.rcpu, f.rrender = int32(s.CPUTime.Microseconds()), int32(s.RenderTime.Microseconds())
				f.rdraw, f.rupload = int32(s.DrawTime.Microseconds()), int32(s.UploadTime.Microseconds())
				f.glCalls, f.draws, f.inst = int32(s.GLCalls), int32(s.DrawCalls), int32(s.Instances)
			}
			buf = append(buf, f)
		}
		prev = now
		if rc.frames%256 == 0 {
			rc.paceMaxUs = max(rc.paceMaxUs, rc.g.Debug().Stats().PaceErrorP99)
		}
		if now >= end {
			break
		}
	}
	runtime.ReadMemStats(&ms1)
	if rc.trace != nil {
		rc.trace.end()
	}
	elapsed = prev - t0
	rc.paceMaxUs = max(rc.paceMaxUs, rc.g.Debug().Stats().PaceErrorP99)
	rc.buf = buf
	if rc.jw != nil {
		rc.jw.slept -= slept0
	}
	return
}

// exactness checks the tick count against the game time after the latest
// frame, and the game time against the real time that passed.
func (rc *recorder) exactness(framesTicks, ticksMeasured uint64, maxPerFrame int) Exactness {
	s := rc.g.Time().View()
	gt := uint64(s.GameTime())
	e := Exactness{
		Ticks:       rc.g.Time().Ticks(),
		GameTimeUs:  gt,
		Expected:    gt * uint64(s.Rate()) / 1_000_000,
		DroppedUs:   uint64(s.Dropped()),
		SkippedUs:   uint64(s.Skipped()),
		RealMinUs:   uint64(rc.tLastA - rc.tStartB),
		RealMaxUs:   uint64(rc.tLastB - rc.tStartA),
		FramesTicks: framesTicks,
		MaxPerFrame: maxPerFrame,
	}
	// GameTime is rounded down to whole µs: at a tick boundary that is not
	// a whole µs the exact count is one more than ⌊GameTime·rate/1e6⌋
	// (see timing.Scheduler.GameTime).
	upper := (gt + 1) * uint64(s.Rate()) / 1_000_000
	e.Exact = e.Ticks >= e.Expected && e.Ticks <= upper
	// The real time is the game time and what the engine skipped (the
	// first frame's drawing). Clock readings are truncated to whole
	// microseconds: allow one.
	played := gt + e.SkippedUs
	e.NoLostTime = e.DroppedUs == 0 && played+1 >= e.RealMinUs && played <= e.RealMaxUs+1
	e.TickSumOK = framesTicks == ticksMeasured
	return e
}

// stop ends the game and checks the GL error state.
func (rc *recorder) stop() (glErr string, err error) {
	if rc.t.gl != nil {
		if e := rc.t.gl.CheckError(); e != nil {
			glErr = e.Error()
		}
	}
	return glErr, rc.g.Stop()
}

// runOne makes one run: warm-up, measured part, summary.
func runOne(c *config, sc scenario, actors int, d time.Duration, t *target, buf []frameRec) (Run, []frameRec, error) {
	rc, err := start(c, sc, actors, t)
	if err != nil {
		return Run{}, buf, err
	}
	rc.buf = buf
	minWarm := 0
	if c.warmup > 0 {
		minWarm = 20 // the pacer decides whether vsync is honoured after 16 frames
	}
	if err := rc.warmUp(c.warmup, minWarm); err != nil {
		rc.g.Stop()
		return Run{}, rc.buf, fmt.Errorf("warming up: %w", err)
	}
	ms0, ms1, ticks0, elapsed, err := rc.measure(d)
	if err != nil {
		rc.g.Stop()
		return Run{}, rc.buf, fmt.Errorf("measuring: %w", err)
	}
	run := summarise(rc, ms0, ms1, ticks0, elapsed)
	glErr, err := rc.stop()
	run.GLError = glErr
	if err != nil {
		return run, rc.buf, fmt.Errorf("ending the game: %w", err)
	}
	return run, rc.buf, nil
}
