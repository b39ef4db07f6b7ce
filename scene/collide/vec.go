package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
)

// vec is the package's working vector: geometry and the solver compute in
// float64 (GJK and the solver lose too much in float32) and convert to and
// from the scene's float32 transforms at the edges.
type vec [3]float64

func (a vec) add(b vec) vec             { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) sub(b vec) vec             { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec) mul(s float64) vec         { return vec{a[0] * s, a[1] * s, a[2] * s} }
func (a vec) dot(b vec) float64         { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) len2() float64             { return a.dot(a) }
func (a vec) len() float64              { return math.Sqrt(a.dot(a)) }
func (a vec) neg() vec                  { return vec{-a[0], -a[1], -a[2]} }
func (a vec) madd(b vec, s float64) vec { return vec{a[0] + b[0]*s, a[1] + b[1]*s, a[2] + b[2]*s} }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a vec) norm() vec {
	l := a.len()
	if l < 1e-300 {
		return vec{0, 1, 0}
	}
	return a.mul(1 / l)
}
func (a vec) finite() bool {
	s := a[0] + a[1] + a[2]
	return s-s == 0
}
func (a vec) f32() mgl32.Vec3 { return mgl32.Vec3{float32(a[0]), float32(a[1]), float32(a[2])} }
func v64(a mgl32.Vec3) vec    { return vec{float64(a[0]), float64(a[1]), float64(a[2])} }

func vmin(a, b vec) vec { return vec{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])} }
func vmax(a, b vec) vec { return vec{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])} }

// perp returns a unit vector perpendicular to the unit vector n.
func perp(n vec) vec {
	if math.Abs(n[0]) < 0.57 {
		return n.cross(vec{1, 0, 0}).norm()
	}
	return n.cross(vec{0, 1, 0}).norm()
}

// quat is a rotation: w + (x, y, z).
type quat struct{ w, x, y, z float64 }

var identQ = quat{w: 1}

func q64(q mgl32.Quat) quat {
	r := quat{float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])}
	return r.normalized()
}
func (q quat) f32() mgl32.Quat {
	return mgl32.Quat{W: float32(q.w), V: mgl32.Vec3{float32(q.x), float32(q.y), float32(q.z)}}
}
func (q quat) normalized() quat {
	l := math.Sqrt(q.w*q.w + q.x*q.x + q.y*q.y + q.z*q.z)
	if !(l > 1e-12) || math.IsInf(l, 0) {
		return identQ
	}
	return quat{q.w / l, q.x / l, q.y / l, q.z / l}
}
func (a quat) mul(b quat) quat {
	return quat{
		a.w*b.w - a.x*b.x - a.y*b.y - a.z*b.z,
		a.w*b.x + a.x*b.w + a.y*b.z - a.z*b.y,
		a.w*b.y - a.x*b.z + a.y*b.w + a.z*b.x,
		a.w*b.z + a.x*b.y - a.y*b.x + a.z*b.w,
	}
}
func (q quat) conj() quat { return quat{q.w, -q.x, -q.y, -q.z} }

// rotate returns q·v·q⁻¹.
func (q quat) rotate(v vec) vec {
	u := vec{q.x, q.y, q.z}
	t := u.cross(v).mul(2)
	return v.add(t.mul(q.w)).add(u.cross(t))
}

// axes returns the rotated unit axes (the columns of q's matrix).
func (q quat) axes() [3]vec {
	return [3]vec{q.rotate(vec{1, 0, 0}), q.rotate(vec{0, 1, 0}), q.rotate(vec{0, 0, 1})}
}

// integrate advances q by the angular velocity w over dt.
func (q quat) integrate(w vec, dt float64) quat {
	d := quat{0, w[0], w[1], w[2]}.mul(q)
	h := 0.5 * dt
	return quat{q.w + d.w*h, q.x + d.x*h, q.y + d.y*h, q.z + d.z*h}.normalized()
}

// pose is a rigid transform: rotate, then translate.
type pose struct {
	p vec
	q quat
}

func (t pose) apply(v vec) vec   { return t.q.rotate(v).add(t.p) }
func (t pose) inverse(v vec) vec { return t.q.conj().rotate(v.sub(t.p)) }
func (t pose) mul(o pose) pose   { return pose{t.apply(o.p), t.q.mul(o.q).normalized()} }

// mat3 is a 3×3 matrix, rows.
type mat3 [3]vec

func (m *mat3) mulv(v vec) vec { return vec{m[0].dot(v), m[1].dot(v), m[2].dot(v)} }

// worldInertia returns R·diag(d)·Rᵀ for the rotation q.
func worldInertia(q quat, d vec) mat3 {
	ax := q.axes()
	var m mat3
	for i := range 3 {
		for j := range 3 {
			m[i][j] = ax[0][i]*d[0]*ax[0][j] + ax[1][i]*d[1]*ax[1][j] + ax[2][i]*d[2]*ax[2][j]
		}
	}
	return m
}

func clampf(x, lo, hi float64) float64 { return max(lo, min(hi, x)) }

// scene4 converts a pose to a unit-scale scene transform.
func scene4(t pose) scene.Transform {
	return scene.Transform{Pos: t.p.f32(), Rot: t.q.f32(), Scale: mgl32.Vec3{1, 1, 1}}
}
