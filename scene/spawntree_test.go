package scene

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// TestSpawnTreeMatchesSpawn: a tree spawned in one call gets the slots,
// parents and world transforms a chain of Spawn calls gives it.
func TestSpawnTreeMatchesSpawn(t *testing.T) {
	var base Manager
	top, _ := base.Spawn(Spec{Pos: mgl32.Vec3{1, 0, 0}, Rot: deg(90, mgl32.Vec3{0, 1, 0})})
	specs := []Spec{
		{Pos: mgl32.Vec3{0, 1, 0}, Parent: top},
		{Pos: mgl32.Vec3{0, 0, 2}, Scale: mgl32.Vec3{2, 2, 2}, Mesh: gfx.MeshCube},
		{Pos: mgl32.Vec3{3, 0, 0}, Rot: deg(45, mgl32.Vec3{1, 0, 0})},
		{Pos: mgl32.Vec3{0, 5, 0}}, // a second root
	}
	up := []int{-1, 0, 1, -1}

	var one, many Manager
	for _, m := range []*Manager{&one, &many} {
		if h, _ := m.Spawn(Spec{Pos: mgl32.Vec3{1, 0, 0}, Rot: deg(90, mgl32.Vec3{0, 1, 0})}); h != top {
			t.Fatalf("set-up: got %v", h)
		}
	}
	hs, err := one.SpawnTree(specs, up)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range specs {
		if up[i] >= 0 {
			s.Parent = hs[up[i]]
		}
		h, err := many.Spawn(s)
		if err != nil || h != hs[i] {
			t.Fatalf("spec %d: Spawn gave %v, %v; SpawnTree %v", i, h, err, hs[i])
		}
		a, _ := one.Actor(hs[i])
		b, _ := many.Actor(h)
		checkMat(t, "world", a.WorldMatrix(), b.WorldMatrix(), 1e-6)
		if pa, pb := a.Parent(), b.Parent(); pa != pb {
			t.Errorf("spec %d: parent %v, want %v", i, pa, pb)
		}
	}
}

// TestSpawnTreeRefusesWholly: a bad spec or parent index adds nothing.
func TestSpawnTreeRefusesWholly(t *testing.T) {
	nan := float32(0)
	nan /= nan
	for _, c := range []struct {
		name  string
		specs []Spec
		up    []int
		want  error
		says  string
	}{
		{"later parent", []Spec{{}, {}}, []int{1, -1}, nil, "spec 0: parent index 1"},
		{"own parent", []Spec{{}}, []int{0}, nil, "parent index 0"},
		{"not finite", []Spec{{}, {Pos: mgl32.Vec3{nan, 0, 0}}}, []int{-1, 0}, ErrNonFinite, "spec 1"},
		{"stale parent", []Spec{{Parent: makeHandle(7, 1)}}, nil, nil, "spec 0: parent"},
		{"index count", []Spec{{}, {}}, []int{-1}, nil, "2 specs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var m Manager
			hs, err := m.SpawnTree(c.specs, c.up)
			if err == nil || c.want != nil && !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
				t.Errorf("got %v, %v; want an error saying %q", hs, err, c.says)
			}
			if m.Len() != 0 {
				t.Errorf("%d actors added", m.Len())
			}
		})
	}
}

// TestHiddenDeepChain: hiding one actor of a chain thousands deep hides
// every actor below it, and only those, frame after frame.
func TestHiddenDeepChain(t *testing.T) {
	const n = 3000
	specs := make([]Spec, n)
	up := make([]int, n)
	for i := range specs {
		specs[i] = Spec{Mesh: gfx.MeshCube, Pos: mgl32.Vec3{0, 0.01, 0}}
		up[i] = i - 1
	}
	var m Manager
	hs, err := m.SpawnTree(specs, up)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Tick(tickInfo(0)); err != nil {
		t.Fatal(err)
	}
	for _, hide := range []int{-1, n / 2, 0, n - 1, -1} {
		for i, h := range hs {
			a, _ := m.Actor(h)
			a.Hidden = i == hide
		}
		m.Interpolate(0.5)
		want := n
		if hide >= 0 {
			want = hide
		}
		if got := m.BuildDrawList().Len(); got != want {
			t.Errorf("hiding actor %d of %d: %d drawn, want %d", hide, n, got, want)
		}
	}
}
