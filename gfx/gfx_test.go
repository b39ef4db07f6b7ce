package gfx

import (
	"math"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// batchOf returns d's batch of mesh and material, or nil.
func batchOf(d *DrawList, mesh MeshID, mat MaterialID) *Batch {
	for i := range d.Batches() {
		if b := &d.Batches()[i]; b.Mesh == mesh && b.Material == mat {
			return b
		}
	}
	return nil
}

func TestDrawListBatchesPerMeshAndMaterial(t *testing.T) {
	var d DrawList
	m := mgl32.Translate3D(1, 2, 3)
	d.Add(MeshCube, &m, RGB(1, 0, 0))
	d.Add(MeshSphere, &m, RGB(0, 1, 0))
	d.Add(MeshCube, &m, RGB(0, 0, 1))
	d.Add(MeshNone, &m, RGB(1, 1, 1))  // not drawn
	d.Add(MeshID(7), &m, RGB(1, 1, 1)) // a registered mesh beyond the built-ins
	d.AddWith(MeshCube, 3, &m, RGB(1, 1, 0))
	d.AddWith(MeshCube, 3, &m, RGB(1, 1, 0))
	d.AddWith(MeshCube, 0, &m, RGB(1, 1, 1)) // material 0: the cube's own batch
	d.AddWith(MeshNone, 3, &m, RGB(1, 1, 1)) // not drawn
	if d.Len() != 7 {
		t.Errorf("Len: got %d, want 7", d.Len())
	}
	tests := []struct {
		mesh MeshID
		mat  MaterialID
		want int
	}{
		{MeshCube, 0, 3}, {MeshSphere, 0, 1}, {MeshID(7), 0, 1}, {MeshCube, 3, 2},
	}
	for _, tt := range tests {
		b := batchOf(&d, tt.mesh, tt.mat)
		if b == nil {
			t.Errorf("no batch of %v with material %d", tt.mesh, tt.mat)
			continue
		}
		if len(b.Instances) != tt.want {
			t.Errorf("batch %v/%d: got %d instances, want %d", tt.mesh, tt.mat, len(b.Instances), tt.want)
		}
	}
	if n := len(d.Batches()); n != len(tests) {
		t.Errorf("got %d batches, want %d", n, len(tests))
	}
	cubes := batchOf(&d, MeshCube, 0)
	if c := cubes.Instances[1].Color; c != RGB(0, 0, 1) {
		t.Errorf("second cube colour: got %v, want blue (order kept)", c)
	}
	if got := cubes.Instances[0].Model; got != m {
		t.Errorf("model matrix: got %v, want %v", got, m)
	}
	d.Reset()
	if d.Len() != 0 || len(batchOf(&d, MeshCube, 0).Instances) != 0 || len(batchOf(&d, MeshCube, 3).Instances) != 0 {
		t.Errorf("after Reset: Len %d; want 0 and empty batches", d.Len())
	}
}

func TestDrawListSteadyStateAllocatesNothing(t *testing.T) {
	var d DrawList
	d.Reserve(MeshCube, 1000)
	m := mgl32.Ident4()
	for mat := MaterialID(1); mat <= 3; mat++ { // first use creates the batches
		for range 400 {
			d.AddWith(MeshSphere, mat, &m, RGB(1, 1, 1))
		}
	}
	allocs := testing.AllocsPerRun(50, func() {
		d.Reset()
		for i := range 1000 {
			d.Add(MeshCube, &m, RGB(1, 1, 1))
			d.AddWith(MeshSphere, MaterialID(1+i%3), &m, RGB(1, 1, 1))
		}
	})
	if allocs != 0 {
		t.Errorf("refilling a draw list: %v allocations, want 0", allocs)
	}
}

func TestInstanceLayout(t *testing.T) {
	var i Instance
	if got := int(unsafe.Sizeof(i)); got != InstanceSize {
		t.Errorf("Instance is %d bytes, want InstanceSize = %d (the GPU stride)", got, InstanceSize)
	}
}

func TestProjection(t *testing.T) {
	c := Camera{}
	for _, aspect := range []float32{0, -1, float32(math.Inf(1)), float32(math.NaN()), 16.0 / 9} {
		var p mgl32.Mat4
		c.Projection(aspect, &p)
		for i, v := range p {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				t.Fatalf("aspect %v: projection[%d] = %v, want finite", aspect, i, v)
			}
		}
	}
	var p mgl32.Mat4
	c.Projection(2, &p)
	want := mgl32.Perspective(DefaultFovY, 2, DefaultNear, DefaultFar)
	if !p.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("projection: got %v, want mgl32.Perspective's %v", p, want)
	}
}

