package collide

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// Debug colours (see DrawDebug).
var (
	debugStatic    = gfx.RGB(0.6, 0.6, 0.6)
	debugKinematic = gfx.RGB(0.3, 0.6, 1)
	debugDynamic   = gfx.RGB(0.3, 1, 0.4)
	debugAsleep    = gfx.RGB(0.15, 0.45, 0.2)
	debugSensor    = gfx.RGB(1, 0.85, 0.2)
	debugContact   = gfx.RGB(1, 0.3, 0.2)
	debugRay       = gfx.RGB(1, 1, 1)
)

// LineDrawer is where DrawDebug and DrawRay draw: a *gfx.LineBuffer, or
// the engine's debug view (engine.DebugOf(m), TickContext.Debug(), whose
// Debug has these methods).
type LineDrawer interface {
	Line(a, b mgl32.Vec3, c gfx.Color)
	Arrow(from, to mgl32.Vec3, c gfx.Color)
	OrientedBox(m *mgl32.Mat4, min, max mgl32.Vec3, c gfx.Color)
	Sphere(center mgl32.Vec3, radius float32, c gfx.Color)
}

// DebugMaxTriangles bounds how many triangles of each mesh DrawDebug
// outlines (the first ones of its tree), so a huge mesh cannot flood the
// line buffer.
const DebugMaxTriangles = 4096

// DrawDebug adds to l the outline of every collider as the last Step
// placed it (grey static, blue kinematic, green dynamic, dark green
// asleep, yellow sensor) and an arrow along the normal of every touching
// contact point (red, 0.3 m). Call it once a frame on the goroutine that
// ticks the world, typically into engine.DebugOf(m) (the engine's debug
// view) from a tick, or into a *gfx.LineBuffer; it shows the state of the
// last tick, not the interpolated one.
func (w *World) DrawDebug(l LineDrawer) {
	w.refresh()
	for i := range w.cols {
		c := &w.cols[i]
		col := debugStatic
		switch {
		case c.cfg.Sensor:
			col = debugSensor
		case c.cfg.Body == Kinematic:
			col = debugKinematic
		case c.dynamic() && c.asleep:
			col = debugAsleep
		case c.dynamic():
			col = debugDynamic
		}
		switch c.cfg.Shape.Kind {
		case ShapeSphere:
			l.Sphere(c.hl.v[0].f32(), float32(c.hl.r), col)
		case ShapeBox:
			m := &w.debugBox // the World's: a local would escape through the interface
			t := scene4(c.shape)
			t.Matrix(m)
			he := c.hl.he.f32()
			l.OrientedBox(m, he.Mul(-1), he, col)
		case ShapeCapsule:
			a, b := c.hl.v[0], c.hl.v[c.hl.nv-1]
			r := float32(c.hl.r)
			l.Sphere(a.f32(), r, col)
			l.Sphere(b.f32(), r, col)
			axis := b.sub(a).norm()
			u, v := perp(axis), axis.cross(perp(axis))
			for _, d := range [4]vec{u, u.neg(), v, v.neg()} {
				l.Line(a.madd(d, c.hl.r).f32(), b.madd(d, c.hl.r).f32(), col)
			}
		case ShapeMesh:
			ms := w.mesh(c.cfg.Shape.Mesh)
			if ms == nil {
				continue
			}
			for k := range min(len(ms.tris), DebugMaxTriangles) {
				var th hull
				if w.worldTri(c, ms, int32(ms.tree.idx[k]), &th) {
					p, q, r := th.v[0].f32(), th.v[1].f32(), th.v[2].f32()
					l.Line(p, q, col)
					l.Line(q, r, col)
					l.Line(r, p, col)
				}
			}
		}
	}
	for i := range w.pairs {
		p := &w.pairs[i]
		if !p.touching {
			continue
		}
		for k := range p.m.np {
			pt := &p.m.pts[k]
			l.Arrow(pt.p.f32(), pt.p.madd(pt.n, 0.3).f32(), debugContact)
		}
	}
}

// DrawRay adds a ray query to l: the segment from origin to the hit (or
// maxDist along dir when it missed) and, on a hit, the hit's normal.
func DrawRay(l LineDrawer, origin, dir mgl32.Vec3, maxDist float32, hit Hit, ok bool) {
	if dir.Len() == 0 {
		return
	}
	end := origin.Add(dir.Normalize().Mul(min(maxDist, 1000)))
	if ok {
		end = hit.Point
	}
	l.Line(origin, end, debugRay)
	if ok {
		l.Arrow(hit.Point, hit.Point.Add(hit.Normal.Mul(0.3)), debugContact)
	}
}
