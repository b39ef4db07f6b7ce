package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxCascades is the most shadow cascades a renderer draws.
const MaxCascades = 3

// Cascade is one shadow map of the sun: what part of the camera's view it
// covers and how the sun sees it.
type Cascade struct {
	// ViewProj takes world space to the cascade's clip space (an
	// orthographic projection along the sun's direction): x, y and z in
	// [−1, 1] lie in its map.
	ViewProj mgl32.Mat4
	// Far is the view depth (distance along the camera's forward axis)
	// where the cascade ends; it starts where the previous one ends.
	Far float32
	// Texel is the size of one of its map's texels in world units.
	Texel float32
}

// FitCascades fits n cascades (1 to MaxCascades) to the camera's view from
// its near plane to distance (clamped to its far plane), split by the
// practical scheme (between logarithmic and even splits, favouring the
// near slices), each a square map of size texels covering the bounding
// sphere of its slice of the view frustum. Spheres keep a cascade's size
// whatever way the camera turns, and each is moved by whole texels only,
// so shadow edges do not shimmer while the camera moves. Casters up to
// distance towards the sun from a slice are kept. dir is the direction
// the sun's light travels (unit length). It writes dst[:n] and allocates
// nothing; it runs once per scene per frame on the render thread.
func FitCascades(cam *Camera, aspect float32, dir mgl32.Vec3, n int, distance float32, size int, dst *[MaxCascades]Cascade) {
	n = min(max(n, 1), MaxCascades)
	if !(aspect > 0) || math.IsInf(float64(aspect), 0) {
		aspect = 1
	}
	fovy, near, far := cam.FovY, cam.Near, cam.Far
	if fovy <= 0 || fovy >= math.Pi {
		fovy = DefaultFovY
	}
	if near <= 0 {
		near = DefaultNear
	}
	if far <= near {
		far = max(DefaultFar, near*1000)
	}
	end := min(distance, far)
	if end <= near {
		end = far
	}
	// The camera's frame in world space: the inverse of the view's rotation.
	v := &cam.View
	right := mgl32.Vec3{v[0], v[4], v[8]}
	up := mgl32.Vec3{v[1], v[5], v[9]}
	back := mgl32.Vec3{v[2], v[6], v[10]}
	t := mgl32.Vec3{v[12], v[13], v[14]}
	eye := right.Mul(-t[0]).Sub(up.Mul(t[1])).Sub(back.Mul(t[2]))
	fwd := back.Mul(-1)
	ty := float32(math.Tan(float64(fovy) / 2))
	tx := ty * aspect
	k := tx*tx + ty*ty // the squared slope of a frustum corner

	// The light's frame: look along dir.
	lup := mgl32.Vec3{0, 1, 0}
	if abs32(dir[1]) > 0.99 {
		lup = mgl32.Vec3{1, 0, 0}
	}
	lview := mgl32.LookAtV(mgl32.Vec3{}, dir, lup)

	prev := near
	for i := range n {
		f := float32(i+1) / float32(n)
		logS := near * float32(math.Pow(float64(end/near), float64(f)))
		linS := near + (end-near)*f
		split := 0.6*logS + 0.4*linS
		if i == n-1 {
			split = end
		}
		// The bounding sphere of the slice between depths prev and split:
		// its centre on the view axis at depth c, where the near and far
		// corners are equally far (or at the far plane's centre when that
		// lies beyond the slice).
		a, b := prev, split
		c := (a + b) / 2 * (1 + k)
		var r float32
		if c >= b {
			c = b
			r = b * float32(math.Sqrt(float64(k)))
		} else {
			dz := b - c
			r = float32(math.Sqrt(float64(dz*dz + b*b*k)))
		}
		// Round the radius up to a step, so rounding noise never changes it.
		r = float32(math.Ceil(float64(r)*16) / 16)
		center := eye.Add(fwd.Mul(c))
		texel := 2 * r / float32(size)
		// The centre in the light's frame, moved by whole texels.
		lc := lview.Mul4x1(center.Vec4(1))
		lc[0] = float32(math.Floor(float64(lc[0]/texel))) * texel
		lc[1] = float32(math.Floor(float64(lc[1]/texel))) * texel
		back := distance + r // casters towards the sun
		proj := mgl32.Ortho(lc[0]-r, lc[0]+r, lc[1]-r, lc[1]+r, -lc[2]-back, -lc[2]+r)
		dst[i] = Cascade{ViewProj: proj.Mul4(lview), Far: split, Texel: texel}
		prev = split
	}
}
