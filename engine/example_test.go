package engine_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// README:begin

// Spinner is an actor behaviour: it turns its actor about Y every tick.
type Spinner struct{ Speed float32 } // radians per second

// Tick runs once per fixed tick; t.Delta is the fixed step in seconds.
// (With thousands of spinners, compute the turn once per tick rate and
// multiply in place, as cmd/internal/demo's Spinner does.)
func (s *Spinner) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	turn := mgl32.QuatRotate(s.Speed*float32(t.Delta), mgl32.Vec3{0, 1, 0})
	a.Local.Rot = turn.Mul(a.Local.Rot).Normalize()
	return nil
}

// Play is a gameplay state with one scene: Space spawns a spinning cube,
// Esc ends the game.
type Play struct {
	world scene.Manager
}

// The engine finds a state's optional abilities (Enterer, SceneOwner…) by
// type assertion: these lines make a misspelt method a compile error.
var (
	_ engine.State      = (*Play)(nil)
	_ engine.Enterer    = (*Play)(nil)
	_ engine.SceneOwner = (*Play)(nil)
	_ scene.Ticker      = (*Spinner)(nil)
)

// Enter runs once when the state is pushed.
func (p *Play) Enter(ctx *engine.Context) error {
	p.world.SetView(mgl32.LookAtV(mgl32.Vec3{0, 3, 8}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	return p.spawn(0)
}

// Scenes tells the engine what to tick, interpolate and draw for this
// state: it appends them to dst, so a frame allocates nothing.
func (p *Play) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &p.world) }

// Tick is where game state changes: once per fixed tick, with its input.
func (p *Play) Tick(ctx *engine.TickContext) error {
	if ctx.Input.Pressed(input.KeyEscape) {
		return engine.ErrQuit
	}
	if ctx.Input.Pressed(input.KeySpace) {
		return p.spawn(float32(p.world.Len()) * 1.5)
	}
	return nil
}

// Draw runs every frame; the scene is drawn already, add the HUD.
func (p *Play) Draw(ctx *engine.DrawContext) {
	ctx.HUD.AddText(10, 10, gfx.RGB(1, 1, 1), "Space: spawn a cube   Esc: quit")
}

func (p *Play) spawn(x float32) error {
	_, err := p.world.Spawn(scene.Spec{
		Pos: mgl32.Vec3{x, 0, 0}, Mesh: gfx.MeshCube, Color: gfx.RGB(1, 0.5, 0.2),
		Behavior: &Spinner{Speed: 2},
	})
	return err
}

// README:end

// The same game runs headless, for tests: input is injected at given ticks.
func Example() {
	play := &Play{}
	h, err := engine.NewHeadless(engine.Options{}, play)
	if err != nil {
		fmt.Println(err)
		return
	}
	space := func(k input.Kind) input.Event { return input.Event{Kind: k, Key: input.KeySpace} }
	h.Inject(10, space(input.KeyPress), space(input.KeyRelease))
	h.Inject(20, space(input.KeyPress), space(input.KeyRelease))
	if err := h.RunTicks(30, engine.Steady(60)); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("ticks:", h.Game.Time().Ticks(), "cubes:", play.world.Len())
	fmt.Println("drawn:", h.Renderer.Instances)
	fmt.Println(h.Close())
	// Output:
	// ticks: 30 cubes: 3
	// drawn: 3
	// <nil>
}

// A pause menu is an Overlay: gameplay stays drawn but frozen under it.
type Pause struct{}

func (Pause) Below() engine.Below { return engine.Below{Draw: true} }

func (Pause) Tick(ctx *engine.TickContext) error {
	if ctx.Input.Pressed(input.KeyEscape) {
		ctx.Pop()
	}
	return nil
}

func (Pause) Draw(ctx *engine.DrawContext) {
	ctx.HUD.AddRect(0, 0, float32(ctx.Width), float32(ctx.Height), gfx.Color{A: 0.5})
	ctx.HUD.AddText(20, 20, gfx.RGB(1, 1, 1), "PAUSED")
}

func ExampleOverlay() {
	var _ engine.Overlay = Pause{}
	fmt.Println(Pause{}.Below())
	// Output: {true false}
}
