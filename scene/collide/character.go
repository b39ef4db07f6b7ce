package collide

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
)

// Character moves an actor as a kinematic capsule with move-and-slide:
// it slides along what it meets, climbs steps up to StepHeight, walks up
// slopes up to MaxSlope and treats steeper ones as walls, keeps to the
// ground it stands on (snapping down small drops), pushes itself out of
// anything it overlaps, and rides the actor it stands on (a moving
// platform). It never pushes bodies and is not pushed by them; give the
// actor a Kinematic collider of the same capsule if bodies and sensors
// should feel it.
//
// The actor's origin is the character's feet: the capsule stands on it.
// The actor must be a root. Set the settings once; the rest is state kept
// from tick to tick (described, so the hash and snapshots cover it).
type Character struct {
	Radius     float32 // capsule radius; 0 means 0.3
	HalfHeight float32 // half the capsule's straight part; 0 means 0.6 (1.8 m tall)
	StepHeight float32 // 0 means 0.3 m; negative: no steps
	MaxSlope   float32 // steepest walkable slope, radians; 0 means 45°
	Skin       float32 // gap kept to surfaces; 0 means 0.01 m
	Mask       uint32  // layers it collides with; 0 means all

	// State after the last Move.
	OnGround     bool
	GroundNormal mgl32.Vec3
	Ground       scene.Handle // the actor stood on
}

func (c *Character) Describe(v *fields.Visitor) {
	v.Bool("onGround", &c.OnGround)
	v.Vec3("groundNormal", &c.GroundNormal)
	fields.Integer(v, "ground", &c.Ground)
}

type charCfg struct {
	r, hh, step, cosSlope, skin float64
}

func (c *Character) cfg() (charCfg, error) {
	k := charCfg{r: 0.3, hh: 0.6, step: 0.3, cosSlope: math.Cos(math.Pi / 4), skin: 0.01}
	set := func(dst *float64, v float32, name string) error {
		switch {
		case v == 0:
		case !(v > 0 && v < MaxSize):
			return fmt.Errorf("collide: character %s %v: %w: want a positive size", name, v, ErrBadValue)
		default:
			*dst = float64(v)
		}
		return nil
	}
	if err := set(&k.r, c.Radius, "radius"); err != nil {
		return k, err
	}
	if err := set(&k.hh, c.HalfHeight, "half height"); err != nil {
		return k, err
	}
	if c.StepHeight < 0 {
		k.step = 0
	} else if err := set(&k.step, c.StepHeight, "step height"); err != nil {
		return k, err
	}
	if err := set(&k.skin, c.Skin, "skin"); err != nil {
		return k, err
	}
	if c.MaxSlope != 0 {
		if !(c.MaxSlope > 0 && c.MaxSlope < math.Pi/2) {
			return k, fmt.Errorf("collide: character max slope %v rad: %w: want (0, π/2)", c.MaxSlope, ErrBadValue)
		}
		k.cosSlope = math.Cos(float64(c.MaxSlope))
	}
	return k, nil
}

func (k *charCfg) capsule(h *hull, feet vec) {
	c := feet.add(vec{0, k.hh + k.r, 0})
	segmentHull(h, c.sub(vec{0, k.hh, 0}), c.add(vec{0, k.hh, 0}), k.r)
}

