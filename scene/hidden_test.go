package scene

import (
	"errors"
	"testing"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// TestHiddenHidesDescendants: hiding an actor hides its children and
// grandchildren in the draw list (not their simulation); showing it again
// shows them.
func TestHiddenHidesDescendants(t *testing.T) {
	var m Manager
	root, _ := m.Spawn(Spec{Mesh: gfx.MeshCube})
	child, _ := m.Spawn(Spec{Mesh: gfx.MeshSphere, Parent: root})
	grand, _ := m.Spawn(Spec{Mesh: gfx.MeshSphere, Parent: child})
	other, _ := m.Spawn(Spec{Mesh: gfx.MeshPlane})
	if err := m.Tick(timing.TickInfo{Index: 0, Rate: 30, Delta: 1.0 / 30}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		hide Handle
		want int
	}{
		{NoHandle, 4},
		{root, 1},  // the plane only
		{child, 2}, // root and plane
		{grand, 3},
		{other, 3},
	} {
		for _, h := range []Handle{root, child, grand, other} {
			a, err := m.Actor(h)
			if err != nil {
				t.Fatal(err)
			}
			a.Hidden = h == c.hide
		}
		m.Interpolate(0.5)
		if got := m.BuildDrawList().Len(); got != c.want {
			t.Errorf("hiding %v: got %d instances drawn, want %d", c.hide, got, c.want)
		}
	}
}

type panicky struct{ in string }

func (p panicky) Tick(*Actor, timing.TickInfo, *Manager) error {
	if p.in == "Tick" {
		panic("tick fault")
	}
	return nil
}
func (p panicky) Update(*Actor, float32) {
	if p.in == "Update" {
		panic("frame fault")
	}
}
func (p panicky) Draw(*Actor, *gfx.DrawList) {
	if p.in == "Draw" {
		panic("draw fault")
	}
}

// TestBehaviourPanicNamesActor: a behaviour's panic leaves the manager as
// a *PanicError naming the hook and the actor: returned by Tick, panicked
// again by UpdateEffects and BuildDrawList.
func TestBehaviourPanicNamesActor(t *testing.T) {
	for _, hook := range []string{"Tick", "Update", "Draw"} {
		var m Manager
		if _, err := m.Spawn(Spec{Mesh: gfx.MeshCube}); err != nil {
			t.Fatal(err)
		}
		bad, _ := m.Spawn(Spec{Mesh: gfx.MeshCube, Behavior: panicky{in: hook}})
		var pe *PanicError
		err := m.Tick(timing.TickInfo{Index: 0, Rate: 30, Delta: 1.0 / 30})
		if hook != "Tick" {
			if err != nil {
				t.Fatal(err)
			}
			func() {
				defer func() { pe, _ = recover().(*PanicError) }()
				m.Interpolate(0.5)
				m.UpdateEffects(0.016)
				m.BuildDrawList()
			}()
		} else if !errors.As(err, &pe) {
			t.Fatalf("Tick: got %v, want a *PanicError", err)
		}
		if pe == nil || pe.Hook != hook || pe.Actor != bad {
			t.Fatalf("%s: got %+v, want a *PanicError for actor %v in %s", hook, pe, bad, hook)
		}
		if hook == "Tick" {
			if err := m.Tick(timing.TickInfo{Index: 1, Rate: 30, Delta: 1.0 / 30}); errors.Is(err, ErrInTick) {
				t.Errorf("after a panic: got %v, want the manager usable (not stuck in a tick)", err)
			}
		}
	}
}
