package scene

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

func TestSpawnDefaults(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{})
	a := actor(t, &m, h)
	if a.Local != Identity() {
		t.Errorf("Local of Spec{}: got %+v, want the identity", a.Local)
	}
	if got := a.WorldMatrix(); got != mgl32.Ident4() {
		t.Errorf("WorldMatrix of Spec{}: got %v, want identity", got)
	}
	if a.Handle() != h || a.Parent() != NoHandle || !a.Alive() {
		t.Errorf("Handle, Parent, Alive: got %v, %v, %v; want %v, %v, true", a.Handle(), a.Parent(), a.Alive(), h, NoHandle)
	}
	if m.Len() != 1 {
		t.Errorf("Len: got %d, want 1", m.Len())
	}
	// A non-unit rotation is normalised.
	h2 := spawn(t, &m, Spec{Rot: deg(30, yAxis).Scale(2)})
	if got := actor(t, &m, h2).Local.Rot; !got.ApproxEqualThreshold(deg(30, yAxis), 1e-6) {
		t.Errorf("Local.Rot of a spec with a doubled quaternion: got %v, want %v", got, deg(30, yAxis))
	}
}

func TestSpawnErrors(t *testing.T) {
	var m Manager
	p := spawn(t, &m, Spec{})
	if err := m.Remove(p); err != nil {
		t.Fatal(err)
	}
	nan := float32(math.NaN())
	tests := []struct {
		name string
		spec Spec
		want error
	}{
		{"stale parent", Spec{Parent: p}, ErrStaleHandle},
		{"unknown parent", Spec{Parent: makeHandle(99, 1)}, ErrNoActor},
		{"NaN position", Spec{Pos: mgl32.Vec3{nan, 0, 0}}, ErrNonFinite},
		{"Inf scale", Spec{Scale: mgl32.Vec3{float32(math.Inf(1)), 1, 1}}, ErrNonFinite},
	}
	for _, tt := range tests {
		h, err := m.Spawn(tt.spec)
		if !errors.Is(err, tt.want) || h != NoHandle {
			t.Errorf("%s: got %v, %v; want NoHandle, %v", tt.name, h, err, tt.want)
		}
	}
	if m.Len() != 0 {
		t.Errorf("Len after failed spawns: got %d, want 0", m.Len())
	}
}

func TestHandles(t *testing.T) {
	var m Manager
	a := spawn(t, &m, Spec{})
	b := spawn(t, &m, Spec{})
	if err := m.Remove(a); err != nil {
		t.Fatal(err)
	}
	c := spawn(t, &m, Spec{}) // recycles a's slot
	if c.Index() != a.Index() || c.Gen() == a.Gen() {
		t.Errorf("recycled handle: got %v after %v, want the same index with a new generation", c, a)
	}
	tests := []struct {
		name string
		h    Handle
		want error
	}{
		{"NoHandle", NoHandle, ErrNoActor},
		{"never issued", makeHandle(7, 1), ErrNoActor},
		{"stale (slot recycled)", a, ErrStaleHandle},
	}
	for _, tt := range tests {
		_, err := m.Actor(tt.h)
		if !errors.Is(err, tt.want) {
			t.Errorf("Actor(%s): got %v, want %v", tt.name, err, tt.want)
		}
		if tt.h != NoHandle && (err == nil || !strings.Contains(err.Error(), tt.h.String())) {
			t.Errorf("Actor(%s): error %q does not name the handle %v", tt.name, err, tt.h)
		}
	}
	for _, h := range []Handle{b, c} {
		if _, err := m.Actor(h); err != nil {
			t.Errorf("Actor(%v) of a live actor: %v", h, err)
		}
	}
	if got := a.String(); got != "actor#0.1" {
		t.Errorf("String: got %q, want %q", got, "actor#0.1")
	}
}

func TestRemoveTwice(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{})
	if err := m.Remove(h); err != nil {
		t.Fatalf("first Remove: %v", err)
	}
	err := m.Remove(h)
	if !errors.Is(err, ErrStaleHandle) || !strings.Contains(err.Error(), h.String()) {
		t.Errorf("second Remove: got %v, want ErrStaleHandle naming %v", err, h)
	}
	if m.Len() != 0 {
		t.Errorf("Len: got %d, want 0", m.Len())
	}
}

