package scene

import (
	"fmt"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

var benchSizes = []int{1000, 10_000, 100_000}

// benchScene spawns n actors, a tenth of them children of earlier ones, and
// runs one moving tick so last-world and world differ.
func benchScene(tb testing.TB, n int) *Manager {
	tb.Helper()
	m := &Manager{}
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
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/actor")
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
			alpha := float32(0)
			b.ResetTimer()
			for b.Loop() {
				m.Interpolate(alpha)
				alpha += 0.1
				if alpha >= 1 {
					alpha = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/actor")
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
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/actor")
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
			b.ReportMetric(float64(ticking.Nanoseconds())/float64(b.N)/float64(n), "ns/actor")
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
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/actor")
		})
	}
}
