package motion

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSingleSteps(t *testing.T) {
	a := mgl64.Vec3{0, -10, 2}
	start := State{Pos: mgl64.Vec3{1, 2, 3}, Vel: mgl64.Vec3{4, 0, -1}}
	const dt = 0.5
	tests := []struct {
		name    string
		step    func(s *State)
		wantPos mgl64.Vec3
		wantVel mgl64.Vec3
	}{
		{"Euler", func(s *State) { Euler(s, a, dt) }, mgl64.Vec3{3, 2, 2.5}, mgl64.Vec3{4, -5, 0}},
		{"SemiImplicitEuler", func(s *State) { SemiImplicitEuler(s, a, dt) }, mgl64.Vec3{3, -0.5, 3}, mgl64.Vec3{4, -5, 0}},
		{"Ballistic", func(s *State) { Ballistic(s, a, dt) }, mgl64.Vec3{3, 0.75, 2.75}, mgl64.Vec3{4, -5, 0}},
		{"Verlet", func(s *State) { Verlet(s, constant(a), 0, dt) }, mgl64.Vec3{3, 0.75, 2.75}, mgl64.Vec3{4, -5, 0}},
		{"RK4", func(s *State) { RK4(s, constant(a), 0, dt) }, mgl64.Vec3{3, 0.75, 2.75}, mgl64.Vec3{4, -5, 0}},
	}
	for _, tt := range tests {
		s := start
		tt.step(&s)
		if !s.Pos.ApproxEqualThreshold(tt.wantPos, 1e-12) || !s.Vel.ApproxEqualThreshold(tt.wantVel, 1e-12) {
			t.Errorf("%s: got pos %v vel %v, want pos %v vel %v", tt.name, s.Pos, s.Vel, tt.wantPos, tt.wantVel)
		}
	}
}

func constant(a mgl64.Vec3) Accel { return func(_, _ mgl64.Vec3, _ float64) mgl64.Vec3 { return a } }

// TestBallisticMatchesClosedForm: under constant acceleration, 100 ballistic
// steps land where p0 + v0·T + ½·a·T² says, to rounding.
func TestBallisticMatchesClosedForm(t *testing.T) {
	p0, v0, a := mgl64.Vec3{1, 2, 3}, mgl64.Vec3{4, 25, -6}, mgl64.Vec3{0.5, -9.81, 0}
	const dt, n = 1.0 / 30, 100
	s := State{Pos: p0, Vel: v0}
	for range n {
		Ballistic(&s, a, dt)
	}
	T := n * dt
	wantPos := p0.Add(v0.Mul(T)).Add(a.Mul(0.5 * T * T))
	wantVel := v0.Add(a.Mul(T))
	if e := s.Pos.Sub(wantPos).Len() / wantPos.Len(); e > 1e-12 {
		t.Errorf("position after %d steps: got %v, want %v (relative error %g > 1e-12)", n, s.Pos, wantPos, e)
	}
	if e := s.Vel.Sub(wantVel).Len() / wantVel.Len(); e > 1e-12 {
		t.Errorf("velocity after %d steps: got %v, want %v (relative error %g > 1e-12)", n, s.Vel, wantVel, e)
	}
	// Semi-implicit Euler is only first order here: the comparison shows
	// the test can tell exact from approximate.
	e := State{Pos: p0, Vel: v0}
	for range n {
		SemiImplicitEuler(&e, a, dt)
	}
	if d := e.Pos.Sub(wantPos).Len() / wantPos.Len(); d < 1e-6 {
		t.Errorf("semi-implicit Euler error %g: unexpectedly exact", d)
	}
}

// dampedSpring is the acceleration a = −k·x − c·v along X; its exact solution for
// x(0) = 1, v(0) = 0 (underdamped) is dampedSpringExact.
const springK, springC = 4.0, 0.4

func dampedSpring(p, v mgl64.Vec3, _ float64) mgl64.Vec3 {
	return mgl64.Vec3{-springK*p[0] - springC*v[0], 0, 0}
}

func dampedSpringExact(t float64) float64 {
	w0 := math.Sqrt(springK)
	zeta := springC / (2 * w0)
	wd := w0 * math.Sqrt(1-zeta*zeta)
	return math.Exp(-zeta*w0*t) * (math.Cos(wd*t) + zeta*w0/wd*math.Sin(wd*t))
}

func rk4Error(dt float64) float64 {
	const T = 5.0
	s := State{Pos: mgl64.Vec3{1, 0, 0}}
	n := int(math.Round(T / dt))
	for i := range n {
		RK4(&s, dampedSpring, float64(i)*dt, dt)
	}
	return math.Abs(s.Pos[0] - dampedSpringExact(float64(n)*dt))
}

