package camera

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Defaults for Aim's zero fields.
const (
	DefaultLookSpeed  float32 = 0.003 // radians per pixel of mouse motion
	DefaultTurnSpeed  float32 = 2     // radians per second at full stick
	DefaultPitchLimit float32 = 1.55  // radians, just short of straight up or down
	DefaultZoomStep   float32 = 1.1   // factor per zoom step
)

// Aim is where a camera looks and how input turns it: yaw and pitch with
// their limits, the speeds of mouse-look and of stick turning, and the field
// of view. Every camera embeds one.
type Aim struct {
	// Yaw and Pitch are the view direction, radians (yaw 0 looks along −Z,
	// positive yaw turns right, positive pitch looks up).
	Yaw, Pitch float32
	// MinPitch and MaxPitch limit Pitch; both 0 means ±DefaultPitchLimit.
	// They must lie strictly between −π/2 and π/2.
	MinPitch, MaxPitch float32
	// MinYaw and MaxYaw limit Yaw when MinYaw < MaxYaw (within [−π, π]);
	// equal values (both 0) leave yaw free, wrapping round.
	MinYaw, MaxYaw float32
	// LookSpeed is radians per pixel of Input.Look; 0 means
	// DefaultLookSpeed. TurnSpeed is radians per second at full Input.Turn;
	// 0 means DefaultTurnSpeed.
	LookSpeed, TurnSpeed float32
	// InvertY turns mouse and stick pitch the other way round.
	InvertY bool
	// FovY is the vertical field of view, radians; 0 means gfx.DefaultFovY.
	FovY float32
}

// Walk returns the world direction, on the ground (y = 0), that move (x
// right, z forward, each in [−1, 1]; y ignored) means for the camera's
// current yaw, no longer than 1: movement relative to the camera, for a
// first-person body or a third-person player. Call it in a tick; the
// camera follows next tick.
func (a *Aim) Walk(move mgl32.Vec3) mgl32.Vec3 {
	if !vecFinite(move) {
		return mgl32.Vec3{}
	}
	sy, cy := math.Sincos(float64(a.Yaw))
	s, k := float32(sy), float32(cy)
	v := mgl32.Vec3{k*move[0] + s*move[2], 0, s*move[0] - k*move[2]}
	if l := v.Len(); l > 1 {
		v = v.Mul(1 / l)
	}
	return v
}

// turn applies the tick's look and turn input, then the limits.
func (a *Aim) turn(in *Input, dt float32) {
	ls, ts := orDefault(a.LookSpeed, DefaultLookSpeed), orDefault(a.TurnSpeed, DefaultTurnSpeed)
	dy := -in.Look[1]*ls + in.Turn[1]*ts*dt
	if a.InvertY {
		dy = -dy
	}
	a.Yaw += in.Look[0]*ls + in.Turn[0]*ts*dt
	a.Pitch += dy
	a.limit()
}

// limit clamps pitch and yaw into their limits (wrapping a free yaw).
func (a *Aim) limit() {
	lo, hi := a.pitchLimits()
	a.Pitch = clamp(a.Pitch, lo, hi)
	if a.MinYaw < a.MaxYaw {
		a.Yaw = clamp(a.Yaw, a.MinYaw, a.MaxYaw)
	} else {
		a.Yaw = wrap(a.Yaw)
	}
}

func (a *Aim) pitchLimits() (lo, hi float32) {
	if a.MinPitch == 0 && a.MaxPitch == 0 {
		return -DefaultPitchLimit, DefaultPitchLimit
	}
	return a.MinPitch, a.MaxPitch
}

// valid is check without the message, for ticks.
func (a *Aim) valid() bool {
	lo, hi := a.pitchLimits()
	return finite(a.Yaw) && finite(a.Pitch) && lo <= hi && lo > -math.Pi/2 && hi < math.Pi/2 &&
		(a.MinYaw == a.MaxYaw || (a.MinYaw < a.MaxYaw && a.MinYaw >= -math.Pi && a.MaxYaw <= math.Pi)) &&
		a.LookSpeed >= 0 && finite(a.LookSpeed) && a.TurnSpeed >= 0 && finite(a.TurnSpeed) &&
		a.FovY >= 0 && a.FovY < math.Pi
}

func (a *Aim) check() error {
	if a.valid() {
		return nil
	}
	lo, hi := a.pitchLimits()
	switch {
	case !finite(a.Yaw) || !finite(a.Pitch):
		return fmt.Errorf("camera: Yaw %v, Pitch %v: allowed finite angles in radians", a.Yaw, a.Pitch)
	case !(lo <= hi && lo > -math.Pi/2 && hi < math.Pi/2):
		return fmt.Errorf("camera: MinPitch %v, MaxPitch %v are invalid: allowed MinPitch ≤ MaxPitch, both strictly between −π/2 and π/2 (both 0 mean ±%v)", a.MinPitch, a.MaxPitch, DefaultPitchLimit)
	case !(a.MinYaw == a.MaxYaw || (a.MinYaw < a.MaxYaw && a.MinYaw >= -math.Pi && a.MaxYaw <= math.Pi)):
		return fmt.Errorf("camera: MinYaw %v, MaxYaw %v are invalid: allowed MinYaw < MaxYaw within [−π, π], or equal for no limit", a.MinYaw, a.MaxYaw)
	case !(a.LookSpeed >= 0 && finite(a.LookSpeed)) || !(a.TurnSpeed >= 0 && finite(a.TurnSpeed)):
		return fmt.Errorf("camera: LookSpeed %v, TurnSpeed %v: allowed finite speeds ≥ 0 (0 means %v rad/pixel, %v rad/s)", a.LookSpeed, a.TurnSpeed, DefaultLookSpeed, DefaultTurnSpeed)
	default:
		return fmt.Errorf("camera: FovY %v is invalid: allowed 0 (the default) up to but not including π", a.FovY)
	}
}

// zoomFactor returns step^zoom, the factor a zoom of in.Zoom steps divides
// a distance or field of view by.
func zoomFactor(step, zoom float32) float32 {
	if zoom == 0 {
		return 1
	}
	return float32(math.Pow(float64(orDefault(step, DefaultZoomStep)), float64(zoom)))
}

func checkZoomStep(step float32) error {
	if step == 0 || (step > 1 && finite(step)) {
		return nil
	}
	return fmt.Errorf("camera: ZoomStep %v is invalid: allowed a finite factor above 1 (0 means %v)", step, DefaultZoomStep)
}