// Move moves the character's actor h by velocity·dt (m/s, s) with
// move-and-slide, during a tick (typically from the actor's behaviour,
// with the tick's Delta), and returns the velocity left after sliding
// (what hit a wall or the ground is taken out: feed it back, with gravity
// added, next tick). It sees the other colliders as the last World.Step
// placed them, ignores its own actor's collider and sensors, and writes
// the actor's Local.Pos. Non-finite input is refused.
func (c *Character) Move(w *World, m *scene.Manager, h scene.Handle, velocity mgl32.Vec3, dt float32) (mgl32.Vec3, error) {
	w.refresh()
	k, err := c.cfg()
	if err != nil {
		return velocity, err
	}
	a, err := m.Actor(h)
	if err != nil {
		return velocity, fmt.Errorf("collide: character move: %w", err)
	}
	if a.Parent() != scene.NoHandle {
		return velocity, fmt.Errorf("collide: character move of %v: %w: the actor must be a root", h, ErrBadValue)
	}
	vel := v64(velocity)
	if !vel.finite() || !(dt >= 0 && dt <= 1) {
		return velocity, fmt.Errorf("collide: character move of %v: %w: velocity %v, dt %v (want finite, dt in [0, 1] s)", h, ErrBadValue, velocity, dt)
	}
	f := Filter{Mask: c.Mask, Exclude: h}
	pos := v64(a.Local.Pos)
	wasGround := c.OnGround

	// Ride the ground: it moved from its last world transform to its
	// world transform in the last tick.
	if c.OnGround && c.Ground != scene.NoHandle {
		if g, err := m.Actor(c.Ground); err == nil {
			last, now := g.LastWorld(), g.World()
			lp := pose{v64(last.Pos), q64(last.Rot)}
			np := pose{v64(now.Pos), q64(now.Rot)}
			pos = np.apply(lp.inverse(pos))
		}
	}
	c.OnGround, c.Ground, c.GroundNormal = false, scene.NoHandle, mgl32.Vec3{}

	pos = w.depenetrate(&k, pos, &f)

	motion := vel.mul(float64(dt))
	for range 5 {
		if motion.len2() < 1e-14 {
			break
		}
		var q hull
		k.capsule(&q, pos)
		hit, ok := w.sweepHull(&q, motion, &f, k.skin)
		if !ok {
			pos = pos.add(motion)
			break
		}
		L := motion.len()
		pos = pos.madd(motion, hit.t/L)
		rest := motion.mul(1 - hit.t/L)
		n := hit.n
		if n[1] >= k.cosSlope {
			c.ground(w, hit)
		} else if k.step > 0 && n[1] < k.cosSlope && math.Abs(n[1]) < 0.3 && wasGround {
			if p, ok := w.stepUp(&k, pos, rest, &f, c); ok {
				pos, motion = p, vec{}
				continue
			}
		}
		slide := rest.sub(n.mul(rest.dot(n)))
		if n[1] < k.cosSlope && n[1] > 0 && slide[1] > 0 {
			// Too steep: a wall, which the character cannot climb.
			hn := vec{n[0], 0, n[2]}.norm()
			slide = rest.sub(hn.mul(rest.dot(hn)))
			slide[1] = min(slide[1], 0)
			n = hn
		}
		if d := vel.dot(n); d < 0 {
			vel = vel.sub(n.mul(d))
		}
		motion = slide
	}

	// Keep to the ground: snap down over small drops while walking.
	if !c.OnGround {
		snap := k.skin * 2
		if wasGround && vel[1] <= 0 {
			snap = max(k.step, snap)
		}
		var q hull
		k.capsule(&q, pos)
		if hit, ok := w.sweepHull(&q, vec{0, -snap, 0}, &f, k.skin); ok && hit.n[1] >= k.cosSlope {
			pos[1] -= hit.t
			c.ground(w, hit)
		}
	}
	if c.OnGround && vel[1] < 0 {
		vel[1] = 0
	}
	a.Local.Pos = pos.f32()
	return vel.f32(), nil
}

func (c *Character) ground(w *World, hit sweepHit) {
	c.OnGround = true
	c.GroundNormal = hit.n.f32()
	c.Ground = w.cols[hit.col].h
}

// stepUp tries to climb what the character walked into: up by the step
// height, forward by the rest of the motion, down onto walkable ground.
func (w *World) stepUp(k *charCfg, pos, rest vec, f *Filter, c *Character) (vec, bool) {
	fwd := vec{rest[0], 0, rest[2]}
	if fwd.len2() < 1e-12 {
		return pos, false
	}
	var q hull
	up := vec{0, k.step, 0}
	k.capsule(&q, pos)
	p := pos.add(up)
	if hit, ok := w.sweepHull(&q, up, f, k.skin); ok {
		p = pos.add(vec{0, hit.t, 0})
	}
	// Go at least a radius forward so the feet clear the step's edge.
	if l := fwd.len(); l < k.r {
		fwd = fwd.mul(k.r / l)
	}
	k.capsule(&q, p)
	if hit, ok := w.sweepHull(&q, fwd, f, k.skin); ok {
		p = p.madd(fwd, hit.t/fwd.len())
	} else {
		p = p.add(fwd)
	}
	k.capsule(&q, p)
	down := vec{0, -(p[1] - pos[1]) - k.skin, 0}
	hit, ok := w.sweepHull(&q, down, f, k.skin)
	if !ok || hit.n[1] < k.cosSlope {
		return pos, false
	}
	p[1] -= hit.t
	if p[1] <= pos[1]+1e-4 {
		return pos, false
	}
	c.ground(w, hit)
	return p, true
}

// depenetrate pushes the capsule out of what it overlaps, the deepest
// first, a few times.
func (w *World) depenetrate(k *charCfg, pos vec, f *Filter) vec {
	for range 4 {
		var q hull
		k.capsule(&q, pos)
		lo, hi := q.bounds()
		deep, push := 0.0, vec{}
		test := func(obs *hull) {
			sep, n, _, _ := separation(obs, &q)
			if sep < -deep {
				deep, push = -sep, n
			}
		}
		w.tree.query(lo, hi, func(i int32) bool {
			c := &w.cols[i]
			if !f.sees(c) {
				return true
			}
			if c.cfg.Shape.Kind != ShapeMesh {
				test(&c.hl)
				return true
			}
			ms := w.mesh(c.cfg.Shape.Mesh)
			if ms == nil {
				return true
			}
			llo, lhi := toMeshLocal(c, lo, hi)
			ms.tree.query(llo, lhi, func(t int32) bool {
				var th hull
				if w.worldTri(c, ms, t, &th) {
					test(&th)
				}
				return true
			})
			return true
		})
		if deep <= 1e-5 {
			break
		}
		pos = pos.madd(push, deep+k.skin*0.5)
	}
	return pos
}
