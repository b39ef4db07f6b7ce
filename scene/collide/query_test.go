package collide

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx/mesh"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// queryScene places one collider of each kind along X, steps once and
// returns their handles: sphere at x=0, box at x=4 (rotated 45° about Y),
// capsule at x=8, a unit cube mesh at x=12 scaled ×2, and a sensor at
// x=16.
func queryScene(t testing.TB) (*scene.Manager, *World, [5]scene.Handle) {
	m := &scene.Manager{}
	w := New(Config{NoGravity: true})
	cube := mesh.Cube()
	tm, err := FromMesh(cube.Mesh())
	if err != nil {
		t.Fatal(err)
	}
	id, _ := w.AddMesh(tm)
	var hs [5]scene.Handle
	hs[0] = spawn(t, m, w, mgl32.Vec3{0, 0, 0}, Collider{Shape: Sphere(1)})
	hs[1] = spawn(t, m, w, mgl32.Vec3{4, 0, 0}, Collider{Shape: Box(mgl32.Vec3{1, 1, 1}), OffsetRot: mgl32.QuatRotate(math.Pi/4, mgl32.Vec3{0, 1, 0})})
	hs[2] = spawn(t, m, w, mgl32.Vec3{8, 0, 0}, Collider{Shape: Capsule(0.5, 1)})
	h, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{12, 0, 0}, Scale: mgl32.Vec3{2, 2, 2}})
	if err := w.Attach(m, h, Collider{Shape: Mesh(id)}); err != nil {
		t.Fatal(err)
	}
	hs[3] = h
	hs[4] = spawn(t, m, w, mgl32.Vec3{16, 0, 0}, Collider{Shape: Sphere(1), Sensor: true})
	if err := w.Step(m, timing.TickInfo{Rate: 30, Delta: 1.0 / 30}); err != nil {
		t.Fatal(err)
	}
	return m, w, hs
}

func near(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 1e-4 }

