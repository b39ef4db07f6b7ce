package collide

import (
	"math"
	"unsafe"

	"github.com/tickwork/tickwork/scene"
)

const touchDepth = -0.005 // a pair this close (m) counts as touching

func pairLess(a, b scene.Handle, c, d scene.Handle) bool {
	return a < c || (a == c && b < d)
}

func (w *World) event(k EventKind, p *pair) {
	e := Event{Kind: k, A: p.a, B: p.b, Sensor: p.sensor}
	if p.m.np > 0 {
		d := &p.m.pts[p.m.deepest()]
		e.Point, e.Normal, e.Depth = d.p.f32(), d.n.f32(), float32(d.depth)
	}
	w.events = append(w.events, e)
}

// narrow computes the contacts of the candidate pairs, compares them with
// last tick's pairs (both sorted by handles) into events, and carries the
// solver's impulses over to the points that persist.
func (w *World) narrow(dt float64) {
	w.next, w.events = w.next[:0], w.events[:0]
	old := w.pairs
	// Each candidate and each old pair gives at most one event: room for
	// them all now makes the events grow with the broad phase's high-water
	// mark, reached as the scene settles, not at the first burst of
	// contacts (a ball knocking a pile over).
	if need := len(w.cand) + len(old); cap(w.events) < need {
		w.events = make([]Event, 0, need+need/2)
	}
	oi := 0
	for _, cd := range w.cand {
		a, b := &w.cols[cd.i], &w.cols[cd.j]
		for oi < len(old) && pairLess(old[oi].a, old[oi].b, a.h, b.h) {
			w.vanished(&old[oi])
			oi++
		}
		var prev *pair
		if oi < len(old) && old[oi].a == a.h && old[oi].b == b.h {
			prev = &old[oi]
			oi++
		}
		var p pair
		resting := !a.moving() && !b.moving() && !a.moved && !b.moved
		if prev != nil && resting {
			p = *prev // neither moved: the contact is what it was
		} else {
			p.a, p.b = a.h, b.h
			p.sensor = a.cfg.Sensor || b.cfg.Sensor
			if !w.contact(a, b, margin(a, b, float64(v64(w.cfg.Gravity).len())*dt, dt), &p.m) {
				if prev != nil && prev.touching {
					w.event(End, prev)
					if !prev.sensor { // what held a sleeper moved away
						w.wakeBy(a, b)
						w.wakeBy(b, a)
					}
				}
				continue
			}
			lim := touchDepth
			if p.sensor {
				lim = 0
			}
			p.touching = p.m.pts[p.m.deepest()].depth >= lim
			if prev != nil {
				warm(&p, prev)
			}
			if !p.sensor && (p.touching || (prev != nil && prev.touching)) {
				w.wakeBy(a, b)
				w.wakeBy(b, a)
			}
		}
		p.ia, p.ib = cd.i, cd.j
		switch {
		case p.touching && prev != nil && prev.touching:
			w.event(Stay, &p)
		case p.touching:
			w.event(Begin, &p)
		case prev != nil && prev.touching:
			w.event(End, prev)
		}
		w.next = append(w.next, p)
	}
	for ; oi < len(old); oi++ {
		w.vanished(&old[oi])
	}
	w.pairs, w.next = w.next, w.pairs
}

// vanished ends a pair the broad phase no longer finds (apart, or one of
// them removed) and wakes a sleeping body of it: what held it went away.
func (w *World) vanished(p *pair) {
	if !p.touching {
		return
	}
	w.event(End, p)
	if p.sensor {
		return
	}
	for _, h := range [2]scene.Handle{p.a, p.b} {
		if i, ok := w.find(h); ok && w.cols[i].asleep {
			w.cols[i].wake()
			w.place(&w.cols[i])
		}
	}
}

// wakeBy wakes a sleeping body that a collider placed anew this tick (a
// moved wall or platform) touches.
func (w *World) wakeBy(sleeper, other *collider) {
	if sleeper.dynamic() && sleeper.asleep && other.moved && !other.dynamic() {
		sleeper.wake()
		w.place(sleeper)
	}
}

// warm gives each new point the impulses of the old point it continues (the
// nearest within 5 cm with a similar normal), so resting contacts start
// each tick from last tick's answer.
func warm(p, prev *pair) {
	for i := range p.m.np {
		np := &p.m.pts[i]
		best, bd := -1, 0.05*0.05
		for k := range prev.m.np {
			op := &prev.m.pts[k]
			if d := op.p.sub(np.p).len2(); d < bd && op.n.dot(np.n) > 0.95 {
				best, bd = k, d
			}
		}
		if best >= 0 {
			p.jn[i], p.jt1[i], p.jt2[i] = prev.jn[best], prev.jt1[best], prev.jt2[best]
		}
	}
}

