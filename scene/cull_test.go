package scene

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/mesh"
)

// The built-in spheres are the smallest around the origin that hold every
// vertex of the built-in meshes.
func TestBuiltinRadiusEnclosesMeshes(t *testing.T) {
	for id := gfx.MeshCube; id < gfx.NumBuiltinMeshes; id++ {
		d, ok := mesh.Builtin(id)
		if !ok {
			t.Fatalf("%v: no geometry", id)
		}
		var far float32
		for _, v := range d.Vertices {
			p := mgl32.Vec3(v.Position)
			far = max(far, p.Len())
		}
		if got := builtinRadius[id]; got < far || got > far*1.0001 {
			t.Errorf("%v: got radius %v, want the farthest vertex's %v", id, got, far)
		}
	}
}

// cullScene spawns n actors of every built-in mesh at random places, sizes
// and rotations, a fifth of them children, identified by their colour's R
// (the index), and runs two ticks in which every actor moves and turns.
func cullScene(t *testing.T, seed uint64, n int, culling bool) *Manager {
	t.Helper()
	m := &Manager{}
	m.SetAspect(16.0 / 9)
	m.SetCulling(culling)
	r := rand.New(rand.NewPCG(seed, 1))
	f := func(lo, hi float32) float32 { return lo + (hi-lo)*r.Float32() }
	var hs []Handle
	for i := range n {
		s := Spec{
			Pos:   mgl32.Vec3{f(-60, 60), f(-60, 60), f(-60, 60)},
			Rot:   mgl32.QuatRotate(f(0, 6), mgl32.Vec3{f(-1, 1), 1, f(-1, 1)}.Normalize()),
			Scale: mgl32.Vec3{f(0.2, 4), f(0.2, 4), f(0.2, 4)},
			Mesh:  gfx.MeshCube + gfx.MeshID(i)%(gfx.NumBuiltinMeshes-1),
			Color: gfx.RGB(float32(i), 0, 0),
		}
		if i%5 == 4 {
			s.Parent = hs[r.IntN(len(hs))]
			s.Pos = mgl32.Vec3{f(-3, 3), f(-3, 3), f(-3, 3)}
		}
		h, err := m.Spawn(s)
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, h)
	}
	for range 2 {
		for _, a := range m.All() {
			a.Local.Pos = a.Local.Pos.Add(mgl32.Vec3{f(-3, 3), f(-3, 3), f(-3, 3)})
			a.Local.Rot = mgl32.QuatRotate(f(0, 0.8), mgl32.Vec3{0, 1, 0}).Mul(a.Local.Rot)
			a.Local.Scale = a.Local.Scale.Mul(f(0.7, 1.4))
		}
		if err := m.Tick(tickInfo(1)); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// drawnByIndex returns the drawn instances' model matrices by actor index.
func drawnByIndex(d *gfx.DrawList) map[int]mgl32.Mat4 {
	got := map[int]mgl32.Mat4{}
	for _, b := range d.Batches() {
		for _, in := range b.Instances {
			got[int(in.Color.R)] = in.Model
		}
	}
	return got
}

// vertexOnScreen reports whether a vertex of mesh id, drawn with model
// under projection × view vp, lies inside the clip volume: the mesh shows
// a pixel.
func vertexOnScreen(id gfx.MeshID, model, vp *mgl32.Mat4) bool {
	d, _ := mesh.Builtin(id)
	mvp := vp.Mul4(*model)
	for _, v := range d.Vertices {
		c := mvp.Mul4x1(mgl32.Vec4{v.Position[0], v.Position[1], v.Position[2], 1})
		if c[3] > 0 && abs32(c[0]) < c[3] && abs32(c[1]) < c[3] && abs32(c[2]) < c[3] {
			return true
		}
	}
	return false
}

// Culling is conservative and changes nothing it draws: in random scenes
// under random views and render modes, every actor with a vertex on screen
// (found with the render matrices of the same scene drawn without culling)
// is drawn, with the same matrix, and some actors are culled.
func TestCullingIsConservative(t *testing.T) {
	culled, total := 0, 0
	for seed := range uint64(6) {
		ref, m := cullScene(t, seed, 400, false), cullScene(t, seed, 400, true)
		r := rand.New(rand.NewPCG(seed, 2))
		for frame := range 12 {
			eye := mgl32.Vec3{r.Float32()*40 - 20, r.Float32()*40 - 20, r.Float32()*40 - 20}
			target := mgl32.Vec3{r.Float32()*100 - 50, r.Float32()*100 - 50, r.Float32()*100 - 50}
			view := mgl32.LookAtV(eye, target, mgl32.Vec3{0, 1, 0})
			mode := Mode(frame % 3)
			alpha, fov := r.Float32(), 0.3+2*r.Float32()
			for _, x := range []*Manager{ref, m} {
				x.SetView(view)
				x.SetMode(mode)
				if err := x.SetLens(fov, 0.1, 300); err != nil {
					t.Fatal(err)
				}
				x.Interpolate(alpha)
				x.BuildDrawList()
			}
			var proj mgl32.Mat4
			ref.DrawList().Camera.Projection(16.0/9, &proj)
			vp := proj.Mul4(view)
			want, got := drawnByIndex(ref.DrawList()), drawnByIndex(m.DrawList())
			i := 0
			for _, a := range ref.All() {
				model, drawn := got[i]
				switch {
				case drawn && model != want[i]:
					t.Fatalf("seed %d frame %d (%v): actor %d drawn with %v, want %v", seed, frame, mode, i, model, want[i])
				case !drawn && vertexOnScreen(a.Mesh, ptr(want[i]), &vp):
					t.Fatalf("seed %d frame %d (%v): actor %d culled but a vertex is on screen", seed, frame, mode, i)
				}
				i++
			}
			culled += len(want) - len(got)
			total += len(want)
		}
	}
	if culled == 0 || culled == total {
		t.Errorf("got %d of %d instances culled, want some but not all", culled, total)
	}
}

func ptr[T any](v T) *T { return &v }

// An actor culled while it moves comes back blended exactly as if it had
// never been culled, and RenderMatrix of a culled actor is right at once.
func TestCulledActorComesBackRight(t *testing.T) {
	away := mgl32.LookAtV(mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, 10}, mgl32.Vec3{0, 1, 0})
	at := mgl32.LookAtV(mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, -10}, mgl32.Vec3{0, 1, 0})
	var ms [2]*Manager
	var hs [2]Handle
	for k := range ms {
		ms[k] = &Manager{}
		ms[k].SetAspect(1)
		ms[k].SetCulling(k == 1)
		h, err := ms[k].Spawn(Spec{Pos: mgl32.Vec3{0, 0, -10}, Mesh: gfx.MeshCube})
		if err != nil {
			t.Fatal(err)
		}
		hs[k] = h
	}
	for tick := range 12 {
		view := away
		if tick%4 == 3 {
			view = at
		}
		for k, m := range ms {
			a, _ := m.Actor(hs[k])
			if tick < 8 { // moves, then rests
				a.Local.Pos[0] += 0.3
				a.Local.Rot = deg(20, mgl32.Vec3{0, 1, 0}).Mul(a.Local.Rot)
			}
			if err := m.Tick(tickInfo(uint64(tick))); err != nil {
				t.Fatal(err)
			}
			m.SetView(view)
			m.Interpolate(0.25)
			m.BuildDrawList()
		}
		// In view it is drawn; out of view it is culled, except that after
		// a frame with nothing out of view (tick 3) culling waits for its
		// periodic test, every eighth frame: ticks 4-6 (frames 5-7) draw it,
		// tick 8 (frame 9) tests and culls.
		wantN := 0
		if view == at || (tick >= 4 && tick <= 6) {
			wantN = 1
		}
		if got := ms[1].DrawList().Len(); got != wantN {
			t.Fatalf("tick %d: got %d instances, want %d", tick, got, wantN)
		}
		a0, _ := ms[0].Actor(hs[0])
		a1, _ := ms[1].Actor(hs[1])
		if got, want := a1.RenderMatrix(), a0.RenderMatrix(); got != want {
			t.Fatalf("tick %d: got render %v, want %v (never culled)", tick, got, want)
		}
		if wantN == 1 {
			if got := ms[1].DrawList().Batches()[0].Instances[0].Model; got != a0.RenderMatrix() {
				t.Fatalf("tick %d: drawn with %v, want %v", tick, got, a0.RenderMatrix())
			}
		}
	}
}

