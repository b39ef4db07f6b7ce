package scene

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/timing"
)

// Tick advances the scene by one fixed tick. The engine calls it once per
// tick (0..N times a frame), on the main goroutine, with the tick's
// TickInfo; it never reads a clock. In order, it:
//
//  1. runs the Ticker behaviours in slot order, then each BulkTicker over
//     its actors (actors spawned during this tick are not ticked until the
//     next one); they see World as of the end of the previous tick;
//  2. makes every world transform the last-world one (by swapping two
//     buffers, not by copying);
//  3. recomputes every world transform from the local ones, parents before
//     children (see Compose), checking each local transform on the way: a
//     rotation that drifted from unit length is renormalised, a zero one is
//     set to the identity and reported, and an actor whose local or world
//     transform holds NaN or ±Inf is reverted to its last finite local and
//     world transforms and reported. An actor whose local transform did not
//     change, under a parent that did not move, is only read. In a large
//     scene this step is split across cores (see parallel.go), with the
//     one-core results and reports;
//  4. applies the removals requested during the tick (with descendants) and
//     finishes the spawns (their last-world is set to their world: no
//     smear).
//
// World matrices are built from the world TRS when first needed after the
// tick (WorldMatrix, an actor coming to rest, ModeNone), not by the tick.
//
// The tick always completes. Its error joins, wrapped with their handles,
// the errors returned by behaviours and a *TransformError per kind of bad
// transform found (errors.Is(err, ErrNonFinite), ErrZeroRotation). Calling
// Tick from within a tick fails with ErrInTick. A behaviour that panics
// ends the tick at once: Tick returns a *PanicError naming the actor (the
// scene is left mid-tick; the game is expected to end).
//
// In steady state (no spawns or removals that grow the scene) Tick
// allocates nothing.
func (m *Manager) Tick(t timing.TickInfo) (err error) {
	if m.inTick {
		return fmt.Errorf("scene: tick %d: %w", t.Index, ErrInTick)
	}
	defer func() {
		if r := recover(); r != nil {
			err = m.caught("Tick", r)
			m.running = 0
			m.inTick = false
			clear(m.tickErrs[:cap(m.tickErrs)])
		}
	}()
	m.inTick = true
	m.tick = t.Index

	m.tickErrs = m.tickErrs[:0]
	for c := 0; c < len(m.chunks); c++ { // chunks may be added by spawns
		if m.chunks[c].tickers > 0 {
			m.tickChunk(c, t)
		}
	}
	errs := m.tickBulk(t, m.tickErrs)

	// World becomes last-world by flipping which of Actor.wt is which; the
	// new world transforms are all written below.
	m.cur ^= 1
	if err := m.propagate(t.Index, false); err != nil {
		errs = append(errs, err)
	}

	m.running = 0
	m.applyRemovals()
	for _, i := range m.spawnQ {
		if ch, k := m.col(i); ch.flags[k]&flagFresh != 0 {
			ch.flags[k] &^= flagFresh
			w := ch.wt[k][m.cur&1]
			teleportTo(ch, k, &w)
		}
	}
	m.spawnQ = m.spawnQ[:0]
	m.inTick = false

	err = joinErrors(errs)
	clear(errs) // keep no references to the errors
	m.tickErrs = errs[:0]
	return err
}

// tickChunk runs the Ticker behaviours of chunk c, in slot order. Go's
// calling convention keeps no register across a call, so whatever the loop
// needs after a behaviour returns is stored before the call and loaded
// after it: the loop keeps that to the chunk, the slot and the end, and
// leaves the errors to tickFailed.
func (m *Manager) tickChunk(c int, t timing.TickInfo) {
	ch := m.chunks[c]
	n := m.chunkLen(c)
	run := runSlot(c, 0)
	for k := 0; k < n; k++ {
		tk := ch.tick[k]
		if tk == nil || ch.flags[k]&(flagAlive|flagFresh) != flagAlive {
			continue
		}
		m.running = run + int32(k)
		if err := tk.Tick(&ch.a[k], t, m); err != nil {
			m.tickFailed(t, c, k, err)
		}
	}
}