func TestPictureAndHUDReset(t *testing.T) {
	var f Picture
	var d DrawList
	f.Reset(640, 480, RGB(0, 0, 0))
	f.AddScene(&d)
	f.HUD.Layer(0).AddRect(1, 2, 3, 4, RGB(1, 0, 0))
	f.HUD.Layer(0).AddText(5, 6, RGB(1, 1, 1), "hello")
	if len(f.Scenes) != 1 || len(f.HUD.Rects) != 1 || len(f.HUD.Texts) != 1 || f.HUD.Texts[0].Scale != 1 {
		t.Fatalf("frame: %d scenes %d rects %d texts, want 1 1 1 at scale 1", len(f.Scenes), len(f.HUD.Rects), len(f.HUD.Texts))
	}
	f.Reset(1, 1, RGB(1, 1, 1))
	if len(f.Scenes) != 0 || len(f.HUD.Rects) != 0 || len(f.HUD.Texts) != 0 || f.Width != 1 {
		t.Errorf("after Reset: %d scenes %d rects %d texts width %d", len(f.Scenes), len(f.HUD.Rects), len(f.HUD.Texts), f.Width)
	}
	if MeshCube.String() != "cube" || MeshID(9).String() != "mesh#9" {
		t.Errorf("MeshID names: %q %q", MeshCube, MeshID(9))
	}
	if !(&Light{}).IsZero() || DefaultLight.IsZero() {
		t.Error("Light.IsZero is wrong")
	}
}

func TestHUDLayersStampItems(t *testing.T) {
	var h HUD
	h.Layer(0).AddRect(0, 0, 1, 1, RGB(1, 1, 1))
	l := h.Layer(2)
	l.AddText(0, 0, RGB(1, 1, 1), "a")
	l.AddTextScaled(0, 0, 3, RGB(1, 1, 1), "b")
	if h.Rects[0].Layer != 0 || h.Texts[0].Layer != 2 || h.Texts[1].Layer != 2 || h.Texts[1].Scale != 3 || l.N() != 2 {
		t.Errorf("layers: rect %d texts %d %d (scale %v), layer %d; want 0, 2, 2 (3), 2",
			h.Rects[0].Layer, h.Texts[0].Layer, h.Texts[1].Layer, h.Texts[1].Scale, l.N())
	}
	var zero Layer
	zero.AddText(0, 0, RGB(1, 1, 1), "lost")
	zero.AddRect(0, 0, 1, 1, RGB(1, 1, 1))
	h.Reset()
	if len(h.Rects) != 0 || len(h.Texts) != 0 {
		t.Errorf("after Reset: %d rects %d texts, want none", len(h.Rects), len(h.Texts))
	}
}

// BenchmarkDrawListAdd refills a draw list with 10k instances over two
// meshes, as a scene does every frame.
func BenchmarkDrawListAdd(b *testing.B) {
	var d DrawList
	ms := make([]mgl32.Mat4, 10000)
	for i := range ms {
		ms[i] = mgl32.Translate3D(float32(i), 0, 0)
	}
	b.ReportAllocs()
	for b.Loop() {
		d.Reset()
		for i := range ms {
			d.Add(MeshCube+MeshID(i&1), &ms[i], Color{1, 1, 1, 1})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ms)), "ns/instance")
}

func TestNineSliceGeometry(t *testing.T) {
	var h HUD
	h.Layer(2).AddNineSlice(5, 10, 20, 100, 50, [4]float32{0.25, 0.1, 0.25, 0.1}, [4]float32{8, 4, 12, 6}, RGB(1, 1, 1))
	if len(h.Sprites) != 9 {
		t.Fatalf("got %d sprites, want 9", len(h.Sprites))
	}
	tests := []struct {
		i          int
		x, y, w, h float32
		src        [4]float32
	}{
		{0, 10, 20, 8, 4, [4]float32{0, 0, 0.25, 0.1}},        // top-left corner, at its border size
		{4, 18, 24, 80, 40, [4]float32{0.25, 0.1, 0.75, 0.9}}, // centre, stretched both ways
		{8, 98, 64, 12, 6, [4]float32{0.75, 0.9, 1, 1}},       // bottom-right corner
		{1, 18, 20, 80, 4, [4]float32{0.25, 0, 0.75, 0.1}},    // top edge, stretched along x
	}
	for _, tt := range tests {
		s := h.Sprites[tt.i]
		if s.X != tt.x || s.Y != tt.y || s.W != tt.w || s.H != tt.h || s.Src != tt.src || s.Image != 5 || s.Layer != 2 {
			t.Errorf("sprite %d: got %+v, want x %v y %v w %v h %v src %v image 5 layer 2", tt.i, s, tt.x, tt.y, tt.w, tt.h, tt.src)
		}
	}
	// A panel smaller than its borders drops the parts with no room.
	h.Reset()
	h.Layer(0).AddNineSlice(1, 0, 0, 10, 10, [4]float32{0.25, 0.25, 0.25, 0.25}, [4]float32{5, 5, 5, 5}, RGB(1, 1, 1))
	if len(h.Sprites) != 4 {
		t.Errorf("a 10-pixel panel with 5-pixel borders: got %d sprites, want the 4 corners", len(h.Sprites))
	}
}