// Culling changes what is drawn, never the simulation: the same ticks give
// the same hash whether the camera looks at the scene or away from it.
func TestCullingLeavesTheHashAlone(t *testing.T) {
	views := []mgl32.Mat4{
		mgl32.LookAtV(mgl32.Vec3{0, 0, 150}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}),
		mgl32.LookAtV(mgl32.Vec3{0, 0, 150}, mgl32.Vec3{0, 0, 300}, mgl32.Vec3{0, 1, 0}),
	}
	var hashes, drawn [2]uint64
	for k, view := range views {
		m := cullScene(t, 7, 300, true)
		m.SetView(view)
		for tick := range 20 {
			for _, a := range m.All() {
				a.Local.Pos[1] += 0.1
			}
			if err := m.Tick(tickInfo(uint64(tick + 3))); err != nil {
				t.Fatal(err)
			}
			m.Interpolate(0.5)
			drawn[k] += uint64(m.BuildDrawList().Len())
		}
		hashes[k] = m.Hash()
	}
	if hashes[0] != hashes[1] {
		t.Errorf("got hash %x looking away, want %x as looking at the scene", hashes[1], hashes[0])
	}
	if drawn[0] < 20*250 || drawn[1] != 0 {
		t.Errorf("got %d instances looking at the scene and %d looking away over 20 frames, want ≥ %d and 0", drawn[0], drawn[1], 20*250)
	}
}

