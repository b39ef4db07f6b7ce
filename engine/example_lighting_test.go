package engine_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// README:lighting:begin

// LitArena is a lit scene: a sun with shadows, a sky/ground ambient, a
// sky gradient with fog, tone mapping, and a point light carried by an
// actor (so it moves as smoothly as the actor).
type LitArena struct {
	world scene.Manager
	lamp  scene.Handle
}

func (a *LitArena) Enter(ctx *engine.Context) error {
	w := &a.world
	w.SetView(mgl32.LookAtV(mgl32.Vec3{0, 6, 12}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	w.SetLight(gfx.Light{
		Dir:     mgl32.Vec3{-0.4, -1, -0.3},              // the sun shines down and to the side
		Color:   gfx.Color{R: 1.6, G: 1.5, B: 1.3, A: 1}, // brighter than 1: tone mapping rolls it off
		Ambient: gfx.RGB(0.35, 0.4, 0.55),                // from the sky above
		Ground:  gfx.RGB(0.15, 0.12, 0.1),                // from the ground below
	})
	horizon := gfx.RGB(0.75, 0.82, 0.9)
	w.SetEnvironment(gfx.Environment{
		ToneMap:  gfx.ToneNeutral,
		Sky:      gfx.Sky{Zenith: gfx.RGB(0.25, 0.45, 0.85), Horizon: horizon},
		FogColor: horizon, FogStart: 20, FogEnd: 80,
	})
	w.SetShadowReach(gfx.DefaultShadowDistance) // off-screen actors still cast shadows
	// The player's settings: a settings menu would offer these.
	if err := ctx.Game().Window().SetGraphics(gfx.Graphics{Shadows: gfx.ShadowHigh}); err != nil {
		return err
	}
	if _, err := w.Spawn(scene.Spec{Mesh: gfx.MeshPlane, Scale: mgl32.Vec3{40, 1, 40}, Color: gfx.RGB(0.5, 0.55, 0.5)}); err != nil {
		return err
	}
	if _, err := w.Spawn(scene.Spec{Pos: mgl32.Vec3{0, 0.5, 0}, Mesh: gfx.MeshCube, Color: gfx.RGB(0.9, 0.5, 0.2)}); err != nil {
		return err
	}
	// A warm point light 2 units up; move the actor and the light follows.
	var err error
	a.lamp, err = w.Spawn(scene.Spec{Pos: mgl32.Vec3{2, 2, 1}, Behavior: &scene.Light{Light: gfx.PunctualLight{
		Color: gfx.Color{R: 1, G: 0.6, B: 0.3, A: 1}, Intensity: 30, Range: 10,
	}}})
	return err
}

func (a *LitArena) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &a.world) }

func (a *LitArena) Tick(ctx *engine.TickContext) error { return nil }

func (a *LitArena) Draw(ctx *engine.DrawContext) {}

// README:lighting:end

func Example_lighting() {
	arena := &LitArena{}
	h, err := engine.NewHeadless(engine.Options{}, arena)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := h.RunTicks(3, engine.Steady(60)); err != nil {
		fmt.Println(err)
		return
	}
	dl := arena.world.DrawList()
	fmt.Println("lights:", len(dl.Lights()), "at", dl.Lights()[0].Position)
	fmt.Println("shadows:", h.Game.Window().Graphics().Shadows)
	fmt.Println(h.Close())
	// Output:
	// lights: 1 at [2 2 1]
	// shadows: high
	// <nil>
}
