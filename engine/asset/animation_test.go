package asset

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

func near32(a, b []float32, tol float64) bool {
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > tol {
			return false
		}
	}
	return true
}

func TestChannelSample(t *testing.T) {
	s2 := float32(math.Sqrt2 / 2)
	s45, c45 := float32(math.Sin(math.Pi/8)), float32(math.Cos(math.Pi/8))
	tests := []struct {
		name string
		c    Channel
		at   float32
		want []float32
	}{
		{"step holds", Channel{Path: PathTranslation, Interp: InterpStep, Times: []float32{0, 1}, Values: []float32{1, 2, 3, 4, 5, 6}}, 0.99, []float32{1, 2, 3}},
		{"step at key", Channel{Path: PathTranslation, Interp: InterpStep, Times: []float32{0, 1}, Values: []float32{1, 2, 3, 4, 5, 6}}, 1, []float32{4, 5, 6}},
		{"linear", Channel{Path: PathScale, Times: []float32{1, 3}, Values: []float32{0, 0, 0, 2, 4, 8}}, 2.5, []float32{1.5, 3, 6}},
		{"before first", Channel{Path: PathScale, Times: []float32{1, 3}, Values: []float32{1, 1, 1, 2, 4, 8}}, 0, []float32{1, 1, 1}},
		{"after last", Channel{Path: PathScale, Times: []float32{1, 3}, Values: []float32{1, 1, 1, 2, 4, 8}}, 9, []float32{2, 4, 8}},
		// 0° to 90° about Y, halfway: 45° (x, y, z, w).
		{"slerp", Channel{Path: PathRotation, Times: []float32{0, 1}, Values: []float32{0, 0, 0, 1, 0, s2, 0, s2}}, 0.5, []float32{0, s45, 0, c45}},
		// The shorter arc: -q is the same rotation as q.
		{"slerp shorter arc", Channel{Path: PathRotation, Times: []float32{0, 1}, Values: []float32{0, 0, 0, 1, 0, -s2, 0, -s2}}, 0.5, []float32{0, s45, 0, c45}},
		// Hermite with td = 2, v0 = 0, v1 = 1, out-tangent b0 = 2, in-tangent a1 = 0, at u = 0.5:
		// 0.5·0 + 2·0.125·2 + 0.5·1 + 2·(−0.125)·0 = 1.
		{"cubic spline", Channel{Path: PathTranslation, Interp: InterpCubicSpline, Times: []float32{0, 2},
			Values: []float32{0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}}, 1, []float32{1, 0, 0}},
		{"cubic spline at key", Channel{Path: PathTranslation, Interp: InterpCubicSpline, Times: []float32{0, 2},
			Values: []float32{9, 9, 9, 5, 6, 7, 9, 9, 9, 9, 9, 9, 1, 2, 3, 9, 9, 9}}, 0, []float32{5, 6, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.c.Validate(1); err != nil {
				t.Fatal(err)
			}
			var got [4]float32
			tt.c.Sample(tt.at, &got)
			if !near32(got[:len(tt.want)], tt.want, 1e-5) {
				t.Errorf("Sample(%v): got %v, want %v", tt.at, got[:len(tt.want)], tt.want)
			}
		})
	}
}

func TestChannelValidate(t *testing.T) {
	tests := []struct {
		name string
		c    Channel
		want string
	}{
		{"node", Channel{Node: 3, Times: []float32{0}, Values: []float32{0, 0, 0}}, "node 3 of 2"},
		{"no keys", Channel{}, "no keys"},
		{"values", Channel{Times: []float32{0, 1}, Values: []float32{0, 0, 0}}, "3 values for 2 keys, want 6"},
		{"cubic values", Channel{Interp: InterpCubicSpline, Times: []float32{0}, Values: []float32{0, 0, 0}}, "want 9"},
		{"decreasing", Channel{Times: []float32{1, 0}, Values: make([]float32, 6)}, "increasing"},
		{"nan", Channel{Times: []float32{0}, Values: []float32{0, float32(math.NaN()), 0}}, "not finite"},
	}
	for _, tt := range tests {
		err := tt.c.Validate(2)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

// testModel is a three-level hierarchy (base → arm → hand) plus a second
// root, with an animation moving the arm.
func testModel() *Model {
	return &Model{
		Name: "test.glb",
		Nodes: []Node{
			{Name: "base", Parent: -1, Children: []int{1}, Pos: mgl32.Vec3{1, 0, 0}, Rot: mgl32.QuatRotate(0.5, mgl32.Vec3{0, 1, 0}), Scale: mgl32.Vec3{2, 2, 2}, Meshes: []gfx.MeshID{gfx.MeshCube}},
			{Name: "arm", Parent: 0, Children: []int{2}, Pos: mgl32.Vec3{0, 1, 0}, Rot: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}, Meshes: []gfx.MeshID{gfx.MeshSphere, gfx.MeshCube}},
			{Name: "hand", Parent: 1, Pos: mgl32.Vec3{0, 0, 1}, Rot: mgl32.QuatRotate(1, mgl32.Vec3{1, 0, 0}), Scale: mgl32.Vec3{1, 0.5, 1}},
			{Name: "other", Parent: -1, Pos: mgl32.Vec3{-3, 0, 0}, Rot: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}, Meshes: []gfx.MeshID{gfx.MeshPlane}},
		},
		Roots: []int{0, 3},
		Animations: []Animation{{
			Name:     "wave",
			Duration: 2,
			Channels: []Channel{{Node: 1, Path: PathTranslation, Times: []float32{0, 2}, Values: []float32{0, 1, 0, 0, 3, 0}}},
		}},
	}
}

