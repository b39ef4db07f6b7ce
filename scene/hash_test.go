package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// TestHashChangesWhenAnyActorMoves: changing any one component of any one
// actor's local transform changes the hash; putting it back restores it.
func TestHashChangesWhenAnyActorMoves(t *testing.T) {
	var m Manager
	var hs []Handle
	for i := range 4 {
		s := Spec{Pos: mgl32.Vec3{float32(i), 1, 2}, Rot: deg(float32(10*i), yAxis), Mesh: gfx.MeshCube}
		if i == 3 {
			s.Parent = hs[0]
		}
		hs = append(hs, spawn(t, &m, s))
	}
	tick(t, &m, 0)
	base := m.Hash()
	fields := []struct {
		name string
		ptr  func(l *Transform) *float32
	}{
		{"Pos.x", func(l *Transform) *float32 { return &l.Pos[0] }},
		{"Pos.y", func(l *Transform) *float32 { return &l.Pos[1] }},
		{"Pos.z", func(l *Transform) *float32 { return &l.Pos[2] }},
		{"Rot.W", func(l *Transform) *float32 { return &l.Rot.W }},
		{"Rot.x", func(l *Transform) *float32 { return &l.Rot.V[0] }},
		{"Rot.y", func(l *Transform) *float32 { return &l.Rot.V[1] }},
		{"Rot.z", func(l *Transform) *float32 { return &l.Rot.V[2] }},
		{"Scale.x", func(l *Transform) *float32 { return &l.Scale[0] }},
		{"Scale.y", func(l *Transform) *float32 { return &l.Scale[1] }},
		{"Scale.z", func(l *Transform) *float32 { return &l.Scale[2] }},
	}
	seen := map[uint64]string{base: "base"}
	for _, h := range hs {
		a := actor(t, &m, h)
		for _, f := range fields {
			p := f.ptr(&a.Local)
			old := *p
			*p = mgl32.Abs(old)*1.0001 + 1e-7 // the smallest kind of move
			got := m.Hash()
			if got == base {
				t.Errorf("%v %s changed: hash unchanged %#x", h, f.name, got)
			}
			if prev, dup := seen[got]; dup {
				t.Errorf("%v %s changed: hash %#x equals that of %s", h, f.name, got, prev)
			}
			seen[got] = h.String() + " " + f.name
			*p = old
			if got := m.Hash(); got != base {
				t.Errorf("%v %s restored: hash %#x, want %#x", h, f.name, got, base)
			}
		}
	}
}

// TestHashStableWhenNothingMoves: ticks without motion, frames, modes and
// colours leave the hash alone; structural changes do not.
func TestHashStableWhenNothingMoves(t *testing.T) {
	var m Manager
	a := spawn(t, &m, Spec{Pos: mgl32.Vec3{1, 2, 3}, Rot: deg(20, zAxis), Mesh: gfx.MeshCube})
	b := spawn(t, &m, Spec{Parent: a, Pos: mgl32.Vec3{0, 1, 0}})
	tick(t, &m, 0)
	base := m.Hash()
	for i := uint64(1); i < 5; i++ {
		tick(t, &m, i)
		m.SetMode(Mode(i % 3))
		m.Interpolate(float32(i) / 5)
		actor(t, &m, a).SetColor(gfx.RGB(float32(i)/5, 0, 0))
		m.BuildDrawList()
		if got := m.Hash(); got != base {
			t.Fatalf("tick %d with nothing moving: hash %#x, want %#x", i, got, base)
		}
	}
	if err := m.SetParent(b, NoHandle, KeepLocal); err != nil {
		t.Fatal(err)
	}
	if m.Hash() == base {
		t.Errorf("reparenting left the hash unchanged")
	}
	var other Manager
	spawn(t, &other, Spec{Pos: mgl32.Vec3{1, 2, 3}, Rot: deg(20, zAxis)})
	if other.Hash() == (&Manager{}).Hash() {
		t.Errorf("a spawn left the hash unchanged")
	}
}
