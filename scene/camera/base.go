package camera

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
)

// Camera is what every camera of this package does: tick from input, then
// draw interpolated. Transition blends any two of them.
type Camera interface {
	// Tick advances the camera by one fixed tick of dt seconds.
	Tick(in Input, dt float64)
	// Pose writes the pose drawn at alpha (0: the previous tick, 1: the
	// newest) into dst.
	Pose(alpha float32, dst *Pose)
	// Render writes the view and lens drawn at alpha into dst.
	Render(alpha float32, dst *gfx.Camera)
	// Describe names the camera's fields and state (scene/fields): its
	// hash, snapshots and debug view come from it.
	fields.Describer
}

// Base is what every camera has: the poses of the last two ticks, the
// lens's clip distances, and a Shake. Cameras embed it; its methods are
// theirs.
type Base struct {
	// Near and Far are the clip distances written by Render; 0 means
	// gfx.DefaultNear and gfx.DefaultFar.
	Near, Far float32
	// Shake shakes the camera; start it with Shake.Start in a tick.
	Shake Shake

	last, cur Pose
	started   bool
}

// commit makes p, shaken, the newest pose: the previous newest becomes the
// last. The first commit, and one after Snap, has no motion.
func (b *Base) commit(p Pose, snap bool) {
	b.Shake.tick()
	b.Shake.apply(&p)
	if !p.finite() { // cannot happen from finite fields; never draw a NaN
		p = b.cur
	}
	if snap || !b.started {
		b.last, b.started = p, true
	} else {
		b.last = b.cur
	}
	b.cur = p
}

// hold keeps the newest pose for a tick whose fields Check refuses: the
// camera stands still.
func (b *Base) hold() { b.last = b.cur }

// Pose writes the pose drawn at alpha into dst: the blend of the last two
// ticks' poses (alpha 0 the previous, 1 the newest; values outside [0, 1]
// are clamped). Call it once per frame with the frame's alpha; it
// allocates nothing.
func (b *Base) Pose(alpha float32, dst *Pose) {
	if !(alpha > 0) {
		alpha = 0
	} else if alpha > 1 {
		alpha = 1
	}
	Blend(dst, &b.last, &b.cur, alpha)
}

// Current returns the newest tick's pose (shake included): where gameplay
// aims from.
func (b *Base) Current() Pose { return b.cur }

// Render writes the view and lens drawn at alpha into dst: the view of
// Pose(alpha), its field of view, and Near and Far. It allocates nothing.
func (b *Base) Render(alpha float32, dst *gfx.Camera) {
	var p Pose
	b.Pose(alpha, &p)
	renderPose(&p, b.Near, b.Far, dst)
}

func renderPose(p *Pose, near, far float32, dst *gfx.Camera) {
	p.View(&dst.View)
	dst.FovY, dst.Near, dst.Far = p.FovY, near, far
}

// checkLens reports whether the clip distances are usable.
func (b *Base) checkLens() error {
	if err := gfx.CheckLens(0, b.Near, b.Far); err != nil {
		return fmt.Errorf("camera: Near %v / Far %v: %w", b.Near, b.Far, err)
	}
	return b.Shake.check()
}

// orDefault returns v, or def where v is 0: the fields' "0 means the
// default".
func orDefault(v, def float32) float32 {
	if v == 0 {
		return def
	}
	return v
}

// distLimits returns the distance range [lo, hi] of Orbit and Follow, each
// 0 replaced by its default.
func distLimits(lo, hi float32) (float32, float32) {
	return orDefault(lo, DefaultMinDistance), orDefault(hi, DefaultMaxDistance)
}

func checkDistances(what string, d, lo, hi float32) error {
	lo, hi = distLimits(lo, hi)
	if !(lo > 0 && lo <= hi && finite(hi)) {
		return fmt.Errorf("camera: %s.MinDistance %v, MaxDistance %v are invalid: allowed 0 < MinDistance ≤ MaxDistance, finite (0 means %v and %v)", what, lo, hi, DefaultMinDistance, DefaultMaxDistance)
	}
	if !finite(d) {
		return fmt.Errorf("camera: %s.Distance %v is invalid: allowed a finite distance (clamped to [%v, %v])", what, d, lo, hi)
	}
	return nil
}

func checkVec(what string, v mgl32.Vec3) error {
	if finite(v[0]) && finite(v[1]) && finite(v[2]) {
		return nil
	}
	return fmt.Errorf("camera: %s %v is invalid: allowed finite coordinates", what, v)
}

func vecFinite(v mgl32.Vec3) bool { return finite(v[0]) && finite(v[1]) && finite(v[2]) }

// fovOf returns the field of view a zero stands for.
func fovOf(f float32) float32 { return orDefault(f, gfx.DefaultFovY) }
