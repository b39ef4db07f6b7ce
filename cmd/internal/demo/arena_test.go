package demo

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/collide"
)

// TestRollingBallRollsDownTheRamp: the ball dropped on the ramp's high end
// rolls off its low end onto the floor and stays inside the walls.
func TestRollingBallRollsDownTheRamp(t *testing.T) {
	h, g := play(t, Config{})
	roller := g.handleNamed(t, "the rolling ball")
	ticks(t, h, 150) // 5 s
	b, err := g.phys.Body(roller)
	if err != nil {
		t.Fatal(err)
	}
	low := rampPos[0] - rampHalf[0]
	if b.Pos[0] > low || b.Pos[1] > rollerSize+0.05 {
		t.Errorf("after 5 s the rolling ball is at %v: want it off the ramp's low end (x < %g) on the floor (y ≈ %g)", b.Pos, low, rollerSize)
	}
	for _, k := range []int{0, 2} {
		if b.Pos[k] < -arenaWall || b.Pos[k] > arenaWall {
			t.Errorf("the rolling ball left the walls: %v", b.Pos)
		}
	}
}

// TestBallKnocksThePileOver: the bouncing ball, a kinematic collider,
// pushes the boxes: within 20 s some box has left its place in the pile.
func TestBallKnocksThePileOver(t *testing.T) {
	h, g := play(t, Config{})
	start := map[scene.Handle]float32{}
	boxes := g.boxes3(t)
	for _, b := range boxes {
		start[b] = actor(t, g.Scene(), b).World().Pos.Sub(pileAt).Len()
	}
	ticks(t, h, 600)
	moved := 0
	for _, b := range boxes {
		if d := actor(t, g.Scene(), b).World().Pos.Sub(pileAt).Len(); d > start[b]+0.5 {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("after 20 s none of the %d boxes was knocked 0.5 m away from the pile", len(boxes))
	}
}

// TestClickPicksAndPushes: a left click over a box (the cursor moved there
// first, as a recording keeps it) names the box on the HUD and pushes it.
func TestClickPicksAndPushes(t *testing.T) {
	h, g := play(t, Config{})
	ticks(t, h, 40)
	var box scene.Handle
	var x, y float32
	ok := false
	for _, b := range g.boxes3(t) {
		if x, y, ok = g.findOnScreen(b); ok {
			box = b
			break
		}
	}
	if !ok {
		t.Fatal("no box of the pile is on the 1280×720 screen")
	}
	at := h.Game.Time().Ticks() + 1
	h.Inject(at, input.Event{Kind: input.CursorMove, X: float64(x), Y: float64(y)},
		input.Event{Kind: input.ButtonPress, Button: input.ButtonLeft, X: float64(x), Y: float64(y)},
		input.Event{Kind: input.ButtonRelease, Button: input.ButtonLeft, X: float64(x), Y: float64(y)})
	ticks(t, h, 2)
	if g.Picked() != box || !strings.Contains(g.pickNote, "box") {
		t.Fatalf("after a click on %v: picked %v, HUD %q", box, g.Picked(), g.pickNote)
	}
	b, err := g.phys.Body(box)
	if err != nil {
		t.Fatal(err)
	}
	if b.Vel.Len() == 0 && b.AngVel.Len() == 0 {
		t.Errorf("the picked box is still: %+v, want it pushed", b)
	}
	// A click on the sky picks nothing.
	h.Inject(h.Game.Time().Ticks()+1, input.Event{Kind: input.CursorMove, X: 640, Y: 1},
		input.Event{Kind: input.ButtonPress, Button: input.ButtonLeft, X: 640, Y: 1})
	ticks(t, h, 2)
	if g.Picked() != scene.NoHandle || g.pickNote != "" {
		t.Errorf("after a click on the sky: picked %v, HUD %q; want nothing", g.Picked(), g.pickNote)
	}
}

// TestCharacterWalksWithFootsteps: the character walks and stands in
// turns, taking footsteps (sounds) while it walks, the same ones at 7 fps
// and at 240 fps ±50 %.
func TestCharacterWalksWithFootsteps(t *testing.T) {
	run := func(p engine.FrameTimes) (int, uint64, bool) {
		h, g := play(t, Config{})
		if err := h.RunTicks(300, p); err != nil {
			t.Fatal(err)
		}
		return g.Steps(), h.Game.Hash(), g.walker.Walking()
	}
	s7, h7, w7 := run(engine.Steady(7))
	s240, h240, _ := run(engine.Jittered(240, 0.5, 3))
	// 6 s walking (two steps per walk cycle), then 2 s standing, then walking again.
	if s7 < 4 || s7 != s240 || h7 != h240 {
		t.Errorf("10 s: %d steps (hash %x) at 7 fps, %d (hash %x) at 240 fps ±50%%; want the same, at least 4", s7, h7, s240, h240)
	}
	if !w7 {
		t.Errorf("after 10 s the character stands: want it walking again after 6 s walking and 2 s standing")
	}
}

// handleNamed returns the collision world's actor named name.
func (g *Gameplay) handleNamed(t *testing.T, name string) scene.Handle {
	t.Helper()
	for _, n := range g.names {
		if n.name == name {
			return n.h
		}
	}
	t.Fatalf("no actor named %q", name)
	return scene.NoHandle
}

// boxes3 returns the pile's boxes.
func (g *Gameplay) boxes3(t *testing.T) []scene.Handle {
	t.Helper()
	var out []scene.Handle
	for _, n := range g.names {
		if c, ok := g.phys.Collider(n.h); ok && c.Body == collide.Dynamic && c.Shape.Kind == collide.ShapeBox {
			out = append(out, n.h)
		}
	}
	if len(out) == 0 {
		t.Fatal("no boxes")
	}
	return out
}

// findOnScreen returns a point of the 1280×720 screen where picking finds h.
func (g *Gameplay) findOnScreen(h scene.Handle) (x, y float32, ok bool) {
	for y := float32(2); y < 720; y += 4 {
		for x := float32(2); x < 1280; x += 4 {
			if hit, _, ok := g.PickAt(x, y, 1280, 720); ok && hit.Actor == h {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

// TestLampsMoveAndInterpolate: the arena's three coloured lamps are point
// lights carried by actors: three lights in each frame's draw list, which
// move from tick to tick and are drawn between ticks where their actors
// are drawn.
func TestLampsMoveAndInterpolate(t *testing.T) {
	h, g := play(t, Config{})
	ticks(t, h, 2)
	m := g.Scene()
	lights := func() []mgl32.Vec3 {
		var out []mgl32.Vec3
		for _, l := range m.DrawList().Lights() {
			out = append(out, l.Position)
		}
		return out
	}
	if n := len(m.DrawList().Lights()); n != len(lamps) {
		t.Fatalf("%d point lights drawn, want the %d lamps", n, len(lamps))
	}
	before := lights()
	ticks(t, h, 1)
	after := lights()
	m.Interpolate(0.5)
	m.BuildDrawList()
	half := lights()
	for i := range before {
		if before[i] == after[i] {
			t.Errorf("lamp %d stayed at %v over a tick", i, before[i])
		}
		a := actor(t, m, g.lamps[i]).RenderMatrix()
		if p := a.Col(3).Vec3(); p.Sub(half[i]).Len() > 1e-5 {
			t.Errorf("lamp %d: light drawn at %v between ticks, its actor at %v", i, half[i], p)
		}
	}
}

// TestCharacterCrossFades: when the character stops walking it cross-fades
// from the walk to the idle clip over FadeTicks ticks, and back again when
// it sets off.
func TestCharacterCrossFades(t *testing.T) {
	h, g := play(t, Config{})
	w := g.walker
	l := &w.Hero.Pose.Layers[0]
	ticks(t, h, uint64(w.WalkTicks)+1) // the tick that stops
	if w.Walking() || l.Clip() != w.Idle {
		t.Fatalf("after %d ticks: walking %v, clip %d; want standing, idle (%d)", w.WalkTicks+1, w.Walking(), l.Clip(), w.Idle)
	}
	var fades []float32
	for range w.FadeTicks {
		fades = append(fades, l.Fade())
		ticks(t, h, 1)
	}
	// The walker plays the clip after the character has ticked (it is
	// spawned after it): the fade starts at 0 and rises by 1/FadeTicks.
	for i, f := range fades {
		if want := float32(i) / float32(w.FadeTicks); f != want {
			t.Fatalf("the idle clip's weight over the fade: %v; want 0, 1/%d, 2/%d, …", fades, w.FadeTicks, w.FadeTicks)
		}
	}
	if l.Fade() != 1 {
		t.Errorf("after %d ticks of fade the idle clip weighs %g, want 1", w.FadeTicks, l.Fade())
	}
	for n := 0; !w.Walking() && n <= w.IdleTicks; n++ {
		ticks(t, h, 1)
	}
	ticks(t, h, 1) // the fade's first tick
	if !w.Walking() || l.Clip() != w.Walk || l.Fade() >= 1 {
		t.Errorf("after standing: walking %v, clip %d, fade %g; want walking, fading into the walk (%d)", w.Walking(), l.Clip(), l.Fade(), w.Walk)
	}
}
