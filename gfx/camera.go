package gfx

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Camera is a perspective camera: a view matrix (world to eye space) and the
// parameters of its projection. The projection's aspect ratio is not stored:
// the renderer takes it from the framebuffer every frame, so a resized window
// never shows a stretched image.
type Camera struct {
	View mgl32.Mat4
	FovY float32 // vertical field of view, radians; 0 means DefaultFovY
	Near float32 // near clip distance; 0 means DefaultNear
	Far  float32 // far clip distance; 0 means DefaultFar
}

// Defaults used for a Camera's zero fields.
const (
	DefaultFovY float32 = math.Pi / 3 // 60°
	DefaultNear float32 = 0.1
	DefaultFar  float32 = 500
)

// LookAt sets the view matrix to look from eye towards target with the given
// up direction.
// CheckLens reports whether a lens is usable: a vertical field of view in
// (0, π) radians, 0 < near < far, all finite; a zero value stands for its
// default (DefaultFovY, DefaultNear, DefaultFar) and is checked as such.
// The error names the value and what is allowed.
func CheckLens(fovY, near, far float32) error {
	if fovY == 0 {
		fovY = DefaultFovY
	}
	if near == 0 {
		near = DefaultNear
	}
	if far == 0 {
		far = DefaultFar
	}
	switch {
	case !(fovY > 0 && fovY < math.Pi):
		return fmt.Errorf("gfx: lens field of view %v rad is invalid: allowed more than 0 and less than π (0 means %v)", fovY, DefaultFovY)
	case !(near > 0) || math.IsInf(float64(near), 0):
		return fmt.Errorf("gfx: lens near distance %v is invalid: allowed a finite distance above 0 (0 means %v)", near, DefaultNear)
	case !(far > near) || math.IsInf(float64(far), 0):
		return fmt.Errorf("gfx: lens far distance %v is invalid: allowed a finite distance beyond near (%v; 0 means %v)", far, near, DefaultFar)
	}
	return nil
}

func (c *Camera) LookAt(eye, target, up mgl32.Vec3) {
	c.View = mgl32.LookAtV(eye, target, up)
}

// Projection writes the camera's perspective projection for the given
// aspect ratio (width / height) into dst. A non-positive or non-finite aspect
// (a minimised window has a 0×0 framebuffer) is treated as 1, so the result
// is always finite.
func (c *Camera) Projection(aspect float32, dst *mgl32.Mat4) {
	if !(aspect > 0) || math.IsInf(float64(aspect), 0) {
		aspect = 1
	}
	fovy, near, far := c.FovY, c.Near, c.Far
	if fovy <= 0 || fovy >= math.Pi {
		fovy = DefaultFovY
	}
	if near <= 0 {
		near = DefaultNear
	}
	if far <= near {
		far = DefaultFar
		if far <= near {
			far = near * 1000
		}
	}
	f := float32(1 / math.Tan(float64(fovy)/2))
	*dst = mgl32.Mat4{}
	dst[0] = f / aspect
	dst[5] = f
	dst[10] = (near + far) / (near - far)
	dst[11] = -1
	dst[14] = 2 * far * near / (near - far)
}

// Light is a scene's sun (a directional light) and its ambient light: a
// hemisphere, Ambient from the sky above and Ground from below, blended by
// a surface's facing. Colours are linear; Color is what a white Lambert
// surface facing the sun shows. A zero Light means DefaultLight. Point and
// spot lights are added per frame with DrawList.AddLight.
type Light struct {
	Dir     mgl32.Vec3 // direction the light travels, world space; need not be normalised
	Color   Color      // the sun's colour (alpha ignored); may exceed 1 with tone mapping
	Ambient Color      // ambient colour from above (alpha ignored)
	Ground  Color      // ambient colour from below; the zero Color means Ambient from every side
}

// DefaultLight is a white light from above and in front, with a soft ambient.
var DefaultLight = Light{
	Dir:     mgl32.Vec3{-0.4, -1, -0.6},
	Color:   Color{0.85, 0.85, 0.85, 1},
	Ambient: Color{0.25, 0.25, 0.28, 1},
}

// IsZero reports whether l is the zero Light.
func (l *Light) IsZero() bool { return *l == Light{} }
