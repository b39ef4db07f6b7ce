package gfx

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// corners returns the 8 world-space corners of the camera's view frustum
// between view depths a and b.
func frustumCorners(cam *Camera, aspect, a, b float32) []mgl32.Vec3 {
	inv := cam.View.Inv()
	ty := float32(math.Tan(float64(cam.FovY) / 2))
	tx := ty * aspect
	var out []mgl32.Vec3
	for _, z := range []float32{a, b} {
		for _, sx := range []float32{-1, 1} {
			for _, sy := range []float32{-1, 1} {
				p := inv.Mul4x1(mgl32.Vec4{sx * tx * z, sy * ty * z, -z, 1})
				out = append(out, p.Vec3())
			}
		}
	}
	return out
}

func TestFitCascadesCoversTheView(t *testing.T) {
	tests := []struct {
		name   string
		eye    mgl32.Vec3
		target mgl32.Vec3
		dir    mgl32.Vec3
		n      int
	}{
		{"looking ahead, sun slanting", mgl32.Vec3{0, 2, 10}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{-0.4, -1, -0.6}, 3},
		{"looking down, sun overhead", mgl32.Vec3{5, 20, 5}, mgl32.Vec3{5, 0, 4}, mgl32.Vec3{0, -1, 0}, 2},
		{"one cascade", mgl32.Vec3{-3, 1, 0}, mgl32.Vec3{10, 0, 3}, mgl32.Vec3{1, -0.2, 0}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cam := Camera{FovY: 1, Near: 0.1, Far: 200}
			cam.LookAt(tt.eye, tt.target, mgl32.Vec3{0, 1, 0})
			var cs [MaxCascades]Cascade
			const aspect = 16.0 / 9
			FitCascades(&cam, aspect, tt.dir.Normalize(), tt.n, 30, 1024, &cs)
			prev := cam.Near
			for i := range tt.n {
				c := cs[i]
				if !(c.Far > prev) {
					t.Fatalf("cascade %d ends at %v, not after %v", i, c.Far, prev)
				}
				for _, p := range frustumCorners(&cam, aspect, prev, c.Far) {
					q := c.ViewProj.Mul4x1(p.Vec4(1))
					for k := range 3 {
						if q[k] < -1.0001 || q[k] > 1.0001 {
							t.Errorf("cascade %d: frustum corner %v maps to %v, outside its map", i, p, q)
							break
						}
					}
				}
				prev = c.Far
			}
			if cs[tt.n-1].Far != 30 {
				t.Errorf("last cascade ends at %v, want the shadow distance 30", cs[tt.n-1].Far)
			}
		})
	}
}

// TestFitCascadesMovesByWholeTexels: a small camera move shifts a
// cascade's map by a whole number of texels, so shadow edges stay still.
func TestFitCascadesMovesByWholeTexels(t *testing.T) {
	cam := Camera{FovY: 1, Near: 0.1, Far: 200}
	dir := mgl32.Vec3{-0.4, -1, -0.6}.Normalize()
	var a, b [MaxCascades]Cascade
	cam.LookAt(mgl32.Vec3{0, 2, 10}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
	FitCascades(&cam, 1.5, dir, 2, 30, 1024, &a)
	cam.LookAt(mgl32.Vec3{0.013, 2, 10.007}, mgl32.Vec3{0.013, 0, 0.007}, mgl32.Vec3{0, 1, 0})
	FitCascades(&cam, 1.5, dir, 2, 30, 1024, &b)
	for i := range 2 {
		if a[i].Texel != b[i].Texel {
			t.Fatalf("cascade %d: texel %v then %v, want the same size", i, a[i].Texel, b[i].Texel)
		}
		// A fixed world point's position in the map, in texels.
		p := mgl32.Vec4{1, 0, -2, 1}
		pa, pb := a[i].ViewProj.Mul4x1(p), b[i].ViewProj.Mul4x1(p)
		for k := range 2 {
			d := float64(pa[k]-pb[k]) / 2 * 1024 // clip units to texels
			if math.Abs(d-math.Round(d)) > 0.02 {
				t.Errorf("cascade %d axis %d: moved %.3f texels, want a whole number", i, k, d)
			}
		}
	}
	if n := testing.AllocsPerRun(10, func() { FitCascades(&cam, 1.5, dir, 3, 30, 1024, &a) }); n != 0 {
		t.Errorf("FitCascades allocates %v times, want 0", n)
	}
}
