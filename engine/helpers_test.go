package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// journal records what happened, in order, across states.
type journal struct{ lines []string }

func (j *journal) add(format string, args ...any) {
	j.lines = append(j.lines, fmt.Sprintf(format, args...))
}
func (j *journal) String() string { return strings.Join(j.lines, "\n") }

// probe is a configurable test state: it logs its hooks, counts its ticks
// and draws, and runs an optional function each tick.
type probe struct {
	name    string
	log     *journal
	below   *Below
	ticks   int
	draws   int
	alphas  []float32
	onTick  func(p *probe, ctx *TickContext) error
	inputs  []string // per tick: the events delivered
	pressed int      // ticks that saw KeyA pressed
}

func (p *probe) Name() string { return p.name }

func (p *probe) Tick(ctx *TickContext) error {
	p.ticks++
	if evs := ctx.Input.Events(); len(evs) > 0 {
		var b strings.Builder
		for _, e := range evs {
			fmt.Fprintf(&b, "%s %s;", e.Kind, e.Key)
		}
		p.inputs = append(p.inputs, fmt.Sprintf("tick %d: %s", ctx.Tick.Index, b.String()))
	}
	if ctx.Input.Pressed(input.KeyA) {
		p.pressed++
	}
	if p.onTick != nil {
		return p.onTick(p, ctx)
	}
	return nil
}

func (p *probe) Draw(ctx *DrawContext) {
	p.draws++
	p.alphas = append(p.alphas, ctx.Alpha)
}

func (p *probe) Enter(ctx *Context) error {
	p.log.add("%s enter", p.name)
	return nil
}

func (p *probe) Exit(ctx *Context) error {
	p.log.add("%s exit", p.name)
	return nil
}

func (p *probe) Covered(ctx *Context)   { p.log.add("%s covered", p.name) }
func (p *probe) Uncovered(ctx *Context) { p.log.add("%s uncovered", p.name) }

// overlayProbe is a probe that is an Overlay.
type overlayProbe struct{ probe }

func (o *overlayProbe) Below() Below { return *o.below }

// mover moves its actor along +X by speed units per second and spins it.
type mover struct{ speed float32 }

func (mv *mover) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	a.Local.Pos[0] += mv.speed * float32(t.Delta)
	a.Local.Rot = mgl32.QuatRotate(float32(t.Delta), mgl32.Vec3{0, 1, 0}).Mul(a.Local.Rot).Normalize()
	return nil
}

// world is a gameplay state with one scene of movers. Pressing A spawns an
// actor at a random position drawn from the game's random source; holding D
// pushes the first actor along Z.
type world struct {
	probe
	scenes []*scene.Manager
	first  scene.Handle
	n      int
}

func newWorld(t testing.TB, n int, log *journal) *world {
	w := &world{probe: probe{name: "world", log: log}, n: n}
	m := &scene.Manager{}
	for i := range n {
		h, err := m.Spawn(scene.Spec{
			Pos:      mgl32.Vec3{float32(i % 100), float32(i / 100), 0},
			Mesh:     gfx.MeshCube,
			Color:    gfx.RGB(1, 0.5, 0.2),
			Behavior: &mover{speed: 1 + float32(i%7)},
		})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			w.first = h
		}
	}
	// Frame the grid (x and y in [0, 100), z = 0) from far enough that
	// the movers stay in view for minutes: every actor is drawn.
	m.SetView(mgl32.LookAtV(mgl32.Vec3{50, 50, 150}, mgl32.Vec3{50, 50, 0}, mgl32.Vec3{0, 1, 0}))
	w.scenes = []*scene.Manager{m}
	return w
}

func (w *world) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, w.scenes...) }

func (w *world) Tick(ctx *TickContext) error {
	if err := w.probe.Tick(ctx); err != nil {
		return err
	}
	m := w.scenes[0]
	if ctx.Input.Pressed(input.KeyA) {
		r := ctx.Rand()
		if _, err := m.Spawn(scene.Spec{Pos: mgl32.Vec3{r.Float32() * 10, r.Float32() * 10, 0}, Mesh: gfx.MeshSphere,
			Behavior: &mover{speed: r.Float32()}}); err != nil {
			return err
		}
	}
	if ctx.Input.Down(input.KeyD) && w.n > 0 {
		a, err := m.Actor(w.first)
		if err != nil {
			return err
		}
		a.Local.Pos[2] += 3 * float32(ctx.Tick.Delta)
	}
	return nil
}

// liveWindow is a window whose events the test queues with timestamps.
type liveWindow struct {
	w, h    int
	pending []input.Event
	swaps   int
}

func (l *liveWindow) PollEvents(dst []input.Event, stamp func() timing.Micros) []input.Event {
	dst = append(dst, l.pending...)
	l.pending = l.pending[:0]
	return dst
}
func (l *liveWindow) FramebufferSize() (int, int) { return l.w, l.h }
func (l *liveWindow) SwapBuffers() error          { l.swaps++; return nil }

// manualGame starts a game on a live window driven by a manual clock.
func manualGame(t testing.TB, opts Options, first State) (*Game, *liveWindow, *ManualClock, *NullRenderer) {
	t.Helper()
	clk := &ManualClock{}
	opts.Clock = clk
	opts.NoPacing = true
	g, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	win := &liveWindow{w: 640, h: 480}
	r := &NullRenderer{}
	if err := g.Start(win, r, first); err != nil {
		t.Fatal(err)
	}
	return g, win, clk, r
}

func key(kind input.Kind, k input.Key, at timing.Micros) input.Event {
	return input.Event{Time: at, Kind: kind, Key: k}
}
