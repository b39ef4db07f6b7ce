package collide

import (
	"math"
	"testing"
)

func mkSphere(p vec, r float64) hull { var h hull; pointHull(&h, p, r); return h }
func mkCapsule(a, b vec, r float64) hull {
	var h hull
	segmentHull(&h, a, b, r)
	return h
}
func mkBox(p vec, q quat, he vec) hull { var h hull; boxHull(&h, pose{p, q}, he); return h }
func mkTri(a, b, c vec) hull           { var h hull; triHull(&h, a, b, c); return h }

var rot45y = quat{math.Cos(math.Pi / 8), 0, math.Sin(math.Pi / 8), 0}

// Every pair of shapes against answers worked out by hand: separated
// (no contact), touching (depth 0) and penetrating (depth, normal).
func TestPairsAnalytic(t *testing.T) {
	up := vec{0, 1, 0}
	floor := mkTri(vec{-10, 0, -10}, vec{-10, 0, 10}, vec{10, 0, 0})
	unit := vec{0.5, 0.5, 0.5}
	cases := []struct {
		name   string
		a, b   hull
		hit    bool
		depth  float64
		normal vec
	}{
		{"sphere-sphere separated", mkSphere(vec{}, 1), mkSphere(vec{3, 0, 0}, 1), false, 0, vec{}},
		{"sphere-sphere touching", mkSphere(vec{}, 1), mkSphere(vec{2, 0, 0}, 1), true, 0, vec{1, 0, 0}},
		{"sphere-sphere deep", mkSphere(vec{}, 1), mkSphere(vec{0.5, 0, 0}, 1), true, 1.5, vec{1, 0, 0}},
		{"sphere-sphere same centre", mkSphere(vec{}, 1), mkSphere(vec{}, 1), true, 2, up},
		{"box-sphere separated", mkBox(vec{}, identQ, unit), mkSphere(vec{0, 2, 0}, 1), false, 0, vec{}},
		{"box-sphere touching", mkBox(vec{}, identQ, unit), mkSphere(vec{0, 1.5, 0}, 1), true, 0, up},
		{"box-sphere deep", mkBox(vec{}, identQ, unit), mkSphere(vec{0, 0.75, 0}, 1), true, 0.75, up},
		{"box-sphere centre inside", mkBox(vec{}, identQ, vec{2, 0.5, 2}), mkSphere(vec{0, 0.25, 0}, 0.5), true, 0.75, up},
		{"box-sphere corner", mkBox(vec{}, identQ, unit), mkSphere(vec{1, 1, 0.5}, 1), true, 1 - math.Sqrt(0.5), vec{math.Sqrt(0.5), math.Sqrt(0.5), 0}},
		{"capsule-sphere separated", mkCapsule(vec{0, -1, 0}, vec{0, 1, 0}, 0.5), mkSphere(vec{2, 0, 0}, 1), false, 0, vec{}},
		{"capsule-sphere touching", mkCapsule(vec{0, -1, 0}, vec{0, 1, 0}, 0.5), mkSphere(vec{1.5, 0.3, 0}, 1), true, 0, vec{1, 0, 0}},
		{"capsule-sphere deep", mkCapsule(vec{0, -1, 0}, vec{0, 1, 0}, 0.5), mkSphere(vec{0, 2, 0}, 1), true, 0.5, up},
		{"capsule-capsule separated", mkCapsule(vec{-1, 0, 0}, vec{1, 0, 0}, 0.5), mkCapsule(vec{0, 2, -1}, vec{0, 2, 1}, 0.5), false, 0, vec{}},
		{"capsule-capsule touching", mkCapsule(vec{-1, 0, 0}, vec{1, 0, 0}, 0.5), mkCapsule(vec{0, 1, -1}, vec{0, 1, 1}, 0.5), true, 0, up},
		{"capsule-capsule deep", mkCapsule(vec{-1, 0, 0}, vec{1, 0, 0}, 0.5), mkCapsule(vec{0, 0.4, -1}, vec{0, 0.4, 1}, 0.5), true, 0.6, up},
		{"capsule-capsule crossing", mkCapsule(vec{-1, 0, 0}, vec{1, 0, 0}, 0.5), mkCapsule(vec{0, 0, -1}, vec{0, 0, 1}, 0.5), true, 1, up},
		{"box-capsule separated", mkBox(vec{}, identQ, unit), mkCapsule(vec{-1, 1.1, 0}, vec{1, 1.1, 0}, 0.5), false, 0, vec{}},
		{"box-capsule touching", mkBox(vec{}, identQ, unit), mkCapsule(vec{-1, 1, 0}, vec{1, 1, 0}, 0.5), true, 0, up},
		{"box-capsule deep", mkBox(vec{}, identQ, unit), mkCapsule(vec{-1, 0.8, 0}, vec{1, 0.8, 0}, 0.5), true, 0.2, up},
		{"box-capsule core inside", mkBox(vec{}, identQ, vec{2, 0.5, 2}), mkCapsule(vec{-1, 0.3, 0}, vec{1, 0.3, 0}, 0.5), true, 0.7, up},
		{"box-box separated", mkBox(vec{}, identQ, unit), mkBox(vec{0, 1.2, 0}, identQ, unit), false, 0, vec{}},
		{"box-box touching", mkBox(vec{}, identQ, unit), mkBox(vec{0, 1, 0}, identQ, unit), true, 0, up},
		{"box-box deep", mkBox(vec{}, identQ, unit), mkBox(vec{0.1, 0.7, 0}, rot45y, unit), true, 0.3, up},
		{"box-box rotated separated", mkBox(vec{}, identQ, unit), mkBox(vec{1.3, 0, 0}, rot45y, unit), false, 0, vec{}},
		{"box-box rotated corner", mkBox(vec{}, identQ, unit), mkBox(vec{1.2, 0, 0}, rot45y, unit), true, 0.5 + math.Sqrt(0.5) - 1.2, vec{1, 0, 0}},
		{"triangle-sphere separated", floor, mkSphere(vec{0, 1.5, 0}, 1), false, 0, vec{}},
		{"triangle-sphere touching", floor, mkSphere(vec{0, 1, 0}, 1), true, 0, up},
		{"triangle-sphere deep", floor, mkSphere(vec{0, 0.2, 0}, 1), true, 0.8, up},
		{"triangle-box touching", floor, mkBox(vec{0, 0.5, 0}, rot45y, unit), true, 0, up},
		{"triangle-box deep", floor, mkBox(vec{0, 0.25, 0}, identQ, unit), true, 0.25, up},
		{"triangle-box separated", floor, mkBox(vec{0, 0.7, 0}, identQ, unit), false, 0, vec{}},
		{"triangle-capsule deep", floor, mkCapsule(vec{-1, 0.3, 0}, vec{1, 0.3, 0}, 0.5), true, 0.2, up},
		{"triangle-capsule standing", floor, mkCapsule(vec{0, 0.8, 0}, vec{0, 2, 0}, 0.5), false, 0, vec{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m manifold
			hit := collideHulls(&c.a, &c.b, 0, &m)
			if hit != c.hit {
				t.Fatalf("contact %v, want %v (points %+v)", hit, c.hit, m.pts[:m.np])
			}
			if !hit {
				return
			}
			p := m.pts[m.deepest()]
			if math.Abs(p.depth-c.depth) > 1e-5 {
				t.Errorf("depth %.6f, want %.6f", p.depth, c.depth)
			}
			sym := c.name == "sphere-sphere same centre" || c.name == "capsule-capsule crossing" // either way is right
			if sym && math.Abs(math.Abs(p.n.dot(c.normal))-1) < 1e-6 {
				c.normal = p.n
			}
			if p.n.sub(c.normal).len() > 1e-4 {
				t.Errorf("normal %v, want %v", p.n, c.normal)
			}
			// The same pair the other way round: same depth, opposite normal.
			var r manifold
			if !collideHulls(&c.b, &c.a, 0, &r) {
				t.Fatal("no contact with the shapes swapped")
			}
			q := r.pts[r.deepest()]
			if math.Abs(q.depth-c.depth) > 1e-5 || (!sym && q.n.add(c.normal).len() > 1e-4) {
				t.Errorf("swapped: depth %.6f normal %v, want %.6f %v", q.depth, q.n, c.depth, c.normal.neg())
			}
		})
	}
}

// A box resting on a box face to face gets four contact points at the
// corners of the smaller face, as a stack needs to stand still.
func TestBoxOnBoxManifold(t *testing.T) {
	a := mkBox(vec{}, identQ, vec{1, 0.5, 1})
	b := mkBox(vec{0, 0.99, 0}, identQ, vec{0.5, 0.5, 0.5})
	var m manifold
	if !collideHulls(&a, &b, 0.01, &m) || m.np != 4 {
		t.Fatalf("got %d points, want 4: %+v", m.np, m.pts[:m.np])
	}
	for _, p := range m.pts[:m.np] {
		if math.Abs(math.Abs(p.p[0])-0.5) > 1e-6 || math.Abs(math.Abs(p.p[2])-0.5) > 1e-6 || math.Abs(p.depth-0.01) > 1e-6 {
			t.Errorf("point %+v, want a corner at |x| = |z| = 0.5, depth 0.01", p)
		}
	}
}
