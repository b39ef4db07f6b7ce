package collide

import "math"

// cpoint is one contact point: where the surfaces meet (midway between
// them), the normal from the first shape to the second and the depth
// (positive: penetrating; negative: a gap, kept as a speculative contact).
type cpoint struct {
	p     vec
	n     vec
	depth float64
}

// manifold is the contact of one pair: at most maxPoints points.
type manifold struct {
	pts [maxPoints]cpoint
	np  int
}

const maxPoints = 4

// deepest returns the index of the deepest point.
func (m *manifold) deepest() int {
	bi := 0
	for i := 1; i < m.np; i++ {
		if m.pts[i].depth > m.pts[bi].depth {
			bi = i
		}
	}
	return bi
}

// add appends p, keeping the maxPoints that span the largest area when
// full (the deepest, the farthest from it, and the two that widen the
// patch most on either side).
func (m *manifold) add(p cpoint) {
	if m.np < maxPoints {
		m.pts[m.np] = p
		m.np++
		return
	}
	var all [maxPoints + 1]cpoint
	copy(all[:], m.pts[:])
	all[maxPoints] = p
	reduce(all[:], &m.pts)
}

func reduce(all []cpoint, out *[maxPoints]cpoint) {
	used := [16]bool{}
	d := 0
	for i := range all {
		if all[i].depth > all[d].depth {
			d = i
		}
	}
	used[d] = true
	f := -1
	for i := range all {
		if !used[i] && (f < 0 || all[i].p.sub(all[d].p).len2() > all[f].p.sub(all[d].p).len2()) {
			f = i
		}
	}
	used[f] = true
	n := all[d].n
	area := func(i int) float64 {
		return all[f].p.sub(all[d].p).cross(all[i].p.sub(all[d].p)).dot(n)
	}
	g, h := -1, -1
	for i := range all {
		if used[i] {
			continue
		}
		if g < 0 || area(i) > area(g) {
			g = i
		}
	}
	used[g] = true
	for i := range all {
		if used[i] {
			continue
		}
		if h < 0 || area(i) < area(h) {
			h = i
		}
	}
	out[0], out[1], out[2], out[3] = all[d], all[f], all[g], all[h]
}

// collideHulls tests two convex hulls and, when their surfaces are closer
// than margin (or overlap), fills m with the contact (normals from A to
// B). It reports whether there is a contact.
func collideHulls(A, B *hull, margin float64, m *manifold) bool {
	m.np = 0
	rs := A.r + B.r
	// Two points: spheres, answered at once.
	if A.nv == 1 && B.nv == 1 {
		d := B.v[0].sub(A.v[0])
		l := d.len()
		if l-rs > margin {
			return false
		}
		n := vec{0, 1, 0}
		if l > 1e-12 {
			n = d.mul(1 / l)
		}
		pa, pb := A.v[0].madd(n, A.r), B.v[0].madd(n, -B.r)
		m.pts[0] = cpoint{p: pa.add(pb).mul(0.5), n: n, depth: rs - l}
		m.np = 1
		return true
	}
	g := gjk(A, B)
	var n, pa, pb vec
	var sep float64
	if g.dist > 1e-9 {
		sep = g.dist - rs
		if sep > margin {
			return false
		}
		n = g.pb.sub(g.pa).mul(1 / g.dist)
		pa, pb = g.pa, g.pb
	} else {
		var d float64
		var ok bool
		n, d, ok = sat(A, B)
		if !ok {
			d = 0 // touching: n is the axis that (barely) separates them
		}
		// Slide B out along n to find the witness points of the overlap.
		shift := n.mul(d + 1e-6*(1+d))
		Bs := *B
		Bs.translate(shift)
		g2 := gjk(A, &Bs)
		pa, pb = g2.pa, g2.pb.sub(shift)
		sep = -d - rs
	}
	sa, sb := pa.madd(n, A.r), pb.madd(n, -B.r)
	witness := cpoint{p: sa.add(sb).mul(0.5), n: n, depth: -sep}
	if clip(A, B, n, margin, m) {
		// Clipping the incident face to the reference face can cut off
		// the deepest part of a rounded shape (a capsule's end just past a
		// triangle's edge still overlaps the face by its radius): then
		// the overlap's witness point joins the manifold, so that its
		// deepest point is as deep as the shapes overlap.
		if m.pts[m.deepest()].depth < -sep-1e-6*(1+math.Abs(sep)) {
			m.add(witness)
		}
		return true
	}
	m.pts[0] = witness
	m.np = 1
	return true
}

