package collide

import "math"

// simplex vertex: w = a − b, with the support points of both hulls.
type svert struct{ a, b, w vec }

// gjkResult is the distance between two hull cores and its witnesses.
type gjkResult struct {
	dist   float64 // 0 when the cores overlap
	pa, pb vec     // closest points of the cores (meaningless on overlap)
}

// gjk computes the distance between the cores of A and B (their radii are
// not counted) with the Gilbert–Johnson–Keerthi algorithm. A fixed
// iteration bound keeps it finite on any input.
func gjk(A, B *hull) gjkResult {
	var s [4]svert
	var lam [4]float64
	n := 1
	a0, _ := A.support(vec{1, 0, 0})
	b0, _ := B.support(vec{-1, 0, 0})
	s[0] = svert{a: a0, b: b0, w: a0.sub(b0)}
	lam[0] = 1
	v := s[0].w
	for iter := 0; iter < 64; iter++ {
		vv := v.len2()
		if vv < 1e-20 {
			return gjkResult{}
		}
		a, _ := A.support(v.neg())
		b, _ := B.support(v)
		w := a.sub(b)
		if vv-v.dot(w) <= 1e-10*vv+1e-18 {
			break
		}
		dup := false
		for i := 0; i < n; i++ {
			if s[i].w == w {
				dup = true
			}
		}
		if dup || n == 4 {
			break
		}
		ps, pl, pn := s, lam, n
		s[n] = svert{a, b, w}
		n++
		var in bool
		n, in = closest(&s, &lam, n)
		if in {
			return gjkResult{}
		}
		nv := vec{}
		for i := 0; i < n; i++ {
			nv = nv.madd(s[i].w, lam[i])
		}
		if nv.len2() >= vv { // no progress (a flat simplex): keep the last
			s, lam, n = ps, pl, pn
			break
		}
		v = nv
	}
	var pa, pb vec
	for i := 0; i < n; i++ {
		pa = pa.madd(s[i].a, lam[i])
		pb = pb.madd(s[i].b, lam[i])
	}
	d := pa.sub(pb).len()
	return gjkResult{dist: d, pa: pa, pb: pb}
}

// closest reduces the simplex s[:n] to the smallest sub-simplex whose
// hull holds the point closest to the origin, writing its barycentric
// weights into lam. in is true when the origin is inside a tetrahedron.
func closest(s *[4]svert, lam *[4]float64, n int) (int, bool) {
	switch n {
	case 1:
		lam[0] = 1
		return 1, false
	case 2:
		return closestSeg(s, lam, 0, 1), false
	case 3:
		return closestTri(s, lam, 0, 1, 2), false
	}
	// Tetrahedron: the origin is inside unless it is outside a face.
	best := math.Inf(1)
	var bs [4]svert
	var bl [4]float64
	bn := 0
	inside := true
	faces := [4][4]int{{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}}
	for _, f := range faces {
		a, b, c, d := s[f[0]].w, s[f[1]].w, s[f[2]].w, s[f[3]].w
		nrm := b.sub(a).cross(c.sub(a))
		sa, sd := nrm.dot(a.neg()), nrm.dot(d.sub(a))
		if sa*sd >= 0 && sd != 0 {
			continue // origin on the same side as the fourth vertex
		}
		inside = false
		var t [4]svert
		var tl [4]float64
		t[0], t[1], t[2] = s[f[0]], s[f[1]], s[f[2]]
		m := closestTri(&t, &tl, 0, 1, 2)
		p := vec{}
		for i := 0; i < m; i++ {
			p = p.madd(t[i].w, tl[i])
		}
		if d2 := p.len2(); d2 < best {
			best, bs, bl, bn = d2, t, tl, m
		}
	}
	if inside {
		return 4, true
	}
	*s, *lam = bs, bl
	return bn, false
}

func closestSeg(s *[4]svert, lam *[4]float64, i, j int) int {
	a, b := s[i].w, s[j].w
	ab := b.sub(a)
	d := ab.len2()
	t := 0.0
	if d > 0 {
		t = clampf(-a.dot(ab)/d, 0, 1)
	}
	si, sj := s[i], s[j]
	switch {
	case t <= 0:
		s[0], lam[0] = si, 1
		return 1
	case t >= 1:
		s[0], lam[0] = sj, 1
		return 1
	}
	s[0], s[1], lam[0], lam[1] = si, sj, 1-t, t
	return 2
}

