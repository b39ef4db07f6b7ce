package scene

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/timing"
)

// tickInfo returns the TickInfo of tick i at 30 Hz.
func tickInfo(i uint64) timing.TickInfo {
	return timing.TickInfo{Index: i, Time: timing.Micros(i * 1000000 / 30), Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
}

// deg returns a rotation of d degrees about axis.
func deg(d float32, axis mgl32.Vec3) mgl32.Quat {
	return mgl32.QuatRotate(mgl32.DegToRad(d), axis.Normalize())
}

var (
	xAxis = mgl32.Vec3{1, 0, 0}
	yAxis = mgl32.Vec3{0, 1, 0}
	zAxis = mgl32.Vec3{0, 0, 1}
)

// trs builds a Transform.
func trs(pos mgl32.Vec3, rot mgl32.Quat, scale mgl32.Vec3) Transform {
	return Transform{Pos: pos, Rot: rot, Scale: scale}
}

// refMatrix builds T·R·S with mathgl's value API, as a reference.
func refMatrix(t Transform) mgl32.Mat4 {
	return mgl32.Translate3D(t.Pos[0], t.Pos[1], t.Pos[2]).
		Mul4(t.Rot.Normalize().Mat4()).
		Mul4(mgl32.Scale3D(t.Scale[0], t.Scale[1], t.Scale[2]))
}

func matOf(t Transform) mgl32.Mat4 {
	var m mgl32.Mat4
	t.Matrix(&m)
	return m
}

// maxDiff returns the largest absolute difference between a and b.
func maxDiff(a, b mgl32.Mat4) float32 {
	d := float32(0)
	for i := range a {
		d = max(d, float32(math.Abs(float64(a[i]-b[i]))))
	}
	return d
}

// checkMat fails t when got and want differ by more than tol in any element.
func checkMat(t *testing.T, what string, got, want mgl32.Mat4, tol float32) {
	t.Helper()
	if d := maxDiff(got, want); !(d <= tol) {
		t.Errorf("%s: got\n%v\nwant\n%v\n(max difference %g > %g)", what, got, want, d, tol)
	}
}

func checkVec(t *testing.T, what string, got, want mgl32.Vec3, tol float32) {
	t.Helper()
	if d := got.Sub(want).Len(); !(d <= tol) {
		t.Errorf("%s: got %v, want %v (distance %g > %g)", what, got, want, d, tol)
	}
}

// rigidError returns how far the rotation part of m, with the column
// lengths divided out, is from orthonormal (max |RᵀR − I|), and the
// column lengths (the scale).
func rigidError(m mgl32.Mat4) (float32, mgl32.Vec3) {
	var cols [3]mgl32.Vec3
	var scale mgl32.Vec3
	for c := range 3 {
		v := mgl32.Vec3{m[c*4], m[c*4+1], m[c*4+2]}
		scale[c] = v.Len()
		cols[c] = v.Mul(1 / scale[c])
	}
	e := float32(0)
	for i := range 3 {
		for j := range 3 {
			want := float32(0)
			if i == j {
				want = 1
			}
			e = max(e, float32(math.Abs(float64(cols[i].Dot(cols[j])-want))))
		}
	}
	return e, scale
}

func pos(m mgl32.Mat4) mgl32.Vec3 { return mgl32.Vec3{m[12], m[13], m[14]} }

// spawn spawns s into m or fails t.
func spawn(t testing.TB, m *Manager, s Spec) Handle {
	t.Helper()
	h, err := m.Spawn(s)
	if err != nil {
		t.Fatalf("Spawn(%+v): %v", s, err)
	}
	return h
}

// actor returns the actor named by h or fails t.
func actor(t testing.TB, m *Manager, h Handle) *Actor {
	t.Helper()
	a, err := m.Actor(h)
	if err != nil {
		t.Fatalf("Actor(%v): %v", h, err)
	}
	return a
}

// tick runs tick i or fails t.
func tick(t testing.TB, m *Manager, i uint64) {
	t.Helper()
	if err := m.Tick(tickInfo(i)); err != nil {
		t.Fatalf("Tick(%d): %v", i, err)
	}
}

// behaviorFunc adapts a function to Ticker.
type behaviorFunc func(a *Actor, t timing.TickInfo, m *Manager) error

func (f behaviorFunc) Tick(a *Actor, t timing.TickInfo, m *Manager) error { return f(a, t, m) }

func finiteMat(m *mgl32.Mat4) bool {
	for _, v := range m {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return false
		}
	}
	return true
}

func fmtHandles(hs []Handle) string { return fmt.Sprint(hs) }
