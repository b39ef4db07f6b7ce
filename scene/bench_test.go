package scene

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

var benchSizes = []int{1000, 10_000, 100_000}

// benchScene spawns n actors, a tenth of them children of earlier ones, and
// runs one moving tick so last-world and world differ. Its propagation
// stays on one core, as the references' does: what splitting it buys is
// BenchmarkTickPropagateSplit's.
func benchScene(tb testing.TB, n int) *Manager {
	tb.Helper()
	m := &Manager{splitMin: math.MaxInt}
	var roots []Handle
	for i := range n {
		s := Spec{
			Pos:  mgl32.Vec3{float32(i % 100), float32(i / 100 % 100), float32(i / 10000)},
			Rot:  mgl32.QuatRotate(float32(i)*0.01, mgl32.Vec3{0, 1, 0}),
			Mesh: gfx.MeshCube,
		}
		if i%10 == 9 && len(roots) > 0 {
			s.Parent = roots[(i*7)%len(roots)]
			s.Pos = mgl32.Vec3{1, 0, 0}
		}
		h, err := m.Spawn(s)
		if err != nil {
			tb.Fatal(err)
		}
		if s.Parent == NoHandle {
			roots = append(roots, h)
		}
	}
	turn := mgl32.QuatRotate(0.1, mgl32.Vec3{0, 0, 1})
	for _, a := range m.All() {
		a.Local.Pos[0] += 0.5
		a.Local.Rot = turn.Mul(a.Local.Rot)
	}
	if err := m.Tick(timing.TickInfo{Rate: 30, Delta: 1.0 / 30}); err != nil {
		tb.Fatal(err)
	}
	return m
}

// BenchmarkCopyFloor copies n matrices: the least any per-actor per-frame
// pass can cost, for comparison with BenchmarkInterpolate.
func BenchmarkCopyFloor(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			src := make([]mgl32.Mat4, n)
			dst := make([]mgl32.Mat4, n)
			for i := range src {
				src[i] = mgl32.Ident4()
			}
			b.ResetTimer()
			for b.Loop() {
				copy(dst, src)
			}
			perActor(b, b.Elapsed(), n)
		})
	}
}

// BenchmarkInterpolate measures one frame's Interpolate. Every actor moved
// (and turned) in the last tick, so each one is blended: roots from their
// world TRS, children relative to their parent. Actors at rest would only
// cost a flag test.
func BenchmarkInterpolate(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := benchScene(b, n)
			blendFrames(b, n, m.Interpolate)
		})
	}
}

// nudge is the cheapest moving behaviour: it moves its actor a little
// every tick.
type nudge struct{}

func (nudge) Tick(a *Actor, t timing.TickInfo, m *Manager) error {
	a.Local.Pos[1] += 0.01
	return nil
}

// BenchmarkTick measures Tick: the last-world flip and the world
// propagation, a tenth of the actors being children. In "moving" every
// root has a behaviour that moves it, so every world transform and matrix
// is recomputed (the cost includes calling the behaviours); in "static"
// nothing moves, the common case of scenery, where only the checks run.
func BenchmarkTick(b *testing.B) {
	for _, moving := range []bool{true, false} {
		name := "static"
		if moving {
			name = "moving"
		}
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				m := benchScene(b, n)
				if moving {
					for _, a := range m.All() {
						if a.Parent() == NoHandle {
							a.SetBehavior(nudge{})
						}
					}
				}
				t := timing.TickInfo{Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
				b.ResetTimer()
				for b.Loop() {
					t.Index++
					if err := m.Tick(t); err != nil {
						b.Fatal(err)
					}
				}
				perActor(b, b.Elapsed(), n)
			})
		}
	}
}

// BenchmarkTickPropagate measures what the scheduler-level tick costs the
// scene itself, without behaviours: last-world becomes world and every
// world transform is recomputed, because every root's local transform was
// moved between ticks (outside the timed part), a tenth of the actors
// being children.
func BenchmarkTickPropagate(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := benchScene(b, n)
			var roots []*Actor
			for _, a := range m.All() {
				if a.Parent() == NoHandle {
					roots = append(roots, a)
				}
			}
			t := timing.TickInfo{Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
			var ticking time.Duration
			for b.Loop() {
				for _, a := range roots {
					a.Local.Pos[1] += 0.01
				}
				t.Index++
				t0 := time.Now()
				if err := m.Tick(t); err != nil {
					b.Fatal(err)
				}
				ticking += time.Since(t0)
			}
			perActor(b, ticking, n)
		})
	}
}

