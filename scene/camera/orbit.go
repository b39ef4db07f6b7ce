package camera

import "github.com/go-gl/mathgl/mgl32"

// Defaults for Orbit's and Follow's zero distance limits.
const (
	DefaultMinDistance float32 = 0.1
	DefaultMaxDistance float32 = 1000
)

// Orbit circles a target: the eye sits Distance from Target, looking at it
// along Yaw and Pitch. Mouse-look and stick turn it round the target, zoom
// steps move it closer (Distance ÷ ZoomStep per step) within its limits.
// The zero Orbit, given a Distance, is a usable orbit round the origin.
type Orbit struct {
	Base
	Aim
	Target   mgl32.Vec3
	Distance float32
	// MinDistance and MaxDistance limit Distance; 0 means
	// DefaultMinDistance and DefaultMaxDistance.
	MinDistance, MaxDistance float32
	// ZoomStep is the factor one zoom step divides Distance by; 0 means
	// DefaultZoomStep.
	ZoomStep float32
}

// Tick turns and zooms the orbit by one tick's input and places it. Set
// Target (and any field) before, in the same tick.
func (o *Orbit) Tick(in Input, dt float64) {
	if !o.valid() {
		o.hold()
		return
	}
	in.sanitize()
	o.turn(&in, float32(dt))
	lo, hi := o.distLimits()
	o.Distance = clamp(o.Distance/zoomFactor(o.ZoomStep, in.Zoom), lo, hi)
	o.commit(o.place(), false)
}

// Snap places the orbit from its fields with no motion to interpolate: call
// it after setting the fields by hand (a reset, a cut).
func (o *Orbit) Snap() {
	if !o.valid() {
		return
	}
	o.limit()
	lo, hi := o.distLimits()
	o.Distance = clamp(o.Distance, lo, hi)
	o.commit(o.place(), true)
}

func (o *Orbit) place() Pose {
	f := forward(o.Yaw, o.Pitch)
	return Pose{Eye: o.Target.Sub(f.Mul(o.Distance)), Yaw: o.Yaw, Pitch: o.Pitch, FovY: fovOf(o.FovY), Pivot: o.Distance}
}

func (o *Orbit) distLimits() (lo, hi float32) { return distLimits(o.MinDistance, o.MaxDistance) }

func (o *Orbit) valid() bool {
	lo, hi := o.distLimits()
	return o.Aim.valid() && lo > 0 && lo <= hi && finite(hi) && finite(o.Distance) &&
		finite(o.Target[0]) && finite(o.Target[1]) && finite(o.Target[2]) &&
		checkZoomStep(o.ZoomStep) == nil && o.checkLens() == nil
}

// Check reports whether the orbit's fields are usable, naming the first
// that is not. While they are not, Tick and Snap leave the camera where it
// was.
func (o *Orbit) Check() error {
	if err := o.Aim.check(); err != nil {
		return err
	}
	if err := checkDistances("Orbit", o.Distance, o.MinDistance, o.MaxDistance); err != nil {
		return err
	}
	if err := checkVec("Orbit.Target", o.Target); err != nil {
		return err
	}
	if err := checkZoomStep(o.ZoomStep); err != nil {
		return err
	}
	return o.checkLens()
}
