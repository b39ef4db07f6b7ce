package collide

import (
	"errors"
	"fmt"
	"github.com/go-gl/mathgl/mgl32"
	"slices"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// EventKind says whether a contact began, goes on or ended.
type EventKind uint8

const (
	Begin EventKind = iota + 1 // the pair started touching this tick
	Stay                       // the pair touched last tick and still does
	End                        // the pair stopped touching (or one was removed)
)

func (k EventKind) String() string {
	return [...]string{"none", "begin", "stay", "end"}[min(int(k), 3)]
}

// Event is a contact between the colliders of actors A and B (A < B, as
// handles). Point, Normal (from A to B) and Depth are the deepest point's;
// an End event has the last ones seen. Sensor is true when either is a
// sensor.
type Event struct {
	Kind   EventKind
	A, B   scene.Handle
	Point  mgl32.Vec3
	Normal mgl32.Vec3
	Depth  float32
	Sensor bool
}

// ContactHandler is an optional behaviour: Step calls Contact on the
// behaviour of each actor of each event, after the events are known, in
// the events' order (A's handler, then B's), with e seen from that actor:
// e.A is the actor itself (the normal then points away from it).
type ContactHandler interface {
	Contact(a *scene.Actor, e Event, m *scene.Manager)
}

// cand is a broad-phase pair of collider indices, i < j.
type cand struct{ i, j int32 }

// pair is a pair in contact (or within the speculative margin), kept from
// tick to tick for the events and the solver's warm start.
type pair struct {
	a, b     scene.Handle
	touching bool
	sensor   bool
	m        manifold
	jn       [maxPoints]float64
	jt1, jt2 [maxPoints]float64
	ia, ib   int32 // collider indices during a Step (not kept)
}

const (
	slop         = 0.0005 // m of penetration the solver leaves alone
	contactHertz = 60     // stiffness of the soft contact (Box2D v3's soft step)
	dampingRatio = 10
	maxPushOut   = 3    // m/s at which penetration is pushed out at most
	stillLinear  = 0.05 // m/s below which a body may begin to rest
	stillAngular = 0.08 // rad/s below which a body may begin to rest
	// A resting body stays within restDist and restAngle of where it began
	// to rest and below these speeds (it may jiggle in place).
	stillMaxLinear  = 0.5   // m/s
	stillMaxAngular = 1.5   // rad/s
	restDist        = 0.03  // m
	restAngle       = 0.1   // rad
	restDamping     = 10    // 1/s: how fast a resting body's speed is damped
	maxAngular      = 100.0 // rad/s
	bigWorld        = 1e6   // m from the origin: bodies beyond are stopped
)

// Step advances the world by one tick: it detaches the colliders of
// removed actors, places every collider from its actor's world transform
// (dynamic bodies from their own state), finds the pairs in contact, turns
// their changes into events, moves the dynamic bodies and writes their
// actors' Local transforms, puts still islands of bodies to sleep, and
// calls the ContactHandler behaviours. Call it once per tick with the
// tick's info, before m.Tick (so the bodies' new poses become world
// transforms in that tick); it never reads a clock.
//
// Bad values it meets are clamped and reported in its error, one line
// each: a body faster than MaxSpeed (a body faster than about its own size
// per tick may still pass through a thin wall: speculative contacts catch
// what the motion of one tick would cross, for walls at least as thick as
// the body's speed·dt minus its size, and clamping bounds the rest), a
// body with non-finite state (put back at its actor, at rest) or one far
// from the origin (stopped). Step allocates nothing once its buffers
// have grown to the scene's size.
func (w *World) Step(m *scene.Manager, t timing.TickInfo) error {
	dt := t.Delta
	if !(dt > 0) || dt > 0.25 {
		return fmt.Errorf("collide: step %d: %w: tick delta %v s is outside (0, 0.25]", t.Index, ErrBadValue, dt)
	}
	w.tick = t.Index
	w.notices = w.notices[:0]
	w.sync(m, dt)
	w.broad(dt)
	w.narrow(dt)
	w.solve(dt)
	w.integrate(m, dt)
	w.sleep(dt)
	w.stale = false
	w.dispatch(m)
	if len(w.notices) == 0 {
		return nil
	}
	return fmt.Errorf("collide: step %d: %w", t.Index, errors.Join(w.notices...))
}

// Events returns the contact events of the last Step, ordered by (A, B).
// The slice is reused by the next Step.
func (w *World) Events() []Event { return w.events }

func (w *World) notice(format string, args ...any) {
	if len(w.notices) < 16 {
		w.notices = append(w.notices, fmt.Errorf(format, args...))
	}
}

// sync drops the colliders of removed actors and places the others.
func (w *World) sync(m *scene.Manager, dt float64) {
	w.tree.reset(len(w.cols))
	w.keys = grow(w.keys, len(w.cols))
	k := 0
	for i := range w.cols {
		c := &w.cols[i]
		c.moved = false
		a, err := m.Actor(c.h)
		if err != nil {
			continue // removed: its pairs end in narrow
		}
		wt := a.World()
		sc := scaleOf(wt.Scale)
		sameScale := sc == c.scale
		c.scale = sc
		if c.dynamic() {
			if !c.placed {
				c.pos, c.rot, c.placed = v64(wt.Pos), q64(wt.Rot), true
			}
			if !c.pos.finite() || !c.vel.finite() || !c.ang.finite() || c.pos.len2() > bigWorld*bigWorld {
				w.notice("body %v at %v moving %v: not finite or beyond %g m: put back at its actor, at rest", c.h, c.pos, c.vel, bigWorld)
				c.pos, c.rot, c.vel, c.ang = v64(wt.Pos), q64(wt.Rot), vec{}, vec{}
			}
			w.clamp(c)
			if c.asleep && c.live && sameScale && !w.stale {
				w.keep(c, i, k, dt)
				k++
				continue // asleep: its placed shape stands
			}
			w.place(c)
			if w.stale && c.asleep {
				c.moved = false // a sleeper placed again after a Load has not moved
			}
			w.keep(c, i, k, dt)
			k++
			continue
		}
		// The actor's rotation as last read gives the same normalized
		// rotation: only a changed one is normalized anew.
		fresh := c.placed && c.live && !w.stale
		p, q := v64(wt.Pos), c.rot
		sameRot := fresh && wt.Rot == c.arot
		if !sameRot {
			q = q64(wt.Rot)
			sameRot = fresh && q == c.rot
		}
		// Placed again after a Load, where it was: that is no motion (it
		// must not wake sleepers or renew contacts, or ticks run again
		// from a snapshot would differ).
		reloaded := w.stale && c.placed && sameScale && p == c.pos && q == c.rot
		c.arot = wt.Rot
		if c.cfg.Body == Kinematic && c.placed {
			c.vel = p.sub(c.pos).mul(1 / dt)
		}
		same := fresh && sameScale && sameRot && p == c.pos
		c.pos, c.rot, c.placed = p, q, true
		switch {
		case same:
			// not moved: its placed shape stands
		case reloaded:
			w.place(c)
			c.moved = false
		case sameScale && sameRot && w.translate(c):
			// moved without turning: its shape moved with it
		default:
			w.place(c)
		}
		w.keep(c, i, k, dt)
		k++
	}
	clear(w.cols[k:])
	w.cols = w.cols[:k]
	w.tree.lo, w.tree.hi = w.tree.lo[:k], w.tree.hi[:k]
	w.keys = w.keys[:k]
}

// keep moves collider i to slot k (removed colliders before it leave
// gaps) and writes its bounds, grown by how far a moving body may go this
// tick, as the broad phase's item k.
func (w *World) keep(c *collider, i, k int, dt float64) {
	grow := 0.0
	switch {
	case c.moving():
		grow = c.vel.len()*dt + 0.01
	case c.dynamic():
		// Asleep: grown as at rest, so that the pairs it slept with
		// (some touch across a hair's gap) stay pairs and do not end,
		// which would wake it.
		grow = 0.01
	}
	g := vec{grow, grow, grow}
	w.tree.lo[k], w.tree.hi[k] = c.lo.sub(g), c.hi.add(g)
	l, m := layerOf(&c.cfg)
	w.keys[k] = meetKey{l, m, c.cfg.Body == Static, c.cfg.Shape.Kind == ShapeMesh}
	if k != i {
		w.cols[k] = *c
	}
}

// clamp bounds a body's speeds, with a notice for the linear one.
func (w *World) clamp(c *collider) {
	maxV := float64(w.cfg.MaxSpeed)
	if s := c.vel.len(); s > maxV {
		w.notice("body %v at %.4g m/s clamped to MaxSpeed %g m/s", c.h, s, maxV)
		c.vel = c.vel.mul(maxV / s)
	}
	if s := c.ang.len(); s > maxAngular {
		c.ang = c.ang.mul(maxAngular / s)
	}
}

// translate moves the placed shape of a static or kinematic sphere or box
// without an offset to the collider's new position, when neither its
// rotation nor its scale changed since it was placed: the same shape place
// would derive, without rotating its axes again. It reports whether it
// could.
func (w *World) translate(c *collider) bool {
	if c.cfg.Offset != (mgl32.Vec3{}) || c.cfg.OffsetRot != mgl32.QuatIdent() {
		return false
	}
	switch {
	case c.cfg.Shape.Kind == ShapeSphere && c.hl.nv == 1 && !c.hl.box:
		c.hl.v[0] = c.pos
	case c.cfg.Shape.Kind == ShapeBox && c.hl.box:
		c.hl.c = c.pos
	default:
		return false
	}
	c.shape.p = c.pos
	c.live, c.moved = true, true
	c.lo, c.hi = c.hl.bounds()
	return true
}

// place derives a collider's world shape, bounds and mass properties.
func (w *World) place(c *collider) {
	if c.cfg.Offset == (mgl32.Vec3{}) && c.cfg.OffsetRot == mgl32.QuatIdent() {
		c.shape = pose{c.pos, c.rot}
	} else {
		off := pose{v64(c.cfg.Offset), q64(c.cfg.OffsetRot)}
		off.p = vec{off.p[0] * c.scale[0], off.p[1] * c.scale[1], off.p[2] * c.scale[2]}
		c.shape = pose{c.pos, c.rot}.mul(off)
	}
	c.live, c.moved = true, true
	if c.cfg.Shape.Kind == ShapeMesh {
		c.lo, c.hi = w.meshBounds(c)
	} else {
		placeConvex(&c.hl, &c.cfg.Shape, c.shape, c.scale)
		c.lo, c.hi = c.hl.bounds()
	}
	if c.dynamic() { // the others keep zero inverse mass and inertia
		w.prepare(c)
	}
}

// prepare sets the inverse mass and inertia of a dynamic body.
func (w *World) prepare(c *collider) {
	c.invM, c.invI = 0, vec{}
	if c.moving() {
		mass := float64(c.cfg.Mass)
		if mass == 0 {
			mass = 1
		}
		var d vec // principal moments of the shape about its centre
		s := &c.cfg.Shape
		switch s.Kind {
		case ShapeSphere:
			r := c.hl.r
			d = vec{0.4 * mass * r * r, 0.4 * mass * r * r, 0.4 * mass * r * r}
		case ShapeBox:
			e := c.hl.he.mul(2)
			d = vec{mass / 12 * (e[1]*e[1] + e[2]*e[2]), mass / 12 * (e[0]*e[0] + e[2]*e[2]), mass / 12 * (e[0]*e[0] + e[1]*e[1])}
		case ShapeCapsule:
			r, hh := c.hl.r, float64(s.HalfHeight)*c.scale[1]
			ly := 2 * (hh + r)
			side := mass / 12 * (3*r*r + ly*ly)
			d = vec{side, 0.5 * mass * r * r, side}
		}
		c.invM = 1 / mass
		for i := range 3 {
			c.invI[i] = 1 / max(d[i], 1e-9)
		}
		// The offset rotates the shape's axes; a shape off the body's
		// origin is treated as centred (its offset only places it).
		c.wInvI = worldInertia(c.shape.q, c.invI)
		return
	}
	c.wInvI = mat3{}
}

func (w *World) meshBounds(c *collider) (lo, hi vec) {
	ms := w.mesh(c.cfg.Shape.Mesh)
	if ms == nil || len(ms.tree.nodes) == 0 {
		return c.shape.p, c.shape.p
	}
	r := &ms.tree.nodes[0]
	return boxCorners(r.lo, r.hi, func(p vec) vec { return c.shape.apply(vec{p[0] * c.scale[0], p[1] * c.scale[1], p[2] * c.scale[2]}) })
}

// toMeshLocal returns the bounds, in a mesh collider's space, of the world
// box [lo, hi].
func toMeshLocal(c *collider, lo, hi vec) (vec, vec) {
	return boxCorners(lo, hi, func(p vec) vec {
		q := c.shape.inverse(p)
		return vec{q[0] / c.scale[0], q[1] / c.scale[1], q[2] / c.scale[2]}
	})
}

func boxCorners(lo, hi vec, f func(vec) vec) (vec, vec) {
	var olo, ohi vec
	for i := range 8 {
		p := lo
		for k := range 3 {
			if i>>k&1 == 1 {
				p[k] = hi[k]
			}
		}
		q := f(p)
		if i == 0 {
			olo, ohi = q, q
		}
		olo, ohi = vmin(olo, q), vmax(ohi, q)
	}
	return olo, ohi
}

func layerOf(c *Collider) (uint32, uint32) {
	l, m := c.Layer, c.Mask
	if l == 0 {
		l = 1
	}
	if m == 0 {
		m = ^uint32(0)
	}
	return l, m
}

// meetKey is what the broad phase needs of a collider to know whether it
// meets another, kept beside the tree's bounds so that the pair search
// never reads the colliders themselves.
type meetKey struct {
	layer, mask  uint32
	static, mesh bool
}

// meets is meets of the colliders the keys were made from.
func (a meetKey) meets(b meetKey) bool {
	return a.layer&b.mask != 0 && b.layer&a.mask != 0 && !(a.static && b.static) && !(a.mesh && b.mesh)
}

// broad rebuilds or refits the tree over the colliders' bounds (grown by how far a
// moving body may go this tick) and lists the candidate pairs in index,
// hence handle, order.
func (w *World) broad(dt float64) {
	n := len(w.cols) // sync wrote the tree's item bounds
	// Rebuild the tree when colliders came or went and every 16 ticks;
	// refit it in between (the pairs are the same either way).
	if w.built != n || w.tick%16 == 0 {
		w.tree.build(2)
		w.built = n
	} else {
		w.tree.refit()
	}
	w.cand = w.cand[:0]
	w.tree.selfPairs(func(i, j int32) {
		if i > j {
			i, j = j, i
		}
		if w.keys[i].meets(w.keys[j]) {
			w.cand = append(w.cand, cand{i, j})
		}
	})
	slices.SortFunc(w.cand, func(a, b cand) int {
		if a.i != b.i {
			return int(a.i - b.i)
		}
		return int(a.j - b.j)
	})
}

// margin is how far apart a pair may be and still get a (speculative)
// contact: what the two may close this tick.
func margin(a, b *collider, g, dt float64) float64 {
	if a.cfg.Sensor || b.cfg.Sensor {
		return 0
	}
	if !a.moving() && !b.moving() {
		return 0
	}
	return (a.vel.len()+b.vel.len()+g)*dt + 0.01
}

// contact computes the manifold of two colliders, normals from a to b.
func (w *World) contact(a, b *collider, mg float64, m *manifold) bool {
	m.np = 0
	switch {
	case a.cfg.Shape.Kind == ShapeMesh:
		w.meshContact(a, b, mg, m)
	case b.cfg.Shape.Kind == ShapeMesh:
		w.meshContact(b, a, mg, m)
		for i := range m.np {
			m.pts[i].n = m.pts[i].n.neg()
		}
	default:
		return collideHulls(&a.hl, &b.hl, mg, m)
	}
	return m.np > 0
}

// meshContact gathers the contacts of a convex collider with the mesh
// collider's triangles near it.
func (w *World) meshContact(mc, cc *collider, mg float64, m *manifold) {
	ms := w.mesh(mc.cfg.Shape.Mesh)
	if ms == nil {
		return
	}
	g := vec{mg, mg, mg}
	lo, hi := toMeshLocal(mc, cc.lo.sub(g), cc.hi.add(g))
	ms.tree.query(lo, hi, func(k int32) bool {
		var th hull
		if !w.worldTri(mc, ms, k, &th) {
			return true
		}
		var tm manifold
		if collideHulls(&th, &cc.hl, mg, &tm) {
			for i := range tm.np {
				m.add(tm.pts[i])
			}
		}
		return true
	})
}

func (w *World) worldTri(mc *collider, ms *TriMesh, k int32, th *hull) bool {
	a, b, c := ms.tri(k)
	s := mc.scale
	f := func(p vec) vec { return mc.shape.apply(vec{p[0] * s[0], p[1] * s[1], p[2] * s[2]}) }
	return triHull(th, f(a), f(b), f(c))
}
