package motion

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// State is the position and velocity of a point mass.
type State struct {
	Pos mgl64.Vec3
	Vel mgl64.Vec3
}

// Accel gives the acceleration of a point mass at position pos, velocity vel
// and time t (seconds of game time, e.g. the tick's start time plus the
// offset within the tick). It must be a pure function of its arguments for
// the integration to be deterministic.
type Accel func(pos, vel mgl64.Vec3, t float64) mgl64.Vec3

// Euler advances s by dt under the acceleration a with explicit Euler:
// position with the old velocity, then velocity. It gains energy at every
// step; it exists for comparison.
func Euler(s *State, a mgl64.Vec3, dt float64) {
	for i := range 3 {
		s.Pos[i] += s.Vel[i] * dt
		s.Vel[i] += a[i] * dt
	}
}

// SemiImplicitEuler advances s by dt under the acceleration a: velocity
// first, then position with the new velocity (symplectic Euler).
func SemiImplicitEuler(s *State, a mgl64.Vec3, dt float64) {
	for i := range 3 {
		s.Vel[i] += a[i] * dt
		s.Pos[i] += s.Vel[i] * dt
	}
}

// Ballistic advances s by dt under the constant acceleration a, exactly:
// p += v·dt + ½·a·dt², v += a·dt.
func Ballistic(s *State, a mgl64.Vec3, dt float64) {
	h := 0.5 * dt * dt
	for i := range 3 {
		s.Pos[i] += s.Vel[i]*dt + a[i]*h
		s.Vel[i] += a[i] * dt
	}
}

// Verlet advances s from time t to t+dt with velocity Verlet: the position
// moves with the current acceleration, the velocity with the mean of the
// accelerations at both ends. acc is evaluated twice. It is second order
// (the error per unit of time shrinks 4× when dt halves) for every force,
// velocity-dependent ones (drag, damping) included: the end acceleration is
// evaluated at the new position with the velocity predicted by an Euler
// step, and the trapezoid rule then corrects it (Heun's method for the
// velocity). For forces that depend on the position only the prediction
// is not used, and the method is the classic symplectic one (energy stays
// bounded).
func Verlet(s *State, acc Accel, t, dt float64) {
	a0 := acc(s.Pos, s.Vel, t)
	var pred mgl64.Vec3
	for i := range 3 {
		s.Pos[i] += s.Vel[i]*dt + 0.5*a0[i]*dt*dt
		pred[i] = s.Vel[i] + a0[i]*dt
	}
	a1 := acc(s.Pos, pred, t+dt)
	for i := range 3 {
		s.Vel[i] += 0.5 * (a0[i] + a1[i]) * dt
	}
}

// RK4 advances s from time t to t+dt with the classic fourth-order
// Runge-Kutta method, evaluating acc four times: at the start, twice at the
// middle and at the end of the step. Its error per unit of time shrinks 16×
// when dt halves.
func RK4(s *State, acc Accel, t, dt float64) {
	p, v := s.Pos, s.Vel
	var p2, v2, p3, v3, p4, v4 mgl64.Vec3

	a1 := acc(p, v, t)
	for i := range 3 {
		p2[i] = p[i] + v[i]*dt/2
		v2[i] = v[i] + a1[i]*dt/2
	}
	a2 := acc(p2, v2, t+dt/2)
	for i := range 3 {
		p3[i] = p[i] + v2[i]*dt/2
		v3[i] = v[i] + a2[i]*dt/2
	}
	a3 := acc(p3, v3, t+dt/2)
	for i := range 3 {
		p4[i] = p[i] + v3[i]*dt
		v4[i] = v[i] + a3[i]*dt
	}
	a4 := acc(p4, v4, t+dt)
	for i := range 3 {
		s.Pos[i] = p[i] + dt/6*(v[i]+2*v2[i]+2*v3[i]+v4[i])
		s.Vel[i] = v[i] + dt/6*(a1[i]+2*a2[i]+2*a3[i]+a4[i])
	}
}

// Vec32 converts v to float32 for an actor's transform.
func Vec32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
