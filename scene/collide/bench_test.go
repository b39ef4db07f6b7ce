package collide

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// swarm is n kinematic spheres and boxes in a 100 m square, 10 m high,
// each moving every tick; about one in ten touches another.
type swarm struct {
	m   *scene.Manager
	w   *World
	hs  []scene.Handle
	vel []mgl32.Vec3
	i   uint64
}

func newSwarm(tb testing.TB, n int) *swarm {
	s := &swarm{m: &scene.Manager{}, w: New(Config{})}
	rng := rand.New(rand.NewPCG(3, 4))
	side := float32(math.Sqrt(float64(n)) * 1.0)
	for i := range n {
		p := mgl32.Vec3{rng.Float32() * side, rng.Float32() * 10, rng.Float32() * side}
		c := Collider{Body: Kinematic, Shape: Sphere(0.3)}
		if i%2 == 1 {
			c.Shape = Box(mgl32.Vec3{0.25, 0.25, 0.25})
		}
		s.hs = append(s.hs, spawn(tb, s.m, s.w, p, c))
		s.vel = append(s.vel, mgl32.Vec3{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5})
	}
	s.tick(tb) // warm: every buffer at its size
	s.tick(tb)
	return s
}

// move moves every actor (the scene's share of a tick, not measured).
func (s *swarm) move(tb testing.TB) {
	for k, h := range s.hs {
		a, _ := s.m.Actor(h)
		a.Local.Pos = a.Local.Pos.Add(s.vel[k].Mul(1.0 / 30))
	}
	if err := s.m.Tick(timing.TickInfo{Index: s.i, Rate: 30, Delta: 1.0 / 30}); err != nil {
		tb.Fatal(err)
	}
	s.i++
}

func (s *swarm) tick(tb testing.TB) {
	s.move(tb)
	if err := s.w.Step(s.m, timing.TickInfo{Index: s.i, Rate: 30, Delta: 1.0 / 30}); err != nil {
		tb.Fatal(err)
	}
}

// allPairs is the brute-force reference: every pair's bounds, then the
// same exact test on those that overlap.
func (s *swarm) allPairs() int {
	w := s.w
	hits := 0
	var m manifold
	for i := range w.cols {
		for j := i + 1; j < len(w.cols); j++ {
			a, b := &w.cols[i], &w.cols[j]
			if overlaps(a.lo, a.hi, b.lo, b.hi) && meetsAny(a, b) && w.contact(a, b, 0, &m) {
				hits++
			}
		}
	}
	return hits
}

func meetsAny(a, b *collider) bool {
	la, ma := layerOf(&a.cfg)
	lb, mb := layerOf(&b.cfg)
	return la&mb != 0 && lb&ma != 0
}

// BenchmarkDetect measures the broad and narrow phase of a Step (placing
// the colliders, the tree, the pairs, the contacts and events) for 10k
// moving colliders, against the all-pairs reference in the same run.
func BenchmarkDetect(b *testing.B) {
	s := newSwarm(b, 10000)
	b.Run("tree", func(b *testing.B) {
		b.ReportAllocs()
		cpu, n := 0.0, 0
		for b.Loop() {
			b.StopTimer()
			s.move(b)
			b.StartTimer()
			c0 := cpuTime()
			s.w.sync(s.m, 1.0/30)
			s.w.broad(1.0 / 30)
			s.w.narrow(1.0 / 30)
			s.w.tick++
			cpu += cpuTime() - c0
			n++
		}
		b.ReportMetric(float64(len(s.w.pairs)), "pairs")
		b.ReportMetric(cpu/float64(n)*1e3, "cpu-ms/op")
	})
	b.Run("all-pairs", func(b *testing.B) {
		cpu, n := 0.0, 0
		for b.Loop() {
			c0 := cpuTime()
			s.allPairs()
			cpu += cpuTime() - c0
			n++
		}
		b.ReportMetric(cpu/float64(n)*1e3, "cpu-ms/op")
	})
}

// The tree finds the same contacts as the all-pairs reference.
func TestDetectMatchesAllPairs(t *testing.T) {
	s := newSwarm(t, 2000)
	touching := 0
	for _, p := range s.w.pairs {
		if p.m.np > 0 && p.m.pts[p.m.deepest()].depth >= 0 {
			touching++
		}
	}
	if want := s.allPairs(); touching != want || want == 0 {
		t.Fatalf("tree found %d touching pairs, all-pairs %d", touching, want)
	}
}

