package camera

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Defaults for the zero fields of Fly and FirstPerson.
const (
	DefaultFlySpeed float32 = 5               // world units per second
	DefaultMinFovY  float32 = math.Pi / 18    // 10°
	DefaultMaxFovY  float32 = 2 * math.Pi / 3 // 120°
)

// Zoom narrows or widens the field of view of the cameras that stay where
// they are when zooming (Fly, FirstPerson): FovY ÷ Step per step, within
// [MinFovY, MaxFovY].
type Zoom struct {
	// MinFovY and MaxFovY limit the field of view, radians; 0 means
	// DefaultMinFovY and DefaultMaxFovY.
	MinFovY, MaxFovY float32
	// Step is the factor one zoom step divides the field of view by; 0
	// means DefaultZoomStep.
	Step float32
}

func (z *Zoom) limits() (lo, hi float32) {
	return orDefault(z.MinFovY, DefaultMinFovY), orDefault(z.MaxFovY, DefaultMaxFovY)
}

// apply zooms the field of view fov (0: the default) by steps.
func (z *Zoom) apply(fov *float32, steps float32) {
	if steps == 0 {
		return
	}
	lo, hi := z.limits()
	*fov = clamp(fovOf(*fov)/zoomFactor(z.Step, steps), lo, hi)
}

func (z *Zoom) valid() bool {
	lo, hi := z.limits()
	return lo > 0 && lo <= hi && hi < math.Pi && checkZoomStep(z.Step) == nil
}

func (z *Zoom) check() error {
	if z.valid() {
		return nil
	}
	if err := checkZoomStep(z.Step); err != nil {
		return err
	}
	return fmt.Errorf("camera: Zoom.MinFovY %v, MaxFovY %v are invalid: allowed 0 < MinFovY ≤ MaxFovY < π (0 means %v and %v)", z.MinFovY, z.MaxFovY, DefaultMinFovY, DefaultMaxFovY)
}

// checkAimZoom checks what Fly and FirstPerson share: their Aim, their
// Zoom, and the point the camera is placed from (field names it).
func checkAimZoom(a *Aim, z *Zoom, field string, at mgl32.Vec3) error {
	if err := a.check(); err != nil {
		return err
	}
	if err := z.check(); err != nil {
		return err
	}
	return checkVec(field, at)
}

// Fly is a free-flying camera: mouse-look and stick turn it, Input.Move
// flies it (x right, y straight up, z along the view, pitch included) at
// Speed, and zoom steps narrow the field of view. A move longer than 1 is
// shortened to 1, so diagonals are no faster.
type Fly struct {
	Base
	Aim
	Zoom
	Eye mgl32.Vec3
	// Speed is world units per second at full Move; 0 means DefaultFlySpeed.
	Speed float32
}

// Tick turns, flies and zooms by one tick's input.
func (c *Fly) Tick(in Input, dt float64) {
	if !c.valid() {
		c.hold()
		return
	}
	in.sanitize()
	c.turn(&in, float32(dt))
	c.Zoom.apply(&c.FovY, in.Zoom)
	speed := orDefault(c.Speed, DefaultFlySpeed)
	m := in.Move
	if l := m.Len(); l > 1 {
		m = m.Mul(1 / l)
	}
	p := c.place()
	r, _, f := p.basis()
	step := speed * float32(dt)
	for i := range 3 {
		c.Eye[i] += (r[i]*m[0] + f[i]*m[2]) * step
	}
	c.Eye[1] += m[1] * step
	c.commit(c.place(), false)
}

// Snap places the camera from its fields with no motion to interpolate.
func (c *Fly) Snap() {
	if c.valid() {
		c.limit()
		c.commit(c.place(), true)
	}
}

func (c *Fly) place() Pose {
	return Pose{Eye: c.Eye, Yaw: c.Yaw, Pitch: c.Pitch, FovY: fovOf(c.FovY)}
}

func (c *Fly) valid() bool {
	return c.Aim.valid() && c.Zoom.valid() && vecFinite(c.Eye) && c.Speed >= 0 && finite(c.Speed) && c.checkLens() == nil
}

// Check reports whether the camera's fields are usable, naming the first
// that is not. While they are not, Tick and Snap leave the camera where it
// was.
func (c *Fly) Check() error {
	if err := checkAimZoom(&c.Aim, &c.Zoom, "Fly.Eye", c.Eye); err != nil {
		return err
	}
	if !(c.Speed >= 0 && finite(c.Speed)) {
		return fmt.Errorf("camera: Fly.Speed %v is invalid: allowed a finite speed ≥ 0 (0 means %v)", c.Speed, DefaultFlySpeed)
	}
	return c.checkLens()
}

// FirstPerson is the eyes of a walking body: the game moves the body (Feet,
// set every tick before Tick), the camera sits EyeHeight above it and turns
// with mouse-look and stick; zoom steps narrow the field of view. Walk (from
// Aim) turns a move input into the direction the body should walk.
type FirstPerson struct {
	Base
	Aim
	Zoom
	Feet      mgl32.Vec3
	EyeHeight float32
}

// Tick turns and zooms by one tick's input and places the eye over Feet.
func (c *FirstPerson) Tick(in Input, dt float64) {
	if !c.valid() {
		c.hold()
		return
	}
	in.sanitize()
	c.turn(&in, float32(dt))
	c.Zoom.apply(&c.FovY, in.Zoom)
	c.commit(c.place(), false)
}

// Snap places the camera from its fields with no motion to interpolate: a
// teleported body.
func (c *FirstPerson) Snap() {
	if c.valid() {
		c.limit()
		c.commit(c.place(), true)
	}
}

func (c *FirstPerson) place() Pose {
	return Pose{Eye: c.Feet.Add(mgl32.Vec3{0, c.EyeHeight, 0}), Yaw: c.Yaw, Pitch: c.Pitch, FovY: fovOf(c.FovY)}
}

func (c *FirstPerson) valid() bool {
	return c.Aim.valid() && c.Zoom.valid() && vecFinite(c.Feet) && finite(c.EyeHeight) && c.checkLens() == nil
}

// Check reports whether the camera's fields are usable, naming the first
// that is not. While they are not, Tick and Snap leave the camera where it
// was.
func (c *FirstPerson) Check() error {
	if err := checkAimZoom(&c.Aim, &c.Zoom, "FirstPerson.Feet", c.Feet); err != nil {
		return err
	}
	if !finite(c.EyeHeight) {
		return fmt.Errorf("camera: FirstPerson.EyeHeight %v is invalid: allowed a finite height", c.EyeHeight)
	}
	return c.checkLens()
}