// TestRK4FourthOrder: halving dt divides RK4's error on a damped spring by
// about 2⁴ = 16.
func TestRK4FourthOrder(t *testing.T) {
	for _, dt := range []float64{0.1, 0.05} {
		e1, e2 := rk4Error(dt), rk4Error(dt/2)
		ratio := e1 / e2
		if ratio < 12 || ratio > 20 {
			t.Errorf("dt %g → %g: error %g → %g, ratio %.2f, want between 12 and 20", dt, dt/2, e1, e2, ratio)
		}
	}
}

// TestEnergyOverLongRuns: on a harmonic oscillator, Verlet's and
// semi-implicit Euler's energy stay bounded over 10⁵ steps; explicit
// Euler's grows without bound.
func TestEnergyOverLongRuns(t *testing.T) {
	spring := func(p, _ mgl64.Vec3, _ float64) mgl64.Vec3 { return p.Mul(-1) } // k = m = 1
	energy := func(s State) float64 { return 0.5*s.Vel.Dot(s.Vel) + 0.5*s.Pos.Dot(s.Pos) }
	const dt, steps = 0.01, 100_000
	start := State{Pos: mgl64.Vec3{1, 0, 0}, Vel: mgl64.Vec3{0, 0.5, 0}}
	e0 := energy(start)
	tests := []struct {
		name string
		step func(s *State, i int)
		// the largest relative energy drift allowed, or the least growth
		maxDrift, minGrowth float64
	}{
		{"Verlet", func(s *State, i int) { Verlet(s, spring, float64(i)*dt, dt) }, 1e-4, 0},
		{"SemiImplicitEuler", func(s *State, _ int) { SemiImplicitEuler(s, s.Pos.Mul(-1), dt) }, 1e-2, 0},
		{"Euler", func(s *State, _ int) { Euler(s, s.Pos.Mul(-1), dt) }, 0, 100},
	}
	for _, tt := range tests {
		s := start
		drift := 0.0
		for i := range steps {
			tt.step(&s, i)
			drift = max(drift, math.Abs(energy(s)-e0)/e0)
		}
		growth := energy(s) / e0
		switch {
		case tt.minGrowth > 0 && growth < tt.minGrowth:
			t.Errorf("%s: energy grew %.3g×, want at least %g×", tt.name, growth, tt.minGrowth)
		case tt.minGrowth == 0 && drift > tt.maxDrift:
			t.Errorf("%s: relative energy drift %.3g, want ≤ %g", tt.name, drift, tt.maxDrift)
		}
	}
}

func TestVec32(t *testing.T) {
	if got := Vec32(mgl64.Vec3{1.5, -2, 1e-3}); got[0] != 1.5 || got[1] != -2 || got[2] != float32(1e-3) {
		t.Errorf("Vec32: got %v", got)
	}
}

// TestVerletSecondOrder measures Verlet's order: the error at T = 2 s
// against a fine RK4 reference shrinks about 4× when dt halves, for a
// spring, a damped spring (a velocity-dependent force) and a driven damped
// spring.
func TestVerletSecondOrder(t *testing.T) {
	const k, c, f, w = 4.0, 0.8, 1.5, 2.7
	forces := []struct {
		name string
		acc  Accel
	}{
		{"spring", func(p, v mgl64.Vec3, t float64) mgl64.Vec3 { return p.Mul(-k) }},
		{"damped spring", func(p, v mgl64.Vec3, t float64) mgl64.Vec3 { return p.Mul(-k).Sub(v.Mul(c)) }},
		{"driven", func(p, v mgl64.Vec3, t float64) mgl64.Vec3 {
			return p.Mul(-k).Sub(v.Mul(c)).Add(mgl64.Vec3{f * math.Cos(w*t), 0, 0})
		}},
	}
	run := func(step func(*State, Accel, float64, float64), acc Accel, dt float64) State {
		s := State{Pos: mgl64.Vec3{1, 0.5, 0}, Vel: mgl64.Vec3{0, 1, 0}}
		n := int(math.Round(2 / dt))
		for i := range n {
			step(&s, acc, float64(i)*dt, dt)
		}
		return s
	}
	errAt := func(acc Accel, dt float64, ref State) float64 {
		s := run(Verlet, acc, dt)
		return s.Pos.Sub(ref.Pos).Len() + s.Vel.Sub(ref.Vel).Len()
	}
	for _, fc := range forces {
		ref := run(RK4, fc.acc, 1.0/8192)
		for _, dt := range []float64{1.0 / 30, 1.0 / 60} {
			ratio := errAt(fc.acc, dt, ref) / errAt(fc.acc, dt/2, ref)
			if ratio < 3.5 || ratio > 4.6 {
				t.Errorf("%s, dt %.4f: got an error ratio of %.2f when dt halves, want about 4 (second order)", fc.name, dt, ratio)
			}
		}
	}
}
