package scene

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/timing"
)

// Tick advances the scene by one fixed tick. The engine calls it once per
// tick (0..N times a frame), on the main goroutine, with the tick's
// TickInfo; it never reads a clock. In order, it:
//
//  1. copies every actor's world transform to its last-world transform;
//  2. runs the Ticker behaviours in slot order (actors spawned during this
//     tick are not ticked until the next one);
//  3. recomputes every world transform from the local ones, parents before
//     children, and its matrix; on the way it checks each local transform:
//     a rotation that drifted from unit length is renormalised, a zero one
//     is set to the identity and reported, and an actor whose local or
//     world transform holds NaN or ±Inf is reverted to its last finite
//     local and world transforms and reported;
//  4. applies the removals requested during the tick (with descendants) and
//     finishes the spawns (their last-world is set to their world: no
//     smear).
//
// The tick always completes. Its error joins, wrapped with their handles,
// the errors returned by behaviours and a *TransformError per kind of bad
// transform found (errors.Is(err, ErrNonFinite), ErrZeroRotation). Calling
// Tick from within a tick fails with ErrInTick.
//
// In steady state (no spawns or removals that grow the scene) Tick
// allocates nothing.
func (m *Manager) Tick(t timing.TickInfo) error {
	if m.inTick {
		return fmt.Errorf("scene: tick %d: %w", t.Index, ErrInTick)
	}
	m.inTick = true
	m.tick = t.Index

	for c, ch := range m.chunks {
		lim := min(int(m.n)-c*chunkSize, chunkSize)
		for k := range ch[:lim] {
			a := &ch[k]
			if a.flags&flagAlive != 0 {
				a.last = a.world
			}
		}
	}

	errs := m.tickErrs[:0]
	for i := int32(0); i < m.n; i++ {
		a := m.at(i)
		if a.ticker == nil || a.flags&(flagAlive|flagFresh) != flagAlive {
			continue
		}
		if err := a.ticker.Tick(a, t, m); err != nil {
			errs = append(errs, fmt.Errorf("scene: tick %d: %v: %w", t.Index, a.handle, err))
		}
	}

	if err := m.propagate(t.Index); err != nil {
		errs = append(errs, err)
	}

	m.applyRemovals()
	for _, i := range m.spawnQ {
		if a := m.at(i); a.flags&flagFresh != 0 {
			a.flags &^= flagFresh
			a.last = a.world
			a.render = a.worldM
		}
	}
	m.spawnQ = m.spawnQ[:0]
	m.inTick = false

	var err error
	switch len(errs) {
	case 0:
	case 1:
		err = errs[0]
	default:
		err = errors.Join(errs...)
	}
	clear(errs) // keep no references to the errors
	m.tickErrs = errs[:0]
	return err
}

// propagate recomputes world transforms and matrices from local transforms
// in topological order, repairing and reporting bad transforms.
func (m *Manager) propagate(tick uint64) error {
	m.ensureOrder()
	for _, i := range m.order {
		a := m.at(i)
		if !normalizeRot(&a.Local.Rot) {
			m.zeroRot = append(m.zeroRot, a.handle)
		}
		bad := false
		if !a.Local.IsFinite() {
			a.Local = a.good
			bad = true
		}
		if a.parent < 0 {
			a.world = a.Local
		} else {
			Compose(&a.world, &m.at(a.parent).world, &a.Local)
			if !a.world.IsFinite() {
				// A finite local can still overflow under a huge parent.
				a.Local = a.good
				a.world = a.last
				bad = true
			}
		}
		if bad {
			m.nonFin = append(m.nonFin, a.handle)
		}
		a.world.Matrix(&a.worldM)
		a.good = a.Local
	}
	if len(m.nonFin) == 0 && len(m.zeroRot) == 0 {
		return nil
	}
	var errs []error
	if len(m.nonFin) > 0 {
		errs = append(errs, &TransformError{Err: ErrNonFinite, Tick: tick, Handles: append([]Handle(nil), m.nonFin...)})
		m.nonFin = m.nonFin[:0]
	}
	if len(m.zeroRot) > 0 {
		errs = append(errs, &TransformError{Err: ErrZeroRotation, Tick: tick, Handles: append([]Handle(nil), m.zeroRot...)})
		m.zeroRot = m.zeroRot[:0]
	}
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}
