package engine

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// TickSource supplies each tick's input in place of the window: a replay, a
// test script. Live input is then ignored (unless the source implements
// LiveInput), except that closing the window still ends the game. An event of an unknown kind (input.Kind.Valid is
// false) is dropped before the tick sees it and counted in
// Stats.UnknownEvents.
type TickSource interface {
	// TickEvents appends the events of tick to dst. Called once per tick,
	// in tick order, on the main goroutine.
	TickEvents(tick uint64, dst []input.Event) ([]input.Event, error)
}

// LiveInput is implemented by a TickSource that also wants the window's own
// input: an online session, whose local player plays with the keyboard and
// pads while the session supplies every player's events. For each new tick,
// before that tick's TickEvents, the engine calls LiveInput with the
// window's events queued for the tick (the ones the tick would have got
// without a source: those up to the tick's ideal moment, all of them on the
// frame's last tick), window events (resize, focus, close) included. The
// engine does not apply them itself: only what TickEvents returns reaches
// the tick. Ticks run again by a rewind are not given live input again.
// On a focus loss the engine releases no keys for a source: the source sees
// the FocusLost event and releases the keys its player holds. Called on the
// main goroutine; events is only valid during the call.
type LiveInput interface {
	TickSource
	LiveInput(tick uint64, events []input.Event)
}

// TickSink observes every tick: the input delivered to it and the game
// after it. A recorder writes them down; a replay checks them.
type TickSink interface {
	// TickInput is called with the events delivered to tick, before any
	// state ticks. The slice is only valid during the call.
	TickInput(tick uint64, events []input.Event) error
	// TickDone is called after tick ran and its stack changes applied.
	TickDone(tick uint64, g *Game) error
	// Close is called once when the game ends.
	Close() error
}

// GameEnder is implemented by tick sinks that want to see the game as it
// ends (a recorder taking the final state hash). GameEnd is called once,
// after the last tick and before any state exits, on the main goroutine.
type GameEnder interface {
	GameEnd(g *Game) error
}

// SetTickSource makes src supply every tick's input from now on (nil goes
// back to the window's input). A source that implements LiveInput is given
// the window's events of each tick too. Call it on the main goroutine,
// between frames.
func (g *Game) SetTickSource(src TickSource) {
	g.source = src
	g.live, _ = src.(LiveInput)
}

// AddTickSink adds an observer of every tick. It is closed when the game ends.
func (g *Game) AddTickSink(s TickSink) { g.sinks = append(g.sinks, s) }

// RunFrame runs one frame: poll the window, read the clock once, run 0..N
// ticks, interpolate and draw the visible states bottom first, present,
// pace. It returns ErrQuit once the game has ended cleanly (every state
// exited), or the error that ended it.
//
// The time the first frame takes once it has read the clock (drawing and
// presenting the first picture: shaders compiled, meshes uploaded) is not
// played (timing.Scheduler.Skip): the second frame ticks for its own time
// only, instead of catching up, or dropping, the start-up.
func (g *Game) RunFrame() (err error) {
	if g.inFrame {
		return ErrReentered
	}
	if !g.started || g.stopped {
		return ErrQuit
	}
	g.inFrame = true
	defer func() { g.inFrame = false }()
	defer g.ending(&err)
	frameStart := g.pace.startFrame()
	g.lapStart()
	g.polled = g.win.PollEvents(g.polled[:0], g.stamp)
	g.takeEvents()
	g.lap(&g.prof.Poll)
	if g.sig.requested() {
		g.logf("tickwork: %s: ending the game (a second signal exits at once)", g.sig.name())
		return g.fail(ErrQuit)
	}
	if g.quit {
		return g.fail(ErrQuit)
	}

	now := g.clock.Now() // the one clock reading the simulation sees
	// Ticks are taken one at a time, so that a tick that changes the
	// scheduler (SetTickRate, Pause, SetTimeScale…) changes the very next
	// tick, whatever the frame rate.
	g.sched.Begin(now)
	for ran := 0; g.tickLimit == 0 || ran < g.tickLimit; ran++ {
		ti, ok := g.sched.Next()
		if !ok {
			break
		}
		ideal := now - timing.Micros(float64(ti.Overdue)/g.sched.TimeScale())
		if err := g.tick(ti, ideal, g.sched.Due() == 0); err != nil {
			g.lastFrame = g.sched.End()
			return g.fail(err)
		}
		if g.rb.sync.k > 0 {
			if err := g.syncCheck(ti.Index); err != nil {
				g.lastFrame = g.sched.End()
				return g.fail(err)
			}
		}
		if g.quit || len(g.stack) == 0 {
			g.lastFrame = g.sched.End()
			return g.fail(ErrQuit)
		}
	}
	f := g.sched.End()
	g.lastFrame = f
	g.prof.Ticks = f.Ticks
	g.feedAudio()
	g.lap(&g.prof.Tick)
	g.reportSlow(now)

	// Minimised (0×0): no draw and no swap; ticks go on, paced so the loop
	// does not spin.
	w, h := g.win.FramebufferSize()
	minimised := g.minimise(w, h)
	if !minimised {
		if err := g.draw(&f, w, h); err != nil {
			return g.fail(err)
		}
		if err := g.win.SwapBuffers(); err != nil {
			return g.fail(fmt.Errorf("engine: presenting the frame: %w", err))
		}
		g.lap(&g.prof.Swap)
		g.pace.endFrame(frameStart)
	}
	g.pace.wait(minimised)
	g.lap(&g.prof.Pace)
	if !g.presented {
		g.presented = true
		g.sched.Skip(g.clock.Now())
	}
	return nil
}

