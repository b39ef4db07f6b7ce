package scene

import (
	"errors"
	"fmt"
)

// Keep chooses what SetParent preserves.
type Keep uint8

const (
	// KeepWorld keeps the actor where it is in the world: its local
	// transform is recomputed relative to the new parent.
	KeepWorld Keep = iota
	// KeepLocal keeps the local transform, so the actor moves with the
	// change of parent (smoothly over the next tick, or at once after a
	// Teleport).
	KeepLocal
)

// SetParent makes parent (NoHandle: none) the parent of the actor named by
// h. With KeepWorld the actor's local transform is recomputed so that it
// stays where it is (its world transform as computed from the current local
// transforms); with KeepLocal it keeps its local transform and so moves with
// its new parent. The world transforms follow at the end of the next tick,
// or at once with Teleport.
//
// It fails with ErrCycle when parent is h or one of its descendants, with
// ErrZeroScale when KeepWorld is asked under a parent whose world scale has a
// zero component, and with ErrNoActor or ErrStaleHandle for bad handles.
func (m *Manager) SetParent(h, parent Handle, keep Keep) error {
	i, a, err := m.lookup("set parent", h)
	if err != nil {
		return err
	}
	p := int32(-1)
	if parent != NoHandle {
		if p, _, err = m.lookup(fmt.Sprintf("set parent of %v: parent", h), parent); err != nil {
			return err
		}
		for j := p; j >= 0; j = m.parentOf(j) {
			if j == i {
				return fmt.Errorf("scene: set parent of %v to %v: %w", h, parent, ErrCycle)
			}
		}
	}
	ch, k := a.ch, a.k()
	if p == ch.parent[k] {
		return nil
	}
	if keep == KeepWorld {
		var w, pw Transform
		m.worldOf(i, &w)
		local := w
		if p >= 0 {
			m.worldOf(p, &pw)
			if pw.Scale[0] == 0 || pw.Scale[1] == 0 || pw.Scale[2] == 0 {
				return fmt.Errorf("scene: set parent of %v to %v keeping world: %w", h, parent, ErrZeroScale)
			}
			if !relative(&local, &pw, &w) {
				return fmt.Errorf("scene: set parent of %v to %v keeping world: %w", h, parent, ErrNonFinite)
			}
		}
		a.Local = local
		ch.good[k] = local // the last finite local, now relative to the new parent
	}
	if ch.parent[k] >= 0 {
		m.at(ch.parent[k]).addChildren(-1)
	}
	if p >= 0 {
		m.at(p).addChildren(1)
	}
	ch.parent[k], ch.parentH[k] = p, parent
	ch.flags[k] |= flagDirty
	if ch.flags[k] &^= flagChild; p >= 0 {
		ch.flags[k] |= flagChild
	}
	m.orderDirty = true
	return nil
}

// worldOf computes the world transform of slot i from the local transforms
// of it and its ancestors, as they are now (not as of the last tick).
func (m *Manager) worldOf(i int32, dst *Transform) {
	*dst = m.at(i).Local
	for p := m.parentOf(i); p >= 0; p = m.parentOf(p) {
		Compose(dst, &m.at(p).Local, dst)
	}
}

// Teleport moves the actor named by h, and its descendants, to where their
// local transforms now put them, without interpolation: world and last-world
// are both set from the current local transforms, and so is the render
// matrix. Call it after changing Local for a jump (a respawn, a portal) that
// must not smear across the screen. It may be called between ticks or from
// a behaviour during a tick.
//
// Rotations are checked as a tick checks them: a zero quaternion becomes the
// identity and is reported with ErrZeroRotation (the teleport still
// happens). If the actor's new transform is not finite, Teleport fails with
// ErrNonFinite and changes nothing; a descendant whose transform is not
// finite is reverted to its last finite local transform and reported.
func (m *Manager) Teleport(h Handle) error {
	i, a, err := m.lookup("teleport", h)
	if err != nil {
		return err
	}
	old := a.Local.Rot
	if !a.Local.IsFinite() {
		return fmt.Errorf("scene: teleport %v: %w", h, ErrNonFinite)
	}
	var zero []Handle
	if !normalizeRot(&a.Local.Rot) {
		zero = append(zero, h)
	}
	var w Transform
	m.worldOf(i, &w)
	if !w.IsFinite() {
		a.Local.Rot = old
		return fmt.Errorf("scene: teleport %v: world transform: %w", h, ErrNonFinite)
	}
	ach, ak := a.ch, a.k()
	teleportTo(ach, ak, &w)
	var bad []Handle
	if ach.children[ak] > 0 {
		// The order lists every child after its parent: one pass reaches
		// every descendant.
		m.ensureOrder()
		ach.flags[ak] |= flagMarked
		cur := m.cur & 1
		for _, j := range m.order {
			ch, k := m.col(j)
			pc, pk := m.col(ch.parent[k])
			if pc.flags[pk]&flagMarked == 0 {
				continue
			}
			ch.flags[k] |= flagMarked
			c := &ch.a[k]
			if !normalizeRot(&c.Local.Rot) {
				zero = append(zero, c.Handle())
			}
			Compose(&w, &pc.wt[pk][cur], &c.Local)
			if !c.Local.IsFinite() || !w.IsFinite() {
				bad = append(bad, c.Handle())
				c.Local = ch.good[k] // as a tick would: revert to the last finite local
				Compose(&w, &pc.wt[pk][cur], &c.Local)
			}
			teleportTo(ch, k, &w)
		}
		ach.flags[ak] &^= flagMarked
		for _, j := range m.order {
			*m.flagsOf(j) &^= flagMarked
		}
	}
	var errs []error
	if bad != nil {
		errs = append(errs, &TransformError{Err: ErrNonFinite, Tick: m.tick, Handles: bad})
	}
	if zero != nil {
		errs = append(errs, &TransformError{Err: ErrZeroRotation, Tick: m.tick, Handles: zero})
	}
	if len(errs) == 1 {
		return fmt.Errorf("scene: teleport %v: %w", h, errs[0])
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("scene: teleport %v: %w", h, err)
	}
	return nil
}

