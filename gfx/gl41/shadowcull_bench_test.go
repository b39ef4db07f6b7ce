package gl41

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// BenchmarkCascadeCull is the CPU side of culling shadow casters per
// cascade for one frame of a 10k-cube arena (a 100×100 grid 1.5 apart)
// with two cascades: a near one around the middle, which keeps about a
// quarter of the cubes (copying them), and a far one that holds them all
// (no copy). The budget for light and shadow bookkeeping is
// 0.2 ms a frame at 10k actors; the metric is ms/frame.
func BenchmarkCascadeCull(b *testing.B) {
	const side = 100
	ins := make([]gfx.Instance, side*side)
	for i := range ins {
		x, z := float32(i%side-side/2)*1.5, float32(i/side-side/2)*1.5
		ins[i].Model = mgl32.Translate3D(x, 0.5, z).Mul4(mgl32.HomogRotate3DY(float32(i) * 0.1))
	}
	m := &gpuMesh{radius: 0.87}
	light := mgl32.LookAtV(mgl32.Vec3{20, 50, 30}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	near := mgl32.Ortho(-38, 38, -38, 38, 1, 200).Mul4(light)
	far := mgl32.Ortho(-120, 120, -120, 120, 1, 400).Mul4(light)
	r := &Renderer{}
	kept := 0
	b.ReportAllocs()
	for b.Loop() {
		kept = len(r.cascadeInstances(m, ins, &near))
		if n := len(r.cascadeInstances(m, ins, &far)); n != len(ins) {
			b.Fatalf("the far cascade kept %d of %d cubes, want all", n, len(ins))
		}
	}
	if kept == 0 || kept == len(ins) {
		b.Fatalf("the near cascade kept %d of %d cubes: it culls nothing or everything", kept, len(ins))
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/frame")
	b.ReportMetric(float64(kept)/float64(len(ins)), "kept-near")
}

// TestCascadeCullGrowsWithTheBatchBuffer: as a camera brings more casters
// into a batch (its instances growing within the buffer the draw list
// keeps), culling them into a cascade allocates nothing after the first
// frame.
func TestCascadeCullGrowsWithTheBatchBuffer(t *testing.T) {
	const side = 60
	buf := make([]gfx.Instance, side*side)
	for i := range buf {
		x, z := float32(i%side-side/2)*1.5, float32(i/side-side/2)*1.5
		buf[i].Model = mgl32.Translate3D(x, 0.5, z)
	}
	m := &gpuMesh{radius: 0.87}
	light := mgl32.LookAtV(mgl32.Vec3{20, 50, 30}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	near := mgl32.Ortho(-20, 20, -20, 20, 1, 200).Mul4(light)
	r := &Renderer{}
	n := len(buf) / 2
	r.cascadeInstances(m, buf[:n], &near) // the first frame may allocate
	allocs := testing.AllocsPerRun(20, func() {
		n += len(buf) / 50
		kept := r.cascadeInstances(m, buf[:min(n, len(buf))], &near)
		if len(kept) == 0 || len(kept) == min(n, len(buf)) {
			t.Fatalf("%d instances: kept %d: the cascade culls nothing or everything", min(n, len(buf)), len(kept))
		}
	})
	if allocs != 0 {
		t.Errorf("culling a growing batch allocated %v times a frame, want 0", allocs)
	}
}
