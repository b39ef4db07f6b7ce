package demo

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/motion"
	"github.com/tickwork/tickwork/timing"
)

// hashAfter runs n ticks of gameplay with the given frame times and
// returns Game.Hash.
func hashAfter(t *testing.T, cfg Config, n uint64, frames engine.FrameTimes) uint64 {
	t.Helper()
	h, _ := play(t, cfg)
	if err := h.RunTicks(n, frames); err != nil {
		t.Fatal(err)
	}
	return h.Game.Hash()
}

func TestHashSameAtAnyFrameRate(t *testing.T) {
	runs := []struct {
		name   string
		frames engine.FrameTimes
	}{
		{"7 fps", engine.Steady(7)},
		{"60 fps, jitter 0.5", engine.Jittered(60, 0.5, 1)},
		{"240 fps", engine.Steady(240)},
		{"60 fps, jitter 0.9, seed 5", engine.Jittered(60, 0.9, 5)},
		{"one tick per frame", nil},
	}
	for _, cfg := range []Config{{}, {Actors: 500}} {
		want := hashAfter(t, cfg, 300, runs[0].frames)
		for _, r := range runs[1:] {
			if got := hashAfter(t, cfg, 300, r.frames); got != want {
				t.Errorf("actors %d, %s: hash after 300 ticks %016x, want %016x as at %s",
					cfg.Actors, r.name, got, want, runs[0].name)
			}
		}
		if hashAfter(t, cfg, 301, nil) == want {
			t.Errorf("actors %d: the hash after 301 ticks equals the hash after 300", cfg.Actors)
		}
	}
}

// TestBallClosedForm: between contacts the ball is exactly on the
// parabola p0 + v0·t + g·t²/2, tick after tick.
func TestBallClosedForm(t *testing.T) {
	h, g := play(t, Config{})
	b := g.ball
	a := actor(t, g.Scene(), g.ballH)
	dt := 1.0 / 30
	grav := mgl64.Vec3{0, -b.Gravity, 0}
	segments := 0
	var start motion.State
	startBounces, startWalls, j := -1, -1, 0
	for range 600 {
		ticks(t, h, 1)
		if b.Bounces != startBounces || b.Walls != startWalls {
			if j >= 5 {
				segments++
			}
			start, startBounces, startWalls, j = b.State, b.Bounces, b.Walls, 0
			continue
		}
		j++
		tt := float64(j) * dt
		want := start.Pos.Add(start.Vel.Mul(tt)).Add(grav.Mul(tt * tt / 2))
		wantV := start.Vel.Add(grav.Mul(tt))
		if d := b.State.Pos.Sub(want).Len(); d > 1e-9 {
			t.Fatalf("%d ticks after a contact: ball at %v, want %v on the parabola (off by %g)", j, b.State.Pos, want, d)
		}
		if d := b.State.Vel.Sub(wantV).Len(); d > 1e-9 {
			t.Fatalf("%d ticks after a contact: velocity %v, want %v", j, b.State.Vel, wantV)
		}
		if got := a.Local.Pos; got != motion.Vec32(b.State.Pos) {
			t.Fatalf("the ball's actor is at %v, its state at %v", got, b.State.Pos)
		}
		if b.State.Pos[1] < b.Radius-1e-9 {
			t.Fatalf("the ball sank into the floor: centre at y = %g, radius %g", b.State.Pos[1], b.Radius)
		}
	}
	if segments < 4 || b.Bounces < 4 {
		t.Errorf("checked %d parabolas over %d bounces, want at least 4 of each", segments, b.Bounces)
	}
}

// TestBallSamePathAtAnyTickRate: contacts are solved at their exact time,
// so the ball is in the same place after the same game time at any rate.
func TestBallSamePathAtAnyTickRate(t *testing.T) {
	newBall := func() *Ball {
		return &Ball{State: motion.State{Pos: ballFrom, Vel: ballVel}, Radius: 0.5, Gravity: 9.81,
			Restitution: 0.82, Kick: 7, Wall: 4.5}
	}
	ref := newBall()
	for range 30 * 7 {
		ref.Advance(1.0 / 30)
	}
	for _, rate := range []int{7, 10, 60, 120, 1000} {
		b := newBall()
		for range rate * 7 {
			b.Advance(1 / float64(rate))
		}
		if d := b.State.Pos.Sub(ref.State.Pos).Len(); d > 1e-6 || b.Bounces != ref.Bounces {
			t.Errorf("after 7 s at %d Hz: ball at %v after %d bounces; at 30 Hz at %v after %d (off by %g)",
				rate, b.State.Pos, b.Bounces, ref.State.Pos, ref.Bounces, d)
		}
	}
	if ref.Bounces < 5 || ref.Walls < 2 {
		t.Errorf("in 7 s: %d bounces, %d wall contacts; want the test to cover both", ref.Bounces, ref.Walls)
	}
}

