package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// walker is a behaviour with state of its own that it describes.
type walker struct {
	steps  int
	speed  float32
	target Handle
}

func (w *walker) Tick(a *Actor, _ timing.TickInfo, _ *Manager) error {
	w.steps++
	a.Local.Pos[0] += w.speed
	return nil
}

func (w *walker) Describe(v *fields.Visitor) {
	v.Int("steps", &w.steps)
	v.Float32("speed", &w.speed)
	fields.Integer(v, "target", &w.target)
}

// plain is a behaviour whose state is not described, so not hashed.
type plain struct{ n int }

func (p *plain) Tick(*Actor, timing.TickInfo, *Manager) error { p.n++; return nil }

// threeActors builds the scene TestHashWithoutDescribersIsUnchanged pins:
// a root, a child and a second root, with the behaviour b on the child.
func threeActors(t *testing.T, b any) *Manager {
	m := new(Manager)
	a := spawn(t, m, Spec{Pos: mgl32.Vec3{1, 2, 3}, Rot: deg(30, yAxis)})
	spawn(t, m, Spec{Parent: a, Pos: mgl32.Vec3{0, 1, 0}, Behavior: b})
	spawn(t, m, Spec{Pos: mgl32.Vec3{-4, 0, 0}, Scale: mgl32.Vec3{2, 2, 2}})
	for i := range uint64(3) {
		tick(t, m, i)
	}
	return m
}

// TestHashWithoutDescribersIsUnchanged: a scene whose behaviours describe
// nothing hashes exactly as before behaviours could be hashed (the value
// was taken from the engine before that change), so recordings of HashScheme
// 2 still verify.
func TestHashWithoutDescribersIsUnchanged(t *testing.T) {
	const want = uint64(0xe6fa9f89e222f5c2)
	for _, tt := range []struct {
		name string
		b    any
	}{
		{"no behaviour", nil},
		{"a behaviour that describes nothing", &plain{}},
	} {
		if got := threeActors(t, tt.b).Hash(); got != want {
			t.Errorf("%s: got hash %#016x, want %#016x", tt.name, got, want)
		}
	}
}

// TestHashCoversDescribedBehaviours: a behaviour that describes its fields
// is part of its manager's hash: a change of any described field changes
// it, a change of a field it does not describe does not, and replacing or
// removing the behaviour counts.
func TestHashCoversDescribedBehaviours(t *testing.T) {
	w := &walker{speed: 0.5, target: 7}
	m := threeActors(t, w)
	base := m.Hash()
	if base == threeActors(t, nil).Hash() {
		t.Fatalf("a described behaviour left the hash as without it")
	}
	for _, tt := range []struct {
		name    string
		change  func()
		changes bool
	}{
		{"steps", func() { w.steps++ }, true},
		{"speed", func() { w.speed = 0.25 }, true},
		{"target", func() { w.target = 8 }, true},
		{"nothing", func() {}, false},
	} {
		saved := *w
		tt.change()
		if got := m.Hash(); (got != base) != tt.changes {
			t.Errorf("%s changed: hash %#x (base %#x), want changed %v", tt.name, got, base, tt.changes)
		}
		*w = saved
	}
	for h, a := range m.All() {
		if a.Behavior() == w {
			a.SetBehavior(&plain{})
			if m.Hash() == base {
				t.Errorf("replacing %v's described behaviour by a plain one left the hash unchanged", h)
			}
			a.SetBehavior(w)
			if got := m.Hash(); got != base {
				t.Errorf("putting %v's behaviour back: hash %#x, want %#x", h, got, base)
			}
		}
	}
}

// TestHashOfDescribedBehavioursAllocatesNothing: once warm, Hash with
// described behaviours allocates nothing.
func TestHashOfDescribedBehavioursAllocatesNothing(t *testing.T) {
	var m Manager
	for i := range 100 {
		spawn(t, &m, Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: &walker{speed: float32(i)}})
	}
	tick(t, &m, 0)
	m.Hash()
	if got := testing.AllocsPerRun(20, func() { m.Hash() }); got != 0 {
		t.Errorf("got %v allocations per Hash, want 0", got)
	}
}

// TestDiffNamesADescribedBehaviour: two runs whose scenes differ only in a
// described behaviour's field are told apart by Diff, which names the
// actor and its behaviour.
func TestDiffNamesADescribedBehaviour(t *testing.T) {
	a, b := threeActors(t, &walker{speed: 1}), threeActors(t, &walker{speed: 1})
	if d := Diff(a.Digest(nil), b.Digest(nil)); d != "" {
		t.Fatalf("equal runs: got %q, want no difference", d)
	}
	for _, x := range b.All() {
		if w, ok := x.Behavior().(*walker); ok {
			w.steps++
		}
	}
	got := Diff(a.Digest(nil), b.Digest(nil))
	if want := "actor actor#1.1: behaviour (its described fields) differs"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// BenchmarkHashBehaviours: Manager.Hash of 10,000 actors with plain
// behaviours (what every scene paid before behaviours were hashed) and
// with behaviours that describe three fields each.
func BenchmarkHashBehaviours(b *testing.B) {
	for _, bm := range []struct {
		name string
		b    func() any
	}{
		{"plain", func() any { return &plain{} }},
		{"described", func() any { return &walker{speed: 1} }},
	} {
		b.Run(bm.name, func(b *testing.B) {
			var m Manager
			const n = 10000
			for i := range n {
				spawn(b, &m, Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: bm.b()})
			}
			tick(b, &m, 0)
			b.ReportAllocs()
			for b.Loop() {
				m.Hash()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/actor")
		})
	}
}