// BenchmarkBuildDrawList measures refilling the draw list with every
// actor's render matrix and colour.
func BenchmarkBuildDrawList(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := benchScene(b, n)
			m.Interpolate(0.5)
			m.BuildDrawList()
			b.ResetTimer()
			for b.Loop() {
				m.BuildDrawList()
			}
			perActor(b, b.Elapsed(), n)
		})
	}
}

// flatScene is the scene of benchScene laid out as dense arrays, the layout
// an actor store could give the manager: the reference the manager's
// interpolation and propagation are measured against. Index i is the i-th
// actor spawned; children lists the actors with a parent, each after its
// parent (as Manager's order does).
type flatScene struct {
	local    []Transform
	wt       [2][]Transform // last-world and world, flipped by cur
	cur      uint8
	parent   []int32 // -1 for a root
	children []int32
	flags    []uint8 // flagMoved
	render   []mgl32.Mat4
	renderT  []Transform // blended transforms, for children to compose with
}

const flatMoved = 1

// newFlatScene builds the actors of benchScene (same positions, rotations
// and parents) and runs one tick in which every one moved and turned.
func newFlatScene(n int) *flatScene {
	f := &flatScene{
		local: make([]Transform, n), parent: make([]int32, n), flags: make([]uint8, n),
		render: make([]mgl32.Mat4, n), renderT: make([]Transform, n),
		wt: [2][]Transform{make([]Transform, n), make([]Transform, n)},
	}
	var roots []int32
	for i := range n {
		t := Identity()
		t.Pos = mgl32.Vec3{float32(i % 100), float32(i / 100 % 100), float32(i / 10000)}
		t.Rot = mgl32.QuatRotate(float32(i)*0.01, mgl32.Vec3{0, 1, 0})
		f.parent[i] = -1
		if i%10 == 9 && len(roots) > 0 {
			f.parent[i] = roots[(i*7)%len(roots)]
			t.Pos = mgl32.Vec3{1, 0, 0}
			f.children = append(f.children, int32(i))
		} else {
			roots = append(roots, int32(i))
		}
		f.local[i] = t
	}
	f.tick()
	turn := mgl32.QuatRotate(0.1, mgl32.Vec3{0, 0, 1})
	for i := range f.local {
		f.local[i].Pos[0] += 0.5
		f.local[i].Rot = turn.Mul(f.local[i].Rot)
	}
	f.tick()
	return f
}

// tick is the reference propagation: flip world into last-world, then the
// same checks and copies as Manager.propagate for roots and updateChild for
// children, without behaviours, removals or error reports.
func (f *flatScene) tick() {
	f.cur ^= 1
	cur := f.cur
	w, last := f.wt[cur], f.wt[cur^1]
	for i := range f.local {
		if f.parent[i] >= 0 {
			continue
		}
		l := &f.local[i]
		if sameHead(l, &last[i]) && sameTail(l, &last[i]) {
			if f.flags[i]&flatMoved != 0 {
				f.flags[i] = 0
				w[i] = *l
			}
			continue
		}
		if !unitRotation(&l.Rot) || !finitePosScale(l) {
			normalizeRot(&l.Rot)
		}
		f.flags[i] = flatMoved
		w[i] = *l
	}
	for _, i := range f.children {
		normalizeRot(&f.local[i].Rot)
		Compose(&w[i], &w[f.parent[i]], &f.local[i])
		if !w[i].IsFinite() {
			w[i] = last[i]
		}
		f.flags[i] = flatMoved
	}
}

// interpolate is the reference interpolation: Manager.Interpolate's blend
// and compose for actors that all moved, writing 4×4 matrices.
func (f *flatScene) interpolate(t float32) {
	cur := f.cur
	w, last := f.wt[cur], f.wt[cur^1]
	for i := range f.local {
		if f.parent[i] >= 0 {
			continue
		}
		r := &f.renderT[i]
		blendTRS(r, &last[i], &w[i], t, nlerpMinDot)
		if !finitePosScale(r) {
			*r = w[i]
		}
		trsMatrix(&f.render[i], &r.Pos, &r.Rot, &r.Scale)
		unitRot(&r.Rot)
	}
	for _, i := range f.children {
		p := f.parent[i]
		var r, l1 Transform
		if relative(&r, &last[p], &last[i]) && relative(&l1, &w[p], &w[i]) {
			blendTRS(&r, &r, &l1, t, nlerpMinDot)
			Compose(&r, &f.renderT[p], &r)
		} else {
			blendTRS(&r, &last[i], &w[i], t, nlerpMinDot)
		}
		if !finitePosScale(&r) {
			r = w[i]
		}
		trsMatrix(&f.render[i], &r.Pos, &r.Rot, &r.Scale)
		f.renderT[i] = r
	}
}

