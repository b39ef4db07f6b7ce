package demo

import (
	"github.com/go-gl/mathgl/mgl32"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
)

// boxedActors counts the actors the gameplay's debug drawing outlines.
func boxedActors(g *Gameplay) int {
	n := 0
	for _, a := range g.world.All() {
		if !a.Hidden && a.Mesh != gfx.MeshNone && a.Mesh != gfx.MeshPlane {
			n++
		}
	}
	return n
}

// lineCounter counts the lines the collision world's debug drawing makes,
// as engine.Debug draws them: an arrow is 5 lines, a box 12, a sphere
// three circles.
type lineCounter int

func (c *lineCounter) Line(a, b mgl32.Vec3, _ gfx.Color)                          { *c++ }
func (c *lineCounter) Arrow(a, b mgl32.Vec3, _ gfx.Color)                         { *c += 5 }
func (c *lineCounter) OrientedBox(*mgl32.Mat4, mgl32.Vec3, mgl32.Vec3, gfx.Color) { *c += 12 }
func (c *lineCounter) Sphere(mgl32.Vec3, float32, gfx.Color)                      { *c += 3 * gfx.SphereSegments }

// colliderLines is how many lines the collision world's colliders and
// contacts take.
func colliderLines(g *Gameplay) int {
	var c lineCounter
	g.phys.DrawDebug(&c)
	return int(c)
}

// TestDebugDrawKey: F2 turns debug drawing on and off, in the gameplay and
// the pause overlay over it; while on, each frame draws the world's axes,
// the colliders and contacts, a box per drawn actor, the ball's walls and speed, and the camera's
// target (a sphere and its label) from the camera's tick; and the game's
// hash is the same as without it.
func TestDebugDrawKey(t *testing.T) {
	h, g := play(t, Config{Actors: 20})
	ticks(t, h, 3)
	if h.Game.Debug().Drawing() || h.Renderer.Lines != 0 {
		t.Fatalf("at start: debug drawing %v, %d lines; want off, none", h.Game.Debug().Drawing(), h.Renderer.Lines)
	}
	texts := h.Renderer.Texts
	tap(h, 3, input.KeyF2)
	ticks(t, h, 2)
	const (
		axes, walls, arrow = 3, 4, 5
		target             = 3 * gfx.SphereSegments
	)
	want := axes + 12*boxedActors(g) + walls + arrow + target + colliderLines(g)
	if !h.Game.Debug().Drawing() || h.Renderer.Lines != want {
		t.Errorf("after F2: debug drawing %v, %d lines; want on, %d (%d boxes)", h.Game.Debug().Drawing(), h.Renderer.Lines, want, boxedActors(g))
	}
	if h.Renderer.Texts != texts+1 {
		t.Errorf("after F2: %d HUD texts, want %d (the camera target's label)", h.Renderer.Texts, texts+1)
	}
	// Paused, the frozen gameplay still shows its drawing; F2 there turns it off.
	want = axes + 12*boxedActors(g) + walls + arrow + target + colliderLines(g)
	tap(h, 5, input.KeyEscape)
	tap(h, 7, input.KeyF2)
	ticks(t, h, 1)
	if h.Game.Depth() != 2 || h.Renderer.Lines != want {
		t.Errorf("paused: depth %d, %d lines; want 2, %d", h.Game.Depth(), h.Renderer.Lines, want)
	}
	ticks(t, h, 2)
	if h.Game.Debug().Drawing() || h.Renderer.Lines != 0 {
		t.Errorf("F2 while paused: debug drawing %v, %d lines; want off, none", h.Game.Debug().Drawing(), h.Renderer.Lines)
	}

	// Drawing changes nothing the simulation reads.
	run := func(f2 bool) uint64 {
		h, _ := play(t, Config{Actors: 20})
		if f2 {
			tap(h, 2, input.KeyF2)
		}
		if err := h.RunTicks(60, engine.Jittered(60, 0.5, 3)); err != nil {
			t.Fatal(err)
		}
		return h.Game.Hash()
	}
	if on, off := run(true), run(false); on != off {
		t.Errorf("hash with debug drawing %x, without %x; want the same", on, off)
	}
}

// TestViewerDebugDraw: F2 in the model viewer draws the orbit's target
// (axes) and the sphere around the model.
func TestViewerDebugDraw(t *testing.T) {
	v := NewViewer(Config{Model: "assets/beacon.glb"})
	h := headless(t, v)
	tap(h, 1, input.KeyF2)
	ticks(t, h, 3)
	if want := 3 + 3*gfx.SphereSegments; h.Renderer.Lines != want {
		t.Errorf("viewer after F2: %d lines, want %d (axes and a sphere)", h.Renderer.Lines, want)
	}
}

// TestFrameWithDebugDrawingAllocatesNothing: once its buffers have grown,
// a frame of the gameplay with debug drawing on allocates nothing either.
func TestFrameWithDebugDrawingAllocatesNothing(t *testing.T) {
	h, _ := steady(t, 1_000)
	h.Game.Debug().SetDrawing(true)
	for range 30 {
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	}
	allocs := testing.AllocsPerRun(60, func() {
		if err := h.RunFrame(frame60); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 || h.Renderer.Lines == 0 {
		t.Errorf("a frame with debug drawing: %v allocations, %d lines; want 0 allocations, lines", allocs, h.Renderer.Lines)
	}
}
