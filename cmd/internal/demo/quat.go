package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// mulQuat writes the Hamilton product a·b into dst, which may be a or b.
// It works through pointers, element by element: mathgl's by-value Mul
// copies its operands through the stack, which shows in a loop over
// thousands of actors per tick.
func mulQuat(dst, a, b *mgl32.Quat) {
	aw, ax, ay, az := a.W, a.V[0], a.V[1], a.V[2]
	bw, bx, by, bz := b.W, b.V[0], b.V[1], b.V[2]
	dst.W = aw*bw - ax*bx - ay*by - az*bz
	dst.V[0] = aw*bx + bw*ax + ay*bz - az*by
	dst.V[1] = aw*by + bw*ay + az*bx - ax*bz
	dst.V[2] = aw*bz + bw*az + ax*by - ay*bx
}

// axisAngle returns the rotation of angle radians about the unit vector
// axis, computed in float64 so that a rotation rebuilt from an accumulated
// angle every tick is as exact as float32 can hold.
func axisAngle(axis mgl32.Vec3, angle float64) mgl32.Quat {
	s, c := math.Sincos(angle / 2)
	return mgl32.Quat{W: float32(c), V: mgl32.Vec3{float32(s) * axis[0], float32(s) * axis[1], float32(s) * axis[2]}}
}

// lookRotation returns the rotation that points an actor's −Z axis (the
// camera's view direction) from eye towards target, with +Y as close to up
// as possible. It returns the identity when eye and target coincide.
func lookRotation(eye, target, up mgl32.Vec3) mgl32.Quat {
	f := target.Sub(eye)
	if f.Len() < 1e-6 {
		return mgl32.QuatIdent()
	}
	z := f.Normalize().Mul(-1) // the camera looks along its −Z
	x := up.Cross(z)
	if x.Len() < 1e-6 { // looking straight up or down
		x = mgl32.Vec3{1, 0, 0}
	}
	x = x.Normalize()
	y := z.Cross(x)
	m := mgl32.Mat3{x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]}
	return mgl32.Mat4ToQuat(m.Mat4()).Normalize()
}

// wrapAngle brings an accumulated angle back into [−π, π), so float64
// keeps its precision however long the game runs.
func wrapAngle(a float64) float64 {
	if a >= math.Pi || a < -math.Pi {
		a = math.Mod(a+math.Pi, 2*math.Pi)
		if a < 0 {
			a += 2 * math.Pi
		}
		a -= math.Pi
	}
	return a
}