func TestRayCast(t *testing.T) {
	_, w, hs := queryScene(t)
	down := mgl32.Vec3{0, -1, 0}
	s2 := float32(math.Sqrt2)
	cases := []struct {
		name   string
		o, d   mgl32.Vec3
		f      Filter
		hit    bool
		who    scene.Handle
		dist   float32
		normal mgl32.Vec3
	}{
		{"sphere from above", mgl32.Vec3{0, 5, 0}, down, Filter{}, true, hs[0], 4, mgl32.Vec3{0, 1, 0}},
		{"sphere from the side", mgl32.Vec3{-5, 0, 0}, mgl32.Vec3{1, 0, 0}, Filter{}, true, hs[0], 4, mgl32.Vec3{-1, 0, 0}},
		{"rotated box from +z", mgl32.Vec3{3.9, 0, 5}, mgl32.Vec3{0, 0, -1}, Filter{}, true, hs[1], 5 - (1-0.1*s2/2)/(s2/2), mgl32.Vec3{-s2 / 2, 0, s2 / 2}},
		{"rotated box from above", mgl32.Vec3{4, 5, 0}, down, Filter{}, true, hs[1], 4, mgl32.Vec3{0, 1, 0}},
		{"rotated box along z", mgl32.Vec3{4.1, 0, -5}, mgl32.Vec3{0, 0, 1}, Filter{}, true, hs[1], 5 - (1-0.1*s2/2)/(s2/2), mgl32.Vec3{s2 / 2, 0, -s2 / 2}},
		{"capsule top", mgl32.Vec3{8, 5, 0}, down, Filter{}, true, hs[2], 3.5, mgl32.Vec3{0, 1, 0}},
		{"capsule side", mgl32.Vec3{8, 0.5, -5}, mgl32.Vec3{0, 0, 1}, Filter{}, true, hs[2], 4.5, mgl32.Vec3{0, 0, -1}},
		{"scaled mesh top", mgl32.Vec3{12, 5, 0.3}, down, Filter{}, true, hs[3], 4, mgl32.Vec3{0, 1, 0}},
		{"sensor unseen", mgl32.Vec3{16, 5, 0}, down, Filter{}, false, 0, 0, mgl32.Vec3{}},
		{"sensor seen", mgl32.Vec3{16, 5, 0}, down, Filter{Sensors: true}, true, hs[4], 4, mgl32.Vec3{0, 1, 0}},
		{"excluded", mgl32.Vec3{0, 5, 0}, down, Filter{Exclude: hs[0]}, false, 0, 0, mgl32.Vec3{}},
		{"too short", mgl32.Vec3{0, 5, 0}, down, Filter{}, false, 0, 0, mgl32.Vec3{}},
		{"miss", mgl32.Vec3{2, 5, 0}, down, Filter{}, false, 0, 0, mgl32.Vec3{}},
		{"zero direction", mgl32.Vec3{0, 5, 0}, mgl32.Vec3{}, Filter{}, false, 0, 0, mgl32.Vec3{}},
		{"NaN origin", mgl32.Vec3{float32(math.NaN()), 5, 0}, down, Filter{}, false, 0, 0, mgl32.Vec3{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			maxd := float32(100)
			if c.name == "too short" {
				maxd = 3.9
			}
			h, ok := w.RayCast(c.o, c.d, maxd, c.f)
			if ok != c.hit {
				t.Fatalf("hit %v (%+v), want %v", ok, h, c.hit)
			}
			if !ok {
				return
			}
			if h.Actor != c.who || math.Abs(float64(h.Distance-c.dist)) > 1e-4 {
				t.Errorf("hit %v at %v, want %v at %v", h.Actor, h.Distance, c.who, c.dist)
			}
			if !near(h.Normal, c.normal) {
				t.Errorf("normal %v, want %v", h.Normal, c.normal)
			}
			if !near(h.Point, c.o.Add(c.d.Normalize().Mul(h.Distance))) {
				t.Errorf("point %v is not on the ray at %v", h.Point, h.Distance)
			}
		})
	}
}

func TestRayCastAllAndPick(t *testing.T) {
	_, w, hs := queryScene(t)
	got := w.RayCastAll(mgl32.Vec3{-5, 0, 0}, mgl32.Vec3{1, 0, 0}, 100, Filter{Sensors: true}, nil)
	if len(got) != 5 {
		t.Fatalf("got %d hits, want 5: %+v", len(got), got)
	}
	for i, h := range got {
		if h.Actor != hs[i] {
			t.Errorf("hit %d is %v, want %v (nearest first)", i, h.Actor, hs[i])
		}
	}
	if allocs := testing.AllocsPerRun(50, func() {
		got = w.RayCastAll(mgl32.Vec3{-5, 0, 0}, mgl32.Vec3{1, 0, 0}, 100, Filter{}, got[:0])
	}); allocs != 0 {
		t.Errorf("RayCastAll allocates %v times with room in dst", allocs)
	}
	// A ray such as camera.ScreenRay's, from an eye above the capsule.
	h, ok := w.Pick(mgl32.Vec3{8, 10, 10}, mgl32.Vec3{0, -10, -10})
	if !ok || h.Actor != hs[2] {
		t.Fatalf("pick %v %v, want %v", h, ok, hs[2])
	}
}

