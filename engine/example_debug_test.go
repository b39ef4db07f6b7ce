package engine_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// README:debug:begin
// Seeker is a behaviour that draws what it computes: its heading, from
// its tick, so the arrow shows with the tick that set it.
type Seeker struct{ Target mgl32.Vec3 }

func (s *Seeker) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	d := engine.DebugOf(m) // draws nothing while debug drawing is off
	d.Arrow(a.Local.Pos, s.Target, gfx.RGB(1, 0.8, 0))
	w := a.WorldMatrix()
	d.OnTop().Axes(&w, 0.5)
	return nil
}

// Arena draws a ground grid and its actors' bounds for one frame at a
// time from Draw, and labels the target from its tick.
type Arena struct{ world scene.Manager }

func (s *Arena) Enter(*engine.Context) error {
	s.world.SetView(mgl32.LookAtV(mgl32.Vec3{0, 4, 8}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	_, err := s.world.Spawn(scene.Spec{Mesh: gfx.MeshCube, Behavior: &Seeker{Target: mgl32.Vec3{3, 0, -2}}})
	return err
}

func (s *Arena) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }

func (s *Arena) Tick(ctx *engine.TickContext) error {
	ctx.Debug().Text(mgl32.Vec3{3, 0.2, -2}, gfx.RGB(1, 1, 1), "target")
	return nil
}

func (s *Arena) Draw(ctx *engine.DrawContext) {
	d := ctx.Debug()
	if !d.On() {
		return // skip work only debug drawing needs
	}
	d.Grid(mgl32.Vec3{}, 10, 1, gfx.RGB(0.35, 0.35, 0.35))
	d.Box(mgl32.Vec3{-0.5, -0.5, -0.5}, mgl32.Vec3{0.5, 0.5, 0.5}, gfx.RGB(0, 1, 0))
}

// README:debug:end

// Debug drawing is on from the start here (Options.DebugDraw); a game
// binds a key to Game.Debug().SetDrawing. Off, it costs nothing.
func ExampleDebug() {
	h, err := engine.NewHeadless(engine.Options{DebugDraw: true}, &Arena{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, on := range []bool{true, false} {
		h.Game.Debug().SetDrawing(on)
		if err := h.RunFrames([]timing.Micros{40_000, 40_000}); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("debug drawing %v: %d lines, %d HUD texts\n", on, h.Renderer.Lines, h.Renderer.Texts)
	}
	// Output:
	// debug drawing true: 42 lines, 1 HUD texts
	// debug drawing false: 0 lines, 0 HUD texts
}
