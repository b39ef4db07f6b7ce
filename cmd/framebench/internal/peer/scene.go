package peer

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// The scene's constants, the same in every engine.
const (
	Speed   = 1.2  // radians per second each cube turns about its axis
	Spacing = 2.0  // distance between neighbouring cubes' centres
	FovY    = 45.0 // vertical field of view, degrees
	Near    = 0.1  // near clip distance
	Far     = 1000 // far clip distance (raylib's fixed far plane)

	// MaxCubes is the most cubes a Scene holds: at 1M the grid still fits
	// inside the far plane.
	MaxCubes = 1_000_000
)

// The scene's colours: sRGB-encoded, as gfx.Color and raylib's bytes are.
var (
	Background = gfx.RGB(0.1, 0.13, 0.2)
	CubeColor  = gfx.RGB(1, 0.55, 0.2)
	Light      = gfx.DefaultLight
)

// Scene is the cube grid of n cubes: positions, axes and starting
// orientations, computed once.
type Scene struct {
	pos  []mgl32.Vec3
	axis []mgl32.Vec3
	rot0 []mgl32.Quat
	ext  float32 // half the grid's width
}

// NewScene lays out n cubes (1 to MaxCubes) on a square grid centred on the
// origin, in the y = 0 plane, row by row.
func NewScene(n int) (*Scene, error) {
	if n < 1 || n > MaxCubes {
		return nil, fmt.Errorf("peer: %d cubes: allowed 1 to %d", n, MaxCubes)
	}
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	s := &Scene{
		pos:  make([]mgl32.Vec3, n),
		axis: make([]mgl32.Vec3, n),
		rot0: make([]mgl32.Quat, n),
		ext:  float32(cols) * Spacing / 2,
	}
	for i := range n {
		c, r := i%cols, i/cols
		s.pos[i] = mgl32.Vec3{
			(float32(c) - float32(cols-1)/2) * Spacing,
			0,
			(float32(r) - float32(rows-1)/2) * Spacing,
		}
		s.axis[i] = Axis(i)
		s.rot0[i] = AxisAngle(s.axis[i], Phase(i))
	}
	return s, nil
}

// Len is the number of cubes.
func (s *Scene) Len() int { return len(s.pos) }

// Pos is where cube i's centre sits.
func (s *Scene) Pos(i int) mgl32.Vec3 { return s.pos[i] }

// Axis is the unit axis cube i turns about: a different tilt for each cube,
// always within 45° of up. It is the same in every engine.
func Axis(i int) mgl32.Vec3 {
	a := float64(i) * 2.399963 // the golden angle: neighbours differ
	return mgl32.Vec3{float32(0.7 * math.Cos(a)), 1, float32(0.7 * math.Sin(a))}.Normalize()
}

// Phase is cube i's starting angle about its axis, radians.
func Phase(i int) float64 { return math.Mod(float64(i)*0.61803, 2*math.Pi) }

// Rot0 is cube i's orientation at time 0: Phase(i) about Axis(i).
func (s *Scene) Rot0(i int) mgl32.Quat { return s.rot0[i] }

// Camera returns the eye and the point it looks at (up is +Y): above and in
// in front of the grid, far enough back that the grid fills a 16:9 view at
// FovY (its nearest rows run off the bottom edge).
func (s *Scene) Camera() (eye, target mgl32.Vec3) {
	d := 1.3*s.ext + 3
	return mgl32.Vec3{0, d, d}, mgl32.Vec3{}
}

// AxisAngle is the rotation of angle radians about the unit vector axis,
// computed in float64.
func AxisAngle(axis mgl32.Vec3, angle float64) mgl32.Quat {
	sn, c := math.Sincos(angle / 2)
	return mgl32.Quat{W: float32(c), V: mgl32.Vec3{float32(sn) * axis[0], float32(sn) * axis[1], float32(sn) * axis[2]}}
}

// Matrices writes every cube's model matrix at t seconds into dst (which
// needs Len matrices): cube i turned Phase(i) + Speed·t about Axis(i), at
// Pos(i). Matrices are column-major, as mgl32 and OpenGL keep them. A
// peer calls it once per frame on its render thread; it allocates nothing
// and calls no trigonometry per cube.
func (s *Scene) Matrices(t float64, dst []mgl32.Mat4) {
	sn, c := math.Sincos(Speed * t / 2)
	w, k := float32(c), float32(sn)
	for i := range s.pos {
		a, q0 := &s.axis[i], &s.rot0[i]
		// q = (w, k·axis) × q0: a turn about the axis the cube started
		// turned about, so the two rotations commute.
		qw := w*q0.W - k*(a[0]*q0.V[0]+a[1]*q0.V[1]+a[2]*q0.V[2])
		qx := w*q0.V[0] + q0.W*k*a[0] + k*(a[1]*q0.V[2]-a[2]*q0.V[1])
		qy := w*q0.V[1] + q0.W*k*a[1] + k*(a[2]*q0.V[0]-a[0]*q0.V[2])
		qz := w*q0.V[2] + q0.W*k*a[2] + k*(a[0]*q0.V[1]-a[1]*q0.V[0])
		rotTrans(&dst[i], qw, qx, qy, qz, &s.pos[i])
	}
}

// rotTrans writes the matrix of the unit quaternion (w, x, y, z) followed by
// a translation to p.
func rotTrans(m *mgl32.Mat4, w, x, y, z float32, p *mgl32.Vec3) {
	xx, yy, zz := x*x, y*y, z*z
	xy, xz, yz := x*y, x*z, y*z
	wx, wy, wz := w*x, w*y, w*z
	*m = mgl32.Mat4{
		1 - 2*(yy+zz), 2 * (xy + wz), 2 * (xz - wy), 0,
		2 * (xy - wz), 1 - 2*(xx+zz), 2 * (yz + wx), 0,
		2 * (xz + wy), 2 * (yz - wx), 1 - 2*(xx+yy), 0,
		p[0], p[1], p[2], 1,
	}
}