func TestOverlapClosestSweep(t *testing.T) {
	_, w, hs := queryScene(t)
	got, err := w.Overlap(Box(mgl32.Vec3{5, 1, 1}), mgl32.Vec3{4, 0, 0}, mgl32.Quat{}, Filter{}, nil)
	if err != nil || len(got) != 3 || got[0] != hs[0] || got[1] != hs[1] || got[2] != hs[2] {
		t.Errorf("overlap %v %v, want %v in handle order", got, err, hs[:3])
	}
	got, _ = w.Overlap(Sphere(0.5), mgl32.Vec3{12, 1.4, 0}, mgl32.Quat{}, Filter{}, got[:0])
	if len(got) != 1 || got[0] != hs[3] {
		t.Errorf("overlap with the mesh %v, want %v", got, hs[3])
	}
	if _, err := w.Overlap(Sphere(-1), mgl32.Vec3{}, mgl32.Quat{}, Filter{}, nil); !errors.Is(err, ErrBadShape) {
		t.Errorf("negative radius: %v, want ErrBadShape", err)
	}

	h, ok := w.ClosestPoint(mgl32.Vec3{0, 3, 0}, 10, Filter{})
	if !ok || h.Actor != hs[0] || !near(h.Point, mgl32.Vec3{0, 1, 0}) || math.Abs(float64(h.Distance-2)) > 1e-5 {
		t.Errorf("closest %+v, want the sphere's top at distance 2", h)
	}
	h, ok = w.ClosestPoint(mgl32.Vec3{4, 0.5, 0}, 10, Filter{})
	if !ok || h.Actor != hs[1] || math.Abs(float64(h.Distance+0.5)) > 1e-5 {
		t.Errorf("closest inside the box %+v, want distance −0.5", h)
	}

	hit, ok, err := w.Sweep(Sphere(0.5), mgl32.Vec3{-5, 0, 0}, mgl32.Quat{}, mgl32.Vec3{10, 0, 0}, Filter{})
	if err != nil || !ok || hit.Actor != hs[0] || math.Abs(float64(hit.Distance-3.5)) > 1e-3 || !near(hit.Normal, mgl32.Vec3{-1, 0, 0}) {
		t.Errorf("sweep %+v %v %v, want the sphere at 3.5 with normal −x", hit, ok, err)
	}
	hit, ok, _ = w.Sweep(Box(mgl32.Vec3{0.5, 0.5, 0.5}), mgl32.Vec3{12, 6, 0}, mgl32.Quat{}, mgl32.Vec3{0, -10, 0}, Filter{})
	if !ok || hit.Actor != hs[3] || math.Abs(float64(hit.Distance-4.5)) > 1e-3 {
		t.Errorf("box sweep onto the mesh %+v %v, want distance 4.5", hit, ok)
	}
	if _, _, err := w.Sweep(Sphere(1), mgl32.Vec3{}, mgl32.Quat{}, mgl32.Vec3{float32(math.Inf(1)), 0, 0}, Filter{}); !errors.Is(err, ErrBadValue) {
		t.Errorf("infinite motion: %v, want ErrBadValue", err)
	}
}