// con is one contact point's constraint for the solver.
type con struct {
	pi, k         int32
	ia, ib        int32
	ra, rb        vec
	n, t1, t2     vec
	mn, mt1, mt2  float64
	mu            float64
	depth, bounce float64
	// Rows of the constraint for each direction d (n, t1, t2): the
	// angular parts r×d and the angular velocity changes I⁻¹(r×d) per
	// unit impulse, for A and B, fixed for the tick.
	row [3]jrow
}

// jrow is one direction's angular terms.
type jrow struct{ ja, jb, wa, wb vec }

func makeRow(a, b *sbody, ra, rb, d vec) jrow {
	r := jrow{ja: ra.cross(d), jb: rb.cross(d)}
	r.wa, r.wb = a.invI.mulv(r.ja), b.invI.mulv(r.jb)
	return r
}

// rel returns the relative velocity of B against A along row k's
// direction d at the contact point.
func (c *con) rel(a, b *sbody, k int, d vec) float64 {
	r := &c.row[k]
	return d.dot(b.vel.sub(a.vel)) + r.jb.dot(b.ang) - r.ja.dot(a.ang)
}

// apply gives B the impulse λ along row k's direction d and A its opposite.
func (c *con) apply(a, b *sbody, k int, d vec, l float64) {
	r := &c.row[k]
	a.vel = a.vel.madd(d, -l*a.invM)
	a.ang = a.ang.madd(r.wa, -l)
	b.vel = b.vel.madd(d, l*b.invM)
	b.ang = b.ang.madd(r.wb, l)
}

// sbody is a collider's motion as the solver sees it, packed densely:
// static, kinematic and sleeping colliders have zero inverse mass and
// inertia, so impulses leave them as they are.
type sbody struct {
	vel, ang vec
	invM     float64
	invI     mat3
}

func effMass(a, b *sbody, ra, rb, d vec) float64 {
	k := a.invM + b.invM
	x := ra.cross(d)
	k += a.invI.mulv(x).dot(x)
	x = rb.cross(d)
	k += b.invI.mulv(x).dot(x)
	if k <= 0 {
		return 0
	}
	return 1 / k
}

func friction(f float32) float64 {
	switch {
	case f == 0:
		return 0.5
	case f < 0:
		return 0
	}
	return float64(f)
}