// TeleportAll teleports every actor (see Teleport). The engine calls it when
// a state is entered, so that nothing smears from where it was when the
// state was left. Actors whose transforms are not finite are reverted to
// their last finite ones and reported in a *TransformError.
func (m *Manager) TeleportAll() error {
	err := m.propagate(m.tick, true)
	cur := m.cur & 1
	for c, ch := range m.chunks {
		for k, f := range ch.flags[:m.chunkLen(c)] {
			if f&flagAlive != 0 {
				w := ch.wt[k][cur]
				teleportTo(ch, k, &w)
			}
		}
	}
	return err
}

// teleportTo sets the world, last-world and render transforms of slot k of
// c to w, whose rotation must be of unit length, and makes the actor's
// local transform the last finite one.
func teleportTo(c *chunk, k int, w *Transform) {
	c.wt[k][0] = *w
	c.wt[k][1] = *w
	c.renderT[k] = *w
	unitMatrix(&c.worldM[k], w)
	c.render[k] = c.worldM[k]
	c.good[k] = c.a[k].Local
	c.flags[k] = c.flags[k]&^(flagMoved|flagStale) | flagSettled | flagWorldM
}

// ensureOrder rebuilds the topological order if the hierarchy changed.
func (m *Manager) ensureOrder() {
	if m.orderDirty {
		m.rebuildOrder()
	}
}

// rebuildOrder lists the live actors that have a parent by depth in the
// hierarchy (each depth in slot order), so every parent comes before its
// children; roots are not listed. It runs in linear time and allocates only
// when the scene has grown.
func (m *Manager) rebuildOrder() {
	n := int(m.n)
	m.depth = grow(m.depth, n)
	depth := m.depth
	maxDepth := int32(0)
	for i := int32(0); i < m.n; i++ {
		depth[i] = -1
	}
	for i := int32(0); i < m.n; i++ {
		if *m.flagsOf(i)&flagAlive == 0 || depth[i] >= 0 {
			continue
		}
		// Walk up to the first ancestor of known depth, then back down.
		stack := m.stack[:0]
		j := i
		for j >= 0 && depth[j] < 0 {
			stack = append(stack, j)
			j = m.parentOf(j)
		}
		d := int32(-1)
		if j >= 0 {
			d = depth[j]
		}
		for k := len(stack) - 1; k >= 0; k-- {
			d++
			depth[stack[k]] = d
		}
		if d > maxDepth {
			maxDepth = d
		}
		m.stack = stack
	}
	m.counts = grow(m.counts, int(maxDepth)+2)
	counts := m.counts
	clear(counts)
	for i := int32(0); i < m.n; i++ {
		if depth[i] > 0 {
			counts[depth[i]+1]++
		}
	}
	for d := 1; d < len(counts); d++ {
		counts[d] += counts[d-1]
	}
	m.order = grow(m.order, int(counts[len(counts)-1]))
	for i := int32(0); i < m.n; i++ {
		if d := depth[i]; d > 0 {
			m.order[counts[d]] = i
			counts[d]++
		}
	}
	// counts[d] is now where depth d ends.
	m.levels = append(m.levels[:0], 0)
	for d := int32(1); d <= maxDepth; d++ {
		m.levels = append(m.levels, counts[d])
	}
	m.orderDirty = false
}

// grow returns s resized to n, reusing its memory when large enough.
func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/4)
	}
	return s[:n]
}
