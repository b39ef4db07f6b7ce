package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// controlKind is a scheduler control a tick may call.
type controlKind uint8

const (
	ctlRate controlKind = iota
	ctlScale
	ctlPause
	ctlMode
	numControls
)

// control is one scripted call made by the tick with index at.
type control struct {
	at    uint64
	kind  controlKind
	rate  int
	scale float64
	mode  scene.Mode
}

// timelineEntry is what a tick is told about time.
type timelineEntry struct {
	Index uint64
	Time  timing.Micros
	Rate  int
	Step  bool
}

// controller is a state whose ticks change the scheduler at scripted tick
// indices and move one actor by Delta per tick.
type controller struct {
	script   map[uint64]control
	timeline []timelineEntry
	world    scene.Manager
	scenes   []*scene.Manager
	actor    scene.Handle
}

func (c *controller) Enter(ctx *Context) error {
	c.scenes = []*scene.Manager{&c.world}
	h, err := c.world.Spawn(scene.Spec{Mesh: gfx.MeshCube, Color: gfx.RGB(1, 1, 1)})
	c.actor = h
	return err
}

func (c *controller) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, c.scenes...) }

func (c *controller) Tick(ctx *TickContext) error {
	t := ctx.Tick
	c.timeline = append(c.timeline, timelineEntry{t.Index, t.Time, t.Rate, t.Step})
	a, err := c.world.Actor(c.actor)
	if err != nil {
		return err
	}
	a.Local.Pos = a.Local.Pos.Add(mgl32.Vec3{float32(t.Delta), 0, 0})
	ct, ok := c.script[t.Index]
	if !ok {
		return nil
	}
	g := ctx.Game()
	switch ct.kind {
	case ctlRate:
		return g.Time().SetTickRate(ct.rate)
	case ctlScale:
		return g.Time().SetTimeScale(ct.scale)
	case ctlPause:
		g.Time().Pause()
	case ctlMode:
		g.Time().SetInterpolation(ct.mode)
	}
	return nil
}

func (c *controller) Draw(*DrawContext) {}

// runControlled runs script for ticks ticks with frame times from frames.
// Whenever the game is paused after a frame, the harness single-steps it
// twice (one step per frame) and then resumes it, so pauses are part of the
// timeline too. It returns the per-tick timeline and the hash.
func runControlled(t *testing.T, script map[uint64]control, ticks int, frames FrameTimes) ([]timelineEntry, uint64, float32) {
	t.Helper()
	c := &controller{script: script}
	h, err := NewHeadless(Options{}, c)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for len(c.timeline) < ticks {
		g := h.Game
		if g.Time().Paused() {
			if steps < 2 {
				if err := g.Time().Step(); err != nil {
					t.Fatal(err)
				}
				steps++
			} else {
				g.Time().Resume()
				steps = 0
			}
		}
		d := frames.Next()
		if !g.Time().Paused() {
			// Stop on the exact tick, as RunTicks does, so the game is
			// compared after the same number of ticks.
			d = min(d, max(g.sched.Until(ticks-len(c.timeline)), 1))
			g.tickLimit = ticks - len(c.timeline)
		}
		err := h.RunFrame(d)
		g.tickLimit = 0
		if err != nil {
			t.Fatal(err)
		}
	}
	a, err := c.world.Actor(c.actor)
	if err != nil {
		t.Fatal(err)
	}
	return c.timeline, h.Game.Hash(), a.Local.Pos[0]
}

// randomScript draws in-tick control calls at random ticks.
func randomScript(rng *rand.Rand, ticks int) map[uint64]control {
	script := map[uint64]control{}
	for range 1 + rng.IntN(12) {
		ct := control{at: uint64(rng.IntN(ticks)), kind: controlKind(rng.IntN(int(numControls)))}
		switch ct.kind {
		case ctlRate:
			rates := []int{1, 7, 10, 24, 30, 60, 144, 240, 1000}
			ct.rate = rates[rng.IntN(len(rates))]
		case ctlScale:
			ct.scale = []float64{0.25, 0.5, 1, 2, 4}[rng.IntN(5)]
		case ctlMode:
			ct.mode = scene.Mode(rng.IntN(3))
		}
		script[ct.at] = ct
	}
	return script
}

// TestInTickControlIsFrameRateIndependent: rate, time scale, pause and mode
// changes made by ticks give the same per-tick timeline and the same hash at
// any frame pacing, from 1 to 1000 fps with jitter.
func TestInTickControlIsFrameRateIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const ticks = 200
	pacings := []struct {
		name   string
		frames func(seed uint64) FrameTimes
	}{
		{"1fps", func(uint64) FrameTimes { return Steady(1) }},
		{"7fps", func(uint64) FrameTimes { return Steady(7) }},
		{"60fps", func(uint64) FrameTimes { return Steady(60) }},
		{"1000fps", func(uint64) FrameTimes { return Steady(1000) }},
		{"60fps±50%", func(s uint64) FrameTimes { return Jittered(60, 0.5, s) }},
		{"13fps±90%", func(s uint64) FrameTimes { return Jittered(13, 0.9, s) }},
		{"240fps±50%", func(s uint64) FrameTimes { return Jittered(240, 0.5, s) }},
	}
	for trial := range 25 {
		script := randomScript(rng, ticks)
		want, wantHash, wantX := runControlled(t, script, ticks, pacings[2].frames(0))
		for _, p := range pacings {
			got, gotHash, gotX := runControlled(t, script, ticks, p.frames(uint64(trial)))
			if err := sameTimeline(got, want); err != nil {
				t.Fatalf("trial %d, %s, script %v: %v", trial, p.name, script, err)
			}
			if gotHash != wantHash || gotX != wantX {
				t.Fatalf("trial %d, %s, script %v: got hash %016x x=%v, want %016x x=%v (60 fps)",
					trial, p.name, script, gotHash, gotX, wantHash, wantX)
			}
		}
	}
}

// TestTickRateChangeFromTick is the case reported against the old loop: '+'
// at tick 10 (30 → 60 Hz), then 40 ticks of an actor moving Delta per tick
// end at the same x at 60 and at 7 fps.
func TestTickRateChangeFromTick(t *testing.T) {
	script := map[uint64]control{10: {at: 10, kind: ctlRate, rate: 60}}
	_, _, x60 := runControlled(t, script, 40, Steady(60))
	_, _, x7 := runControlled(t, script, 40, Steady(7))
	want := float32(11)/30 + float32(29)/60
	for _, c := range []struct {
		name string
		got  float32
	}{{"60 fps", x60}, {"7 fps", x7}} {
		if d := c.got - want; d > 1e-5 || d < -1e-5 {
			t.Errorf("%s: got x = %v, want %v (11 ticks at 30 Hz, 29 at 60 Hz)", c.name, c.got, want)
		}
	}
}

func sameTimeline(got, want []timelineEntry) error {
	if len(got) != len(want) {
		return fmt.Errorf("got %d ticks, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("tick %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	return nil
}