// solve runs the sequential-impulse solver: Substeps times per tick,
// gravity, then the warm start from the impulses found so far, then a
// fixed number of passes over the contact points in pair order (normal,
// then friction impulses), then the bodies move by the substep; each
// point's depth follows the bodies' relative motion between substeps.
func (w *World) solve(dt float64) {
	w.cons = w.cons[:0]
	w.sb = grow(w.sb, len(w.cols))
	for i := range w.cols {
		c := &w.cols[i]
		w.sb[i] = sbody{vel: c.vel, ang: c.ang}
		if c.moving() {
			w.sb[i].invM, w.sb[i].invI = c.invM, c.wInvI
		} else {
			w.sb[i].ang = vec{}
		}
	}
	for pi := range w.pairs {
		p := &w.pairs[pi]
		ca, cb := &w.cols[p.ia], &w.cols[p.ib]
		if p.sensor || (!ca.moving() && !cb.moving()) {
			continue
		}
		e := math.Max(float64(ca.cfg.Restitution), float64(cb.cfg.Restitution))
		mu := math.Sqrt(friction(ca.cfg.Friction) * friction(cb.cfg.Friction))
		a, b := &w.sb[p.ia], &w.sb[p.ib]
		for k := range p.m.np {
			pt := &p.m.pts[k]
			c := con{pi: int32(pi), k: int32(k), ia: p.ia, ib: p.ib, n: pt.n, mu: mu, depth: pt.depth}
			c.ra, c.rb = pt.p.sub(ca.pos), pt.p.sub(cb.pos)
			c.t1 = perp(c.n)
			c.t2 = c.n.cross(c.t1)
			c.mn = effMass(a, b, c.ra, c.rb, c.n)
			c.mt1 = effMass(a, b, c.ra, c.rb, c.t1)
			c.mt2 = effMass(a, b, c.ra, c.rb, c.t2)
			c.row = [3]jrow{makeRow(a, b, c.ra, c.rb, c.n), makeRow(a, b, c.ra, c.rb, c.t1), makeRow(a, b, c.ra, c.rb, c.t2)}
			if vn := c.rel(a, b, 0, c.n); vn < -1 && e > 0 {
				c.bounce = -e * vn // the normal speed to leave with
			}
			w.cons = append(w.cons, c)
		}
	}
	ns := w.cfg.Substeps
	h := dt / float64(ns)
	g := v64(w.cfg.Gravity)
	// Soft contact constants (Catto, "Solver2D"; Box2D v3).
	hz := min(contactHertz, 0.25/h)
	omega := 2 * math.Pi * hz
	a1 := 2*dampingRatio + h*omega
	a2 := h * omega * a1
	a3 := 1 / (1 + a2)
	soft := softness{biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3}
	ld := 1 / (1 + h*float64(w.cfg.LinearDamping))
	ad := 1 / (1 + h*float64(w.cfg.AngularDamping))
	for range ns {
		for i := range w.sb {
			if c := &w.sb[i]; c.invM > 0 {
				c.vel = c.vel.madd(g, h).mul(ld)
				c.ang = c.ang.mul(ad)
			}
		}
		for ci := range w.cons {
			c := &w.cons[ci]
			p := &w.pairs[c.pi]
			a, b := &w.sb[c.ia], &w.sb[c.ib]
			c.apply(a, b, 0, c.n, p.jn[c.k])
			c.apply(a, b, 1, c.t1, p.jt1[c.k])
			c.apply(a, b, 2, c.t2, p.jt2[c.k])
		}
		for it := range w.cfg.Iterations {
			w.pass(it&1 == 1, h, &soft)
		}
		w.move(h)
		for ci := range w.cons {
			c := &w.cons[ci]
			a, b := &w.sb[c.ia], &w.sb[c.ib]
			c.depth -= c.rel(a, b, 0, c.n) * h
		}
		w.pass(false, h, nil) // relax: take out the push-out velocity
	}
	// Restitution, once per tick, from the approach speed before it.
	for ci := range w.cons {
		c := &w.cons[ci]
		if c.bounce == 0 {
			continue
		}
		p := &w.pairs[c.pi]
		a, b := &w.sb[c.ia], &w.sb[c.ib]
		vn := c.rel(a, b, 0, c.n)
		old := p.jn[c.k]
		p.jn[c.k] = max(old+c.mn*(c.bounce-vn), 0)
		c.apply(a, b, 0, c.n, p.jn[c.k]-old)
	}
	for i := range w.cols {
		if c := &w.cols[i]; c.moving() {
			c.vel, c.ang = w.sb[i].vel, w.sb[i].ang
		}
	}
}

// softness scales a contact's impulse so that it acts as a stiff,
// heavily damped spring instead of a rigid constraint with a bias.
type softness struct{ biasRate, massScale, impulseScale float64 }

// pass is one pass of the solver over every contact point, forwards or
// backwards (alternating keeps the order from favouring one side). With
// soft nil it pushes nothing out (the relax pass).
func (w *World) pass(back bool, h float64, soft *softness) {
	n := len(w.cons)
	for i := range n {
		ci := i
		if back {
			ci = n - 1 - i
		}
		c := &w.cons[ci]
		p := &w.pairs[c.pi]
		a, b := &w.sb[c.ia], &w.sb[c.ib]
		vn := c.rel(a, b, 0, c.n)
		s := slop - c.depth // separation, with slop of penetration allowed
		bias, ms, is := 0.0, 1.0, 0.0
		switch {
		case s > 0:
			bias = s / h // speculative: may close the gap, no more
		case soft != nil:
			bias = max(soft.biasRate*s, -maxPushOut)
			ms, is = soft.massScale, soft.impulseScale
		}
		old := p.jn[c.k]
		p.jn[c.k] = max(old-c.mn*ms*(vn+bias)-is*old, 0)
		c.apply(a, b, 0, c.n, p.jn[c.k]-old)

		lim := c.mu * p.jn[c.k]
		o1 := p.jt1[c.k]
		p.jt1[c.k] = clampf(o1-c.mt1*c.rel(a, b, 1, c.t1), -lim, lim)
		c.apply(a, b, 1, c.t1, p.jt1[c.k]-o1)
		o2 := p.jt2[c.k]
		p.jt2[c.k] = clampf(o2-c.mt2*c.rel(a, b, 2, c.t2), -lim, lim)
		c.apply(a, b, 2, c.t2, p.jt2[c.k]-o2)
	}
}

// move advances the awake bodies by their (clamped) velocities over h.
func (w *World) move(h float64) {
	for i := range w.cols {
		c := &w.cols[i]
		if !c.moving() {
			continue
		}
		sb := &w.sb[i]
		c.vel, c.ang = sb.vel, sb.ang
		w.clamp(c)
		c.pos = c.pos.madd(c.vel, h)
		c.rot = c.rot.integrate(c.ang, h)
		sb.vel, sb.ang = c.vel, c.ang // the inertia stays as at the tick's start
	}
}