// takeEvents queues the polled window events and handles the ones the
// engine acts on itself.
func (g *Game) takeEvents() {
	for _, e := range g.polled {
		switch e.Kind {
		case input.CloseRequest:
			g.quit = true
		case input.FocusLost:
			// Release held keys so none stays stuck down while away (live
			// input only: a replay's keys are the recording's).
			if g.source == nil {
				g.held = g.in.HeldKeys(g.held[:0])
				for _, k := range g.held {
					g.enqueue(input.Event{Time: e.Time, Kind: input.KeyRelease, Key: k})
				}
			}
			if g.opts.FocusLoss == PauseOnFocusLoss {
				g.sched.Pause()
			}
		case input.FocusGained:
			if g.opts.FocusLoss == PauseOnFocusLoss {
				g.sched.Resume()
			}
		}
		if g.source == nil || g.live != nil {
			g.enqueue(e)
		}
	}
}

// enqueue adds a live event; consecutive cursor moves are merged, so a
// paused game cannot pile them up (a tick sees the latest position).
func (g *Game) enqueue(e input.Event) {
	if n := len(g.queue); n > 0 && e.Kind == input.CursorMove && g.queue[n-1].Kind == input.CursorMove {
		g.queue[n-1] = e
		return
	}
	g.queue = append(g.queue, e)
}

// tick runs one fixed tick: input, then every ticking state bottom first
// with its scenes, then the stack changes requested during the tick.
func (g *Game) tick(ti timing.TickInfo, ideal timing.Micros, lastInFrame bool) error {
	// The tick's input: events up to the tick's ideal moment, or all of
	// them on the frame's last tick; a replay or script instead.
	g.deliver = g.deliver[:0]
	if g.live != nil {
		n := g.takeQueued(ideal, lastInFrame)
		g.markSink("TickSource", g.source)
		g.live.LiveInput(ti.Index, g.queue[:n])
		g.queue = g.queue[:copy(g.queue, g.queue[n:])]
	}
	if g.source != nil {
		var err error
		g.markSink("TickSource", g.source)
		g.rb.inSource, g.rb.sourceTick = true, ti.Index
		g.deliver, err = g.source.TickEvents(ti.Index, g.deliver)
		g.rb.inSource = false
		if err != nil {
			g.rb.wanted = false
			return fmt.Errorf("engine: input for tick %d: %w", ti.Index, err)
		}
	} else {
		n := g.takeQueued(ideal, lastInFrame)
		g.deliver = append(g.deliver, g.queue[:n]...)
		g.queue = g.queue[:copy(g.queue, g.queue[n:])]
	}
	g.deliver = g.dropUnknown(ti.Index, g.deliver)
	if g.rb.window > 0 {
		if g.rb.wanted { // the TickSource asked for a rewind
			g.rb.wanted = false
			if err := g.resimulate(g.rb.want, ti.Index); err != nil {
				return err
			}
		}
		g.save(ti, g.deliver)
	}
	return g.runTick(ti, g.deliver)
}

// takeQueued says how many queued live events belong to the tick whose
// ideal moment is ideal: those up to it, or all on the frame's last tick.
func (g *Game) takeQueued(ideal timing.Micros, lastInFrame bool) int {
	n := 0
	for n < len(g.queue) && (lastInFrame || g.queue[n].Time <= ideal) {
		n++
	}
	return n
}

