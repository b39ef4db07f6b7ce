package collide

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// separation returns the signed distance between the surfaces of A and
// B (negative: overlapping by that much), the unit normal from A to B
// and the nearest points of both surfaces.
func separation(A, B *hull) (float64, vec, vec, vec) {
	rs := A.r + B.r
	g := gjk(A, B)
	if g.dist > 1e-9 {
		n := g.pb.sub(g.pa).mul(1 / g.dist)
		return g.dist - rs, n, g.pa.madd(n, A.r), g.pb.madd(n, -B.r)
	}
	n, d, ok := sat(A, B)
	if !ok {
		d = 0 // touching: n is the axis that (barely) separates them
	}
	shift := n.mul(d + 1e-6*(1+d))
	Bs := *B
	Bs.translate(shift)
	g2 := gjk(A, &Bs)
	return -d - rs, n, g2.pa.madd(n, A.r), g2.pb.sub(shift).madd(n, -B.r)
}

// sweepHit is a sweep's first contact: how far along the motion (in
// metres), the normal from the obstacle towards the moving shape, the
// point on the obstacle, and which collider.
type sweepHit struct {
	t    float64
	n, p vec
	col  int32
}

// toiConvex moves q along dir (unit) by at most maxT and returns how far
// it may go until its surface is skin from the obstacle's, by
// conservative advancement: the separating plane at the closest points
// cannot be crossed before the moving shape reaches it. Shapes that
// already overlap (or are within skin) return t = 0 if the motion goes
// further in, and no hit if it goes along or away.
func toiConvex(obs *hull, q *hull, dir vec, maxT, skin float64) (float64, vec, vec, bool) {
	t := 0.0
	m := *q
	for range 48 {
		sep, n, pa, _ := separation(obs, &m)
		closing := -dir.dot(n)
		if closing <= 1e-9 {
			// Moving along or away from the nearest surface: a convex
			// obstacle gets no nearer.
			return 0, vec{}, vec{}, false
		}
		if sep <= skin+1e-5 {
			return t, n, pa, true
		}
		step := (sep - skin) / closing
		t += step
		if t > maxT {
			return 0, vec{}, vec{}, false
		}
		m.translate(dir.mul(step))
	}
	sep, n, pa, _ := separation(obs, &m)
	return t, n, pa, sep < skin+1e-3
}

// sweepHull finds the first collider the hull q meets moving by motion.
func (w *World) sweepHull(q *hull, motion vec, f *Filter, skin float64) (sweepHit, bool) {
	L := motion.len()
	best := sweepHit{t: L, col: -1}
	if !(L > 1e-12) || math.IsInf(L, 0) {
		return best, false
	}
	dir := motion.mul(1 / L)
	lo, hi := q.bounds()
	lo, hi = vmin(lo, lo.add(motion)), vmax(hi, hi.add(motion))
	g := vec{skin, skin, skin}
	lo, hi = lo.sub(g), hi.add(g)
	consider := func(k int32, t float64, n, p vec) {
		if best.col < 0 || t < best.t || (t == best.t && w.cols[k].h < w.cols[best.col].h) {
			best = sweepHit{t: t, n: n, p: p, col: k}
		}
	}
	w.tree.query(lo, hi, func(k int32) bool {
		c := &w.cols[k]
		if !f.sees(c) {
			return true
		}
		if c.cfg.Shape.Kind != ShapeMesh {
			if t, n, p, ok := toiConvex(&c.hl, q, dir, best.t, skin); ok {
				consider(k, t, n, p)
			}
			return true
		}
		ms := w.mesh(c.cfg.Shape.Mesh)
		if ms == nil {
			return true
		}
		llo, lhi := toMeshLocal(c, lo, hi)
		ms.tree.query(llo, lhi, func(tri int32) bool {
			var th hull
			if w.worldTri(c, ms, tri, &th) {
				if t, n, p, ok := toiConvex(&th, q, dir, best.t, skin); ok {
					consider(k, t, n, p)
				}
			}
			return true
		})
		return true
	})
	return best, best.col >= 0
}

// Sweep moves shape s from pos (rotated by rot; zero: none) along motion
// and returns the first collider it would touch: Distance is how far it
// gets along motion, Point is on the obstacle and Normal points from the
// obstacle towards the shape. A shape that already overlaps a collider
// hits it at distance 0.
func (w *World) Sweep(s Shape, pos mgl32.Vec3, rot mgl32.Quat, motion mgl32.Vec3, f Filter) (Hit, bool, error) {
	w.refresh()
	var q hull
	if err := queryHull(s, pos, rot, &q); err != nil {
		return Hit{}, false, err
	}
	if !v64(motion).finite() {
		return Hit{}, false, errBadMotion(motion)
	}
	h, ok := w.sweepHull(&q, v64(motion), &f, 0)
	if !ok {
		return Hit{}, false, nil
	}
	return Hit{Actor: w.cols[h.col].h, Point: h.p.f32(), Normal: h.n.f32(), Distance: float32(h.t)}, true, nil
}

func errBadMotion(m mgl32.Vec3) error {
	return fmt.Errorf("collide: sweep: %w: motion %v is not finite", ErrBadValue, m)
}
