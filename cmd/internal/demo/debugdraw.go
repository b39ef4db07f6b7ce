package demo

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
)

// Colours of the sample's debug drawing (F2).
var (
	boundsColor = gfx.RGB(0.35, 1, 0.5)
	wallColor   = gfx.RGB(1, 0.55, 0.2)
	speedColor  = gfx.RGB(1, 0.9, 0.2)
	aimColor    = gfx.RGB(0.4, 0.85, 1)
)

// boxMargin is how much larger than its mesh an actor's box is drawn.
const boxMargin = 1.04

// unitBox is the box around every built-in mesh.
var unitBox = gfx.Bounds{Min: mgl32.Vec3{-0.5, -0.5, -0.5}, Max: mgl32.Vec3{0.5, 0.5, 0.5}}

// debugDraw draws the gameplay's debug view for one frame, while debug
// drawing is on (F2): the world's axes at the origin over everything, the
// collision world's colliders and contacts, the box around each drawn actor's mesh (the floor's tiles aside) where the
// frame draws it, the walls the ball bounces between and its velocity.
// The camera's target is drawn by the camera's behaviour, in its tick
// (Follow.Tick). Called from Draw, once per frame, on the main goroutine;
// off, it returns at once.
func (g *Gameplay) debugDraw(ctx *engine.DrawContext) {
	d := ctx.Debug()
	if !d.On() {
		return
	}
	origin := mgl32.Ident4()
	d.OnTop().Axes(&origin, 3)
	if g.phys != nil {
		g.dbg = d                // passed by pointer: a value would be boxed (allocated) every frame
		g.phys.DrawDebug(&g.dbg) // colliders and this tick's contacts
	}
	for _, a := range g.world.All() {
		if a.Hidden || a.Mesh == gfx.MeshNone || a.Mesh == gfx.MeshPlane {
			continue
		}
		b, ok := g.meshBox(a.Mesh)
		if !ok {
			continue
		}
		// A little larger than the mesh, so that its edges are not hidden
		// in the mesh's own.
		c, h := b.Min.Add(b.Max).Mul(0.5), b.Max.Sub(b.Min).Mul(0.5*boxMargin)
		m := a.RenderMatrix() // where this frame draws it, between two ticks
		d.OrientedBox(&m, c.Sub(h), c.Add(h), boundsColor)
	}
	if g.ball == nil {
		return
	}
	// The square the ball's centre stays in, just above the floor.
	w, y := float32(g.ball.Wall), float32(0.02)
	c := [4]mgl32.Vec3{{-w, y, -w}, {w, y, -w}, {w, y, w}, {-w, y, w}}
	for i := range c {
		d.Line(c[i], c[(i+1)%4], wallColor)
	}
	if ball, err := g.world.Actor(g.ballH); err == nil {
		m := ball.RenderMatrix()
		p := m.Col(3).Vec3()
		v := g.ball.State.Vel
		d.OnTop().Arrow(p, p.Add(mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])}.Mul(0.25)), speedColor)
	}
}

// meshBox returns the box around mesh id: the unit box for a built-in
// mesh, the mesh's own bounds for one of the sample's library, computed
// once per mesh.
func (g *Gameplay) meshBox(id gfx.MeshID) (gfx.Bounds, bool) {
	if id < gfx.NumBuiltinMeshes {
		return unitBox, true
	}
	if int(id) < len(g.boxes) && g.boxes[id].known {
		return g.boxes[id].b, g.boxes[id].ok
	}
	if int(id) >= len(g.boxes) {
		g.boxes = append(g.boxes, make([]cachedBox, int(id)+1-len(g.boxes))...)
	}
	e := &g.boxes[id]
	e.known = true
	if mesh, ok := g.cfg.Assets.Lib.Mesh(id); ok && len(mesh.Positions) > 0 {
		e.b, e.ok = mesh.Bounds(), true
	}
	return e.b, e.ok
}

// cachedBox is a mesh's box, cached: known once looked up, ok if the library
// has the mesh.
type cachedBox struct {
	b         gfx.Bounds
	known, ok bool
}
