package engine

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// Debug draws lines, shapes and text in a state's world, for seeing what
// the game computes: bounds, paths, aims, colliders, cameras. Get one from
// TickContext.Debug (what a tick draws stays on screen until the state's
// next tick, so it shows with what that tick did) or from
// DrawContext.Debug (one frame only). A behaviour reaches them with
// DebugOf(m): the tick's from its Tick, the frame's from its Frame or Draw.
//
// What a state draws is shown in its first scene (SceneOwner.Scenes[0]):
// with that scene's camera, hidden behind its meshes, or over them when
// drawn through OnTop; a state without scenes shows nothing. Text is
// placed on the state's HUD layer at the projected point. Every state's
// lines go to the GPU in one draw call per scene. Debug drawing is never
// part of Game.Hash, and replays are the same with it on or off.
//
// While debug drawing is off (Options.DebugDraw, Game.Debug().SetDrawing) every
// method returns at once: nothing is stored, uploaded or allocated. Test
// On before computing something only debug drawing uses. On the main
// goroutine, during the call the Debug was taken in; the zero Debug draws
// nothing.
type Debug struct {
	l, top *gfx.LineBuffer // nil while debug drawing is off
}

// On reports whether debug drawing is on: whether the methods draw.
func (d Debug) On() bool { return d.l != nil }

// OnTop returns a Debug whose drawing shows over the scene's meshes
// instead of hidden behind them (gizmos, a target behind a wall).
func (d Debug) OnTop() Debug { return Debug{d.top, d.top} }

// Line draws the segment from a to b.
func (d Debug) Line(a, b mgl32.Vec3, c gfx.Color) {
	if d.l != nil {
		d.l.Line(a, b, c)
	}
}

// Arrow draws a segment from from to to with a head at to.
func (d Debug) Arrow(from, to mgl32.Vec3, c gfx.Color) {
	if d.l != nil {
		d.l.Arrow(from, to, c)
	}
}

// Box draws the 12 edges of the axis-aligned box from min to max.
func (d Debug) Box(min, max mgl32.Vec3, c gfx.Color) {
	if d.l != nil {
		d.l.Box(min, max, c)
	}
}

// OrientedBox draws the box from min to max in the local space of m: an
// actor's WorldMatrix and its mesh's bounds outline the actor.
func (d Debug) OrientedBox(m *mgl32.Mat4, min, max mgl32.Vec3, c gfx.Color) {
	if d.l != nil {
		d.l.OrientedBox(m, min, max, c)
	}
}

// Sphere draws a wire sphere: three circles of gfx.SphereSegments segments.
func (d Debug) Sphere(center mgl32.Vec3, radius float32, c gfx.Color) {
	if d.l != nil {
		d.l.Sphere(center, radius, c)
	}
}

// Grid draws cells × cells squares of side spacing on the horizontal plane
// through center (at most gfx.MaxGridCells a side).
func (d Debug) Grid(center mgl32.Vec3, cells int, spacing float32, c gfx.Color) {
	if d.l != nil {
		d.l.Grid(center, cells, spacing, c)
	}
}

// Axes draws the x (red), y (green) and z (blue) axes of m, size long.
func (d Debug) Axes(m *mgl32.Mat4, size float32) {
	if d.l != nil {
		d.l.Axes(m, size)
	}
}

// Text draws s on the HUD with its top-left corner at the world point p,
// over everything, when p is in front of the camera.
func (d Debug) Text(p mgl32.Vec3, c gfx.Color, s string) {
	if d.l != nil {
		d.l.Text(p, c, s)
	}
}

// debugLines is one state's debug drawing: what its latest tick drew and
// what the frame being built draws, each depth-tested and on top.
type debugLines struct {
	tick, tickTop, frame, frameTop gfx.LineBuffer
	env                            frameEnv // what the state's scenes' Env is while they are drawn
}

// frameEnv is a scene's Env while the engine runs its Effects and
// Drawers: the frame's debug drawing, for DebugOf.
type frameEnv struct{ debug Debug }

