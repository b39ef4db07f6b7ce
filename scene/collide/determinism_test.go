package collide

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// arena is a scene with every kind of collider: a floor, a height-field
// hill, a pile of boxes, spheres and capsules thrown in, a sensor, a
// moving platform and a walking character.
type arena struct {
	m   *scene.Manager
	w   *World
	log []uint64 // per tick: hash of the world, the scene and the events
}

func newArena(t testing.TB) *arena {
	m := &scene.Manager{}
	w := New(Config{})
	spawn(t, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{20, 0.5, 20}), Friction: 0.6})
	hs := make([]float32, 16*16)
	for i := range hs {
		hs[i] = float32(math.Sin(float64(i%16)*0.5) * math.Cos(float64(i/16)*0.4))
	}
	hf, err := HeightField(16, 16, 0.5, hs)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := w.AddMesh(hf)
	spawn(t, m, w, mgl32.Vec3{6, 0, -4}, Collider{Shape: Mesh(id)})
	spawn(t, m, w, mgl32.Vec3{-4, 0.5, 0}, Collider{Shape: Box(mgl32.Vec3{1, 0.5, 1}), Sensor: true})
	plat, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{-6, 0.3, 4}, Behavior: &mover{v: mgl32.Vec3{0.5, 0, 0}}})
	if err := w.Attach(m, plat, Collider{Shape: Box(mgl32.Vec3{1.5, 0.3, 1.5}), Body: Kinematic}); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 40 {
		p := mgl32.Vec3{float32(rng.Float64()*8 - 4), 2 + float32(i)*0.6, float32(rng.Float64()*8 - 4)}
		c := Collider{Body: Dynamic, Restitution: float32(i%3) * 0.2}
		switch i % 3 {
		case 0:
			c.Shape = Box(mgl32.Vec3{0.3, 0.2, 0.4})
		case 1:
			c.Shape = Sphere(0.3)
		default:
			c.Shape = Capsule(0.2, 0.3)
		}
		h := spawn(t, m, w, p, c)
		if err := w.SetVelocity(h, mgl32.Vec3{float32(rng.Float64()*4 - 2), 0, float32(rng.Float64()*4 - 2)}, mgl32.Vec3{1, 0, float32(i % 2)}); err != nil {
			t.Fatal(err)
		}
	}
	k := &walker{w: w, want: mgl32.Vec3{1, 0, 0.5}}
	ch, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{-8, 0.01, -8}, Behavior: k})
	if err := w.Attach(m, ch, Collider{Shape: Capsule(0.3, 0.6), Offset: mgl32.Vec3{0, 0.9, 0}, Body: Kinematic}); err != nil {
		t.Fatal(err)
	}
	return &arena{m: m, w: w}
}

func (a *arena) tick(t testing.TB, ti timing.TickInfo) {
	if err := a.w.Step(a.m, ti); err != nil {
		t.Fatal(err)
	}
	if err := a.m.Tick(ti); err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%x %x %v", fields.Hash(a.w), a.m.Hash(), a.w.Events())
	a.log = append(a.log, h.Sum64())
}

func pacing(fps, jitter float64, seed uint64, span timing.Micros) []timing.Micros {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []timing.Micros
	now := 0.0
	for now < float64(span) {
		now += 1e6 / fps * (1 + jitter*(2*rng.Float64()-1))
		out = append(out, timing.Micros(math.Round(now)))
	}
	return slices.Compact(out)
}