// TestRemoveTakesDescendants: removing a parent removes its whole subtree,
// and only it.
func TestRemoveTakesDescendants(t *testing.T) {
	var m Manager
	root := spawn(t, &m, Spec{})
	child := spawn(t, &m, Spec{Parent: root})
	grandchild := spawn(t, &m, Spec{Parent: child})
	other := spawn(t, &m, Spec{Parent: root})
	unrelated := spawn(t, &m, Spec{})
	if err := m.Remove(child); err != nil {
		t.Fatal(err)
	}
	for _, h := range []Handle{child, grandchild} {
		if _, err := m.Actor(h); !errors.Is(err, ErrStaleHandle) {
			t.Errorf("Actor(%v) after removing its ancestor: got %v, want ErrStaleHandle", h, err)
		}
	}
	for _, h := range []Handle{root, other, unrelated} {
		if _, err := m.Actor(h); err != nil {
			t.Errorf("Actor(%v): %v", h, err)
		}
	}
	if got := actor(t, &m, root).Children(); got != 1 {
		t.Errorf("root's children: got %d, want 1", got)
	}
	if m.Len() != 3 {
		t.Errorf("Len: got %d, want 3", m.Len())
	}
	tick(t, &m, 0) // the hierarchy order must not hold the removed actors
}

// TestHierarchyWorld: after a tick, world = parent world × local for
// uniform scales, down to grandchildren.
func TestHierarchyWorld(t *testing.T) {
	var m Manager
	root := spawn(t, &m, Spec{Pos: mgl32.Vec3{1, 2, 3}, Rot: deg(40, yAxis), Scale: mgl32.Vec3{2, 2, 2}})
	child := spawn(t, &m, Spec{Parent: root, Pos: mgl32.Vec3{0, 1, 0}, Rot: deg(-70, xAxis), Scale: mgl32.Vec3{0.5, 0.5, 0.5}})
	grand := spawn(t, &m, Spec{Parent: child, Pos: mgl32.Vec3{3, 0, 1}, Rot: deg(15, zAxis), Scale: mgl32.Vec3{1, 2, 3}})
	for i := uint64(0); i < 3; i++ {
		actor(t, &m, root).Local.Rot = deg(40+float32(i)*25, yAxis)
		actor(t, &m, child).Local.Pos[0] += 1
		tick(t, &m, i)
		for _, h := range []Handle{child, grand} {
			a := actor(t, &m, h)
			p := actor(t, &m, a.Parent())
			want := p.WorldMatrix().Mul4(a.LocalMatrix())
			checkMat(t, h.String()+" world", a.WorldMatrix(), want, 1e-5)
		}
	}
}

// TestReparent: KeepWorld keeps the actor where it is in the world,
// KeepLocal keeps its local transform and moves it with the new parent.
func TestReparent(t *testing.T) {
	setup := func(t *testing.T) (*Manager, Handle, Handle) {
		m := &Manager{}
		p := spawn(t, m, Spec{Pos: mgl32.Vec3{10, 0, 0}, Rot: deg(90, yAxis), Scale: mgl32.Vec3{2, 2, 2}})
		c := spawn(t, m, Spec{Pos: mgl32.Vec3{1, 2, 3}, Rot: deg(30, xAxis)})
		tick(t, m, 0)
		return m, p, c
	}
	t.Run("KeepWorld", func(t *testing.T) {
		m, p, c := setup(t)
		before := actor(t, m, c).WorldMatrix()
		if err := m.SetParent(c, p, KeepWorld); err != nil {
			t.Fatal(err)
		}
		tick(t, m, 1)
		a := actor(t, m, c)
		checkMat(t, "world after reparenting, keeping world", a.WorldMatrix(), before, 1e-5)
		checkMat(t, "last world: no jump to interpolate", a.LastWorldMatrix(), before, 1e-5)
		if a.Parent() != p {
			t.Errorf("Parent: got %v, want %v", a.Parent(), p)
		}
		// And back to the root, still keeping the world transform.
		if err := m.SetParent(c, NoHandle, KeepWorld); err != nil {
			t.Fatal(err)
		}
		tick(t, m, 2)
		checkMat(t, "world after unparenting", actor(t, m, c).WorldMatrix(), before, 1e-5)
	})
	t.Run("KeepLocal", func(t *testing.T) {
		m, p, c := setup(t)
		local := actor(t, m, c).Local
		if err := m.SetParent(c, p, KeepLocal); err != nil {
			t.Fatal(err)
		}
		tick(t, m, 1)
		a := actor(t, m, c)
		if a.Local != local {
			t.Errorf("Local: got %+v, want %+v unchanged", a.Local, local)
		}
		want := actor(t, m, p).WorldMatrix().Mul4(a.LocalMatrix())
		checkMat(t, "world after reparenting, keeping local", a.WorldMatrix(), want, 1e-5)
	})
}

