package camera

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Input is one tick's input to a camera: plain numbers, from raw input or
// from input actions. The zero Input leaves a camera where it is (a follow
// camera still follows its target). Non-finite values count as zero.
type Input struct {
	// Look is the captured cursor's motion this tick in pixels (x right,
	// y down): mouse-look. Each pixel turns LookSpeed radians.
	Look mgl32.Vec2
	// Turn is a turning rate in [−1, 1] per axis (x right, y up): a right
	// stick or arrow keys. Full deflection turns TurnSpeed radians per second.
	Turn mgl32.Vec2
	// Move is movement in [−1, 1] per axis: x right, y up, z forward (WASD,
	// a left stick). Only the free-fly camera moves itself.
	Move mgl32.Vec3
	// Zoom is zoom steps this tick (mouse wheel notches, or ± keys): a
	// positive step zooms in (closer, or a narrower field of view).
	Zoom float32
}

// sanitize zeroes non-finite values.
func (in *Input) sanitize() {
	fin := func(v *float32) {
		if !finite(*v) {
			*v = 0
		}
	}
	fin(&in.Look[0])
	fin(&in.Look[1])
	fin(&in.Turn[0])
	fin(&in.Turn[1])
	fin(&in.Move[0])
	fin(&in.Move[1])
	fin(&in.Move[2])
	fin(&in.Zoom)
}

// Pose is where a camera is and where it looks: the eye, its direction as
// yaw and pitch, a roll about the view direction, and the vertical field of
// view (radians; 0 means gfx.DefaultFovY).
//
// Pivot is the distance along the view to the point the camera turns round
// (an orbit's target, a follow camera's pivot); 0 for a camera that turns
// where it stands. Blend moves that point and the distance, so an orbit
// swings along its arc, its target centred at every alpha, where blending
// the eye would cut across the chord.
type Pose struct {
	Eye              mgl32.Vec3
	Yaw, Pitch, Roll float32
	FovY             float32
	Pivot            float32
}

// Forward returns the unit direction the pose looks along.
func (p *Pose) Forward() mgl32.Vec3 { return forward(p.Yaw, p.Pitch) }

func forward(yaw, pitch float32) mgl32.Vec3 {
	sy, cy := math.Sincos(float64(yaw))
	sp, cp := math.Sincos(float64(pitch))
	return mgl32.Vec3{float32(sy * cp), float32(sp), float32(-cy * cp)}
}

// basis returns the pose's right, up and forward unit vectors, roll
// applied.
func (p *Pose) basis() (r, u, f mgl32.Vec3) {
	sy, cy := math.Sincos(float64(p.Yaw))
	sp, cp := math.Sincos(float64(p.Pitch))
	f = mgl32.Vec3{float32(sy * cp), float32(sp), float32(-cy * cp)}
	// right = f × worldUp, normalised: (cos yaw, 0, sin yaw); up = right × f.
	r = mgl32.Vec3{float32(cy), 0, float32(sy)}
	u = mgl32.Vec3{float32(-sp * sy), float32(cp), float32(sp * cy)}
	if p.Roll != 0 {
		sr, cr := math.Sincos(float64(p.Roll))
		s, c := float32(sr), float32(cr)
		r, u = mgl32.Vec3{r[0]*c + u[0]*s, r[1]*c + u[1]*s, r[2]*c + u[2]*s},
			mgl32.Vec3{u[0]*c - r[0]*s, u[1]*c - r[1]*s, u[2]*c - r[2]*s}
	}
	return r, u, f
}

// View writes the pose's view matrix (world to eye space) into dst.
func (p *Pose) View(dst *mgl32.Mat4) {
	r, u, f := p.basis()
	e := p.Eye
	dst[0], dst[4], dst[8], dst[12] = r[0], r[1], r[2], -(r[0]*e[0] + r[1]*e[1] + r[2]*e[2])
	dst[1], dst[5], dst[9], dst[13] = u[0], u[1], u[2], -(u[0]*e[0] + u[1]*e[1] + u[2]*e[2])
	dst[2], dst[6], dst[10], dst[14] = -f[0], -f[1], -f[2], f[0]*e[0]+f[1]*e[1]+f[2]*e[2]
	dst[3], dst[7], dst[11], dst[15] = 0, 0, 0, 1
}

// Rotation returns the pose's orientation as a quaternion: the rotation of
// a scene actor whose −Z looks along the pose (a camera actor set with
// scene.Manager.SetCamera, Local.Pos = Eye).
func (p *Pose) Rotation() mgl32.Quat {
	r, u, f := p.basis()
	m := mgl32.Mat3{r[0], r[1], r[2], u[0], u[1], u[2], -f[0], -f[1], -f[2]}
	return mgl32.Mat4ToQuat(m.Mat4()).Normalize()
}

// Blend writes into dst the pose t of the way from a to b (t in [0, 1]):
// the pitch, roll, field of view and pivot distance linearly, the yaw along
// the shorter way round, and the eye linearly when neither pose has a
// pivot; otherwise the pivot point (Eye + Pivot·Forward) moves linearly and
// the eye sits Pivot behind it. dst may be a or b.
func Blend(dst, a, b *Pose, t float32) {
	dy := wrap(b.Yaw - a.Yaw)
	yaw := wrap(a.Yaw + dy*t)
	pitch := lerp(a.Pitch, b.Pitch, t)
	if a.Pivot == 0 && b.Pivot == 0 {
		dst.Eye = mgl32.Vec3{lerp(a.Eye[0], b.Eye[0], t), lerp(a.Eye[1], b.Eye[1], t), lerp(a.Eye[2], b.Eye[2], t)}
		dst.Pivot = 0
	} else {
		fa, fb := a.Forward(), b.Forward()
		var c mgl32.Vec3
		for i := range 3 {
			c[i] = lerp(a.Eye[i]+fa[i]*a.Pivot, b.Eye[i]+fb[i]*b.Pivot, t)
		}
		d := lerp(a.Pivot, b.Pivot, t)
		f := forward(yaw, pitch)
		dst.Eye = mgl32.Vec3{c[0] - f[0]*d, c[1] - f[1]*d, c[2] - f[2]*d}
		dst.Pivot = d
	}
	dst.Yaw, dst.Pitch = yaw, pitch
	dst.Roll = lerp(a.Roll, b.Roll, t)
	dst.FovY = lerp(fovOf(a.FovY), fovOf(b.FovY), t)
}

// finite reports whether p has no NaN or infinity.
func (p *Pose) finite() bool {
	return finite(p.Eye[0]) && finite(p.Eye[1]) && finite(p.Eye[2]) &&
		finite(p.Yaw) && finite(p.Pitch) && finite(p.Roll) && finite(p.FovY) && finite(p.Pivot)
}

func lerp(a, b, t float32) float32 { return a + (b-a)*t }

func finite(v float32) bool { return v-v == 0 }

func clamp(v, lo, hi float32) float32 { return min(max(v, lo), hi) }

// wrap brings an angle into [−π, π), so yaw keeps its precision however
// long a camera turns.
func wrap(a float32) float32 {
	if a >= -math.Pi && a < math.Pi {
		return a
	}
	x := math.Mod(float64(a)+math.Pi, 2*math.Pi)
	if x < 0 {
		x += 2 * math.Pi
	}
	w := float32(x - math.Pi)
	if w >= math.Pi { // float32 rounding
		w = -math.Pi
	}
	return w
}