// BenchmarkInterpolateReference is BenchmarkInterpolate's work (the same
// scene, every actor blended, children composed under their parent's
// blend) on dense arrays of transforms writing dense 4×4 matrices: what
// interpolation costs without the manager's actor records.
func BenchmarkInterpolateReference(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			f := newFlatScene(n)
			blendFrames(b, n, f.interpolate)
		})
	}
}

// BenchmarkTickReference is BenchmarkTickPropagate's work (every root
// moved between ticks, outside the timed part; a tenth of the actors are
// children recomposed under them) on dense arrays: the flip, the checks
// and the propagation without the manager's actor records.
func BenchmarkTickReference(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			f := newFlatScene(n)
			var ticking time.Duration
			for b.Loop() {
				for i := range f.local {
					if f.parent[i] < 0 {
						f.local[i].Pos[1] += 0.01
					}
				}
				t0 := time.Now()
				f.tick()
				ticking += time.Since(t0)
			}
			perActor(b, ticking, n)
		})
	}
}

// nudgeRoots is nudge's work on the reference's roots: each moves a little.
func (f *flatScene) nudgeRoots() {
	for i := range f.local {
		if f.parent[i] < 0 {
			f.local[i].Pos[1] += 0.01
		}
	}
}

// BenchmarkTickMovingReference is BenchmarkTick/moving's work (every root
// moved by nudge's maths, then the flip, the checks and the propagation,
// all timed) on dense arrays: what a tick with a moving behaviour per root
// costs without the manager's actor records and behaviour calls.
func BenchmarkTickMovingReference(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			f := newFlatScene(n)
			b.ResetTimer()
			for b.Loop() {
				f.nudgeRoots()
				f.tick()
			}
			perActor(b, b.Elapsed(), n)
		})
	}
}

// BenchmarkTickMovingAB measures BenchmarkTick/moving and
// BenchmarkTickMovingReference in one run: blocks of tickBlock ticks of the
// manager and of the reference, alternately (who goes first alternating),
// so that both see the same state of the host, which on a shared machine
// drifts between benchmarks run seconds apart. A block is long enough that
// its first tick, which finds the caches holding the other side's data,
// weighs little (with blocks of 8 the larger working set, the manager's,
// paid 3-5% more than when measured apart). Metrics: each side's
// ns/actor and tick/reference, their ratio.
func BenchmarkTickMovingAB(b *testing.B) {
	const tickBlock = 32
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, f := benchScene(b, n), newFlatScene(n)
			for _, a := range m.All() {
				if a.Parent() == NoHandle {
					a.SetBehavior(nudge{})
				}
			}
			t := timing.TickInfo{Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
			var tm, tr time.Duration
			manager := func() {
				t0 := time.Now()
				for range tickBlock {
					t.Index++
					if err := m.Tick(t); err != nil {
						b.Fatal(err)
					}
				}
				tm += time.Since(t0)
			}
			reference := func() {
				t0 := time.Now()
				for range tickBlock {
					f.nudgeRoots()
					f.tick()
				}
				tr += time.Since(t0)
			}
			manager() // both warm, once
			reference()
			tm, tr = 0, 0
			blocks := 0
			for b.Loop() {
				if blocks%2 == 0 {
					manager()
					reference()
				} else {
					reference()
					manager()
				}
				blocks++
			}
			ticks := float64(blocks * tickBlock * n)
			b.ReportMetric(float64(tm.Nanoseconds())/ticks, "tick-ns/actor")
			b.ReportMetric(float64(tr.Nanoseconds())/ticks, "reference-ns/actor")
			b.ReportMetric(tm.Seconds()/tr.Seconds(), "tick/reference")
		})
	}
}

