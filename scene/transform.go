package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Transform is a position, a rotation and a per-axis scale: the matrix
// T·R·S, which scales first, then rotates, then translates. Rot is a unit
// quaternion (the manager renormalises it at each tick, see Manager.Tick).
//
// The zero Transform has a zero quaternion and a zero scale, which is not a
// useful transform: start from Identity.
type Transform struct {
	Pos   mgl32.Vec3
	Rot   mgl32.Quat
	Scale mgl32.Vec3
}

// Identity returns the transform that changes nothing: no translation, no
// rotation, unit scale.
func Identity() Transform {
	return Transform{Rot: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}
}

// Matrix writes the transform's matrix T·R·S into dst. A rotation that is
// not of unit length still gives a pure rotation (the quaternion is
// normalised in the formula); a zero quaternion gives a matrix without its
// rotation part, so keep Rot non-zero.
func (t *Transform) Matrix(dst *mgl32.Mat4) { trsMatrix(dst, &t.Pos, &t.Rot, &t.Scale) }

// IsFinite reports whether every component of t is finite (no NaN, no ±Inf).
func (t *Transform) IsFinite() bool {
	s := t.Pos[0] + t.Pos[1] + t.Pos[2] + t.Rot.W + t.Rot.V[0] + t.Rot.V[1] + t.Rot.V[2] +
		t.Scale[0] + t.Scale[1] + t.Scale[2]
	if s-s == 0 {
		return true // common case: the sum of finite numbers is finite
	}
	// The sum is NaN or ±Inf: either a component is, or finite components
	// overflowed when added. Look at each one.
	for _, v := range [...]float32{t.Pos[0], t.Pos[1], t.Pos[2], t.Rot.W, t.Rot.V[0], t.Rot.V[1],
		t.Rot.V[2], t.Scale[0], t.Scale[1], t.Scale[2]} {
		if v-v != 0 {
			return false
		}
	}
	return true
}

// Compose writes into dst the world transform of a node whose parent has the
// world transform parent and which has the local transform local:
//
//	pos   = parent.Pos + parent.Rot·(parent.Scale ⊙ local.Pos)
//	rot   = parent.Rot · local.Rot
//	scale = parent.Scale ⊙ local.Scale
//
// Its matrix equals parentMatrix × localMatrix exactly when the parent's scale
// is uniform. A non-uniform parent scale under a rotated child would make that
// product a shear, which no Transform can hold: Compose then keeps the child
// rigid and scales it per axis in its own frame, as Unity's lossyScale does.
// dst may be the same as parent or local.
func Compose(dst, parent, local *Transform) {
	// Scaled local position, rotated by the parent's rotation:
	// v' = v + w·t + u×t with t = 2·u×v (u, w: the quaternion's parts).
	vx := parent.Scale[0] * local.Pos[0]
	vy := parent.Scale[1] * local.Pos[1]
	vz := parent.Scale[2] * local.Pos[2]
	w, ux, uy, uz := parent.Rot.W, parent.Rot.V[0], parent.Rot.V[1], parent.Rot.V[2]
	tx := 2 * (uy*vz - uz*vy)
	ty := 2 * (uz*vx - ux*vz)
	tz := 2 * (ux*vy - uy*vx)
	px := parent.Pos[0] + vx + w*tx + (uy*tz - uz*ty)
	py := parent.Pos[1] + vy + w*ty + (uz*tx - ux*tz)
	pz := parent.Pos[2] + vz + w*tz + (ux*ty - uy*tx)

	// Hamilton product parent.Rot · local.Rot.
	bw, bx, by, bz := local.Rot.W, local.Rot.V[0], local.Rot.V[1], local.Rot.V[2]
	rw := w*bw - ux*bx - uy*by - uz*bz
	rx := w*bx + bw*ux + (uy*bz - uz*by)
	ry := w*by + bw*uy + (uz*bx - ux*bz)
	rz := w*bz + bw*uz + (ux*by - uy*bx)

	sx := parent.Scale[0] * local.Scale[0]
	sy := parent.Scale[1] * local.Scale[1]
	sz := parent.Scale[2] * local.Scale[2]

	dst.Pos = mgl32.Vec3{px, py, pz}
	dst.Rot = mgl32.Quat{W: rw, V: mgl32.Vec3{rx, ry, rz}}
	dst.Scale = mgl32.Vec3{sx, sy, sz}
}