// The world's hash and its events, tick by tick, are the same at 7, 60
// and 240 ± 50 % frames per second as one tick per frame, and on a second
// run.
func TestSameAtAnyFrameRate(t *testing.T) {
	const ticks = 150
	ref := newArena(t)
	for i := range uint64(ticks) {
		ref.tick(t, timing.TickInfo{Index: i, Time: timing.Micros(i * 1e6 / 30), Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333})
	}
	begins := 0
	for _, e := range ref.w.Events() {
		if e.Kind != End {
			begins++
		}
	}
	if begins < 20 {
		t.Fatalf("only %d contacts at the end: the scene proves little", begins)
	}
	again := newArena(t)
	for i := range uint64(ticks) {
		again.tick(t, timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
	}
	if !slices.Equal(again.log, ref.log) {
		t.Fatal("a second run differs")
	}
	for _, pc := range []struct {
		name        string
		fps, jitter float64
	}{{"7 fps", 7, 0}, {"60 fps", 60, 0}, {"240 fps ±50 %", 240, 0.5}} {
		t.Run(pc.name, func(t *testing.T) {
			s, err := timing.New(timing.Config{Rate: 30})
			if err != nil {
				t.Fatal(err)
			}
			s.Advance(0)
			a := newArena(t)
			for _, now := range pacing(pc.fps, pc.jitter, 5, timing.Micros(ticks+10)*1e6/30) {
				f := s.Advance(now)
				for i := range f.Ticks {
					ti := f.Tick(i)
					if ti.Index >= ticks {
						break
					}
					a.tick(t, ti)
					if a.log[ti.Index] != ref.log[ti.Index] {
						t.Fatalf("tick %d differs from one tick per frame", ti.Index)
					}
				}
			}
			if len(a.log) != ticks {
				t.Fatalf("ran %d ticks, want %d", len(a.log), ticks)
			}
		})
	}
}

// Contact events come in (A, B) handle order, each pair's begin before
// its stays and its end, and a removed actor's contacts end.
func TestEventOrder(t *testing.T) {
	a := newArena(t)
	open := map[[2]scene.Handle]bool{}
	var gone scene.Handle
	for i := range uint64(120) {
		if i == 60 {
			for _, e := range a.w.Events() {
				if e.Kind != End && !e.Sensor {
					gone = e.B
					break
				}
			}
			if err := a.m.Remove(gone); err != nil {
				t.Fatal(err)
			}
		}
		a.tick(t, timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
		ev := a.w.Events()
		for k, e := range ev {
			if e.A >= e.B {
				t.Fatalf("tick %d: event %v with A ≥ B", i, e)
			}
			if k > 0 && pairLess(e.A, e.B, ev[k-1].A, ev[k-1].B) {
				t.Fatalf("tick %d: events out of order: %v after %v", i, e, ev[k-1])
			}
			key := [2]scene.Handle{e.A, e.B}
			switch e.Kind {
			case Begin:
				if open[key] {
					t.Fatalf("tick %d: begin of an open pair %v", i, key)
				}
				open[key] = true
			case Stay, End:
				if !open[key] {
					t.Fatalf("tick %d: %v of a pair that never began %v", i, e.Kind, key)
				}
				open[key] = e.Kind == Stay
			}
			if i > 61 && (e.A == gone || e.B == gone) {
				t.Fatalf("tick %d: event %v of a removed actor", i, e)
			}
		}
	}
	if gone == scene.NoHandle {
		t.Fatal("no contact to remove")
	}
}

// Saving the world with fields and loading it into a fresh one (with the
// same meshes) gives the same hash and the same query answers; loading
// garbage is refused.
func TestSaveLoadRoundTrip(t *testing.T) {
	a := newArena(t)
	for i := range uint64(45) {
		a.tick(t, timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
	}
	snap := fields.Save(a.w, nil)
	want := fields.Hash(a.w)
	hit, ok := a.w.RayCast(mgl32.Vec3{0, 20, 0.1}, mgl32.Vec3{0, -1, 0}, 100, Filter{})

	b := newArena(t) // same meshes, different state
	if fields.Hash(b.w) == want {
		t.Fatal("a fresh world has the hash of a run one: the test proves nothing")
	}
	if _, err := fields.Load(b.w, snap); err != nil {
		t.Fatal(err)
	}
	if got := fields.Hash(b.w); got != want {
		t.Fatalf("hash after load %x, want %x", got, want)
	}
	hit2, ok2 := b.w.RayCast(mgl32.Vec3{0, 20, 0.1}, mgl32.Vec3{0, -1, 0}, 100, Filter{})
	if ok != ok2 || hit != hit2 {
		t.Fatalf("ray after load %v %v, want %v %v", hit2, ok2, hit, ok)
	}
	if _, err := fields.Load(b.w, snap[:len(snap)/2]); err == nil {
		t.Fatal("a truncated snapshot was accepted")
	}
}
