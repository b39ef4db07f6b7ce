package scene

import (
	"flag"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/timing"
)

var splitAll = flag.Bool("split-all", false, "BenchmarkTickPropagateSplit: split every pass, whatever its size")

// BenchmarkTickPropagateSplit is BenchmarkTickPropagate serial and as
// shipped (split across GOMAXPROCS cores where a pass is large enough:
// splitMinRoots, splitMinLevel), one tick of each in turn on the same
// scene: run it with -cpu 1,2 to see what splitting buys (split/serial,
// the ratio of their times; 1 where nothing splits). With -split-all
// every pass splits, whatever its size: what the thresholds are chosen
// from. The ns/actor figures are per tick.
func BenchmarkTickPropagateSplit(b *testing.B) {
	for _, n := range []int{10_000, 30_000, 50_000, 100_000, 200_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := benchScene(b, n)
			var roots []*Actor
			for _, a := range m.All() {
				if a.Parent() == NoHandle {
					roots = append(roots, a)
				}
			}
			t := timing.TickInfo{Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
			var ticking [2]time.Duration
			for b.Loop() {
				// ABBA: a tick's time depends on which half of each
				// world/last-world pair it writes (see Manager.cur).
				for _, split := range [...]int{0, 1, 1, 0} {
					m.splitMin = math.MaxInt
					if split == 1 {
						m.splitMin = 0 // as shipped
						if *splitAll {
							m.splitMin = 1
						}
					}
					for _, a := range roots {
						a.Local.Pos[1] += 0.01
					}
					t.Index++
					t0 := time.Now()
					if err := m.Tick(t); err != nil {
						b.Fatal(err)
					}
					ticking[split] += time.Since(t0)
				}
			}
			b.ReportMetric(float64(ticking[0].Nanoseconds())/float64(2*b.N)/float64(n), "serial-ns/actor")
			b.ReportMetric(float64(ticking[1].Nanoseconds())/float64(2*b.N)/float64(n), "split-ns/actor")
			b.ReportMetric(float64(ticking[1])/float64(ticking[0]), "split/serial")
		})
	}
}

// spinSplitBench turns and lifts each of its actors: a SplitBulkTicker
// whose parts do what its whole does.
type spinSplitBench struct{ step mgl32.Quat }

func (s *spinSplitBench) TickBulk(actors []*Actor, _ timing.TickInfo, _ *Manager) error {
	for _, a := range actors {
		a.Local.Rot = s.step.Mul(a.Local.Rot)
		a.Local.Pos[1] += 0.01
	}
	return nil
}

func (s *spinSplitBench) TickSplit(actors []*Actor, t timing.TickInfo, m *Manager) error {
	return s.TickBulk(actors, t, m)
}

// BenchmarkBulkSplit measures one SplitBulkTicker's tick over n members,
// in one TickBulk call and split across GOMAXPROCS cores, one of each in
// turn: run it with -cpu 1,2 to see what splitting buys (split/whole) and
// from what size (splitMinBulk). The ns/actor figures are per tick.
func BenchmarkBulkSplit(b *testing.B) {
	for _, n := range []int{8_000, 16_000, 32_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := &Manager{}
			sb := &spinSplitBench{step: mgl32.QuatRotate(0.01, mgl32.Vec3{0, 1, 0})}
			batch := make([]*Actor, 0, n)
			for i := range n {
				h, err := m.Spawn(Spec{Pos: mgl32.Vec3{float32(i % 100), float32(i / 100), 0}, Bulk: sb})
				if err != nil {
					b.Fatal(err)
				}
				a, _ := m.Actor(h)
				batch = append(batch, a)
			}
			g := m.bulks[0]
			t := timing.TickInfo{Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}
			var ticking [2]time.Duration
			for b.Loop() {
				for _, split := range [...]int{0, 1, 1, 0} {
					m.splitMin = math.MaxInt
					if split == 1 {
						m.splitMin = 1
					}
					t0 := time.Now()
					if err := m.tickGroup(g, batch, t); err != nil {
						b.Fatal(err)
					}
					ticking[split] += time.Since(t0)
				}
			}
			b.ReportMetric(float64(ticking[0].Nanoseconds())/float64(2*b.N)/float64(n), "whole-ns/actor")
			b.ReportMetric(float64(ticking[1].Nanoseconds())/float64(2*b.N)/float64(n), "split-ns/actor")
			b.ReportMetric(float64(ticking[1])/float64(ticking[0]), "split/whole")
		})
	}
}