// closestTri is Ericson's closest point on a triangle to the origin
// (Real-Time Collision Detection, 5.1.5), keeping the feature it lies on.
func closestTri(s *[4]svert, lam *[4]float64, i, j, k int) int {
	A, B, C := s[i], s[j], s[k]
	a, b, c := A.w, B.w, C.w
	ab, ac, ap := b.sub(a), c.sub(a), a.neg()
	d1, d2 := ab.dot(ap), ac.dot(ap)
	if d1 <= 0 && d2 <= 0 {
		s[0], lam[0] = A, 1
		return 1
	}
	bp := b.neg()
	d3, d4 := ab.dot(bp), ac.dot(bp)
	if d3 >= 0 && d4 <= d3 {
		s[0], lam[0] = B, 1
		return 1
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		v := d1 / (d1 - d3)
		s[0], s[1], lam[0], lam[1] = A, B, 1-v, v
		return 2
	}
	cp := c.neg()
	d5, d6 := ab.dot(cp), ac.dot(cp)
	if d6 >= 0 && d5 <= d6 {
		s[0], lam[0] = C, 1
		return 1
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		w := d2 / (d2 - d6)
		s[0], s[1], lam[0], lam[1] = A, C, 1-w, w
		return 2
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		s[0], s[1], lam[0], lam[1] = B, C, 1-w, w
		return 2
	}
	den := va + vb + vc
	if !(den != 0) {
		s[0], lam[0] = A, 1
		return 1
	}
	v, w := vb/den, vc/den
	s[0], s[1], s[2] = A, B, C
	lam[0], lam[1], lam[2] = 1-v-w, v, w
	return 3
}

// sat finds, for two overlapping cores, the axis of least overlap among
// the face normals and edge-pair cross products (the separating axis
// theorem's candidates). It returns the unit normal pointing from A to B
// and the core overlap along it; ok is false if an axis separates them
// (by a rounding error, as GJK found them overlapping: they touch), and n
// is then that axis, from A to B.
func sat(A, B *hull) (n vec, depth float64, ok bool) {
	depth = math.Inf(1)
	found := false
	var sepAxis vec
	try := func(l vec) bool {
		l2 := l.len2()
		if l2 < 1e-18 {
			return true
		}
		l = l.mul(1 / math.Sqrt(l2))
		minA, maxA := project(A, l)
		minB, maxB := project(B, l)
		o1, o2 := maxA-minB, maxB-minA // B on +l side, B on −l side
		if o1 < 0 {                    // B wholly on the +l side
			sepAxis = l
			return false
		}
		if o2 < 0 {
			sepAxis = l.neg()
			return false
		}
		o, dir := o1, l
		if o2 < o1 {
			o, dir = o2, l.neg()
		}
		if o < depth-1e-9 {
			depth, n, found = o, dir, true
		}
		return true
	}
	for i := 0; i < A.na; i++ {
		if !try(A.axes[i]) {
			return sepAxis, 0, false
		}
	}
	for i := 0; i < B.na; i++ {
		if !try(B.axes[i]) {
			return sepAxis, 0, false
		}
	}
	for i := 0; i < A.ne; i++ {
		for j := 0; j < B.ne; j++ {
			if !try(A.edges[i].cross(B.edges[j])) {
				return sepAxis, 0, false
			}
		}
	}
	if !found {
		// Points and parallel segments: no face or edge axis. Push apart
		// across the segment, or along the line between centres, or up.
		d := centroid(B).sub(centroid(A))
		for i := 0; i < A.ne+B.ne && d.len2() > 0; i++ {
			e := A.edges[0]
			if i >= A.ne {
				e = B.edges[0]
			}
			e = e.norm()
			d = d.sub(e.mul(d.dot(e)))
			if d.len2() < 1e-18 {
				d = perp(e)
			}
		}
		if d.len2() < 1e-18 {
			if A.ne > 0 {
				d = perp(A.edges[0].norm())
			} else {
				d = vec{0, 1, 0}
			}
		}
		n = d.norm()
		minA, maxA := project(A, n)
		minB, maxB := project(B, n)
		depth = min(maxA-minB, maxB-minA)
		if maxB-minA < maxA-minB {
			n = n.neg()
		}
	}
	return n, depth, true
}

func project(h *hull, l vec) (lo, hi float64) {
	if h.box {
		c := h.c.dot(l)
		r := h.he[0]*math.Abs(h.axes[0].dot(l)) + h.he[1]*math.Abs(h.axes[1].dot(l)) + h.he[2]*math.Abs(h.axes[2].dot(l))
		return c - r, c + r
	}
	lo = h.v[0].dot(l)
	hi = lo
	for i := 1; i < h.nv; i++ {
		x := h.v[i].dot(l)
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

func centroid(h *hull) vec {
	if h.box {
		return h.c
	}
	c := vec{}
	for i := 0; i < h.nv; i++ {
		c = c.add(h.v[i])
	}
	return c.mul(1 / float64(h.nv))
}
