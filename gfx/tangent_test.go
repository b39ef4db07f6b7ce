package gfx

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// quad is a unit square facing +Z, with UVs from the top-left: u grows
// along +X and v along −Y, the unmirrored glTF mapping.
func tanQuad(mirrorU bool) *Mesh {
	u0, u1 := float32(0), float32(1)
	if mirrorU {
		u0, u1 = 1, 0
	}
	return &Mesh{
		Positions: []mgl32.Vec3{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}},
		Normals:   []mgl32.Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		UVs:       []mgl32.Vec2{{u0, 1}, {u1, 1}, {u1, 0}, {u0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
}

func TestGenerateTangents(t *testing.T) {
	tests := []struct {
		name string
		mesh *Mesh
		want mgl32.Vec4
	}{
		{"unmirrored quad", tanQuad(false), mgl32.Vec4{1, 0, 0, 1}},
		{"mirrored in u", tanQuad(true), mgl32.Vec4{-1, 0, 0, -1}},
		{"degenerate UVs fall back to a perpendicular tangent", func() *Mesh {
			m := tanQuad(false)
			m.UVs = make([]mgl32.Vec2, 4)
			return m
		}(), mgl32.Vec4{1, 0, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := GenerateTangents(tt.mesh); err != nil {
				t.Fatal(err)
			}
			for i, got := range tt.mesh.Tangents {
				if !got.ApproxEqualThreshold(tt.want, 1e-5) {
					t.Errorf("tangent %d = %v, want %v", i, got, tt.want)
				}
				n := tt.mesh.Normals[i]
				if d := n.Dot(got.Vec3()); d > 1e-5 || d < -1e-5 {
					t.Errorf("tangent %d not perpendicular to the normal: dot %v", i, d)
				}
			}
		})
	}
}

// TestGenerateTangentsSphere checks a curved mesh: every tangent is unit
// length, perpendicular to its normal and has a handedness of ±1.
func TestGenerateTangentsSphere(t *testing.T) {
	m := uvSphere(12, 8)
	if err := GenerateTangents(m); err != nil {
		t.Fatal(err)
	}
	for i, tg := range m.Tangents {
		if l := tg.Vec3().Len(); l < 0.999 || l > 1.001 {
			t.Errorf("tangent %d has length %v", i, l)
		}
		if d := m.Normals[i].Dot(tg.Vec3()); d > 1e-4 || d < -1e-4 {
			t.Errorf("tangent %d: dot with normal %v", i, d)
		}
		if tg[3] != 1 && tg[3] != -1 {
			t.Errorf("tangent %d: w = %v", i, tg[3])
		}
	}
}

func uvSphere(seg, rings int) *Mesh {
	m := &Mesh{}
	for r := 0; r <= rings; r++ {
		v := float32(r) / float32(rings)
		phi := v * 3.14159265
		for s := 0; s <= seg; s++ {
			u := float32(s) / float32(seg)
			th := u * 2 * 3.14159265
			p := mgl32.Vec3{sin(phi) * cos(th), cos(phi), -sin(phi) * sin(th)}
			m.Positions = append(m.Positions, p.Mul(0.5))
			m.Normals = append(m.Normals, p)
			m.UVs = append(m.UVs, mgl32.Vec2{u, v})
		}
	}
	for r := 0; r < rings; r++ {
		for s := 0; s < seg; s++ {
			a := uint32(r*(seg+1) + s)
			b := a + uint32(seg+1)
			m.Indices = append(m.Indices, a, b, a+1, a+1, b, b+1)
		}
	}
	return m
}

func sin(x float32) float32 { return float32(math.Sin(float64(x))) }
func cos(x float32) float32 { return float32(math.Cos(float64(x))) }

func TestGenerateTangentsRefuses(t *testing.T) {
	noUV := tanQuad(false)
	noUV.UVs = nil
	lines := tanQuad(false)
	lines.Mode = Lines
	bad := tanQuad(false)
	bad.Normals = bad.Normals[:2]
	for _, tt := range []struct {
		name string
		mesh *Mesh
		want string
	}{
		{"no texture coordinates", noUV, "no texture coordinates"},
		{"lines", lines, "only triangles"},
		{"invalid mesh", bad, "2 normals for 4 positions"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := GenerateTangents(tt.mesh)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
			if tt.mesh.Tangents != nil {
				t.Error("the mesh was changed")
			}
		})
	}
}