// The reference kernels compute what the manager computes: the same world
// transforms after a tick and the same render matrices at any alpha, and
// the same world and last-world transforms after ticks in which every
// root's nudge behaviour moved it (BenchmarkTick/moving against
// BenchmarkTickMovingReference).
func TestFlatSceneMatchesManager(t *testing.T) {
	const n = 2000
	m, f := benchScene(t, n), newFlatScene(n)
	sameWorlds := func(when string) {
		t.Helper()
		i := 0
		for _, a := range m.All() {
			if got, want := f.wt[f.cur][i], *a.world(); got != want {
				t.Fatalf("%s, actor %d: got world %v, want the manager's %v", when, i, got, want)
			}
			if got, want := f.wt[f.cur^1][i], *a.last(); got != want {
				t.Fatalf("%s, actor %d: got last-world %v, want the manager's %v", when, i, got, want)
			}
			i++
		}
		if i != n {
			t.Fatalf("%s: the manager has %d actors, want %d", when, i, n)
		}
	}
	for _, alpha := range []float32{0, 0.25, 0.7} {
		m.Interpolate(alpha)
		f.interpolate(alpha)
		sameWorlds(fmt.Sprintf("alpha %v", alpha))
		i := 0
		for _, a := range m.All() {
			if got, want := f.render[i], a.ch.render[a.k()]; !got.ApproxEqualThreshold(want, 1e-5) {
				t.Fatalf("alpha %v, actor %d: got render %v, want the manager's %v", alpha, i, got, want)
			}
			i++
		}
	}
	for _, a := range m.All() {
		if a.Parent() == NoHandle {
			a.SetBehavior(nudge{})
		}
	}
	for tick := range 3 {
		if err := m.Tick(tickInfo(uint64(tick + 2))); err != nil {
			t.Fatal(err)
		}
		f.nudgeRoots()
		f.tick()
		sameWorlds(fmt.Sprintf("moving tick %d", tick))
	}
}

// cullViews are cameras over benchScene (x and y in [0, 100), z in
// [0, 10)): all of it in view, about half (a wide lens in the middle
// looking along +x), none (looking away).
var cullViews = []struct {
	name        string
	eye, target mgl32.Vec3
	up          mgl32.Vec3
	fovY        float32
}{
	{"all", mgl32.Vec3{50, 50, 200}, mgl32.Vec3{50, 50, 0}, mgl32.Vec3{0, 1, 0}, 1.0472},
	{"half", mgl32.Vec3{49.5, 49.5, 5}, mgl32.Vec3{100, 49.5, 5}, mgl32.Vec3{0, 0, 1}, 2.8},
	{"none", mgl32.Vec3{50, 50, 200}, mgl32.Vec3{50, 50, 400}, mgl32.Vec3{0, 1, 0}, 1.0472},
}

// cullBenchScene is benchScene seen through view v with culling on, one
// frame interpolated and built; it returns the share of actors drawn.
func cullBenchScene(b *testing.B, n, v int) (*Manager, float64) {
	m := benchScene(b, n)
	cv := cullViews[v]
	m.SetAspect(16.0 / 9)
	m.SetView(mgl32.LookAtV(cv.eye, cv.target, cv.up))
	if err := m.SetLens(cv.fovY, 0.1, 500); err != nil {
		b.Fatal(err)
	}
	for range 2 { // the second frame culls as steady frames do
		m.Interpolate(0.5)
		m.BuildDrawList()
	}
	return m, float64(m.DrawList().Len()) / float64(n)
}

// BenchmarkCullInterpolate is BenchmarkInterpolate with frustum culling:
// actors out of view are not blended.
func BenchmarkCullInterpolate(b *testing.B) {
	for v, cv := range cullViews {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/%d", cv.name, n), func(b *testing.B) {
				m, shown := cullBenchScene(b, n, v)
				blendFrames(b, n, m.Interpolate)
				b.ReportMetric(shown, "drawn/actor")
			})
		}
	}
}

// BenchmarkCullBuildDrawList is BenchmarkBuildDrawList with frustum
// culling: actors out of view are left out of the list.
func BenchmarkCullBuildDrawList(b *testing.B) {
	for v, cv := range cullViews {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/%d", cv.name, n), func(b *testing.B) {
				m, shown := cullBenchScene(b, n, v)
				b.ResetTimer()
				for b.Loop() {
					m.BuildDrawList()
				}
				perActor(b, b.Elapsed(), n)
				b.ReportMetric(shown, "drawn/actor")
			})
		}
	}
}

// blendFrames runs interpolate for b's frames at alphas stepping through
// [0, 1), as frames between ticks do, and reports the time per actor of n.
func blendFrames(b *testing.B, n int, interpolate func(alpha float32)) {
	alpha := float32(0)
	b.ResetTimer()
	for b.Loop() {
		interpolate(alpha)
		alpha += 0.1
		if alpha >= 1 {
			alpha = 0
		}
	}
	perActor(b, b.Elapsed(), n)
}

// perActor reports d, the time of b's b.N iterations over n actors, as
// ns/actor.
func perActor(b *testing.B, d time.Duration, n int) {
	b.ReportMetric(float64(d.Nanoseconds())/float64(b.N)/float64(n), "ns/actor")
}