// A mesh the manager has no bounds for is never culled; SetMeshBounds
// supplies bounds for asset meshes.
func TestCullingMeshBounds(t *testing.T) {
	const assetMesh = gfx.NumBuiltinMeshes
	for _, tc := range []struct {
		name   string
		bounds MeshBounder
		want   int
	}{
		{"unknown mesh: drawn", nil, 1},
		{"known mesh off screen: culled", boundsOf{assetMesh: 2}, 0},
		{"NaN radius: drawn", boundsOf{assetMesh: float32(math.NaN())}, 1},
	} {
		m := &Manager{}
		m.SetAspect(1)
		m.SetMeshBounds(tc.bounds)
		if _, err := m.Spawn(Spec{Pos: mgl32.Vec3{0, 0, 50}, Mesh: assetMesh}); err != nil {
			t.Fatal(err)
		}
		m.Interpolate(0)
		if got := m.BuildDrawList().Len(); got != tc.want {
			t.Errorf("%s: got %d instances, want %d", tc.name, got, tc.want)
		}
	}
}

// boundsOf gives spheres centred on the origin, by mesh.
type boundsOf map[gfx.MeshID]float32

func (b boundsOf) MeshBounds(id gfx.MeshID) (mgl32.Vec3, float32, bool) {
	r, ok := b[id]
	return mgl32.Vec3{}, r, ok
}

var _ MeshBounder = boundsOf(nil)

// A steady frame with culling allocates nothing.
func TestCullingAllocatesNothing(t *testing.T) {
	m := cullScene(t, 3, 500, true)
	m.SetView(mgl32.LookAtV(mgl32.Vec3{0, 0, 80}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	m.Interpolate(0.5)
	m.BuildDrawList()
	allocs := testing.AllocsPerRun(50, func() {
		m.Interpolate(0.3)
		m.BuildDrawList()
	})
	if allocs != 0 {
		t.Errorf("got %v allocations per frame, want 0", allocs)
	}
}
