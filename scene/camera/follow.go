package camera

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// DefaultArmRecover is the time constant, in seconds, with which a follow
// camera's arm grows back to its length once nothing is in the way.
const DefaultArmRecover float32 = 0.3

// Collider tells a follow camera what lies between the followed point and
// where the camera wants to be: the fraction of the way from from to to (in
// [0, 1]) at which something blocks the view, and ok = true; ok = false when
// nothing does. It is called in ticks and must be deterministic (a query of
// the game's collision world, for example); it should not allocate.
type Collider func(from, to mgl32.Vec3) (hit float32, ok bool)

// Follow is a third-person camera on a spring arm: it follows a point (the
// player, Target, set every tick before Tick) from behind, at Distance, along
// Yaw and Pitch, which mouse-look and stick turn round the point. The arm's
// pivot (Target + Offset) trails the target with Lag and leads its motion by
// LookAhead; when Collide reports something between the pivot and the eye,
// the arm shortens at once to stay Radius in front of it, and grows back
// smoothly (Recover) when the way is clear. Zoom steps change Distance
// within its limits.
type Follow struct {
	Base
	Aim
	Target mgl32.Vec3
	// Offset is added to Target to give the arm's pivot (a shoulder, the
	// head), in world space.
	Offset   mgl32.Vec3
	Distance float32
	// MinDistance and MaxDistance limit Distance; 0 means
	// DefaultMinDistance and DefaultMaxDistance. ZoomStep is the factor one
	// zoom step divides Distance by; 0 means DefaultZoomStep.
	MinDistance, MaxDistance, ZoomStep float32
	// Lag is the time constant, seconds, with which the pivot follows the
	// target (after Lag it has made up 63 % of a jump); 0 follows rigidly.
	Lag float32
	// LookAhead is how many seconds of the target's velocity (measured
	// from Target tick to tick) the pivot leads by; 0 leads none.
	LookAhead float32
	// Collide, when set, keeps the camera in front of what is in the way.
	// Radius is the distance the eye keeps from the hit; Recover the time
	// constant, seconds, of the arm growing back (0 means DefaultArmRecover).
	Collide Collider
	Radius  float32
	Recover float32

	pivot, prevTarget mgl32.Vec3
	arm               float32
	primed            bool
}

// Tick turns and zooms by one tick's input, follows Target and places the
// eye at the end of the arm.
func (c *Follow) Tick(in Input, dt float64) {
	if !c.valid() || !(dt > 0) {
		c.hold()
		return
	}
	in.sanitize()
	c.turn(&in, float32(dt))
	lo, hi := c.distLimits()
	c.Distance = clamp(c.Distance/zoomFactor(c.ZoomStep, in.Zoom), lo, hi)
	if !c.primed {
		c.prime()
	}
	d := float32(dt)
	want := c.Target.Add(c.Offset)
	if c.LookAhead != 0 {
		v := c.Target.Sub(c.prevTarget).Mul(1 / d)
		want = want.Add(v.Mul(c.LookAhead))
	}
	c.prevTarget = c.Target
	if c.Lag > 0 {
		k := float32(1 - math.Exp(-dt/float64(c.Lag)))
		c.pivot = c.pivot.Add(want.Sub(c.pivot).Mul(k))
	} else {
		c.pivot = want
	}
	c.reach(dt)
	c.commit(c.place(), false)
}

// reach sets the arm's length for this tick: Distance, or shorter where
// Collide reports something in the way.
func (c *Follow) reach(dt float64) {
	length := c.Distance
	if c.Collide != nil {
		f := forward(c.Yaw, c.Pitch)
		to := c.pivot.Sub(f.Mul(c.Distance))
		if hit, ok := c.Collide(c.pivot, to); ok && finite(hit) {
			length = clamp(clamp(hit, 0, 1)*c.Distance-c.Radius, 0, c.Distance)
		}
	}
	if length <= c.arm || dt == 0 {
		c.arm = length // pull in at once: never show the inside of a wall
		return
	}
	k := float32(1 - math.Exp(-dt/float64(orDefault(c.Recover, DefaultArmRecover))))
	c.arm += (length - c.arm) * k
}

// prime puts the pivot on the target, the arm at full length.
func (c *Follow) prime() {
	c.pivot = c.Target.Add(c.Offset)
	c.prevTarget = c.Target
	c.arm = c.Distance
	c.primed = true
}

// Snap places the camera on its target from its fields, with no lag and no
// motion to interpolate: the target was teleported, or the game starts.
func (c *Follow) Snap() {
	if !c.valid() {
		return
	}
	c.limit()
	lo, hi := c.distLimits()
	c.Distance = clamp(c.Distance, lo, hi)
	c.prime()
	c.arm = 0
	c.reach(0)
	c.commit(c.place(), true)
}

// Pivot returns the arm's pivot after the newest tick: where the camera
// looks from behind.
func (c *Follow) Pivot() mgl32.Vec3 { return c.pivot }

// Arm returns the arm's length after the newest tick: Distance, or less
// while something is in the way.
func (c *Follow) Arm() float32 { return c.arm }

func (c *Follow) place() Pose {
	f := forward(c.Yaw, c.Pitch)
	return Pose{Eye: c.pivot.Sub(f.Mul(c.arm)), Yaw: c.Yaw, Pitch: c.Pitch, FovY: fovOf(c.FovY), Pivot: c.arm}
}

func (c *Follow) distLimits() (lo, hi float32) { return distLimits(c.MinDistance, c.MaxDistance) }

func nonNeg(v float32) bool { return v >= 0 && finite(v) }

func (c *Follow) valid() bool {
	lo, hi := c.distLimits()
	return c.Aim.valid() && lo > 0 && lo <= hi && finite(hi) && finite(c.Distance) &&
		vecFinite(c.Target) && vecFinite(c.Offset) && checkZoomStep(c.ZoomStep) == nil &&
		nonNeg(c.Lag) && finite(c.LookAhead) && nonNeg(c.Radius) && nonNeg(c.Recover) &&
		c.checkLens() == nil
}

// Check reports whether the camera's fields are usable, naming the first
// that is not. While they are not, Tick and Snap leave the camera where it
// was.
func (c *Follow) Check() error {
	if err := c.Aim.check(); err != nil {
		return err
	}
	if err := checkDistances("Follow", c.Distance, c.MinDistance, c.MaxDistance); err != nil {
		return err
	}
	if err := checkVec("Follow.Target", c.Target); err != nil {
		return err
	}
	if err := checkVec("Follow.Offset", c.Offset); err != nil {
		return err
	}
	if err := checkZoomStep(c.ZoomStep); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    float32
	}{{"Lag", c.Lag}, {"Radius", c.Radius}, {"Recover", c.Recover}} {
		if !nonNeg(f.v) {
			return fmt.Errorf("camera: Follow.%s %v is invalid: allowed a finite value ≥ 0", f.name, f.v)
		}
	}
	if !finite(c.LookAhead) {
		return fmt.Errorf("camera: Follow.LookAhead %v is invalid: allowed a finite number of seconds", c.LookAhead)
	}
	return c.checkLens()
}
