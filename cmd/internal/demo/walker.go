package demo

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// Where the character walks: a circle outside the arena's walls, on the
// side the camera sees.
var (
	walkCentre = mgl32.Vec3{7.6, 0, -1.5}
	walkRadius = float32(1.6)
)

// Walker walks a character round a circle: WalkTicks walking at Speed,
// then IdleTicks standing, cross-fading between the clips over FadeTicks.
// It moves the character's root actor (Root) each tick; the character
// itself (asset.Character) samples the clips. Its state is described with
// scene/fields, so hashes, snapshots and rollbacks cover it.
type Walker struct {
	Hero                 *asset.Character
	Root                 scene.Handle
	Walk, Idle           int     // the clips
	Speed                float64 // metres per second while walking
	WalkTicks, IdleTicks int
	FadeTicks            int

	angle   float64 // radians round the circle
	left    int     // ticks left in this phase
	walking bool
	started bool
}

// Tick moves the walker one tick round its circle, switching between
// walking and standing when a phase runs out. Once per tick; it allocates
// nothing.
func (w *Walker) Tick(_ *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	if !w.started || w.left <= 0 {
		w.started = true
		w.walking = !w.walking
		clip, n := w.Idle, w.IdleTicks
		if w.walking {
			clip, n = w.Walk, w.WalkTicks
		}
		w.left = n
		if err := w.Hero.Pose.Play(0, clip, true, w.FadeTicks); err != nil {
			return fmt.Errorf("demo: walker: %w", err)
		}
	}
	w.left--
	if w.walking {
		w.angle = wrapAngle(w.angle + w.Speed*t.Delta/float64(walkRadius))
	}
	a, err := m.Actor(w.Root)
	if err != nil {
		return fmt.Errorf("demo: walker: %w", err)
	}
	w.place(a)
	return nil
}

// place puts the root on the circle at the walker's angle, facing along
// the circle (the model faces +Z).
func (w *Walker) place(a *scene.Actor) {
	s, c := math.Sincos(w.angle)
	a.Local.Pos = walkCentre.Add(mgl32.Vec3{float32(c) * walkRadius, 0, float32(s) * walkRadius})
	// The tangent of the circle at angle θ, walking anticlockwise seen
	// from above, is (−sin θ, 0, cos θ): turn +Z onto it.
	a.Local.Rot = mgl32.QuatRotate(float32(math.Atan2(-s, c)), up)
}

// Walking reports whether the walker is walking (not standing).
func (w *Walker) Walking() bool { return w.walking }

// Describe lists the walker's state.
func (w *Walker) Describe(v *fields.Visitor) {
	v.Float64("angle", &w.angle)
	v.Int("left", &w.left)
	v.Bool("walking", &w.walking)
	v.Bool("started", &w.started)
}

// buildWalker spawns the sample's character on its circle, walking and
// standing in turns, with a footstep sound on each "step" event of the
// walk clip (played from the tick that fires it, on that tick's place on
// the audio timeline).
func (g *Gameplay) buildWalker(spawn func(string, scene.Spec) (scene.Handle, error)) error {
	md := g.cfg.Assets.Character
	walk, idle := md.Animation("walk"), md.Animation("idle")
	if walk < 0 || idle < 0 {
		return fmt.Errorf("demo: the character model has no walk or idle clip (walk %d, idle %d)", walk, idle)
	}
	hero, err := md.SpawnCharacter(&g.world, scene.Spec{Pos: walkCentre.Add(mgl32.Vec3{walkRadius, 0, 0})}, 1)
	if err != nil {
		return fmt.Errorf("demo: spawning the character: %w", err)
	}
	step := g.cfg.Assets.sounds.step
	hero.OnEvent = func(e asset.Fired) {
		if e.Name != "step" {
			return
		}
		ctx := engine.TickContextOf(&g.world)
		if ctx == nil {
			return // ticked outside the engine: no timeline to play on
		}
		if _, err := ctx.PlaySound(audio.Play{Clip: step, Volume: 0.6}); err != nil {
			g.setNote(err.Error())
			return
		}
		g.steps++ // heard
	}
	g.walker = &Walker{Hero: hero, Root: hero.Instance().Root, Walk: walk, Idle: idle, Speed: 1.1,
		WalkTicks: 6 * 30, IdleTicks: 2 * 30, FadeTicks: 8}
	_, err = spawn("the walker", scene.Spec{Behavior: g.walker})
	return err
}

// The arena's coloured lamps: point lights carried by actors that orbit
// above the arena, so they move in ticks and are drawn interpolated.
var lamps = []struct {
	color gfx.Color
	phase float32
}{
	{gfx.RGB(1, 0.45, 0.2), 0},
	{gfx.RGB(0.25, 0.6, 1), 2.1},
	{gfx.RGB(0.4, 1, 0.45), 4.2},
}

// buildLights lights the arena: a sun with shadows and a sky/ground
// ambient, tone mapping, a sky gradient with fog at the horizon, and the
// lamps orbiting at radius 3.5, 2.2 above the floor.
func (g *Gameplay) buildLights(spawn func(string, scene.Spec) (scene.Handle, error), reach float32) error {
	m := &g.world
	m.SetLight(gfx.Light{
		Dir:     mgl32.Vec3{-0.45, -1, -0.3},
		Color:   gfx.RGB(1.35, 1.28, 1.15),
		Ambient: gfx.RGB(0.32, 0.36, 0.48),
		Ground:  gfx.RGB(0.16, 0.14, 0.12),
	})
	horizon := gfx.RGB(0.78, 0.84, 0.92)
	m.SetEnvironment(gfx.Environment{
		ToneMap:  gfx.ToneNeutral,
		Sky:      gfx.Sky{Zenith: gfx.RGB(0.3, 0.48, 0.85), Horizon: horizon, Ground: gfx.RGB(0.4, 0.4, 0.42)},
		FogColor: horizon, FogStart: 3 * reach, FogEnd: 8 * reach,
	})
	m.SetShadowReach(gfx.DefaultShadowDistance) // off-screen casters keep their shadows
	for i, l := range lamps {
		pivot, err := spawn("a lamp's orbit", scene.Spec{
			Rot: mgl32.QuatRotate(l.phase, up), Behavior: &Spinner{Axis: up, Speed: 0.5},
		})
		if err != nil {
			return err
		}
		h, err := spawn(fmt.Sprintf("lamp %d", i), scene.Spec{
			Parent: pivot, Pos: mgl32.Vec3{3.5, 2.2, 0}, Scale: mgl32.Vec3{0.25, 0.25, 0.25},
			Mesh: gfx.MeshSphere, Color: l.color,
			Behavior: &scene.Light{Light: gfx.PunctualLight{Color: l.color, Intensity: 14, Range: 8}},
		})
		if err != nil {
			return err
		}
		g.lamps = append(g.lamps, h)
	}
	return nil
}