// relative writes into dst the local transform that Compose turns into world
// under parent: the inverse of Compose. It reports false, leaving dst alone,
// when the parent's scale has a zero component or the result is not finite.
func relative(dst, parent, world *Transform) bool {
	if parent.Scale[0] == 0 || parent.Scale[1] == 0 || parent.Scale[2] == 0 {
		return false
	}
	// Inverse rotation: the conjugate (parent.Rot is a unit quaternion).
	w, ux, uy, uz := parent.Rot.W, -parent.Rot.V[0], -parent.Rot.V[1], -parent.Rot.V[2]
	vx := world.Pos[0] - parent.Pos[0]
	vy := world.Pos[1] - parent.Pos[1]
	vz := world.Pos[2] - parent.Pos[2]
	tx := 2 * (uy*vz - uz*vy)
	ty := 2 * (uz*vx - ux*vz)
	tz := 2 * (ux*vy - uy*vx)
	var r Transform
	r.Pos[0] = (vx + w*tx + (uy*tz - uz*ty)) / parent.Scale[0]
	r.Pos[1] = (vy + w*ty + (uz*tx - ux*tz)) / parent.Scale[1]
	r.Pos[2] = (vz + w*tz + (ux*ty - uy*tx)) / parent.Scale[2]

	bw, bx, by, bz := world.Rot.W, world.Rot.V[0], world.Rot.V[1], world.Rot.V[2]
	r.Rot.W = w*bw - ux*bx - uy*by - uz*bz
	r.Rot.V[0] = w*bx + bw*ux + (uy*bz - uz*by)
	r.Rot.V[1] = w*by + bw*uy + (uz*bx - ux*bz)
	r.Rot.V[2] = w*bz + bw*uz + (ux*by - uy*bx)

	r.Scale[0] = world.Scale[0] / parent.Scale[0]
	r.Scale[1] = world.Scale[1] / parent.Scale[1]
	r.Scale[2] = world.Scale[2] / parent.Scale[2]
	if !r.IsFinite() {
		return false
	}
	*dst = r
	return true
}

// trsMatrix writes T·R·S into dst. The rotation part uses 2/|q|² instead of
// 2, so any non-zero quaternion gives an orthonormal rotation: blended
// quaternions need no square root.
func trsMatrix(dst *mgl32.Mat4, p *mgl32.Vec3, q *mgl32.Quat, s *mgl32.Vec3) {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	n := w*w + x*x + y*y + z*z
	k := float32(0)
	if n > 0 {
		k = 2 / n
	}
	xx, yy, zz := k*x*x, k*y*y, k*z*z
	xy, xz, yz := k*x*y, k*x*z, k*y*z
	wx, wy, wz := k*w*x, k*w*y, k*w*z
	sx, sy, sz := s[0], s[1], s[2]
	// Element by element: a composite literal would be built on the stack
	// and copied.
	dst[0], dst[1], dst[2], dst[3] = (1-yy-zz)*sx, (xy+wz)*sx, (xz-wy)*sx, 0
	dst[4], dst[5], dst[6], dst[7] = (xy-wz)*sy, (1-xx-zz)*sy, (yz+wx)*sy, 0
	dst[8], dst[9], dst[10], dst[11] = (xz+wy)*sz, (yz-wx)*sz, (1-xx-yy)*sz, 0
	dst[12], dst[13], dst[14], dst[15] = p[0], p[1], p[2], 1
}

// unitMatrix writes the matrix of t into dst; t.Rot must be of unit length
// (to within float32 rounding), as world rotations are.
func unitMatrix(dst *mgl32.Mat4, t *Transform) {
	w, x, y, z := t.Rot.W, t.Rot.V[0], t.Rot.V[1], t.Rot.V[2]
	x2, y2, z2 := x+x, y+y, z+z
	xx, yy, zz := x*x2, y*y2, z*z2
	xy, xz, yz := x*y2, x*z2, y*z2
	wx, wy, wz := w*x2, w*y2, w*z2
	sx, sy, sz := t.Scale[0], t.Scale[1], t.Scale[2]
	dst[0], dst[1], dst[2], dst[3] = (1-yy-zz)*sx, (xy+wz)*sx, (xz-wy)*sx, 0
	dst[4], dst[5], dst[6], dst[7] = (xy-wz)*sy, (1-xx-zz)*sy, (yz+wx)*sy, 0
	dst[8], dst[9], dst[10], dst[11] = (xz+wy)*sz, (yz-wx)*sz, (1-xx-yy)*sz, 0
	dst[12], dst[13], dst[14], dst[15] = t.Pos[0], t.Pos[1], t.Pos[2], 1
}

// Rotation blending. Below nlerpMinDot (quaternions more than 30° apart, an
// actor turning more than 60° in one tick) blend slerps; above it the
// normalised lerp is within 0.27° of the slerp and costs no trigonometry.
// Extrapolation moves the blend parameter past 1, where the lerp's error
// grows quickly, so it keeps the lerp only for nearly equal rotations.
const (
	nlerpMinDot       = 0.8660254 // cos 30°
	nlerpMinDotExtrap = 0.9995    // cos 1.8°
)

