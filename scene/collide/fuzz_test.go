package collide

import (
	"math"
	"testing"
)

// fuzzHull builds a hull of kind k%4 (sphere, capsule, box, triangle)
// from fuzzed numbers, kept to sane sizes (the World refuses others).
func fuzzHull(k uint8, x, y, z, s, a float64) hull {
	fin := func(v, lim float64) float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
		return math.Mod(v, lim)
	}
	p := vec{fin(x, 5), fin(y, 5), fin(z, 5)}
	size := 0.05 + math.Abs(fin(s, 3))
	ang := fin(a, 7)
	q := quat{math.Cos(ang / 2), math.Sin(ang/2) * 0.6, math.Sin(ang/2) * 0.8, 0}
	switch k % 4 {
	case 0:
		return mkSphere(p, size)
	case 1:
		d := q.rotate(vec{0, size, 0})
		return mkCapsule(p.sub(d), p.add(d), size*0.5)
	case 2:
		return mkBox(p, q, vec{size, size * 0.5, size * 0.8})
	}
	h := mkTri(p, p.add(q.rotate(vec{size * 2, 0, 0})), p.add(q.rotate(vec{0, 0, size * 2})))
	return h
}

// The pair test agrees with the distance query, and pushing the second
// shape out along the contact normal by the depth separates the two.
func FuzzPairs(f *testing.F) {
	f.Add(uint8(0), uint8(2), 0.0, 0.0, 0.0, 1.0, 0.0, 0.5, 0.5, 0.0, 1.0, 0.3)
	f.Add(uint8(2), uint8(2), 0.0, 0.0, 0.0, 1.0, 0.5, 0.5, 0.9, 0.1, 1.0, 2.0)
	f.Add(uint8(3), uint8(1), 0.0, 0.0, 0.0, 2.0, 0.0, 0.5, 0.2, 0.5, 0.5, 1.0)
	f.Add(uint8(1), uint8(1), 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
	f.Fuzz(func(t *testing.T, ka, kb uint8, ax, ay, az, as, aa, bx, by, bz, bs, ba float64) {
		A := fuzzHull(ka, ax, ay, az, as, 0.3*aa)
		B := fuzzHull(kb, bx, by, bz, bs, ba)
		sep, _, _, _ := separation(&A, &B)
		var m manifold
		hit := collideHulls(&A, &B, 0, &m)
		if math.IsNaN(sep) {
			t.Fatal("separation is NaN")
		}
		if hit != (sep <= 1e-7) && math.Abs(sep) > 1e-6 {
			t.Fatalf("contact %v but separation %v", hit, sep)
		}
		if !hit {
			return
		}
		d := m.pts[m.deepest()]
		if !d.p.finite() || !d.n.finite() || math.Abs(d.n.len()-1) > 1e-6 {
			t.Fatalf("contact point %v normal %v", d.p, d.n)
		}
		if math.Abs(d.depth+sep) > 1e-3*(1+d.depth) { // a clipped manifold measures along the face normal
			t.Fatalf("depth %v, but the separation query says %v", d.depth, sep)
		}
		Bs := B
		Bs.translate(d.n.mul(d.depth + 1e-3))
		if s2, _, _, _ := separation(&A, &Bs); s2 < 0 {
			t.Fatalf("moved out by the depth %v along %v, still %v deep", d.depth, d.n, -s2)
		}
	})
}

// A ray that hits a sphere, capsule or box lands on its surface: the
// closest point query finds the point at distance 0 from it.
func FuzzRay(f *testing.F) {
	f.Add(uint8(0), 0.0, 5.0, 0.0, 0.1, -1.0, 0.2, 1.0, 0.3)
	f.Add(uint8(2), 3.0, 1.0, -4.0, -0.5, -0.1, 0.8, 0.7, 1.3)
	f.Fuzz(func(t *testing.T, k uint8, ox, oy, oz, dx, dy, dz, s, a float64) {
		o, d := vec{ox, oy, oz}, vec{dx, dy, dz}
		if !o.finite() || !d.finite() || d.len() < 1e-3 || o.len() > 1e3 || d.len() > 1e3 {
			return
		}
		d = d.norm()
		h := fuzzHull(k%3, 0, 0, 0, s, a)
		var tt float64
		var ok bool
		switch k % 3 {
		case 0:
			tt, _, ok = raySphere(o, d, h.v[0], h.r, 1e9)
		case 1:
			if h.nv == 1 {
				return
			}
			tt, _, ok = rayCapsule(o, d, h.v[0], h.v[1], h.r, 1e9)
		case 2:
			q := quat{math.Cos(math.Mod(a, 7) / 2), math.Sin(math.Mod(a, 7)/2) * 0.6, math.Sin(math.Mod(a, 7)/2) * 0.8, 0}
			lo, ld := q.conj().rotate(o), q.conj().rotate(d)
			tt, _, ok = rayBox(lo, ld, h.he, 1e9)
		}
		if !ok {
			return
		}
		var p hull
		pointHull(&p, o.madd(d, tt), 0)
		if sep, _, _, _ := separation(&h, &p); math.Abs(sep) > 1e-6*(1+tt) {
			t.Fatalf("ray hit at t=%v is %v from the surface", tt, sep)
		}
	})
}