// DebugOf returns the debug drawing a behaviour of m reaches: in its Tick
// (scene.Ticker, scene.BulkTicker) the tick's, as TickContextOf(m).Debug()
// does; in its Update or Draw (scene.Effect, scene.Drawer) the frame's, as
// DrawContext.Debug does. Elsewhere, or while debug drawing is off, it
// returns the zero Debug, which draws nothing. On the main goroutine,
// with the manager the behaviour was given (a.Manager() in an Effect or
// Drawer); a nil m gives the zero Debug.
func DebugOf(m *scene.Manager) Debug {
	if m == nil {
		return Debug{}
	}
	switch v := m.Env().(type) {
	case *TickContext:
		return v.Debug()
	case *frameEnv:
		return v.debug
	}
	return Debug{}
}

func (e *entry) debugLines() *debugLines {
	if e.debug == nil {
		e.debug = &debugLines{}
		e.debug.tickTop.OnTop = true
		e.debug.frameTop.OnTop = true
	}
	return e.debug
}

// Debug returns the tick's debug drawing: shown from the end of this tick
// until the state's next tick (frozen with the state under an overlay).
func (c *TickContext) Debug() Debug {
	if !c.game.opts.DebugDraw {
		return Debug{}
	}
	d := c.entry.debugLines()
	return Debug{&d.tick, &d.tickTop}
}

// Debug returns this frame's debug drawing: shown in this frame only.
func (c *DrawContext) Debug() Debug {
	if !c.game.opts.DebugDraw || c.entry == nil {
		return Debug{}
	}
	d := c.entry.debugLines()
	return Debug{&d.frame, &d.frameTop}
}

// SetDrawing turns debug drawing (Debug) on or off from the next tick
// and frame; turning it on starts from nothing drawn. On the main
// goroutine, between frames or from a tick (a key binding).
func (d DebugControls) SetDrawing(on bool) {
	g := d.g
	if on == g.opts.DebugDraw {
		return
	}
	g.opts.DebugDraw = on
	for _, e := range g.stack {
		if d := e.debug; d != nil {
			d.tick.Reset()
			d.tickTop.Reset()
			d.frame.Reset()
			d.frameTop.Reset()
		}
	}
}

// Drawing reports whether debug drawing is on.
func (d DebugControls) Drawing() bool { return d.g.opts.DebugDraw }

// debugTick starts e's tick: its previous tick's drawing goes.
func (g *Game) debugTick(e *entry) {
	if d := e.debug; d != nil && g.opts.DebugDraw {
		d.tick.Reset()
		d.tickTop.Reset()
	}
}

// debugFrame starts e's frame, before its Draw: the previous frame's
// drawing goes.
func (g *Game) debugFrame(e *entry) {
	if d := e.debug; d != nil && g.opts.DebugDraw {
		d.frame.Reset()
		d.frameTop.Reset()
	}
}

// debugEnv lets m's Effects and Drawers reach e's frame drawing
// (DebugOf) while e's scene m is drawn; the caller clears m's Env after.
func (g *Game) debugEnv(e *entry, m *scene.Manager) {
	if g.opts.DebugDraw {
		d := e.debugLines()
		d.env.debug = Debug{&d.frame, &d.frameTop}
		m.SetEnv(&d.env)
	}
}

// debugDraw hands e's drawing to its first scene, g.picture.Scenes[first]
// when e added one, and places its labels on e's HUD layer hud, w × h
// logical units. After e's Draw, before the frame is rendered.
func (g *Game) debugDraw(e *entry, first int, hud gfx.Layer, w, h int) {
	d := e.debug
	if d == nil || !g.opts.DebugDraw || first >= len(g.picture.Scenes) {
		return
	}
	dl := g.picture.Scenes[first]
	for _, l := range [...]*gfx.LineBuffer{&d.tick, &d.tickTop, &d.frame, &d.frameTop} {
		dl.AddLines(l)
		for _, lb := range l.Labels() {
			if x, y, ok := dl.Camera.ToHUD(lb.Pos, float32(w), float32(h)); ok {
				hud.AddText(x, y, lb.Color, lb.S)
			}
		}
	}
}