// blendTRS writes into dst the transform a + (b−a)·t: position and scale
// move along straight lines, the rotation along the shortest arc from a.Rot
// to b.Rot. t = 0 gives a and t = 1 gives b (the rotation up to sign and
// length), and t > 1 continues past b along the same lines and arc. minDot
// chooses where normalised lerp gives way to slerp. The rotation is left
// unnormalised (its length is between 0.7 and 1 for t in [0, 1]): trsMatrix
// does not need it normalised. dst may be a or b.
func blendTRS(dst, a, b *Transform, t, minDot float32) {
	u := 1 - t
	aw, ax, ay, az := a.Rot.W, a.Rot.V[0], a.Rot.V[1], a.Rot.V[2]
	bw, bx, by, bz := b.Rot.W, b.Rot.V[0], b.Rot.V[1], b.Rot.V[2]
	d := aw*bw + ax*bx + ay*by + az*bz
	// q and −q are the same rotation; take the one on a's side so the
	// blend follows the short arc (the seed's "flip near 120°").
	wa, wb := u, t
	if d < 0 {
		d, wb = -d, -t
	}
	if d < minDot {
		wa, wb = slerpWeights(d, t, wb < 0)
	}
	dst.Pos = mgl32.Vec3{u*a.Pos[0] + t*b.Pos[0], u*a.Pos[1] + t*b.Pos[1], u*a.Pos[2] + t*b.Pos[2]}
	dst.Scale = mgl32.Vec3{u*a.Scale[0] + t*b.Scale[0], u*a.Scale[1] + t*b.Scale[1], u*a.Scale[2] + t*b.Scale[2]}
	dst.Rot = mgl32.Quat{W: wa*aw + wb*bw, V: mgl32.Vec3{wa*ax + wb*bx, wa*ay + wb*by, wa*az + wb*bz}}
}

// finitePosScale reports whether t's position and scale are finite. A blend
// of finite transforms can still overflow to ±Inf; its rotation cannot.
func finitePosScale(t *Transform) bool {
	c := t.Pos[0] + t.Pos[1] + t.Pos[2] + t.Scale[0] + t.Scale[1] + t.Scale[2]
	return c-c == 0
}

// finiteRot reports whether the sum of q's components is finite, and so
// every component (a false result may still be four large finite ones:
// IsFinite tells). With finitePosScale, IsFinite's common case in two
// parts small enough to be inlined.
func finiteRot(q *mgl32.Quat) bool {
	c := q.W + q.V[0] + q.V[1] + q.V[2]
	return c-c == 0
}

// unitRot scales q to unit length; q must not be zero.
func unitRot(q *mgl32.Quat) {
	k := float32(1 / math.Sqrt(float64(q.W*q.W+q.V[0]*q.V[0]+q.V[1]*q.V[1]+q.V[2]*q.V[2])))
	q.W *= k
	q.V[0] *= k
	q.V[1] *= k
	q.V[2] *= k
}

// slerpWeights returns the weights of a and b in the spherical blend at t
// of two unit quaternions with dot product d ≥ 0; the weight of b is negated
// when b was flipped to the short arc.
func slerpWeights(d, t float32, flip bool) (wa, wb float32) {
	theta := math.Acos(math.Min(float64(d), 1))
	sin := math.Sin(theta)
	if sin < 1e-6 {
		wa, wb = 1-t, t
	} else {
		wa = float32(math.Sin((1-float64(t))*theta) / sin)
		wb = float32(math.Sin(float64(t)*theta) / sin)
	}
	if flip {
		wb = -wb
	}
	return wa, wb
}

// normalizeRot makes q a unit quaternion in place when its squared length
// strays from 1 by more than 1e-5 (drift from integrating angular velocity).
// It reports false when q is zero (or too small to normalise): q is then set
// to the identity. A NaN or infinite q is left alone for the finiteness
// check.
func normalizeRot(q *mgl32.Quat) bool {
	n := q.W*q.W + q.V[0]*q.V[0] + q.V[1]*q.V[1] + q.V[2]*q.V[2]
	if n > 1-1e-5 && n < 1+1e-5 {
		return true
	}
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	n64 := w*w + x*x + y*y + z*z // float64: no overflow for any float32 input
	switch {
	case math.IsNaN(n64) || math.IsInf(n64, 0):
		return true // not ours to fix: the finiteness check reverts it
	case n64 < 1e-30:
		*q = mgl32.QuatIdent()
		return false
	}
	k := 1 / math.Sqrt(n64)
	*q = mgl32.Quat{W: float32(w * k), V: mgl32.Vec3{float32(x * k), float32(y * k), float32(z * k)}}
	return true
}
