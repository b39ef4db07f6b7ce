package collide

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
)

// Filter selects the colliders a query sees. Its zero value sees every
// solid collider (not sensors).
type Filter struct {
	Mask    uint32       // layers seen; 0 means all
	Exclude scene.Handle // an actor to ignore (the one asking)
	Sensors bool         // see sensors too
}

func (f *Filter) sees(c *collider) bool {
	if c.h == f.Exclude && f.Exclude != scene.NoHandle {
		return false
	}
	if c.cfg.Sensor && !f.Sensors {
		return false
	}
	l, _ := layerOf(&c.cfg)
	return f.Mask == 0 || l&f.Mask != 0
}

// Hit is what a query found: the actor, the point on its surface, the
// surface normal there (facing the query), and the distance along the
// ray or sweep (for ClosestPoint: the signed distance, negative inside).
type Hit struct {
	Actor    scene.Handle
	Point    mgl32.Vec3
	Normal   mgl32.Vec3
	Distance float32
}

// Queries see the colliders as the last Step (or Load) placed them; they
// are meant to be called from ticks (or between them), on the goroutine
// that ticks the world, and allocate nothing except to grow dst.

func rayOK(o, d vec, maxDist float64) (vec, bool) {
	l := d.len()
	if !o.finite() || !(l > 1e-12) || math.IsInf(l, 0) || !(maxDist > 0) {
		return d, false
	}
	return d.mul(1 / l), true
}

// RayCast returns the first collider the ray from origin along dir (any
// length but zero) meets within maxDist (+Inf: no limit). A ray that
// starts inside a shape does not hit that shape; a ray that is not finite
// or has a zero direction hits nothing.
func (w *World) RayCast(origin, dir mgl32.Vec3, maxDist float32, f Filter) (Hit, bool) {
	w.refresh()
	o := v64(origin)
	d, ok := rayOK(o, v64(dir), float64(maxDist))
	if !ok {
		return Hit{}, false
	}
	tmax := min(float64(maxDist), 1e12)
	var best Hit
	found := false
	w.tree.ray(o, d, tmax, func(k int32, tm float64) float64 {
		c := &w.cols[k]
		if !f.sees(c) {
			return tm
		}
		if t, n, ok := w.rayCollider(c, o, d, tm); ok && (t < tm || !found || (t == tm && c.h < best.Actor)) {
			best = Hit{Actor: c.h, Point: o.madd(d, t).f32(), Normal: n.f32(), Distance: float32(t)}
			found = true
			return t
		}
		return tm
	})
	return best, found
}

// RayCastAll appends to dst every collider the ray meets within maxDist,
// nearest first (ties by handle), and returns it.
func (w *World) RayCastAll(origin, dir mgl32.Vec3, maxDist float32, f Filter, dst []Hit) []Hit {
	w.refresh()
	o := v64(origin)
	d, ok := rayOK(o, v64(dir), float64(maxDist))
	if !ok {
		return dst
	}
	n0 := len(dst)
	w.tree.ray(o, d, min(float64(maxDist), 1e12), func(k int32, tm float64) float64 {
		c := &w.cols[k]
		if f.sees(c) {
			if t, n, ok := w.rayCollider(c, o, d, tm); ok {
				dst = append(dst, Hit{Actor: c.h, Point: o.madd(d, t).f32(), Normal: n.f32(), Distance: float32(t)})
			}
		}
		return tm
	})
	slices.SortFunc(dst[n0:], func(a, b Hit) int {
		if c := cmp.Compare(a.Distance, b.Distance); c != 0 {
			return c
		}
		return cmp.Compare(a.Actor, b.Actor)
	})
	return dst
}

// Pick returns the actor under a ray, such as camera.ScreenRay's
// (origin, dir) for the cursor: the first collider met, sensors included.
func (w *World) Pick(origin, dir mgl32.Vec3) (Hit, bool) {
	return w.RayCast(origin, dir, float32(math.Inf(1)), Filter{Sensors: true})
}

