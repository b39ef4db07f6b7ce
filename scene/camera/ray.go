package camera

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// Ray is a half-line in world space: the points Origin + t·Dir, t ≥ 0. Dir
// has length 1.
type Ray struct {
	Origin, Dir mgl32.Vec3
}

// At returns the point t along the ray.
func (r Ray) At(t float32) mgl32.Vec3 { return r.Origin.Add(r.Dir.Mul(t)) }

// HitPlane returns how far along the ray it meets the plane through point
// with the given normal (need not be unit length), and whether it does
// (ok = false when the ray is parallel to the plane or points away).
func (r Ray) HitPlane(point, normal mgl32.Vec3) (t float32, ok bool) {
	den := r.Dir.Dot(normal)
	if den == 0 || !finite(den) {
		return 0, false
	}
	t = point.Sub(r.Origin).Dot(normal) / den
	return t, t >= 0 && finite(t)
}

var errViewport = errors.New("camera: ScreenRay: the viewport needs a finite width and height above 0 (a minimised window has none: skip picking then)")

// ScreenRay returns the world-space ray from the eye of cam through the
// point (x, y) of a viewport width × height: the cursor under the pointer,
// for picking. x and y grow right and down from the top-left corner, in the
// same units as width and height (HUD units and the HUD's size, or
// framebuffer pixels and the framebuffer's size: only their ratio counts);
// points outside the viewport give rays outside the view. cam is what a
// camera's Render wrote (a rigid view: rotation and translation), with its
// lens read as gfx.Camera.Projection reads it. The ray through the centre
// is the view direction; through a corner it runs along the frustum's edge.
// It allocates nothing; a viewport without area or a non-finite point is
// an error.
func ScreenRay(cam *gfx.Camera, x, y, width, height float32) (Ray, error) {
	if !(width > 0 && height > 0) || !finite(width) || !finite(height) {
		return Ray{}, errViewport
	}
	if !finite(x) || !finite(y) {
		return Ray{}, fmt.Errorf("camera: ScreenRay: point (%v, %v) is invalid: allowed finite coordinates", x, y)
	}
	fovy := cam.FovY
	if fovy <= 0 || fovy >= math.Pi {
		fovy = gfx.DefaultFovY
	}
	th := float32(math.Tan(float64(fovy) / 2))
	nx := (2*x/width - 1) * th * width / height
	ny := (1 - 2*y/height) * th
	v := &cam.View
	// The view's rows are the camera's right, up and back axes in world
	// space; its inverse is their transpose.
	r := mgl32.Vec3{v[0], v[4], v[8]}
	u := mgl32.Vec3{v[1], v[5], v[9]}
	b := mgl32.Vec3{v[2], v[6], v[10]}
	var ray Ray
	for i := range 3 {
		ray.Origin[i] = -(r[i]*v[12] + u[i]*v[13] + b[i]*v[14])
		ray.Dir[i] = r[i]*nx + u[i]*ny - b[i]
	}
	l := ray.Dir.Len()
	if !(l > 0) || !finite(l) {
		return Ray{}, fmt.Errorf("camera: ScreenRay: the camera's view %v is not a rigid transform: set it with a camera's Render or gfx.Camera.LookAt", cam.View)
	}
	ray.Dir = ray.Dir.Mul(1 / l)
	return ray, nil
}