// tickFailed notes err, returned by the Ticker of slot k of chunk c, for
// Tick to return.
func (m *Manager) tickFailed(t timing.TickInfo, c, k int, err error) {
	m.tickErrs = append(m.tickErrs, fmt.Errorf("scene: tick %d: %v: %w", t.Index, m.chunks[c].handle[k], err))
}

// propagate recomputes world transforms from local transforms, roots in
// slot order then children in topological order, repairing and reporting
// bad transforms. An actor whose local transform did not change since the
// last tick, under a parent that did not move, keeps its world transform
// and matrix unless force is set.
//
// Above a size (see parallel.go) the roots, then each depth of children,
// are split across cores; each actor's result, and the order of the
// reports, are those of the serial run.
func (m *Manager) propagate(tick uint64, force bool) error {
	m.ensureOrder()
	cur := m.cur & 1
	if !m.splitRoots(cur, force) {
		m.propagateRoots(0, len(m.chunks), cur, force, &m.rep)
	}
	m.splitChildren(cur, force)
	if len(m.rep.nonFin) == 0 && len(m.rep.zeroRot) == 0 {
		return nil
	}
	var errs []error
	if len(m.rep.nonFin) > 0 {
		errs = append(errs, &TransformError{Err: ErrNonFinite, Tick: tick, Handles: append([]Handle(nil), m.rep.nonFin...)})
		m.rep.nonFin = m.rep.nonFin[:0]
	}
	if len(m.rep.zeroRot) > 0 {
		errs = append(errs, &TransformError{Err: ErrZeroRotation, Tick: tick, Handles: append([]Handle(nil), m.rep.zeroRot...)})
		m.rep.zeroRot = m.rep.zeroRot[:0]
	}
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// repairs lists the actors whose transforms a pass repaired, in the order
// met: the manager's own, and one per helper of a split pass.
type repairs struct {
	nonFin  []Handle // reverted to their last finite transforms
	zeroRot []Handle // zero rotations set to the identity
}

// propagateRoots runs the roots' part of propagate over chunks [c0, c1),
// noting repairs in r. It writes only those chunks' roots.
func (m *Manager) propagateRoots(c0, c1 int, cur uint8, force bool, r *repairs) {
	for c := c0; c < c1; c++ {
		ch := m.chunks[c]
		n := m.chunkLen(c)
		flags, wt, acts := ch.flags[:n], ch.wt[:n], ch.a[:n]
		for k, f := range flags {
			if f&(flagAlive|flagChild) != flagAlive {
				continue
			}
			a, w := &acts[k], &wt[k]
			// A root's last-world transform is its previous local one,
			// which was checked: if Local still equals it, nothing moved.
			if f&flagDirty == 0 && !force && sameHead(&a.Local, &w[cur^1]) && sameTail(&a.Local, &w[cur^1]) {
				if f&flagMoved != 0 {
					// It stopped: make both slots equal. (When flagMoved is
					// clear they already are, so a still actor is only read.)
					flags[k] = f &^ flagMoved
					w[cur] = a.Local
				}
				continue
			}
			if !unitRotation(&a.Local.Rot) || !finitePosScale(&a.Local) { // needs repairing
				r.repairRoot(a, &w[cur^1])
			}
			flags[k] = f&^(flagDirty|flagSettled|flagWorldM) | flagMoved
			w[cur] = a.Local
		}
	}
}

// propagateChildren runs the children's part of propagate over order, a
// run of m.order whose parents are all up to date, noting repairs in r.
func (m *Manager) propagateChildren(order []int32, cur uint8, force bool, r *repairs) {
	for _, i := range order {
		m.updateChild(i, cur, force, r)
	}
}

// sameHead and sameTail report whether the first and last five words of
// a and b are equal: sameTransform in two halves small enough to be
// inlined, so that the tick's loops make no call for it.
func sameHead(a, b *Transform) bool {
	x, y := (*[10]uint32)(unsafe.Pointer(a)), (*[10]uint32)(unsafe.Pointer(b))
	return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3] && x[4] == y[4]
}