// TestMoonsFollowPlanets: a moon's world position is its planet's plus
// the planet's rotation of its (scaled) offset; the planet orbits its
// pivot on the sun, the moon orbits the spinning planet, and frames
// between ticks keep the moon on its circle.
func TestMoonsFollowPlanets(t *testing.T) {
	h, g := play(t, Config{})
	m := g.Scene()
	offsets := make([]mgl32.Vec3, len(g.moons))
	for i, mh := range g.moons {
		moon := actor(t, m, mh)
		offsets[i] = moon.World().Pos.Sub(actor(t, m, moon.Parent()).World().Pos)
	}
	ticks(t, h, 45)
	if err := h.RunFrame(timing.Second / 30 / 2); err != nil { // alpha 0.5
		t.Fatal(err)
	}
	for i, mh := range g.moons {
		moon := actor(t, m, mh)
		pl := actor(t, m, moon.Parent())
		pw, mw := pl.World(), moon.World()
		want := pw.Pos.Add(pw.Rot.Rotate(mgl32.Vec3{pw.Scale[0] * moon.Local.Pos[0],
			pw.Scale[1] * moon.Local.Pos[1], pw.Scale[2] * moon.Local.Pos[2]}))
		if d := mw.Pos.Sub(want).Len(); d > 1e-4 {
			t.Errorf("moon %d at %v, want its planet's position plus the rotated offset, %v", i, mw.Pos, want)
		}
		off := mw.Pos.Sub(pw.Pos)
		if d := off.Sub(offsets[i]).Len(); d < 0.3 {
			t.Errorf("moon %d: offset from its planet %v after 45 ticks, %v at the start: it does not orbit", i, off, offsets[i])
		}
		if d := off.Len() - offsets[i].Len(); math.Abs(float64(d)) > 1e-4 {
			t.Errorf("moon %d: %g from its planet, %g at the start", i, off.Len(), offsets[i].Len())
		}
		rm, rp := moon.RenderMatrix(), pl.RenderMatrix()
		drawn := mgl32.Vec3{rm[12] - rp[12], rm[13] - rp[13], rm[14] - rp[14]}
		if d := drawn.Len() - off.Len(); math.Abs(float64(d)) > 1e-3 {
			t.Errorf("moon %d drawn %g from its planet at alpha 0.5, want %g: interpolation must follow the arc",
				i, drawn.Len(), off.Len())
		}
	}
	for i, oh := range g.orbits {
		pivot := actor(t, m, oh)
		for _, a := range m.All() {
			if a.Parent() != oh {
				continue
			}
			if r := a.World().Pos.Sub(pivot.World().Pos).Len(); math.Abs(float64(r-planets[i].radius)) > 1e-4 {
				t.Errorf("planet %d is %g from the sun, want its orbit radius %g", i, r, planets[i].radius)
			}
		}
	}
}