// stillness returns how long a body has been still after this tick, and
// moves its rest pose. A body is still while it stays near the rest pose
// it had when it last slowed down (within restDist and restAngle) and
// never moves fast: a body that jiggles or rocks in place on an edge
// contact counts as still, one that creeps or slides away does not.
func stillness(c *collider, dt float64) float64 {
	v, a := c.vel.len(), c.ang.len()
	if v >= stillMaxLinear || a >= stillMaxAngular {
		return 0
	}
	dq := math.Abs(c.rot.w*c.restRot.w + c.rot.x*c.restRot.x + c.rot.y*c.restRot.y + c.rot.z*c.restRot.z)
	near := c.pos.sub(c.restPos).len2() <= restDist*restDist && dq >= math.Cos(restAngle/2)
	if c.still > 0 && near {
		return c.still + dt
	}
	if v < stillLinear && a < stillAngular { // slowed down here: rest from now
		c.restPos, c.restRot = c.pos, c.rot
		return dt
	}
	return 0
}

// integrate counts how long each awake body has been still and
// writes their actors' Local transforms.
func (w *World) integrate(m *scene.Manager, dt float64) {
	for i := range w.cols {
		c := &w.cols[i]
		if !c.moving() {
			continue
		}
		c.still = stillness(c, dt)
		if c.still > 0 { // resting: what creep is left is damped away
			rd := 1 / (1 + dt*restDamping)
			c.vel, c.ang = c.vel.mul(rd), c.ang.mul(rd)
		}
		if a, err := m.Actor(c.h); err == nil {
			a.Local.Pos, a.Local.Rot = c.pos.f32(), c.rot.f32()
		}
		w.place(c)
	}
}

// sleep puts to sleep each island of touching bodies that has been still
// for SleepTime, and wakes an island when one of its bodies moves.
func (w *World) sleep(dt float64) {
	n := len(w.cols)
	w.parent = grow(w.parent, 2*n)
	par, low := w.parent[:n], w.parent[n:]
	for i := range n {
		par[i] = int32(i)
	}
	find := func(i int32) int32 {
		for par[i] != i {
			par[i] = par[par[i]]
			i = par[i]
		}
		return i
	}
	for pi := range w.pairs {
		p := &w.pairs[pi]
		if p.sensor || p.m.np == 0 || !w.cols[p.ia].dynamic() || !w.cols[p.ib].dynamic() {
			continue
		}
		ra, rb := find(p.ia), find(p.ib)
		if ra < rb {
			par[rb] = ra
		} else if rb < ra {
			par[ra] = rb
		}
	}
	// low[root]: 1 if the island may sleep, 0 if one of its bodies moves.
	for i := range n {
		low[i] = 1
	}
	limit := float64(w.cfg.SleepTime)
	for i := range n {
		c := &w.cols[i]
		if c.dynamic() && !c.asleep && (limit < 0 || c.still < limit) {
			low[find(int32(i))] = 0
		}
	}
	for i := range n {
		c := &w.cols[i]
		if !c.dynamic() {
			continue
		}
		if low[find(int32(i))] == 1 {
			if !c.asleep {
				c.asleep, c.vel, c.ang = true, vec{}, vec{}
				w.place(c)
			}
		} else if c.asleep {
			c.wake()
			w.place(c)
		}
	}
}

// dispatch calls the ContactHandler behaviours with this tick's events.
func (w *World) dispatch(m *scene.Manager) {
	for _, e := range w.events {
		if a, err := m.Actor(e.A); err == nil {
			if h := w.handlerOf(a); h != nil {
				h.Contact(a, e, m)
			}
		}
		if b, err := m.Actor(e.B); err == nil {
			if h := w.handlerOf(b); h != nil {
				f := e
				f.A, f.B = e.B, e.A
				f.Normal = e.Normal.Mul(-1)
				h.Contact(b, f, m)
			}
		}
	}
}

// handlerOf returns the behaviour of a, an actor with a collider, as a
// ContactHandler, or nil. It asserts the behaviour's type only when the
// behaviour is not the one its collider last saw (the same dynamic type and
// data word), so a steady scene asserts nothing in its ticks.
func (w *World) handlerOf(a *scene.Actor) ContactHandler {
	b := a.Behavior()
	i, ok := w.find(a.Handle())
	if !ok {
		h, _ := b.(ContactHandler)
		return h
	}
	c := &w.cols[i]
	if words := *(*[2]unsafe.Pointer)(unsafe.Pointer(&b)); words != c.behWords {
		c.behWords = words
		c.handler, _ = b.(ContactHandler)
	}
	return c.handler
}