func TestReparentCycleRefused(t *testing.T) {
	var m Manager
	a := spawn(t, &m, Spec{})
	b := spawn(t, &m, Spec{Parent: a})
	c := spawn(t, &m, Spec{Parent: b})
	tests := []struct {
		name          string
		child, parent Handle
	}{
		{"self", a, a},
		{"child of its child", a, b},
		{"child of its grandchild", a, c},
		{"middle under its child", b, c},
	}
	for _, tt := range tests {
		for _, keep := range []Keep{KeepWorld, KeepLocal} {
			err := m.SetParent(tt.child, tt.parent, keep)
			if !errors.Is(err, ErrCycle) {
				t.Errorf("%s: got %v, want ErrCycle", tt.name, err)
			}
		}
	}
	if got := actor(t, &m, a).Parent(); got != NoHandle {
		t.Errorf("after refused reparenting, a's parent: got %v, want none", got)
	}
	tick(t, &m, 0)
}

func TestReparentZeroScaleParent(t *testing.T) {
	var m Manager
	flat := spawn(t, &m, Spec{Scale: mgl32.Vec3{1, 0, 1}})
	c := spawn(t, &m, Spec{})
	if err := m.SetParent(c, flat, KeepWorld); !errors.Is(err, ErrZeroScale) {
		t.Errorf("KeepWorld under a zero scale: got %v, want ErrZeroScale", err)
	}
	if err := m.SetParent(c, flat, KeepLocal); err != nil {
		t.Errorf("KeepLocal under a zero scale: %v", err)
	}
}

// recorder records the ticks it sees.
type recorder struct {
	ticks []uint64
	f     func(a *Actor, t timing.TickInfo, m *Manager) error
}

func (r *recorder) Tick(a *Actor, t timing.TickInfo, m *Manager) error {
	r.ticks = append(r.ticks, t.Index)
	if r.f != nil {
		return r.f(a, t, m)
	}
	return nil
}

// TestDeferredSpawnAndRemove: spawns and removals made by behaviours take
// effect at the end of the tick; a spawned actor is first ticked by the
// next tick and a removed one still completes the tick.
func TestDeferredSpawnAndRemove(t *testing.T) {
	var m Manager
	victimRec := &recorder{}
	victim := spawn(t, &m, Spec{Behavior: victimRec})
	childRec := &recorder{}
	var spawned Handle
	spawner := &recorder{}
	spawner.f = func(a *Actor, ti timing.TickInfo, m *Manager) error {
		if ti.Index != 1 {
			return nil
		}
		var err error
		spawned, err = m.Spawn(Spec{Pos: mgl32.Vec3{5, 0, 0}, Behavior: childRec, Mesh: gfx.MeshCube})
		if err != nil {
			return err
		}
		if _, err := m.Actor(spawned); err != nil {
			t.Errorf("Actor(spawned) during the tick: %v", err)
		}
		if err := m.Remove(victim); err != nil {
			return err
		}
		if err := m.Remove(victim); !errors.Is(err, ErrStaleHandle) {
			t.Errorf("second Remove during the tick: got %v, want ErrStaleHandle", err)
		}
		if v, err := m.Actor(victim); err != nil || !v.Removing() {
			t.Errorf("Actor(victim) during the tick of its removal: got %v, %v; want it alive, removing", v, err)
		}
		if m.Len() != 4 { // victim, spawner, late victim, spawned
			t.Errorf("Len during the tick: got %d, want 4", m.Len())
		}
		return nil
	}
	// The spawner's slot comes after the victim's: the victim has already
	// been ticked when it is removed. Spawn a second victim after it, to be
	// removed before its turn: it must still be ticked.
	spawn(t, &m, Spec{Behavior: spawner})
	lateRec := &recorder{}
	late := spawn(t, &m, Spec{Behavior: lateRec})
	spawner.f = chain(spawner.f, func(a *Actor, ti timing.TickInfo, m *Manager) error {
		if ti.Index == 1 {
			return m.Remove(late)
		}
		return nil
	})

	for i := uint64(0); i < 3; i++ {
		tick(t, &m, i)
	}
	if got, want := fmtU(victimRec.ticks), "[0 1]"; got != want {
		t.Errorf("victim ticked at %s, want %s (still ticked in the tick of its removal)", got, want)
	}
	if got, want := fmtU(lateRec.ticks), "[0 1]"; got != want {
		t.Errorf("late victim ticked at %s, want %s (ticked although removed before its turn)", got, want)
	}
	if got, want := fmtU(childRec.ticks), "[2]"; got != want {
		t.Errorf("spawned actor ticked at %s, want %s (first ticked by the next tick)", got, want)
	}
	for _, h := range []Handle{victim, late} {
		if _, err := m.Actor(h); !errors.Is(err, ErrStaleHandle) {
			t.Errorf("Actor(%v) after the tick: got %v, want ErrStaleHandle", h, err)
		}
	}
	if m.Len() != 2 {
		t.Errorf("Len: got %d, want 2", m.Len())
	}
	// Spawned during a tick, it appears where it was spawned: no smear.
	a := actor(t, &m, spawned)
	checkVec(t, "spawned actor's last-world position", a.LastWorld().Pos, mgl32.Vec3{5, 0, 0}, 0)
}

