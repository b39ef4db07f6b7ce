package camera

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/gfx"
)

// Poser is anything with an interpolated pose: every camera here, and a
// Transition.
type Poser interface {
	Pose(alpha float32, dst *Pose)
}

// Transition moves the view smoothly from one camera to another over a
// number of ticks: each frame draws a blend of both cameras' interpolated
// poses, the weight easing from 0 to 1 (smoothstep) with the ticks. It does
// not tick the two cameras: the game keeps ticking them (both, usually, so
// the one it leaves keeps following too). Its own Tick counts the ticks; a
// frame between two ticks blends with the weight interpolated like every
// pose, so it is as smooth at 7 fps as at 240.
//
// Near and Far are the clip distances Render writes (0: gfx's defaults).
type Transition struct {
	Near, Far float32

	from, to        Poser
	ticks           int32
	n, lastN        int32
	started         bool
	fromP, toP, out Pose // scratch: a pose handed to a Poser escapes
}

// Start begins a transition from one camera to another, lasting ticks
// ticks from the next Tick. Call it in a tick. A nil camera or ticks < 1 is
// refused with an error, and the transition is unchanged.
func (t *Transition) Start(from, to Poser, ticks int) error {
	if from == nil || to == nil {
		return fmt.Errorf("camera: Transition.Start: from %v, to %v: both cameras are needed", from, to)
	}
	if ticks < 1 || ticks > math.MaxInt32 {
		return fmt.Errorf("camera: Transition.Start: %d ticks is invalid: allowed 1 to %d", ticks, math.MaxInt32)
	}
	t.from, t.to, t.ticks, t.n, t.lastN, t.started = from, to, int32(ticks), 0, 0, true
	return nil
}

// Tick advances the transition by one tick. Call it once per tick, after
// ticking the two cameras.
func (t *Transition) Tick() {
	t.lastN = t.n
	if t.n < t.ticks {
		t.n++
	}
}

// Done reports whether the newest tick shows the destination alone (or no
// transition was started).
func (t *Transition) Done() bool { return !t.started || t.n >= t.ticks }

// To returns the camera the transition goes to, nil before Start.
func (t *Transition) To() Poser { return t.to }

// Weight returns the destination's share drawn at alpha, eased: 0 shows
// the camera left, 1 the destination.
func (t *Transition) Weight(alpha float32) float32 {
	if !t.started {
		return 1
	}
	alpha = clamp(alpha, 0, 1)
	w := (float32(t.lastN) + float32(t.n-t.lastN)*alpha) / float32(t.ticks)
	w = clamp(w, 0, 1)
	return w * w * (3 - 2*w)
}

// Pose writes the pose drawn at alpha into dst: the blend of both
// cameras' poses at alpha. Before Start (or after restoring a started
// transition's progress into one without cameras) it writes the zero Pose.
func (t *Transition) Pose(alpha float32, dst *Pose) {
	if !t.started || t.from == nil || t.to == nil {
		*dst = Pose{}
		return
	}
	w := t.Weight(alpha)
	switch w {
	case 0:
		t.from.Pose(alpha, dst)
	case 1:
		t.to.Pose(alpha, dst)
	default:
		t.from.Pose(alpha, &t.fromP)
		t.to.Pose(alpha, &t.toP)
		Blend(dst, &t.fromP, &t.toP, w)
	}
}

// Render writes the view and lens drawn at alpha into dst.
func (t *Transition) Render(alpha float32, dst *gfx.Camera) {
	t.Pose(alpha, &t.out)
	renderPose(&t.out, t.Near, t.Far, dst)
}