// runTick runs tick ti with the input evs: the input latches, the sinks,
// every ticking state and its scenes, and the stack operations the tick
// asked for.
func (g *Game) runTick(ti timing.TickInfo, evs []input.Event) error {
	g.tickSample = audio.SampleOfTick(ti.Time, ti.DeltaMicros, 0)
	g.in.begin()
	for _, e := range evs {
		g.in.apply(e)
	}
	g.quiet.begin()
	sinks := g.sinks
	if g.rb.sync.checking {
		sinks = nil // the sync test's re-runs are not shown to sinks
	}
	for _, s := range sinks {
		g.markSink("TickSink", s)
		if err := s.TickInput(ti.Index, evs); err != nil {
			return fmt.Errorf("engine: tick %d: %w", ti.Index, err)
		}
	}

	lo := g.tickFloor()
	if g.stepBelow {
		lo = g.drawFloor()
		g.stepBelow = false
	}
	top := len(g.stack) - 1
	for i := lo; i <= top; i++ {
		e := g.stack[i]
		g.tctx = TickContext{Context: Context{game: g, entry: e}, Tick: ti, Input: g.quiet}
		if i == top {
			g.tctx.Input = g.in
		}
		e.takeMessages()
		g.debugTick(e)
		if err := g.callTick(e, &g.tctx); err != nil {
			return err
		}
		if e.scenes != nil {
			g.mark(e, "Scenes", -1)
			for j, m := range scenesOf(e.scenes, &g.sbTick) {
				g.mark(e, "actor Tick", j)
				// The behaviours reach the tick through the manager
				// (TickContextOf): set once per scene and tick.
				m.SetEnv(&g.tctx)
				err := m.Tick(ti)
				m.SetEnv(nil)
				if err != nil {
					if err = g.sceneTickError(e, j, m, ti, err); err != nil {
						return err
					}
				}
			}
		}
		e.clock.advance(ti.Rate)
	}
	if err := g.applyStack(); err != nil {
		return err
	}
	for _, s := range sinks {
		g.markSink("TickSink", s)
		if err := s.TickDone(ti.Index, g); err != nil {
			return fmt.Errorf("engine: tick %d: %w", ti.Index, err)
		}
	}
	return nil
}

// dropUnknown removes, in place, the events of an unknown kind from evs:
// neither the state nor a tick sink (a recorder) sees them. It counts them
// and reports the first one through Options.Logf.
func (g *Game) dropUnknown(tick uint64, evs []input.Event) []input.Event {
	n := 0
	for _, e := range evs {
		if e.Kind.Valid() {
			evs[n] = e
			n++
			continue
		}
		if g.unknownEvents == 0 {
			g.logf("tickwork: tick %d: dropped an event of unknown kind %d (%v): the tick source or window sent it; Stats.UnknownEvents counts such events",
				tick, uint8(e.Kind), e.Kind)
		}
		g.unknownEvents++
	}
	return evs[:n]
}

// takeMessages makes the messages posted to e since its last tick its
// inbox for this tick, forgetting the previous inbox (cleared, so it keeps
// no values alive) and reusing its memory for the next posts.
func (e *entry) takeMessages() {
	clear(e.inbox)
	e.inbox, e.posted = e.posted, e.inbox[:0]
}

// callTick runs a state's Tick, turning a panic into a *PanicError.
func (g *Game) callTick(e *entry, ctx *TickContext) (err error) {
	g.mark(e, "Tick", -1)
	defer func() {
		if r := recover(); r != nil {
			err = g.panicked(r)
		}
	}()
	if err = e.state.Tick(ctx); err != nil {
		if errors.Is(err, ErrQuit) {
			g.quit = true
			return nil
		}
		return fmt.Errorf("engine: state %s, tick %d: %w", e.name, ctx.Tick.Index, err)
	}
	return nil
}

// call runs a hook of e with a Context, turning a panic into a *PanicError.
func (g *Game) call(e *entry, hook string, fn func(*Context) error) (err error) {
	g.mark(e, hook, -1)
	defer func() {
		if r := recover(); r != nil {
			err = g.panicked(r)
		}
	}()
	ctx := Context{game: g, entry: e}
	if err = fn(&ctx); err != nil && !errors.Is(err, ErrQuit) {
		return fmt.Errorf("engine: state %s, %s: %w", e.name, hook, err)
	}
	return err
}

// tickFloor returns the index of the lowest state that ticks: the top one,
// and below it as long as each overlay lets the states below tick.
func (g *Game) tickFloor() int {
	i := len(g.stack) - 1
	for i > 0 {
		o := g.stack[i].overlay
		if o == nil || !o.Below().Tick {
			break
		}
		i--
	}
	return max(i, 0)
}

// drawFloor returns the index of the lowest state that is drawn.
func (g *Game) drawFloor() int {
	i := len(g.stack) - 1
	for i > 0 {
		o := g.stack[i].overlay
		if o == nil || !o.Below().Draw {
			break
		}
		i--
	}
	return max(i, 0)
}