// A Step of a scene in steady state allocates nothing.
func TestStepAllocatesNothing(t *testing.T) {
	s := newSwarm(t, 500)
	a := newArena(t)
	for i := range uint64(40) {
		a.tick(t, timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
	}
	if n := testing.AllocsPerRun(20, func() {
		_ = s.w.Step(s.m, timing.TickInfo{Index: s.i, Rate: 30, Delta: 1.0 / 30})
	}); n != 0 {
		t.Errorf("Step of 500 moving colliders allocates %v times", n)
	}
	i := uint64(40)
	if n := testing.AllocsPerRun(20, func() {
		_ = a.w.Step(a.m, timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
		i++
	}); n != 0 {
		t.Errorf("Step of the arena (bodies, mesh, sensor, platform) allocates %v times", n)
	}
}

// BenchmarkRayMesh casts rays down onto a 99,458-triangle height field:
// one ray, and 1,000 rays (a tick's worth).
func BenchmarkRayMesh(b *testing.B) {
	const n = 224
	hs := make([]float32, n*n)
	for i := range hs {
		hs[i] = float32(math.Sin(float64(i%n)*0.1)*2 + math.Cos(float64(i/n)*0.13)*2)
	}
	hf, err := HeightField(n, n, 0.5, hs)
	if err != nil {
		b.Fatal(err)
	}
	m := &scene.Manager{}
	w := New(Config{})
	id, _ := w.AddMesh(hf)
	spawn(b, m, w, mgl32.Vec3{}, Collider{Shape: Mesh(id)})
	if err := w.Step(m, timing.TickInfo{Rate: 30, Delta: 1.0 / 30}); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	rays := make([]mgl32.Vec3, 1024)
	for i := range rays {
		rays[i] = mgl32.Vec3{rng.Float32() * 110, 10, rng.Float32() * 110}
	}
	b.Logf("%d triangles", hf.Triangles())
	dir := mgl32.Vec3{0.1, -1, 0.05}
	b.Run("one", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, ok := w.RayCast(rays[i&1023], dir, 100, Filter{}); !ok {
				b.Fatal("missed the terrain")
			}
			i++
		}
	})
	b.Run("1000", func(b *testing.B) {
		for b.Loop() {
			for i := range 1000 {
				w.RayCast(rays[i], dir, 100, Filter{})
			}
		}
	})
}

// pile stands 1,000 boxes on a floor in 100 columns of ten, each on the
// one below, to settle under gravity and sleep.
func pile(tb testing.TB) (*scene.Manager, *World) {
	m := &scene.Manager{}
	w := New(Config{})
	spawn(tb, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{10, 0.5, 10})})
	for i := range 1000 {
		x, z, y := i%10, i/10%10, i/100
		c := Collider{Body: Dynamic, Shape: Box(mgl32.Vec3{0.4, 0.4, 0.4})}
		spawn(tb, m, w, mgl32.Vec3{float32(x)*1.2 - 5.4, 0.4 + float32(y)*0.8, float32(z)*1.2 - 5.4}, c)
	}
	return m, w
}

// The 1,000-body pile settles and sleeps; its cost per tick awake and
// asleep is logged (go test -run Pile -v).
func TestPileSleeps(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1,000-body pile takes seconds")
	}
	m, w := pile(t)
	var awake, asleep, cawake, casleep float64
	var na, ns int
	for i := range uint64(20 * 30) {
		t0, c0 := time.Now(), cpuTime()
		tickOnce(t, m, w, i)
		d, c := time.Since(t0).Seconds(), cpuTime()-c0
		sleeping := 0
		for k := range w.cols {
			if w.cols[k].asleep {
				sleeping++
			}
		}
		switch {
		case i >= 1 && i < 16:
			awake, cawake = awake+d, cawake+c
			na++
		case sleeping == 1000 && i >= 16:
			asleep, casleep = asleep+d, casleep+c
			ns++
		}
		if ns == 30 {
			break
		}
	}
	if ns < 30 {
		t.Fatalf("the pile is not asleep after 20 s")
	}
	t.Logf("1,000-body pile, per tick: awake (ticks 1–15) %.2f ms wall, %.2f ms CPU; asleep %.3f ms wall, %.3f ms CPU",
		awake/float64(na)*1e3, cawake/float64(na)*1e3, asleep/float64(ns)*1e3, casleep/float64(ns)*1e3)
}