// Bad input is refused with an error naming it, never a panic.
func TestBadInput(t *testing.T) {
	m := &scene.Manager{}
	w := New(Config{})
	h, _ := m.Spawn(scene.Spec{})
	child, _ := m.Spawn(scene.Spec{Parent: h})
	nan := float32(math.NaN())
	for _, c := range []struct {
		name string
		h    scene.Handle
		c    Collider
		want error
	}{
		{"zero sphere", h, Collider{Shape: Sphere(0)}, ErrBadShape},
		{"NaN box", h, Collider{Shape: Box(mgl32.Vec3{1, nan, 1})}, ErrBadShape},
		{"negative capsule", h, Collider{Shape: Capsule(0.5, -1)}, ErrBadShape},
		{"huge sphere", h, Collider{Shape: Sphere(1e9)}, ErrBadShape},
		{"no kind", h, Collider{}, ErrBadShape},
		{"unknown mesh", h, Collider{Shape: Mesh(7)}, ErrBadShape},
		{"NaN offset", h, Collider{Shape: Sphere(1), Offset: mgl32.Vec3{nan, 0, 0}}, ErrBadValue},
		{"dynamic child", child, Collider{Shape: Sphere(1), Body: Dynamic}, ErrBadValue},
		{"negative mass", h, Collider{Shape: Sphere(1), Body: Dynamic, Mass: -1}, ErrBadValue},
		{"stale actor", scene.Handle(99), Collider{Shape: Sphere(1)}, scene.ErrNoActor},
	} {
		if err := w.Attach(m, c.h, c.c); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := NewTriMesh([]mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, []uint32{0, 1, 2}); !errors.Is(err, ErrBadMesh) {
		t.Errorf("all-degenerate mesh: %v, want ErrBadMesh", err)
	}
	tm, err := NewTriMesh([]mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 1}}, []uint32{0, 1, 2, 0, 3, 1})
	if err != nil || tm.Dropped != 1 || tm.Triangles() != 1 {
		t.Errorf("a degenerate triangle: %v, dropped %d, kept %d; want it dropped and counted", err, tm.Dropped, tm.Triangles())
	}
	if _, err := NewTriMesh([]mgl32.Vec3{{0, 0, 0}}, []uint32{0, 0, 5}); !errors.Is(err, ErrBadMesh) {
		t.Errorf("index out of range: %v", err)
	}
	if _, err := HeightField(5000, 5000, 1, make([]float32, 5000*5000)); !errors.Is(err, ErrBadMesh) {
		t.Errorf("50 M triangle height field: %v, want refused", err)
	}

	// An absurd speed is clamped with one notice, and the body stays finite.
	b := spawn(t, m, w, mgl32.Vec3{0, 5, 0}, Collider{Shape: Sphere(0.5), Body: Dynamic})
	spawn(t, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{10, 0.5, 10})})
	if err := w.SetVelocity(b, mgl32.Vec3{0, -1e30, 0}, mgl32.Vec3{}); err != nil {
		t.Fatal(err)
	}
	err = w.Step(m, timing.TickInfo{Rate: 30, Delta: 1.0 / 30})
	if err == nil {
		t.Error("no notice for a speed of 1e30 m/s")
	}
	if err := w.SetVelocity(b, mgl32.Vec3{nan, 0, 0}, mgl32.Vec3{}); !errors.Is(err, ErrBadValue) {
		t.Errorf("NaN velocity: %v", err)
	}
	for i := range uint64(60) {
		_ = w.Step(m, timing.TickInfo{Index: i + 1, Rate: 30, Delta: 1.0 / 30})
		_ = m.Tick(timing.TickInfo{Index: i + 1, Rate: 30, Delta: 1.0 / 30})
	}
	st, _ := w.Body(b)
	if y := st.Pos[1]; !(y > 0 && y < 5) {
		t.Errorf("after a 1e30 m/s fall onto a 1 m floor the ball is at %v (tunnelled or exploded)", st.Pos)
	}
	if err := w.Step(m, timing.TickInfo{Rate: 30, Delta: 0}); !errors.Is(err, ErrBadValue) {
		t.Errorf("zero delta: %v", err)
	}
}

// Queries allocate nothing once dst has room.
func TestQueriesAllocateNothing(t *testing.T) {
	_, w, _ := queryScene(t)
	dst := make([]scene.Handle, 0, 8)
	for _, q := range []struct {
		name string
		f    func()
	}{
		{"RayCast", func() { w.RayCast(mgl32.Vec3{0, 5, 0}, mgl32.Vec3{0, -1, 0}, 10, Filter{}) }},
		{"Overlap", func() {
			dst, _ = w.Overlap(Box(mgl32.Vec3{5, 1, 1}), mgl32.Vec3{4, 0, 0}, mgl32.Quat{}, Filter{}, dst[:0])
		}},
		{"ClosestPoint", func() { w.ClosestPoint(mgl32.Vec3{12, 3, 0}, 10, Filter{}) }},
		{"Sweep", func() {
			_, _, _ = w.Sweep(Sphere(0.5), mgl32.Vec3{-5, 0, 0}, mgl32.Quat{}, mgl32.Vec3{30, 0, 0}, Filter{})
		}},
	} {
		if n := testing.AllocsPerRun(20, q.f); n != 0 {
			t.Errorf("%s allocates %v times", q.name, n)
		}
	}
}
