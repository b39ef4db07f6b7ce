package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/motion"
	"github.com/tickwork/tickwork/timing"
)

// Spinner turns its actor about one of its own axes at a constant speed:
// planets on their axes, orbit pivots carrying their planets. Its Tick runs
// once per tick and costs one quaternion product: the per-tick rotation is
// computed once per tick rate, not once per tick.
type Spinner struct {
	Axis  mgl32.Vec3 // unit axis, in the actor's own frame
	Speed float64    // radians per second of game time

	rate int        // the tick rate inc was computed for
	inc  mgl32.Quat // the rotation of one tick
}

// Tick turns the actor by one tick's worth of rotation.
func (s *Spinner) Tick(a *scene.Actor, t timing.TickInfo, _ *scene.Manager) error {
	if t.Rate != s.rate {
		s.rate, s.inc = t.Rate, axisAngle(s.Axis, s.Speed*t.Delta)
	}
	mulQuat(&a.Local.Rot, &a.Local.Rot, &s.inc) // about the actor's own axis
	return nil
}

// Ball is a ball bouncing on the floor (y = 0) inside four walls, under
// gravity. Between contacts it moves with motion.Ballistic, exact for a
// constant acceleration; a contact within a tick is found at its exact
// time, the velocity reflected (the floor keeps Restitution of it, the
// walls all of it) and the rest of the tick integrated from there, so the
// path does not depend on the tick rate. When a bounce would rise slower
// than Kick/2 the ball is kicked back up at Kick, so it never comes to rest.
type Ball struct {
	State       motion.State // position and velocity, metres and metres per second
	Radius      float64      // the centre touches the floor at y = Radius
	Gravity     float64      // downward acceleration, m/s²
	Restitution float64      // share of the vertical speed kept by a bounce on the floor
	Kick        float64      // vertical speed given when the bounces die down, m/s
	Wall        float64      // the walls are at x, z = ±Wall (for the centre)

	// Push is a horizontal acceleration (x, z; m/s²) the state sets each
	// tick from a gamepad's stick; horizontal speed is kept under
	// MaxPushSpeed.
	Push [2]float64

	// Bounces counts contacts with the floor and Walls with the walls; the
	// path is a single parabola while neither changes.
	Bounces, Walls int
}

// MaxPushSpeed caps the horizontal speed a Push gives the ball, m/s.
const MaxPushSpeed = 8

// Tick advances the ball by one tick and moves its actor there.
func (b *Ball) Tick(a *scene.Actor, t timing.TickInfo, _ *scene.Manager) error {
	b.Advance(t.Delta)
	a.Local.Pos = motion.Vec32(b.State.Pos)
	return nil
}

// Advance moves the ball by dt seconds of game time, contacts included.
func (b *Ball) Advance(dt float64) {
	g := mgl64.Vec3{0, -b.Gravity, 0}
	s := &b.State
	if b.Push != [2]float64{} {
		for i, k := range [2]int{0, 2} {
			v := s.Vel[k] + b.Push[i]*dt
			s.Vel[k] = min(max(v, -MaxPushSpeed), MaxPushSpeed)
		}
	}
	for range 8 { // a tick sees at most a few contacts; the cap guards against a wedged ball
		if dt <= 0 {
			return
		}
		hit, axis := b.nextContact(dt)
		if axis < 0 {
			motion.Ballistic(s, g, dt)
			return
		}
		motion.Ballistic(s, g, hit)
		dt -= hit
		if axis == 1 {
			s.Pos[1] = b.Radius // exactly on the floor
			s.Vel[1] = -s.Vel[1] * b.Restitution
			if s.Vel[1] < b.Kick/2 {
				s.Vel[1] = b.Kick
			}
			b.Bounces++
			continue
		}
		s.Pos[axis] = math.Copysign(b.Wall, s.Pos[axis])
		s.Vel[axis] = -s.Vel[axis]
		b.Walls++
	}
}

// nextContact returns the time of the first contact within dt and its axis
// (0: a wall across x, 1: the floor, 2: a wall across z), or axis −1.
func (b *Ball) nextContact(dt float64) (float64, int) {
	s := &b.State
	first, axis := dt, -1
	// Floor: y + vy·t − g·t²/2 = 0, y the height above contact; the later
	// root is the descent (right after a bounce, y = 0 and it is the next
	// landing). Already at or below the floor and falling: now.
	y, vy := s.Pos[1]-b.Radius, s.Vel[1]
	if y <= 0 && vy < 0 {
		return 0, 1
	}
	if d := vy*vy + 2*b.Gravity*y; b.Gravity > 0 && d >= 0 {
		if t := (vy + math.Sqrt(d)) / b.Gravity; t > 0 && t <= first {
			first, axis = t, 1
		}
	}
	for _, k := range [2]int{0, 2} {
		if v := s.Vel[k]; v != 0 {
			// Already beyond the wall it moves towards: now.
			t := max((math.Copysign(b.Wall, v)-s.Pos[k])/v, 0)
			if t <= first {
				first, axis = t, k
			}
		}
	}
	return first, axis
}

// Follow makes its actor a camera that follows a target actor: it looks at
// a point that trails the target (exponential smoothing with time constant
// Lag, computed with the fixed step) from Distance away and Height above,
// circling slowly at Orbit radians per second. It runs in ticks like any
// gameplay behaviour; the camera is smooth on screen because its actor is
// interpolated like the rest (Manager.SetCamera).
type Follow struct {
	Target   scene.Handle
	Pull     float32    // share of the target's horizontal offset the view follows (0..1)
	Base     mgl32.Vec3 // where the view looks when the target is at the origin
	Distance float32
	Height   float32
	Lag      float64 // seconds
	Orbit    float64 // radians per second
	Azimuth  float64 // radians

	look mgl32.Vec3
	init bool
}

// Tick moves the camera one tick along. With debug drawing on (F2) it
// marks the point the camera looks at, as this tick computed it.
func (f *Follow) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	f.aim(a, m, t.Delta)
	if d := engine.DebugOf(m).OnTop(); d.On() {
		d.Sphere(f.look, 0.2, aimColor)
		d.Text(f.look, aimColor, "camera target")
	}
	return nil
}

// aim moves the view dt seconds towards the target and places the camera;
// with dt = 0 it places the camera on the target at once.
func (f *Follow) aim(a *scene.Actor, m *scene.Manager, dt float64) {
	goal := f.Base
	if ta, err := m.Actor(f.Target); err == nil {
		p := ta.World().Pos
		goal[0] += f.Pull * p[0]
		goal[2] += f.Pull * p[2]
	}
	if !f.init || dt == 0 {
		f.look, f.init = goal, true
	}
	k := float32(1 - math.Exp(-dt/f.Lag))
	f.look = f.look.Add(goal.Sub(f.look).Mul(k))
	f.Azimuth = wrapAngle(f.Azimuth + f.Orbit*dt)
	s, c := math.Sincos(f.Azimuth)
	eye := f.look.Add(mgl32.Vec3{float32(s) * f.Distance, f.Height, float32(c) * f.Distance})
	a.Local.Pos = eye
	a.Local.Rot = lookRotation(eye, f.look, mgl32.Vec3{0, 1, 0})
}
