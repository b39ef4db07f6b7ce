package assetgen

import (
	"math"
	"testing"
)

// checkShape checks a shape's invariants: attribute lengths, indices in
// range, unit normals, and every triangle turning counter-clockwise when
// seen from the side its vertex normals point to. When closed is true it
// also checks that every normal points away from centre.
func checkShape(t *testing.T, name string, s shape, closed bool, centre vec3) {
	t.Helper()
	n := len(s.pos)
	if len(s.nrm) != n || (len(s.uv) != 0 && len(s.uv) != n) {
		t.Fatalf("%s: %d positions, %d normals, %d UVs", name, n, len(s.nrm), len(s.uv))
	}
	if len(s.idx)%3 != 0 || len(s.idx) == 0 {
		t.Fatalf("%s: got %d indices, want a positive multiple of 3", name, len(s.idx))
	}
	for i, nm := range s.nrm {
		if l := math.Sqrt(dot(nm, nm)); math.Abs(l-1) > 1e-9 {
			t.Fatalf("%s: normal %d has length %v", name, i, l)
		}
	}
	for k := 0; k < len(s.idx); k += 3 {
		a, b, c := s.idx[k], s.idx[k+1], s.idx[k+2]
		if int(a) >= n || int(b) >= n || int(c) >= n {
			t.Fatalf("%s: triangle %d indexes past %d vertices", name, k/3, n)
		}
		face := cross(sub(s.pos[b], s.pos[a]), sub(s.pos[c], s.pos[a]))
		if dot(face, face) == 0 {
			t.Fatalf("%s: triangle %d is degenerate", name, k/3)
		}
		for _, v := range []uint16{a, b, c} {
			if dot(face, s.nrm[v]) <= 0 {
				t.Fatalf("%s: triangle %d turns clockwise seen from its normals' side", name, k/3)
			}
			if closed && dot(s.nrm[v], sub(s.pos[v], centre)) <= 0 {
				t.Fatalf("%s: vertex %d's normal %v points inwards", name, v, s.nrm[v])
			}
		}
	}
}

func TestShapes(t *testing.T) {
	tests := []struct {
		name      string
		s         shape
		closed    bool
		centre    vec3
		verts     int
		triangles int
	}{
		{"box", box(vec3{1, 2, 3}, vec3{2, 1, 0.5}, 1), true, vec3{1, 2, 3}, 24, 12},
		{"cylinder", frustum(1, 1, 2, 8), true, vec3{0, 1, 0}, 18 + 2*9, 16 + 2*8},
		{"cone", frustum(1, 0, 1, 6), true, vec3{0, 0.25, 0}, 14 + 7, 6 + 6},
		{"frustum", frustum(0.5, 0.2, 1, 5), true, vec3{0, 0.5, 0}, 12 + 2*6, 10 + 2*5},
		{"disc up", disc(1, 0, 7, true), false, vec3{}, 8, 7},
		{"disc down", disc(1, 0, 7, false), false, vec3{}, 8, 7},
		{"quad", quad(2, 1), false, vec3{}, 4, 2},
	}
	for _, tt := range tests {
		checkShape(t, tt.name, tt.s, tt.closed, tt.centre)
		if got := len(tt.s.pos); got != tt.verts {
			t.Errorf("%s: got %d vertices, want %d", tt.name, got, tt.verts)
		}
		if got := len(tt.s.idx) / 3; got != tt.triangles {
			t.Errorf("%s: got %d triangles, want %d", tt.name, got, tt.triangles)
		}
	}
}

func TestBoxUVs(t *testing.T) {
	s := box(vec3{}, vec3{1, 1, 1}, 2)
	// The front face (+Z) is the fifth: its top-left corner is (-x, +y)
	// with UV (0, 0), its bottom-right (+x, -y) with UV (repeat, repeat).
	for i := 16; i < 20; i++ {
		p, uv := s.pos[i], s.uv[i]
		wantU := 0.0
		if p[0] > 0 {
			wantU = 2
		}
		wantV := 0.0
		if p[1] < 0 {
			wantV = 2
		}
		if uv != [2]float64{wantU, wantV} {
			t.Errorf("front face vertex at %v: got UV %v, want %v", p, uv, [2]float64{wantU, wantV})
		}
	}
}

func TestUnindexedAndTranslated(t *testing.T) {
	s := translated(box(vec3{}, vec3{1, 1, 1}, 1), vec3{0, 5, 0})
	u := unindexed(s)
	if len(u.idx) != 0 || len(u.pos) != 36 || len(u.nrm) != 36 || len(u.uv) != 36 {
		t.Fatalf("got %d indices, %d positions, %d normals, %d UVs; want 0, 36, 36, 36",
			len(u.idx), len(u.pos), len(u.nrm), len(u.uv))
	}
	for i, p := range u.pos {
		if p[1] < 4.5 || p[1] > 5.5 {
			t.Fatalf("position %d: got %v, want y in [4.5, 5.5]", i, p)
		}
	}
	both := appendShape(s, s)
	if len(both.pos) != 48 || both.idx[36] != 24 {
		t.Errorf("appendShape: got %d positions and first appended index %d, want 48 and 24", len(both.pos), both.idx[36])
	}
}
