package asset

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// animatedScene spawns n/6 copies of testModel, each playing its
// animation: 6 actors a copy (a root, four nodes, one of them animated,
// and the animator's actor).
func animatedScene(tb testing.TB, n int) *scene.Manager {
	md := testModel()
	md.Nodes[1].Meshes = md.Nodes[1].Meshes[:1] // one actor per node
	var m scene.Manager
	for i := range n / 6 {
		in, err := md.Spawn(&m, scene.Spec{Pos: mgl32.Vec3{float32(i % 100), 0, float32(i / 100)}})
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := in.Play(&m, 0, true); err != nil {
			tb.Fatal(err)
		}
	}
	return &m
}

// BenchmarkAnimated runs the work of one 60 Hz frame with 30 Hz ticks in a
// scene of 10k actors made of animated models (a sixth of them
// animators): half a tick, an interpolation and a draw-list build per
// iteration. The goal is 0 allocations.
func BenchmarkAnimated(b *testing.B) {
	m := animatedScene(b, 10000)
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		if i%2 == 0 {
			if err := m.Tick(timing.TickInfo{Index: i / 2, Rate: 30, Delta: 1.0 / 30}); err != nil {
				b.Fatal(err)
			}
		}
		i++
		m.Interpolate(0.5)
		m.BuildDrawList()
	}
}

func TestAnimatedFramesAllocateNothing(t *testing.T) {
	m := animatedScene(t, 600)
	i := uint64(0)
	allocs := testing.AllocsPerRun(50, func() {
		m.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
		i++
		m.Interpolate(0.5)
		m.BuildDrawList()
	})
	if allocs != 0 {
		t.Errorf("a tick and a frame of animated models allocate %v times, want 0", allocs)
	}
}