// rayCollider intersects the ray with one collider's exact shape.
func (w *World) rayCollider(c *collider, o, d vec, tmax float64) (float64, vec, bool) {
	switch c.cfg.Shape.Kind {
	case ShapeSphere:
		return raySphere(o, d, c.hl.v[0], c.hl.r, tmax)
	case ShapeCapsule:
		if c.hl.nv == 1 {
			return raySphere(o, d, c.hl.v[0], c.hl.r, tmax)
		}
		return rayCapsule(o, d, c.hl.v[0], c.hl.v[1], c.hl.r, tmax)
	case ShapeBox:
		lo := c.shape.q.conj().rotate(o.sub(c.shape.p))
		ld := c.shape.q.conj().rotate(d)
		t, n, ok := rayBox(lo, ld, c.hl.he, tmax)
		return t, c.shape.q.rotate(n), ok
	case ShapeMesh:
		ms := w.mesh(c.cfg.Shape.Mesh)
		if ms == nil {
			return 0, vec{}, false
		}
		s := c.scale
		lo := c.shape.q.conj().rotate(o.sub(c.shape.p))
		ld := c.shape.q.conj().rotate(d)
		lo = vec{lo[0] / s[0], lo[1] / s[1], lo[2] / s[2]}
		ld = vec{ld[0] / s[0], ld[1] / s[1], ld[2] / s[2]}
		best, bk := tmax, int32(-1)
		ms.tree.ray(lo, ld, tmax, func(k int32, tm float64) float64 {
			a, b, cc := ms.tri(k)
			if t, ok := rayTri(lo, ld, a, b, cc, tm); ok && (t < best || bk < 0) {
				best, bk = t, k
				return t
			}
			return tm
		})
		if bk < 0 {
			return 0, vec{}, false
		}
		var th hull
		w.worldTri(c, ms, bk, &th)
		n := th.axes[0]
		if n.dot(d) > 0 {
			n = n.neg()
		}
		return best, n, true
	}
	return 0, vec{}, false
}

func raySphere(o, d, c vec, r, tmax float64) (float64, vec, bool) {
	m := o.sub(c)
	b := m.dot(d)
	cc := m.len2() - r*r
	if cc < 0 {
		return 0, vec{}, false // starts inside
	}
	disc := b*b - cc
	if disc < 0 || b > 0 {
		return 0, vec{}, false
	}
	t := -b - math.Sqrt(disc)
	if t < 0 || t > tmax {
		return 0, vec{}, false
	}
	return t, o.madd(d, t).sub(c).mul(1 / r), true
}

func rayCapsule(o, d, a, b vec, r, tmax float64) (float64, vec, bool) {
	// A point inside the capsule starts inside: no hit.
	ab := b.sub(a)
	if closestOnSeg(o, a, b).sub(o).len2() < r*r {
		return 0, vec{}, false
	}
	best, bn, hit := tmax, vec{}, false
	if t, n, ok := raySphere(o, d, a, r, best); ok {
		best, bn, hit = t, n, true
	}
	if t, n, ok := raySphere(o, d, b, r, best); ok {
		best, bn, hit = t, n, true
	}
	// The cylinder between the caps.
	axis := ab.norm()
	ao := o.sub(a)
	dp := d.sub(axis.mul(d.dot(axis)))
	op := ao.sub(axis.mul(ao.dot(axis)))
	qa, qb, qc := dp.len2(), 2*dp.dot(op), op.len2()-r*r
	if disc := qb*qb - 4*qa*qc; qa > 1e-18 && disc >= 0 {
		t := (-qb - math.Sqrt(disc)) / (2 * qa)
		if t >= 0 && t <= best {
			p := o.madd(d, t)
			if s := p.sub(a).dot(axis); s >= 0 && s <= ab.len() {
				best, bn, hit = t, p.sub(a.madd(axis, s)).mul(1/r), true
			}
		}
	}
	return best, bn, hit
}

func closestOnSeg(p, a, b vec) vec {
	ab := b.sub(a)
	d := ab.len2()
	if d == 0 {
		return a
	}
	return a.madd(ab, clampf(p.sub(a).dot(ab)/d, 0, 1))
}