// TestSparksDoNotChangeTheHash: the sparks move on frames, not ticks: a
// run that draws no frame at all and runs at other frame rates ends in the
// same state.
func TestSparksDoNotChangeTheHash(t *testing.T) {
	drawn, g := play(t, Config{})
	g.Scene().SetCulling(false) // every actor with a mesh is drawn, off screen or not
	if err := drawn.RunTicks(120, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	meshes := 0
	for _, a := range g.Scene().All() {
		if a.Mesh != gfx.MeshNone {
			meshes++
		}
	}
	skinned := 1 // the character's skinned mesh, drawn by its Character
	if g.sparks.Alive() == 0 || drawn.Renderer.Instances != meshes+g.sparks.Alive()+skinned {
		t.Fatalf("%d sparks alive, %d instances drawn for %d actors with a mesh: want the sparks drawn too",
			g.sparks.Alive(), drawn.Renderer.Instances, meshes)
	}

	dark, g2 := play(t, Config{})
	dark.SetFramebufferSize(0, 0) // minimised: ticks, no frames drawn
	if err := dark.RunTicks(120, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if dark.Renderer.Frames != 0 || g2.sparks.Alive() != 0 {
		t.Fatalf("minimised: %d frames drawn, %d sparks; want none", dark.Renderer.Frames, g2.sparks.Alive())
	}
	fast, _ := play(t, Config{})
	if err := fast.RunTicks(120, engine.Steady(500)); err != nil {
		t.Fatal(err)
	}
	if a, b, c := drawn.Game.Hash(), dark.Game.Hash(), fast.Game.Hash(); a != b || a != c {
		t.Errorf("hash after 120 ticks: %016x drawn at 60 fps, %016x never drawn, %016x at 500 fps; want one hash", a, b, c)
	}
}

func TestTitleEnterStartsGameplay(t *testing.T) {
	h := headless(t, NewTitle(Config{Actors: 10}))
	ticks(t, h, 3)
	if _, ok := h.Game.Top().(*Title); !ok || h.Renderer.Texts == 0 || h.Renderer.Scenes != 0 {
		t.Fatalf("at start: top %T, %d texts, %d scenes drawn; want the title's text, no scene",
			h.Game.Top(), h.Renderer.Texts, h.Renderer.Scenes)
	}
	tap(h, 3, input.KeyEnter)
	ticks(t, h, 3)
	g, ok := h.Game.Top().(*Gameplay)
	if !ok || h.Game.Depth() != 1 {
		t.Fatalf("after Enter: top %T, depth %d; want the gameplay in the title's place", h.Game.Top(), h.Game.Depth())
	}
	if g.Ticks() != 2 || len(g.crowd) != 10 || h.Renderer.Scenes != 1 {
		t.Errorf("gameplay: %d ticks, %d crowd cubes, %d scenes drawn; want 2 ticks, 10 cubes, 1 scene",
			g.Ticks(), len(g.crowd), h.Renderer.Scenes)
	}
}

// TestCrowdOrbits: crowd cubes stay on their rings, at their radius, and
// move.
func TestCrowdOrbits(t *testing.T) {
	h, g := play(t, Config{Actors: 600})
	m := g.Scene()
	type cube struct {
		r   float32
		pos mgl32.Vec3
	}
	var start []cube
	for _, a := range m.All() {
		if c, ok := a.Behavior().(*ringCube); ok {
			p := a.World().Pos
			start = append(start, cube{float32(math.Hypot(float64(c.x0), float64(c.z0))), p})
		}
	}
	if len(start) != 600 {
		t.Fatalf("%d crowd cubes, want 600", len(start))
	}
	ticks(t, h, 1800) // a minute
	i := 0
	for _, a := range m.All() {
		if _, ok := a.Behavior().(*ringCube); !ok {
			continue
		}
		p := a.World().Pos
		if r := float32(math.Hypot(float64(p[0]), float64(p[2]))); math.Abs(float64(r-start[i].r)) > 1e-4 {
			t.Fatalf("crowd cube %d is %g from the middle after a minute, want its ring's %g", i, r, start[i].r)
		}
		if p[1] != start[i].pos[1] || p.Sub(start[i].pos).Len() < 1e-3 {
			t.Fatalf("crowd cube %d went from %v to %v: want it moved along its ring at the same height", i, start[i].pos, p)
		}
		i++
	}
}

func TestStateNames(t *testing.T) {
	for _, tt := range []struct {
		start string
		cfg   Config
		name  string
	}{
		{StartGameplay, Config{}, "gameplay"},
		{StartTitle, Config{Actors: 1000}, "title actors=1000"},
	} {
		if got := StateName(tt.start, tt.cfg); got != tt.name {
			t.Errorf("StateName(%q, %+v) = %q, want %q", tt.start, tt.cfg, got, tt.name)
		}
		start, cfg, err := ParseStateName(tt.name)
		if err != nil || start != tt.start || cfg != tt.cfg {
			t.Errorf("ParseStateName(%q) = %q, %+v, %v; want %q, %+v", tt.name, start, cfg, err, tt.start, tt.cfg)
		}
	}
	for _, bad := range []string{"", "menu", "gameplay actors=x", "gameplay actors=-1", "gameplay speed=2"} {
		if _, _, err := ParseStateName(bad); err == nil {
			t.Errorf("ParseStateName(%q) succeeded, want an error", bad)
		}
	}
	if _, err := NewState("menu", Config{}); err == nil {
		t.Error(`NewState("menu") succeeded, want an error`)
	}
	if _, err := engine.NewHeadless(engine.Options{}, NewGameplay(Config{Actors: -1})); err == nil {
		t.Error("a gameplay with -1 actors was entered, want an error")
	}
}