func trs(n *Node) mgl32.Mat4 {
	return mgl32.Translate3D(n.Pos[0], n.Pos[1], n.Pos[2]).Mul4(n.Rot.Mat4()).Mul4(mgl32.Scale3D(n.Scale[0], n.Scale[1], n.Scale[2]))
}

func TestSpawnHierarchyMatchesNodeTransforms(t *testing.T) {
	md := testModel()
	var m scene.Manager
	in, err := md.Spawn(&m, scene.Spec{Pos: mgl32.Vec3{0, 0, 5}})
	if err != nil {
		t.Fatal(err)
	}
	rootM := mgl32.Translate3D(0, 0, 5)
	for i := range md.Nodes {
		want := rootM
		var chain []int
		for p := i; p != -1; p = md.Nodes[p].Parent {
			chain = append([]int{p}, chain...)
		}
		for _, p := range chain {
			want = want.Mul4(trs(&md.Nodes[p]))
		}
		a, err := m.Actor(in.Nodes[i])
		if err != nil {
			t.Fatal(err)
		}
		if got := a.WorldMatrix(); !got.ApproxEqualThreshold(want, 1e-5) {
			t.Errorf("node %d %q: world matrix\n%v\nwant the file's\n%v", i, md.Nodes[i].Name, got, want)
		}
	}
	// 1 root + 4 nodes + 1 extra primitive of "arm".
	if got := m.Len(); got != 6 {
		t.Errorf("got %d actors, want 6", got)
	}
	arm, _ := m.Actor(in.Nodes[1])
	if arm.Mesh != gfx.MeshSphere || arm.Children() != 2 || arm.Color() != gfx.RGB(1, 1, 1) {
		t.Errorf("arm: mesh %v, %d children, colour %v; want sphere, 2 (hand and its second primitive), white", arm.Mesh, arm.Children(), arm.Color())
	}
	in2, err := md.Spawn(&m, scene.Spec{})
	if err != nil {
		t.Fatal(err)
	}
	a1, _ := m.Actor(in.Nodes[0])
	a2, _ := m.Actor(in2.Nodes[0])
	if a1.Mesh != a2.Mesh || in.Nodes[0] == in2.Nodes[0] {
		t.Errorf("two spawns: meshes %v and %v, actors %v and %v; want one shared mesh, two actors", a1.Mesh, a2.Mesh, in.Nodes[0], in2.Nodes[0])
	}
}

func TestSpawnRefusesBadModels(t *testing.T) {
	md := testModel()
	md.Nodes[2].Parent = 2
	var m scene.Manager
	if _, err := md.Spawn(&m, scene.Spec{}); err == nil || !strings.Contains(err.Error(), "test.glb") {
		t.Errorf("spawning a model with a self-parented node: got %v, want an error naming the model", err)
	}
	if m.Len() != 0 {
		t.Errorf("after a failed spawn: %d actors, want 0", m.Len())
	}
}

func TestAnimatorSamplesAtTicks(t *testing.T) {
	tests := []struct {
		loop  bool
		ticks int
		want  float32 // the arm's y
	}{
		{false, 0, 1},
		{false, 30, 2}, // 1 s of 2: halfway from 1 to 3
		{false, 45, 2.5},
		{false, 90, 3},  // past the end: held
		{true, 75, 1.5}, // 2.5 s: looped to 0.5 s
	}
	for _, tt := range tests {
		md := testModel()
		var m scene.Manager
		in, err := md.Spawn(&m, scene.Spec{})
		if err != nil {
			t.Fatal(err)
		}
		anim, err := in.Play(&m, 0, tt.loop)
		if err != nil {
			t.Fatal(err)
		}
		// Play poses at once; each tick that follows advances one step.
		for i := 0; i < tt.ticks; i++ {
			if err := m.Tick(timing.TickInfo{Index: uint64(i), Rate: 30, Delta: 1.0 / 30}); err != nil {
				t.Fatal(err)
			}
		}
		arm, _ := m.Actor(in.Nodes[1])
		if got := arm.Local.Pos[1]; math.Abs(float64(got-tt.want)) > 1e-4 {
			t.Errorf("loop %v, %d ticks: arm y %v (animation time %v), want %v", tt.loop, tt.ticks, got, anim.Time(), tt.want)
		}
	}
}

func TestAnimatorAllocatesNothing(t *testing.T) {
	md := testModel()
	var m scene.Manager
	in, err := md.Spawn(&m, scene.Spec{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Play(&m, 0, true); err != nil {
		t.Fatal(err)
	}
	i := uint64(0)
	allocs := testing.AllocsPerRun(100, func() {
		m.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
		i++
	})
	if allocs != 0 {
		t.Errorf("a tick of an animated model allocates %v times, want 0", allocs)
	}
	if _, err := in.Play(&m, 5, true); err == nil {
		t.Error("Play of animation 5 of 1: got nil error")
	}
}
