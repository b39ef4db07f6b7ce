package gl41

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// Per-cascade culling of shadow casters. Each cascade covers a slice of
// the camera's view near it; GL would clip most of a large arena's
// instances away from each, but only after transforming their every
// vertex, which a software rasteriser does on the thread that calls GL.
// cascadeInstances keeps, for one cascade, the instances whose bounding
// sphere reaches its clip box: those outside it would draw no texel, so
// the shadow map is the same.

// cullMargin widens the clip box (in clip units, where it spans 2) so that
// rounding never culls an instance that touches it.
const cullMargin = 1e-3

// cascadeInstances returns the instances of ins whose bounding sphere (m's,
// transformed by each instance's model matrix) reaches the clip box of
// cascade vp: ins itself when all do (or when vp is not an orthographic
// projection, or culling is off), else a copy in r.shadow.kept, reused
// from frame to frame. On the main thread, while drawing shadows.
func (r *Renderer) cascadeInstances(m *gpuMesh, ins []gfx.Instance, vp *mgl32.Mat4) []gfx.Instance {
	v := vp
	if r.noShadowCull || v[3] != 0 || v[7] != 0 || v[11] != 0 || v[15] != 1 {
		return ins
	}
	// A unit of world length along each clip axis, for the radius.
	sx := float32(math.Sqrt(float64(v[0]*v[0] + v[4]*v[4] + v[8]*v[8])))
	sy := float32(math.Sqrt(float64(v[1]*v[1] + v[5]*v[5] + v[9]*v[9])))
	sz := float32(math.Sqrt(float64(v[2]*v[2] + v[6]*v[6] + v[10]*v[10])))
	c, rad := m.center, m.radius
	kept := r.shadow.kept[:0]
	first := -1 // the first instance culled: until then kept is ins's prefix
	for i := range ins {
		a := &ins[i].Model
		// The sphere's centre in world space, and its radius scaled by the
		// matrix's longest axis.
		wx := a[0]*c[0] + a[4]*c[1] + a[8]*c[2] + a[12]
		wy := a[1]*c[0] + a[5]*c[1] + a[9]*c[2] + a[13]
		wz := a[2]*c[0] + a[6]*c[1] + a[10]*c[2] + a[14]
		l2 := max(a[0]*a[0]+a[1]*a[1]+a[2]*a[2], a[4]*a[4]+a[5]*a[5]+a[6]*a[6], a[8]*a[8]+a[9]*a[9]+a[10]*a[10])
		wr := rad * float32(math.Sqrt(float64(l2)))
		x := v[0]*wx + v[4]*wy + v[8]*wz + v[12]
		y := v[1]*wx + v[5]*wy + v[9]*wz + v[13]
		z := v[2]*wx + v[6]*wy + v[10]*wz + v[14]
		rx, ry, rz := wr*sx+cullMargin, wr*sy+cullMargin, wr*sz+cullMargin
		in := x-rx <= 1 && x+rx >= -1 && y-ry <= 1 && y+ry >= -1 && z-rz <= 1 && z+rz >= -1
		switch {
		case in && first >= 0:
			kept = append(kept, ins[i])
		case !in && first < 0:
			first = i
			if cap(kept) < len(ins) {
				// Room for as many as the batch's buffer holds (a draw
				// list keeps its buffers from frame to frame, grown to
				// the most instances it has held), so the copy grows with
				// that buffer, not with how many casters a moving camera
				// brings into view or into the cascade.
				kept = make([]gfx.Instance, 0, cap(ins))
			}
			kept = append(kept, ins[:i]...)
		}
	}
	r.shadow.kept = kept
	if first < 0 {
		return ins
	}
	return kept
}