func chain(f, g func(a *Actor, t timing.TickInfo, m *Manager) error) func(a *Actor, t timing.TickInfo, m *Manager) error {
	return func(a *Actor, t timing.TickInfo, m *Manager) error {
		return errors.Join(f(a, t, m), g(a, t, m))
	}
}

func fmtU(v []uint64) string { return fmt.Sprint(v) }

func TestBehaviourErrorIsReported(t *testing.T) {
	var m Manager
	boom := errors.New("boom")
	h := spawn(t, &m, Spec{Behavior: behaviorFunc(func(a *Actor, ti timing.TickInfo, m *Manager) error {
		a.Local.Pos[0]++ // the tick completes regardless
		return boom
	})})
	err := m.Tick(tickInfo(4))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), h.String()) {
		t.Errorf("Tick: got %v, want an error wrapping %v naming %v", err, boom, h)
	}
	checkVec(t, "world after the failing behaviour", actor(t, &m, h).World().Pos, mgl32.Vec3{1, 0, 0}, 0)
}

func TestTickReentryRefused(t *testing.T) {
	var m Manager
	var inner error
	spawn(t, &m, Spec{Behavior: behaviorFunc(func(a *Actor, ti timing.TickInfo, m *Manager) error {
		inner = m.Tick(ti)
		return nil
	})})
	tick(t, &m, 0)
	if !errors.Is(inner, ErrInTick) {
		t.Errorf("Tick within Tick: got %v, want ErrInTick", inner)
	}
}

func TestAllVisitsLiveActorsInSlotOrder(t *testing.T) {
	var m Manager
	var hs []Handle
	for range 5 {
		hs = append(hs, spawn(t, &m, Spec{}))
	}
	if err := m.Remove(hs[2]); err != nil {
		t.Fatal(err)
	}
	var got []Handle
	for h, a := range m.All() {
		if a.Handle() != h {
			t.Errorf("All yielded %v with actor %v", h, a.Handle())
		}
		got = append(got, h)
	}
	want := []Handle{hs[0], hs[1], hs[3], hs[4]}
	if fmtHandles(got) != fmtHandles(want) {
		t.Errorf("All: got %v, want %v", got, want)
	}
	n := 0
	for range m.All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("All after break: visited %d, want 1", n)
	}
}

func TestSetBehaviorCounts(t *testing.T) {
	var m Manager
	rec := &recorder{}
	h := spawn(t, &m, Spec{})
	tick(t, &m, 0)
	actor(t, &m, h).SetBehavior(rec)
	tick(t, &m, 1)
	actor(t, &m, h).SetBehavior("plain data")
	tick(t, &m, 2)
	if got, want := fmtU(rec.ticks), "[1]"; got != want {
		t.Errorf("ticks seen: got %s, want %s", got, want)
	}
	if got := actor(t, &m, h).Behavior(); got != "plain data" {
		t.Errorf("Behavior: got %v, want %q", got, "plain data")
	}
}