func sameTail(a, b *Transform) bool {
	x, y := (*[10]uint32)(unsafe.Pointer(a)), (*[10]uint32)(unsafe.Pointer(b))
	return x[5] == y[5] && x[6] == y[6] && x[7] == y[7] && x[8] == y[8] && x[9] == y[9]
}

// unitRotation reports whether q has unit length within normalizeRot's
// tolerance (and so is finite). A local transform with a unit rotation and
// a finite position and scale (finitePosScale) needs no repair; the two
// checks are apart so that each is small enough to be inlined.
func unitRotation(q *mgl32.Quat) bool {
	n := q.W*q.W + q.V[0]*q.V[0] + q.V[1]*q.V[1] + q.V[2]*q.V[2]
	return n > 1-1e-5 && n < 1+1e-5
}

// sameTransform reports whether a and b are equal bit for bit. It reads
// the ten float32 components as uint32 words: the == operator on Transform
// calls a generated function, float comparisons also branch on NaN, and
// math.Float32bits goes through a float register.
func sameTransform(a, b *Transform) bool {
	x := (*[10]uint32)(unsafe.Pointer(a))
	y := (*[10]uint32)(unsafe.Pointer(b))
	return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3] && x[4] == y[4] &&
		x[5] == y[5] && x[6] == y[6] && x[7] == y[7] && x[8] == y[8] && x[9] == y[9]
}

// repairRoot renormalises a root's drifted rotation, sets a zero one to the
// identity and reverts a non-finite local transform to the previous world
// transform (which is the previous local one), noting each for the report.
func (r *repairs) repairRoot(a *Actor, last *Transform) {
	if !normalizeRot(&a.Local.Rot) {
		r.zeroRot = append(r.zeroRot, a.Handle())
	}
	if !a.Local.IsFinite() {
		a.Local = *last
		r.nonFin = append(r.nonFin, a.Handle())
	}
}

// updateChild recomputes the world transform and matrix of slot i, an
// actor with a parent, whose world transform must be up to date. It repairs as
// repairRoot does, reverting to the last finite local transform (kept in
// good) and, if even that overflows under the parent, to the last-world
// transform.
//
// Most children need no repair, and under a parent that moved they are
// recomputed whether or not their own Local changed: then good is written
// without being read first (the one line of the cold column the child
// costs is a store, which does not hold up the loop as a load would).
func (m *Manager) updateChild(i int32, cur uint8, force bool, r *repairs) {
	ch, k := m.col(i)
	a, fl := &ch.a[k], &ch.flags[k]
	bad := false
	if !unitRotation(&a.Local.Rot) || !finitePosScale(&a.Local) { // needs repairing
		if !normalizeRot(&a.Local.Rot) {
			r.zeroRot = append(r.zeroRot, a.Handle())
		}
		if !a.Local.IsFinite() {
			a.Local = ch.good[k]
			bad = true
		}
	}
	w := &ch.wt[k][cur]
	pc, pk := m.col(ch.parent[k])
	if !bad && pc.flags[pk]&flagMoved == 0 && *fl&flagDirty == 0 && !force {
		if good := &ch.good[k]; sameHead(&a.Local, good) && sameTail(&a.Local, good) {
			if *fl&flagMoved != 0 {
				*fl &^= flagMoved
				*w = ch.wt[k][cur^1]
			}
			return
		}
	}
	Compose(w, &pc.wt[pk][cur], &a.Local)
	if !(finitePosScale(w) && finiteRot(&w.Rot)) && !w.IsFinite() {
		a.Local = ch.good[k]
		*w = ch.wt[k][cur^1]
		bad = true
	}
	if bad {
		r.nonFin = append(r.nonFin, a.Handle())
	}
	*fl = *fl&^(flagDirty|flagSettled|flagWorldM) | flagMoved
	if !bad { // a reverted Local is good already
		ch.good[k] = a.Local
	}
}

// joinErrors returns nil for no errors, the one error, or errors.Join of
// several (which allocates: only a tick that failed pays it).
func joinErrors(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}