// face returns the face of h whose outward normal is closest to dir: its
// vertices, count and normal, and how well it is aligned (a cosine).
func face(h *hull, dir vec, out *[4]vec) (int, vec, float64) {
	switch {
	case h.box:
		bi, bd := 0, 0.0
		for i := range 3 {
			if d := math.Abs(h.axes[i].dot(dir)); d > bd {
				bi, bd = i, d
			}
		}
		s := 1.0
		if h.axes[bi].dot(dir) < 0 {
			s = -1
		}
		j, k := (bi+1)%3, (bi+2)%3
		fc := h.c.madd(h.axes[bi], s*h.he[bi])
		u, w := h.axes[j].mul(h.he[j]), h.axes[k].mul(h.he[k])
		out[0], out[1], out[2], out[3] = fc.add(u).add(w), fc.sub(u).add(w), fc.sub(u).sub(w), fc.add(u).sub(w)
		return 4, h.axes[bi].mul(s), bd
	case h.na == 1 && h.nv == 3:
		fn := h.axes[0]
		d := fn.dot(dir)
		if d < 0 {
			fn, d = fn.neg(), -d
		}
		out[0], out[1], out[2] = h.v[0], h.v[1], h.v[2]
		return 3, fn, d
	}
	copy(out[:], h.v[:h.nv])
	return h.nv, vec{}, 0
}

// clip builds a multi-point manifold when the normal is (nearly) a face
// normal of one hull: the other hull's facing feature is clipped against
// that face's sides, and the points closer than margin are kept.
func clip(A, B *hull, n vec, margin float64, m *manifold) bool {
	const aligned = 1 - 1e-7 // the normal is a face normal (SAT and GJK give them exactly)
	var fa, fb [4]vec
	na, nA, ca := face(A, n, &fa)
	nb, nB, cb := face(B, n.neg(), &fb)
	var ref, inc *[4]vec
	var nr, ni int
	var refN vec
	var rRef, rInc float64
	flip := false
	switch {
	case na >= 3 && ca > aligned && ca >= cb-1e-3:
		ref, nr, refN, inc, ni, rRef, rInc = &fa, na, nA, &fb, nb, A.r, B.r
	case nb >= 3 && cb > aligned:
		ref, nr, refN, inc, ni, rRef, rInc, flip = &fb, nb, nB, &fa, na, B.r, A.r, true
	default:
		return false
	}
	if ni < 2 {
		return false
	}
	var buf, tmp [16]vec
	cnt := copy(buf[:], inc[:ni])
	ctr := vec{}
	for i := 0; i < nr; i++ {
		ctr = ctr.add(ref[i])
	}
	ctr = ctr.mul(1 / float64(nr))
	for e := 0; e < nr && cnt > 0; e++ {
		p0, p1 := ref[e], ref[(e+1)%nr]
		sn := p1.sub(p0).cross(refN)
		if sn.dot(ctr.sub(p0)) > 0 {
			sn = sn.neg()
		}
		cnt = clipPlane(buf[:cnt], tmp[:], sn, sn.dot(p0))
		copy(buf[:cnt], tmp[:cnt])
	}
	normal := refN
	if flip {
		normal = refN.neg()
	}
	off := refN.dot(ref[0])
	for i := 0; i < cnt; i++ {
		p := buf[i]
		core := refN.dot(p) - off
		sep := core - rRef - rInc
		if sep > margin {
			continue
		}
		pr := p.madd(refN, rRef-core)
		pi := p.madd(refN, -rInc)
		m.add(cpoint{p: pr.add(pi).mul(0.5), n: normal, depth: -sep})
	}
	return m.np > 0
}

// clipPlane keeps the part of the polygon (or segment) in on the side
// dot(x, n) ≤ d, writing it to out; it returns the new vertex count.
func clipPlane(in []vec, out []vec, n vec, d float64) int {
	k := 0
	if len(in) == 2 {
		a, b := in[0], in[1]
		da, db := a.dot(n)-d, b.dot(n)-d
		if da > 0 && db > 0 {
			return 0
		}
		if da > 0 {
			a = a.add(b.sub(a).mul(da / (da - db)))
		} else if db > 0 {
			b = a.add(b.sub(a).mul(da / (da - db)))
		}
		out[0], out[1] = a, b
		return 2
	}
	for i := range in {
		a, b := in[i], in[(i+1)%len(in)]
		da, db := a.dot(n)-d, b.dot(n)-d
		if da <= 0 && k < len(out) {
			out[k] = a
			k++
		}
		if (da < 0 && db > 0) || (da > 0 && db < 0) {
			if k < len(out) {
				out[k] = a.add(b.sub(a).mul(da / (da - db)))
				k++
			}
		}
	}
	return k
}
