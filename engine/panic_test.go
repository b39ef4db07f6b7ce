package engine

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// bomb panics in the named hook when its tick comes.
type bomb struct {
	hook string // "Tick", "Update" or "Draw"
	at   uint64 // the tick from which it panics
	tick uint64
}

func (b *bomb) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	b.tick = t.Index
	if b.hook == "Tick" && t.Index >= b.at {
		panic("boom in Tick")
	}
	return nil
}

func (b *bomb) Update(a *scene.Actor, dt float32) {
	if b.hook == "Update" && b.tick >= b.at {
		panic(fmt.Errorf("boom in Update"))
	}
}

func (b *bomb) Draw(a *scene.Actor, d *gfx.DrawList) {
	if b.hook == "Draw" && b.tick >= b.at {
		panic("boom in Draw")
	}
}

// hooked is a state that panics in the hook named by panicIn, with a scene
// whose second actor carries a bomb.
type hooked struct {
	name    string
	panicIn string
	bomb    *bomb
	world   scene.Manager
	scenes  []*scene.Manager
	target  scene.Handle
	log     *journal
	ticks   uint64
	child   State // pushed on the first tick when set
}

func (h *hooked) Name() string { return h.name }

func (h *hooked) maybe(hook string) {
	if h.panicIn == hook {
		panic("boom in " + hook)
	}
}

func (h *hooked) Enter(ctx *Context) error {
	h.scenes = []*scene.Manager{&h.world}
	if _, err := h.world.Spawn(scene.Spec{Mesh: gfx.MeshCube}); err != nil {
		return err
	}
	var err error
	h.target, err = h.world.Spawn(scene.Spec{Mesh: gfx.MeshCube, Behavior: h.bomb})
	if err != nil {
		return err
	}
	h.maybe("Enter")
	return nil
}

func (h *hooked) Exit(ctx *Context) error {
	h.log.add("%s exit", h.name)
	h.maybe("Exit")
	return nil
}

func (h *hooked) Covered(ctx *Context)   { h.maybe("Covered") }
func (h *hooked) Uncovered(ctx *Context) { h.maybe("Uncovered") }

func (h *hooked) Scenes(dst []*scene.Manager) []*scene.Manager {
	if h.panicIn == "Scenes" && h.ticks >= 2 {
		panic("boom in Scenes")
	}
	return append(dst, h.scenes...)
}

func (h *hooked) Hash() uint64 {
	if h.panicIn == "Hash" && h.ticks >= 2 {
		panic("boom in Hash")
	}
	return h.ticks
}

func (h *hooked) Tick(ctx *TickContext) error {
	h.ticks++
	if h.child != nil && h.ticks == 1 {
		ctx.Push(h.child)
	}
	if h.ticks >= 2 {
		h.maybe("Tick")
	}
	return nil
}

func (h *hooked) Draw(ctx *DrawContext) {
	if h.ticks >= 2 {
		h.maybe("Draw")
	}
}

// overlayChild is pushed over a hooked state and pops itself at its first
// tick, so Covered and Uncovered run.
type overlayChild struct{}

func (overlayChild) Tick(ctx *TickContext) error { ctx.Pop(); return nil }
func (overlayChild) Draw(*DrawContext)           {}

// endLog is a tick sink that records how the game ended; it can panic.
type endLog struct {
	panicIn string
	ticks   uint64
	ended   bool
	closed  bool
	hashed  bool
}

func (l *endLog) TickInput(tick uint64, _ []input.Event) error {
	if l.panicIn == "TickInput" && tick >= 2 {
		panic("boom in TickInput")
	}
	return nil
}

func (l *endLog) TickDone(tick uint64, g *Game) error {
	l.ticks = tick + 1
	g.Hash() // as a recorder does
	return nil
}

func (l *endLog) GameEnd(g *Game) error { l.ended = true; return nil }
func (l *endLog) Close() error          { l.closed = true; return nil }

// panicSource is a tick source that panics at tick 2.
type panicSource struct{}

func (panicSource) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	if tick >= 2 {
		panic("boom in TickSource")
	}
	return dst, nil
}

