package camera

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestPoseViewMatchesLookAt(t *testing.T) {
	for _, p := range []Pose{
		{},
		{Eye: mgl32.Vec3{1, 2, 3}, Yaw: 0.7, Pitch: -0.4},
		{Eye: mgl32.Vec3{-5, 0, 9}, Yaw: -2.9, Pitch: 1.2},
		{Eye: mgl32.Vec3{0, 10, 0}, Yaw: math.Pi / 2, Pitch: -1.5},
	} {
		var got mgl32.Mat4
		p.View(&got)
		want := mgl32.LookAtV(p.Eye, p.Eye.Add(p.Forward()), mgl32.Vec3{0, 1, 0})
		if !got.ApproxEqualThreshold(want, 1e-5) {
			t.Errorf("pose %+v: view\n%v\nwant LookAt's\n%v", p, got, want)
		}
		// The actor rotation turns −Z into the forward direction.
		q := p.Rotation()
		wantVec(t, "rotation × −Z", q.Rotate(mgl32.Vec3{0, 0, -1}), p.Forward(), 1e-5)
	}
}

func TestPoseConventions(t *testing.T) {
	for _, tc := range []struct {
		yaw, pitch float32
		want       mgl32.Vec3
	}{
		{0, 0, mgl32.Vec3{0, 0, -1}},
		{math.Pi / 2, 0, mgl32.Vec3{1, 0, 0}}, // positive yaw turns right
		{-math.Pi / 2, 0, mgl32.Vec3{-1, 0, 0}},
		{0, math.Pi / 4, mgl32.Vec3{0, float32(math.Sqrt2 / 2), -float32(math.Sqrt2 / 2)}}, // positive pitch looks up
	} {
		wantVec(t, "forward", forward(tc.yaw, tc.pitch), tc.want, 1e-6)
	}
}

func TestPoseRollTurnsTheUpAxis(t *testing.T) {
	p := Pose{Roll: math.Pi / 2}
	var v mgl32.Mat4
	p.View(&v)
	// Rolled a quarter turn, world +X appears up on screen (eye-space +Y)
	// ... or down, depending on the sense: check it is vertical and the
	// forward axis is unchanged.
	x := v.Mul4x1(mgl32.Vec4{1, 0, 0, 0})
	if !near(float32(math.Abs(float64(x[1]))), 1, 1e-6) {
		t.Errorf("world +X in eye space after a quarter roll = %v, want vertical", x)
	}
	z := v.Mul4x1(mgl32.Vec4{0, 0, -1, 0})
	wantVec(t, "forward in eye space", z.Vec3(), mgl32.Vec3{0, 0, -1}, 1e-6)
}

func TestBlend(t *testing.T) {
	a := Pose{Eye: mgl32.Vec3{0, 0, 0}, Yaw: 3.0, Pitch: 0.2, FovY: 1}
	b := Pose{Eye: mgl32.Vec3{2, 4, -6}, Yaw: -3.0, Pitch: -0.2, Roll: 0.4, FovY: 0.5}
	for _, tc := range []struct {
		t    float32
		want Pose
	}{
		{0, a},
		{1, Pose{Eye: b.Eye, Yaw: -3.0, Pitch: -0.2, Roll: 0.4, FovY: 0.5}},
		// Yaw 3.0 to −3.0 goes the short way, through π (2π − 6 rad).
		{0.5, Pose{Eye: mgl32.Vec3{1, 2, -3}, Yaw: wrap(3.0 + (2*math.Pi-6)/2), Pitch: 0, Roll: 0.2, FovY: 0.75}},
	} {
		var got Pose
		Blend(&got, &a, &b, tc.t)
		if !nearVec(got.Eye, tc.want.Eye, 1e-6) || !near(wrap(got.Yaw-tc.want.Yaw), 0, 1e-6) ||
			!near(got.Pitch, tc.want.Pitch, 1e-6) || !near(got.Roll, tc.want.Roll, 1e-6) || !near(got.FovY, tc.want.FovY, 1e-6) {
			t.Errorf("Blend at %v = %+v, want %+v", tc.t, got, tc.want)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct{ in, want float32 }{
		{0, 0}, {3, 3}, {-3, -3}, {math.Pi, -math.Pi}, {4, 4 - 2*math.Pi}, {-4, -4 + 2*math.Pi}, {100, float32(math.Mod(100+math.Pi, 2*math.Pi) - math.Pi)},
	} {
		if got := wrap(tc.in); !near(got, tc.want, 1e-5) || got < -math.Pi || got >= math.Pi {
			t.Errorf("wrap(%v) = %v, want %v in [−π, π)", tc.in, got, tc.want)
		}
	}
}
