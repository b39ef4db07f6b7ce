package replay

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// arena is the test game: one state with one scene. Held arrow keys steer
// the player actor; a Space tap spawns a wanderer at a random place; a
// left click moves the player to the cursor; A pressed and released within
// one tick counts as a tap. Wanderers change course at random, drawing from
// the game's random source in tick order.
type arena struct {
	world  scene.Manager
	scenes []*scene.Manager
	player scene.Handle
	rng    *rand.Rand

	taps, clicks uint64
	cx, cy       float64

	// divergeAt, when not 0, makes the game behave differently from that
	// tick on: the player drifts. It stands for a non-deterministic change.
	divergeAt uint64
}

// wanderer moves its actor and sometimes turns, at random.
type wanderer struct {
	rng *rand.Rand
	vel mgl32.Vec3
}

func (w *wanderer) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	if w.rng.IntN(8) == 0 {
		w.vel = mgl32.Vec3{w.rng.Float32()*2 - 1, 0, w.rng.Float32()*2 - 1}
	}
	a.Local.Pos = a.Local.Pos.Add(w.vel.Mul(float32(t.Delta)))
	return nil
}

func (g *arena) Name() string                                 { return "arena" }
func (g *arena) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, g.scenes...) }
func (g *arena) Draw(ctx *engine.DrawContext)                 {}

func (g *arena) Enter(ctx *engine.Context) error {
	g.scenes = []*scene.Manager{&g.world}
	g.rng = ctx.Rand()
	var err error
	if g.player, err = g.world.Spawn(scene.Spec{Mesh: gfx.MeshCube}); err != nil {
		return err
	}
	for range 3 {
		if err := g.spawn(); err != nil {
			return err
		}
	}
	return nil
}

func (g *arena) spawn() error {
	_, err := g.world.Spawn(scene.Spec{
		Pos:      mgl32.Vec3{g.rng.Float32()*20 - 10, 0, g.rng.Float32()*20 - 10},
		Mesh:     gfx.MeshSphere,
		Behavior: &wanderer{rng: g.rng},
	})
	return err
}

func (g *arena) Tick(ctx *engine.TickContext) error {
	in := ctx.Input
	if in.Pressed(input.KeySpace) {
		if err := g.spawn(); err != nil {
			return err
		}
	}
	if in.Pressed(input.KeyA) && in.Released(input.KeyA) {
		g.taps++
	}
	g.cx, g.cy = in.Cursor()
	p, err := g.world.Actor(g.player)
	if err != nil {
		return err
	}
	step := float32(4 * ctx.Tick.Delta)
	if in.Down(input.KeyRight) {
		p.Local.Pos[0] += step
	}
	if in.Down(input.KeyLeft) {
		p.Local.Pos[0] -= step
	}
	if in.Down(input.KeyUp) {
		p.Local.Pos[2] -= step
	}
	if in.ButtonPressed(input.ButtonLeft) {
		g.clicks++
		p.Local.Pos = mgl32.Vec3{float32(g.cx / 100), 0, float32(g.cy / 100)}
	}
	if g.divergeAt != 0 && ctx.Tick.Index >= g.divergeAt {
		p.Local.Pos[1] += 0.001
	}
	return nil
}

func (g *arena) Hash() uint64 {
	return g.taps*31 ^ g.clicks*7919 ^ math.Float64bits(g.cx) ^ math.Float64bits(g.cy)<<1
}

// at returns the time of tick i at 30 Hz, plus off µs.
func at(i uint64, off timing.Micros) timing.Micros { return timing.Micros(i*1e6/30) + off }

func keyEv(kind input.Kind, k input.Key, t timing.Micros) input.Event {
	return input.Event{Time: t, Kind: kind, Key: k}
}

