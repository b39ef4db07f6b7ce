package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// childFlagsAgree checks that every live actor is marked as a child
// exactly when it has a parent: the passes over roots (the tick's world
// propagation, Interpolate, BuildDrawList) read the mark instead of the
// parent column.
func childFlagsAgree(t *testing.T, m *Manager, when string) {
	t.Helper()
	for c, ch := range m.chunks {
		for k := range m.chunkLen(c) {
			f := ch.flags[k]
			if f&flagAlive == 0 {
				continue
			}
			if marked, child := f&flagChild != 0, ch.parent[k] >= 0; marked != child {
				t.Fatalf("%s: %v marked as a child %v, has a parent %v", when, ch.handle[k], marked, child)
			}
		}
	}
}

// TestChildFlagFollowsTheParent: through spawns, reparenting (to a root
// and back), removals of a parent with its children and a restore, the
// child mark agrees with the parent column, and an actor made a root is
// moved by the next tick as roots are.
func TestChildFlagFollowsTheParent(t *testing.T) {
	var m Manager
	var roots, kids []Handle
	for i := range 6 {
		h, err := m.Spawn(Spec{Pos: mgl32.Vec3{float32(i), 0, 0}})
		if err != nil {
			t.Fatal(err)
		}
		roots = append(roots, h)
		for j := range 2 {
			c, err := m.Spawn(Spec{Parent: h, Pos: mgl32.Vec3{0, float32(j + 1), 0}})
			if err != nil {
				t.Fatal(err)
			}
			kids = append(kids, c)
		}
	}
	childFlagsAgree(t, &m, "after the spawns")
	tick(t, &m, 1)
	var s Snapshot
	if err := m.Save(&s); err != nil {
		t.Fatal(err)
	}

	freed := kids[0]
	if err := m.SetParent(freed, NoHandle, KeepWorld); err != nil {
		t.Fatal(err)
	}
	if err := m.SetParent(kids[3], roots[5], KeepLocal); err != nil {
		t.Fatal(err)
	}
	if err := m.SetParent(roots[4], roots[2], KeepWorld); err != nil {
		t.Fatal(err)
	}
	childFlagsAgree(t, &m, "after reparenting")
	a := actor(t, &m, freed)
	a.Local.Pos = mgl32.Vec3{7, 8, 9}
	tick(t, &m, 2)
	if got := a.World().Pos; got != (mgl32.Vec3{7, 8, 9}) {
		t.Errorf("a child made a root, moved: world position %v after the tick, want its local %v", got, a.Local.Pos)
	}

	if err := m.Remove(roots[2]); err != nil { // with its children, roots[4] among them
		t.Fatal(err)
	}
	tick(t, &m, 3)
	if _, err := m.Spawn(Spec{Parent: roots[0]}); err != nil { // may reuse a freed slot
		t.Fatal(err)
	}
	childFlagsAgree(t, &m, "after a removal and a spawn into a freed slot")

	if err := m.Restore(&s); err != nil {
		t.Fatal(err)
	}
	childFlagsAgree(t, &m, "after the restore")
}