// TestPanicsEndTheGameAsErrors: a panic in any game code ends the game
// with a *PanicError naming the state, the hook and, for actor code, the
// scene and the actor; every state is exited, top first, and the tick
// sinks see the end.
func TestPanicsEndTheGameAsErrors(t *testing.T) {
	cases := []struct {
		name      string
		panicIn   string // state hook
		bombIn    string // actor hook
		sinkIn    string // sink hook
		source    bool
		child     bool
		wantState string
		wantIn    string
		wantActor bool
	}{
		{name: "state Tick", panicIn: "Tick", wantState: "bottom", wantIn: "Tick"},
		{name: "state Draw", panicIn: "Draw", wantState: "bottom", wantIn: "Draw"},
		{name: "state Enter", panicIn: "Enter", wantState: "bottom", wantIn: "Enter"},
		{name: "state Covered", panicIn: "Covered", child: true, wantState: "bottom", wantIn: "Covered"},
		{name: "state Uncovered", panicIn: "Uncovered", child: true, wantState: "bottom", wantIn: "Uncovered"},
		{name: "state Scenes", panicIn: "Scenes", wantState: "bottom", wantIn: "Scenes"},
		{name: "state Hash", panicIn: "Hash", wantState: "bottom", wantIn: "Hash"},
		{name: "actor Tick", bombIn: "Tick", wantState: "bottom", wantIn: "actor Tick", wantActor: true},
		{name: "actor Update", bombIn: "Update", wantState: "bottom", wantIn: "actor Update", wantActor: true},
		{name: "actor Draw", bombIn: "Draw", wantState: "bottom", wantIn: "actor Draw", wantActor: true},
		{name: "tick sink", sinkIn: "TickInput", wantIn: "TickSink *engine.endLog"},
		{name: "tick source", source: true, wantIn: "TickSource engine.panicSource"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log := &journal{}
			st := &hooked{name: "bottom", panicIn: c.panicIn, bomb: &bomb{hook: c.bombIn, at: 2}, log: log}
			if c.child {
				st.child = overlayChild{}
			}
			sink := &endLog{panicIn: c.sinkIn}
			var reports []string
			logf := func(format string, args ...any) { reports = append(reports, fmt.Sprintf(format, args...)) }
			g, err := New(Options{Clock: &ManualClock{}, NoPacing: true, Logf: logf})
			if err != nil {
				t.Fatal(err)
			}
			g.AddTickSink(sink)
			if c.source {
				g.SetTickSource(panicSource{})
			}
			clock := g.clock.(*ManualClock)
			err = g.Start(&nullWindow{640, 480}, &NullRenderer{}, st)
			for i := 0; err == nil && i < 20; i++ {
				clock.Advance(timing.Second / 30)
				err = g.RunFrame()
			}
			var pe *PanicError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *PanicError", err)
			}
			if pe.State != c.wantState || pe.In != c.wantIn {
				t.Errorf("got state %q hook %q, want state %q hook %q", pe.State, pe.In, c.wantState, c.wantIn)
			}
			if c.wantActor {
				if pe.Actor != st.target || pe.Scene != 0 {
					t.Errorf("got scene %d actor %v, want scene 0 actor %v", pe.Scene, pe.Actor, st.target)
				}
			} else if pe.Actor != scene.NoHandle {
				t.Errorf("got actor %v, want none", pe.Actor)
			}
			if !strings.Contains(pe.Error(), "boom in") || len(pe.Stack) == 0 {
				t.Errorf("got message %q with %d bytes of stack, want the panic value and a stack", pe.Error(), len(pe.Stack))
			}
			if strings.Contains(pe.Error(), "\n") {
				t.Errorf("got a message of several lines %q, want one line (the stack is in the Stack field)", pe.Error())
			}
			stacks := 0
			for _, r := range reports {
				if strings.Contains(r, "goroutine ") {
					stacks++
					if !strings.Contains(r, pe.Error()) {
						t.Errorf("the report with the stack %q does not name the panic %q", r, pe.Error())
					}
				}
			}
			if stacks != 1 {
				t.Errorf("got %d reports with a stack (%q), want exactly one", stacks, reports)
			}
			if c.panicIn != "Enter" && !strings.Contains(log.String(), "bottom exit") {
				t.Errorf("got log %q, want the state exited", log.String())
			}
			if !sink.ended || !sink.closed {
				t.Errorf("got sink ended=%v closed=%v, want both: a recording must be finalised", sink.ended, sink.closed)
			}
			if err := g.RunFrame(); !errors.Is(err, ErrQuit) {
				t.Errorf("Frame after the end: got %v, want ErrQuit", err)
			}
		})
	}
}

// drifter writes a NaN into its actor's position at one tick.
type drifter struct{ at uint64 }

func (d *drifter) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	a.Local.Pos[0] += float32(t.Delta)
	if t.Index%uint64(d.at) == 0 && t.Index > 0 {
		a.Local.Pos[1] = float32(math.NaN())
	}
	return nil
}

// TestNonFiniteTransformsArePolicy: by default a behaviour's NaN is
// reverted, logged at most once per actor per second of game time, and the
// game goes on; Options.StrictTransforms ends the game naming the actor.
func TestNonFiniteTransformsArePolicy(t *testing.T) {
	var lines []string
	logf := func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) }
	st := &one{spec: scene.Spec{Mesh: gfx.MeshCube, Behavior: &drifter{at: 3}}}
	h, err := NewHeadless(Options{Logf: logf}, st)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(90, Steady(60)); err != nil {
		t.Fatalf("got %v, want the game to go on", err)
	}
	a, err := st.world.Actor(st.actor)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Local.IsFinite() || a.World().Pos != a.Local.Pos {
		t.Errorf("got local %v world %v, want the last finite transform kept", a.Local, a.World())
	}
	warned := 0
	for _, l := range lines {
		if strings.Contains(l, "reverted") && strings.Contains(l, st.actor.String()) {
			warned++
		}
	}
	// 29 bad ticks over 3 s of game time: one warning per second.
	if warned != 3 {
		t.Errorf("got %d warnings (%q), want 3: at most one per actor per second of game time", warned, lines)
	}

	st2 := &one{spec: scene.Spec{Mesh: gfx.MeshCube, Behavior: &drifter{at: 3}}}
	h2, err := NewHeadless(Options{StrictTransforms: true, Logf: logf}, st2)
	if err != nil {
		t.Fatal(err)
	}
	err = h2.RunTicks(90, Steady(60))
	if !errors.Is(err, scene.ErrNonFinite) || !strings.Contains(err.Error(), st2.actor.String()) {
		t.Errorf("strict: got %v, want ErrNonFinite naming actor %v", err, st2.actor)
	}
}

// one is a state with one scene and one actor.
type one struct {
	spec   scene.Spec
	world  scene.Manager
	scenes []*scene.Manager
	actor  scene.Handle
}

func (o *one) Enter(ctx *Context) error {
	o.scenes = []*scene.Manager{&o.world}
	var err error
	o.actor, err = o.world.Spawn(o.spec)
	return err
}
func (o *one) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, o.scenes...) }
func (o *one) Tick(*TickContext) error                      { return nil }
func (o *one) Draw(*DrawContext)                            {}