// script injects the recorded run's input: taps within one tick, held
// keys across many ticks, cursor moves and clicks.
func script(h *engine.Headless) {
	for _, tick := range []uint64{3, 64, 65, 120, 200} {
		h.Inject(tick, keyEv(input.KeyPress, input.KeySpace, at(tick, 100)), keyEv(input.KeyRelease, input.KeySpace, at(tick, 9000)))
	}
	h.Inject(10, keyEv(input.KeyPress, input.KeyRight, at(10, 5)))
	h.Inject(50, keyEv(input.KeyRelease, input.KeyRight, at(50, 5)))
	h.Inject(100, keyEv(input.KeyPress, input.KeyUp, at(100, 7)), input.Event{Time: at(100, 8), Kind: input.KeyRepeat, Key: input.KeyUp, Mods: input.ModShift})
	h.Inject(160, keyEv(input.KeyRelease, input.KeyUp, at(160, 1)))
	h.Inject(20, input.Event{Time: at(20, 3), Kind: input.CursorMove, X: 320.5, Y: 200})
	h.Inject(21, input.Event{Time: at(21, 3), Kind: input.ButtonPress, Button: input.ButtonLeft, X: 320.5, Y: 200})
	h.Inject(23, input.Event{Time: at(23, 3), Kind: input.ButtonRelease, Button: input.ButtonLeft, X: 320.5, Y: 200})
	h.Inject(30, keyEv(input.KeyPress, input.KeyA, at(30, 1)), keyEv(input.KeyRelease, input.KeyA, at(30, 2)))
	h.Inject(31, input.Event{Time: at(31, 0), Kind: input.Scroll, X: 0, Y: -1.5})
	// Text entry and mouse-look (format 3).
	h.Inject(32, input.CharEvent(at(32, 1), 'é'), input.CharEvent(at(32, 2), '中'),
		input.Event{Time: at(32, 3), Kind: input.MouseMotion, X: -3.5, Y: 12})
	h.Inject(33, input.PadConnectEvent(at(33, 0), 2, true), input.PadButtonEvent(at(33, 1), 2, input.PadStart, true),
		input.PadAxisEvent(at(33, 2), 2, input.PadLeftY, -0.73), input.PadAxisEvent(at(33, 3), 2, input.PadRightTrigger, 0.5))
	h.Inject(34, input.PadButtonEvent(at(34, 1), 2, input.PadStart, false), input.PadConnectEvent(at(34, 2), 2, false))
	h.Inject(140, input.Event{Time: at(140, 0), Kind: input.CursorMove, X: 12, Y: 700.25},
		input.Event{Time: at(140, 10), Kind: input.ButtonPress, Button: input.ButtonLeft, Mods: input.ModControl, X: 12, Y: 700.25})
	h.Inject(141, input.Event{Time: at(141, 0), Kind: input.ButtonRelease, Button: input.ButtonLeft, X: 12, Y: 700.25})
	h.Inject(230, keyEv(input.KeyPress, input.KeyLeft, at(230, 0)))
}

// hashLog is a tick sink that keeps the state hash after every tick.
type hashLog struct{ hashes []uint64 }

func (l *hashLog) TickInput(uint64, []input.Event) error { return nil }
func (l *hashLog) TickDone(tick uint64, g *engine.Game) error {
	l.hashes = append(l.hashes, g.Hash())
	return nil
}
func (l *hashLog) Close() error { return nil }

// run is what a recording or a replay produced.
type run struct {
	path   string
	hashes []uint64 // after every tick
	final  uint64
}

const testTicks = 240

// record runs the scripted arena for n ticks at 60 fps, recording it at
// path (in a new temporary directory when path is "").
func record(t testing.TB, path string, h Header, n uint64) run {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "run.twr")
	}
	hl, err := engine.NewHeadless(engine.Options{TickRate: h.TickRate, Seed: h.Seed}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	log := &hashLog{}
	hl.Game.AddTickSink(rec)
	hl.Game.AddTickSink(log)
	script(hl)
	if err := hl.RunTicks(n, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	final := hl.Game.Hash()
	if err := hl.Close(); err != nil {
		t.Fatal(err)
	}
	return run{path: path, hashes: log.hashes, final: final}
}

// replayRun replays p into a new arena game with the given frame times.
// It returns the hashes after every tick it ran and the error that ended
// the run, if any.
func replayRun(t testing.TB, p *Player, frames engine.FrameTimes, game engine.State) (run, error) {
	t.Helper()
	hd := p.Header()
	hl, err := engine.NewHeadless(engine.Options{TickRate: hd.TickRate, Seed: hd.Seed}, game)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(hl.Game); err != nil {
		t.Fatal(err)
	}
	log := &hashLog{}
	hl.Game.SetTickSource(p)
	hl.Game.AddTickSink(p)
	hl.Game.AddTickSink(log)
	runErr := hl.RunTicks(p.Ticks(), frames)
	final := hl.Game.Hash()
	if err := hl.Close(); err != nil && runErr == nil {
		runErr = err
	}
	return run{hashes: log.hashes, final: final}, runErr
}

func testHeader() Header {
	return Header{TickRate: 30, Seed: 42, InitialState: "arena", HashEvery: 10}
}
