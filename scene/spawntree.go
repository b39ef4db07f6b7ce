package scene

import "fmt"

// SpawnTree spawns a tree of actors in one call and returns their
// handles, in the order of specs. specs[i] is spawned under specs[up[i]]
// when up[i] ≥ 0, which must be an earlier index (specs[i].Parent is then
// ignored), else under specs[i].Parent (NoHandle: a root), as Spawn does.
// up has one entry per spec; nil spawns every spec as Spawn would, in
// order.
//
// Its cost is linear in len(specs) whatever the tree's depth: each
// actor's world transform is composed from its parent's, computed just
// before, where a chain of Spawn calls would walk every ancestor for each
// actor (quadratic in the depth). Use it to spawn a model's node tree.
//
// It fails, adding nothing, when an up index is not earlier, a Parent is
// not a live actor, a transform is not finite, or a Behavior has the
// Frame(a, dt) method Effect had before 1.0 (the error names the spec).
// Call it where Spawn may be called.
func (m *Manager) SpawnTree(specs []Spec, up []int) ([]Handle, error) {
	if up != nil && len(up) != len(specs) {
		return nil, fmt.Errorf("scene: spawn tree: %d parent indices for %d specs: want one each", len(up), len(specs))
	}
	type prepared struct {
		local, world Transform
		parent       int32 // a slot, or -1; for an up index, set when placed
		bulk         *bulkGroup
	}
	ps := make([]prepared, len(specs))
	var (
		lastParent = NoHandle // the last Parent looked up, and its world
		lastSlot   int32
		lastWorld  Transform
	)
	for i := range specs {
		s, p := &specs[i], &ps[i]
		if err := checkBehavior(s.Behavior); err != nil {
			return nil, fmt.Errorf("scene: spawn tree: spec %d: %w", i, err)
		}
		var err error
		if p.local, err = specLocal(s); err != nil {
			return nil, fmt.Errorf("scene: spawn tree: spec %d: %w", i, err)
		}
		p.parent, p.world = -1, p.local
		switch u := upOf(up, i); {
		case u >= i || u < -1:
			return nil, fmt.Errorf("scene: spawn tree: spec %d: parent index %d: want an earlier spec or -1", i, u)
		case u >= 0:
			Compose(&p.world, &ps[u].world, &p.local)
		case s.Parent != NoHandle:
			if s.Parent != lastParent {
				if lastSlot, _, err = m.lookup(fmt.Sprintf("spawn tree: spec %d: parent", i), s.Parent); err != nil {
					return nil, err
				}
				lastParent = s.Parent
				m.worldOf(lastSlot, &lastWorld)
			}
			p.parent = lastSlot
			Compose(&p.world, &lastWorld, &p.local)
		}
		if !p.world.IsFinite() {
			return nil, fmt.Errorf("scene: spawn tree: spec %d: world transform: %w", i, ErrNonFinite)
		}
		if s.Bulk != nil {
			if p.bulk, err = m.bulkGroupOf(s.Bulk); err != nil {
				return nil, fmt.Errorf("scene: spawn tree: spec %d: %w", i, err)
			}
		}
	}
	hs := make([]Handle, len(specs))
	slots := make([]int32, len(specs))
	for i := range specs {
		p := &ps[i]
		if u := upOf(up, i); u >= 0 {
			p.parent = slots[u]
		}
		hs[i] = m.place(&specs[i], &p.local, p.parent, &p.world, p.bulk)
		slots[i] = hs[i].Index()
	}
	return hs, nil
}

// upOf returns up[i], -1 without up.
func upOf(up []int, i int) int {
	if up == nil {
		return -1
	}
	return up[i]
}
