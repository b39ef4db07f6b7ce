package asset

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/scene"
)

// mul4 writes a·b into dst (column-major); dst must not be a or b.
func mul4(dst, a, b *mgl32.Mat4) {
	for c := 0; c < 16; c += 4 {
		b0, b1, b2, b3 := b[c], b[c+1], b[c+2], b[c+3]
		dst[c] = a[0]*b0 + a[4]*b1 + a[8]*b2 + a[12]*b3
		dst[c+1] = a[1]*b0 + a[5]*b1 + a[9]*b2 + a[13]*b3
		dst[c+2] = a[2]*b0 + a[6]*b1 + a[10]*b2 + a[14]*b3
		dst[c+3] = a[3]*b0 + a[7]*b1 + a[11]*b2 + a[15]*b3
	}
}

// invert writes the inverse of the affine matrix m (last row 0, 0, 0, 1)
// into dst; a singular m (a node scaled to zero) gives the identity.
func invert(dst, m *mgl32.Mat4) {
	a, b, c := m[0], m[4], m[8]
	d, e, f := m[1], m[5], m[9]
	g, h, i := m[2], m[6], m[10]
	A, B, C := e*i-f*h, f*g-d*i, d*h-e*g
	det := a*A + b*B + c*C
	if det == 0 || det != det {
		*dst = mgl32.Ident4()
		return
	}
	k := 1 / det
	dst[0], dst[1], dst[2], dst[3] = A*k, B*k, C*k, 0
	dst[4], dst[5], dst[6], dst[7] = (c*h-b*i)*k, (a*i-c*g)*k, (b*g-a*h)*k, 0
	dst[8], dst[9], dst[10], dst[11] = (b*f-c*e)*k, (c*d-a*f)*k, (a*e-b*d)*k, 0
	tx, ty, tz := m[12], m[13], m[14]
	dst[12] = -(dst[0]*tx + dst[4]*ty + dst[8]*tz)
	dst[13] = -(dst[1]*tx + dst[5]*ty + dst[9]*tz)
	dst[14] = -(dst[2]*tx + dst[6]*ty + dst[10]*tz)
	dst[15] = 1
}

// blend writes a + (b−a)·t into dst: positions and scales along straight
// lines, the rotation along the shortest arc (a normalised lerp, within
// 0.27° of the slerp for rotations up to 60° apart; a slerp beyond),
// normalised. dst may be a or b.
func blend(dst, a, b *scene.Transform, t float32) {
	u := 1 - t
	aw, ax, ay, az := a.Rot.W, a.Rot.V[0], a.Rot.V[1], a.Rot.V[2]
	bw, bx, by, bz := b.Rot.W, b.Rot.V[0], b.Rot.V[1], b.Rot.V[2]
	d := aw*bw + ax*bx + ay*by + az*bz
	wa, wb := u, t
	if d < 0 {
		d, wb = -d, -t
	}
	if d < 0.8660254 { // more than 60° apart: slerp
		theta := math.Acos(math.Min(float64(d), 1))
		sin := math.Sin(theta)
		if sin > 1e-6 {
			sa := float32(math.Sin(float64(u)*theta) / sin)
			sb := float32(math.Sin(float64(t)*theta) / sin)
			if wb < 0 {
				sb = -sb
			}
			wa, wb = sa, sb
		}
	}
	dst.Pos = mgl32.Vec3{u*a.Pos[0] + t*b.Pos[0], u*a.Pos[1] + t*b.Pos[1], u*a.Pos[2] + t*b.Pos[2]}
	dst.Scale = mgl32.Vec3{u*a.Scale[0] + t*b.Scale[0], u*a.Scale[1] + t*b.Scale[1], u*a.Scale[2] + t*b.Scale[2]}
	w, x, y, z := wa*aw+wb*bw, wa*ax+wb*bx, wa*ay+wb*by, wa*az+wb*bz
	n := w*w + x*x + y*y + z*z
	if n > 0 {
		k := float32(1 / math.Sqrt(float64(n)))
		w, x, y, z = w*k, x*k, y*k, z*k
	} else {
		w = 1
	}
	dst.Rot = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
}

// addDelta adds w times the difference of s from the rest transform r to
// dst: the position offset, the rotation r⁻¹·s (dst.Rot·delta, after
// the shortest arc from the identity to it by w), the scale ratio.
func addDelta(dst, s, r *scene.Transform, w float32) {
	for k := range 3 {
		dst.Pos[k] += (s.Pos[k] - r.Pos[k]) * w
		if r.Scale[k] != 0 {
			dst.Scale[k] *= 1 + (s.Scale[k]/r.Scale[k]-1)*w
		}
	}
	delta := r.Rot.Conjugate().Mul(s.Rot)
	id := scene.Transform{Rot: mgl32.QuatIdent()}
	dq := scene.Transform{Rot: delta}
	blend(&dq, &id, &dq, w)
	dst.Rot = dst.Rot.Mul(dq.Rot).Normalize()
}