func rayBox(o, d, he vec, tmax float64) (float64, vec, bool) {
	t0, t1 := 0.0, tmax
	ax, sg := -1, 0.0
	for i := range 3 {
		if math.Abs(d[i]) < 1e-18 {
			if o[i] < -he[i] || o[i] > he[i] {
				return 0, vec{}, false
			}
			continue
		}
		a, b := (-he[i]-o[i])/d[i], (he[i]-o[i])/d[i]
		s := -1.0
		if a > b {
			a, b, s = b, a, 1
		}
		if a > t0 {
			t0, ax, sg = a, i, s
		}
		t1 = min(t1, b)
		if t0 > t1 {
			return 0, vec{}, false
		}
	}
	if ax < 0 {
		return 0, vec{}, false // starts inside
	}
	var n vec
	n[ax] = sg
	return t0, n, true
}

// queryHull places a convex query shape; meshes cannot be query shapes.
func queryHull(s Shape, pos mgl32.Vec3, rot mgl32.Quat, h *hull) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("collide: query: %w", err)
	}
	if s.Kind == ShapeMesh {
		return fmt.Errorf("collide: query: %w: a mesh cannot be a query shape (use a box, sphere or capsule)", ErrBadShape)
	}
	if rot == (mgl32.Quat{}) {
		rot = mgl32.QuatIdent()
	}
	t := scene.Transform{Pos: pos, Rot: rot, Scale: mgl32.Vec3{1, 1, 1}}
	if !t.IsFinite() {
		return fmt.Errorf("collide: query: %w: pose %v %v is not finite", ErrBadValue, pos, rot)
	}
	placeConvex(h, &s, pose{v64(pos), q64(rot)}, vec{1, 1, 1})
	return nil
}

// Overlap appends to dst, in handle order, the actors whose colliders
// overlap (or touch) shape s placed at pos with rotation rot (zero: none).
func (w *World) Overlap(s Shape, pos mgl32.Vec3, rot mgl32.Quat, f Filter, dst []scene.Handle) ([]scene.Handle, error) {
	w.refresh()
	var q hull
	if err := queryHull(s, pos, rot, &q); err != nil {
		return dst, err
	}
	lo, hi := q.bounds()
	n0 := len(dst)
	w.tree.query(lo, hi, func(k int32) bool {
		c := &w.cols[k]
		var m manifold
		if f.sees(c) && w.contact(c, &collider{hl: q, lo: lo, hi: hi}, 0, &m) && m.pts[m.deepest()].depth >= 0 {
			dst = append(dst, c.h)
		}
		return true
	})
	slices.Sort(dst[n0:])
	return dst, nil
}

// ClosestPoint returns the nearest point to p on the colliders within
// maxDist of it: Distance is the signed distance (negative when p is
// inside) and Normal points from the surface towards p.
func (w *World) ClosestPoint(p mgl32.Vec3, maxDist float32, f Filter) (Hit, bool) {
	w.refresh()
	pp := v64(p)
	if !pp.finite() || !(maxDist >= 0) {
		return Hit{}, false
	}
	md := min(float64(maxDist), 1e12)
	var q hull
	pointHull(&q, pp, 0)
	g := vec{md, md, md}
	qc := collider{hl: q, lo: pp.sub(g), hi: pp.add(g)}
	var best Hit
	found := false
	w.tree.query(qc.lo, qc.hi, func(k int32) bool {
		c := &w.cols[k]
		var m manifold
		if !f.sees(c) || !w.contact(c, &qc, md, &m) {
			return true
		}
		pt := m.pts[m.deepest()]
		d := float32(-pt.depth)
		if !found || d < best.Distance || (d == best.Distance && c.h < best.Actor) {
			best = Hit{Actor: c.h, Point: pp.madd(pt.n, pt.depth).f32(), Normal: pt.n.f32(), Distance: d}
			found = true
		}
		return true
	})
	return best, found
}
