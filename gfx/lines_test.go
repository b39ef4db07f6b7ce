package gfx

import (
	"math"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

func near(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 1e-4 }

// corners returns the distinct points among the segments' ends.
func corners(v []LineVertex) []mgl32.Vec3 {
	var out []mgl32.Vec3
next:
	for _, p := range v {
		for _, q := range out {
			if near(p.Pos, q) {
				continue next
			}
		}
		out = append(out, p.Pos)
	}
	return out
}

func TestLineVertexLayout(t *testing.T) {
	if got := unsafe.Sizeof(LineVertex{}); got != 16 {
		t.Fatalf("LineVertex is %d bytes, want 16 (the renderer's vertex layout)", got)
	}
}

func TestBoxEdges(t *testing.T) {
	rot := mgl32.Translate3D(10, 0, 0).Mul4(mgl32.HomogRotate3DY(math.Pi / 2))
	for _, tc := range []struct {
		name  string
		add   func(l *LineBuffer)
		want  [8]mgl32.Vec3 // corner i: bit k of i picks the high value on axis k
		edge  float32       // length of every edge along x, y, z
		edgeY float32
	}{
		{"aligned", func(l *LineBuffer) { l.Box(mgl32.Vec3{-1, 0, 2}, mgl32.Vec3{1, 3, 6}, RGB(1, 0, 0)) },
			[8]mgl32.Vec3{{-1, 0, 2}, {1, 0, 2}, {-1, 3, 2}, {1, 3, 2}, {-1, 0, 6}, {1, 0, 6}, {-1, 3, 6}, {1, 3, 6}}, 0, 0},
		{"oriented", func(l *LineBuffer) { l.OrientedBox(&rot, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{1, 2, 3}, RGB(1, 0, 0)) },
			// Turning a quarter about y sends local x to world −z and local z to world x.
			[8]mgl32.Vec3{{10, 0, 0}, {10, 0, -1}, {10, 2, 0}, {10, 2, -1}, {13, 0, 0}, {13, 0, -1}, {13, 2, 0}, {13, 2, -1}}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l LineBuffer
			tc.add(&l)
			if l.Len() != 12 {
				t.Fatalf("got %d segments, want 12", l.Len())
			}
			got := corners(l.Vertices())
			if len(got) != 8 {
				t.Fatalf("segments end at %d distinct points, want 8 corners: %v", len(got), got)
			}
			for _, w := range tc.want {
				found := false
				for _, g := range got {
					found = found || near(g, w)
				}
				if !found {
					t.Errorf("corner %v missing from %v", w, got)
				}
			}
			// Every edge joins two corners that differ along exactly one
			// local axis: each corner has 3 edges.
			deg := map[int]int{}
			for i := 0; i < len(l.v); i += 2 {
				a, b := l.v[i].Pos, l.v[i+1].Pos
				for k, w := range tc.want {
					if near(a, w) || near(b, w) {
						deg[k]++
					}
				}
				if l.v[i].Color != [4]uint8{255, 0, 0, 255} {
					t.Errorf("segment %d colour %v, want red", i/2, l.v[i].Color)
				}
			}
			for k := range tc.want {
				if deg[k] != 3 {
					t.Errorf("corner %v ends %d edges, want 3", tc.want[k], deg[k])
				}
			}
		})
	}
}

func TestSphereOnRadius(t *testing.T) {
	for _, tc := range []struct {
		center mgl32.Vec3
		radius float32
	}{{mgl32.Vec3{}, 1}, {mgl32.Vec3{3, -2, 5}, 0.25}, {mgl32.Vec3{-100, 40, 7}, 12}} {
		var l LineBuffer
		l.Sphere(tc.center, tc.radius, RGB(0, 1, 0))
		if got, want := l.Len(), 3*SphereSegments; got != want {
			t.Fatalf("sphere r=%v: %d segments, want %d", tc.radius, got, want)
		}
		for i, v := range l.Vertices() {
			if d := v.Pos.Sub(tc.center).Len(); math.Abs(float64(d-tc.radius)) > 1e-4*float64(tc.radius)+1e-5 {
				t.Fatalf("sphere r=%v: vertex %d at distance %v from the centre", tc.radius, i, d)
			}
		}
		// Each circle closes: its last segment ends where its first starts.
		for c := range 3 {
			v := l.Vertices()[2*SphereSegments*c : 2*SphereSegments*(c+1)]
			if v[len(v)-1].Pos != v[0].Pos {
				t.Errorf("sphere r=%v: circle %d does not close: %v vs %v", tc.radius, c, v[len(v)-1].Pos, v[0].Pos)
			}
		}
	}
}

func TestGridAxesArrow(t *testing.T) {
	var l LineBuffer
	l.Grid(mgl32.Vec3{0, 1, 0}, 4, 0.5, RGB(0.5, 0.5, 0.5))
	if got := l.Len(); got != 10 {
		t.Fatalf("4×4 grid: %d segments, want 10", got)
	}
	for _, v := range l.Vertices() {
		if v.Pos[1] != 1 || abs32(v.Pos[0]) > 1 || abs32(v.Pos[2]) > 1 {
			t.Fatalf("grid vertex %v off the 2×2 square at y=1", v.Pos)
		}
	}
	l.Reset()
	m := mgl32.Translate3D(1, 2, 3)
	l.Axes(&m, 2)
	want := [3]mgl32.Vec3{{3, 2, 3}, {1, 4, 3}, {1, 2, 5}}
	for k := range 3 {
		a, b := l.v[2*k], l.v[2*k+1]
		if a.Pos != (mgl32.Vec3{1, 2, 3}) || !near(b.Pos, want[k]) || a.Color[k] < 200 {
			t.Errorf("axis %d: %v→%v colour %v, want (1,2,3)→%v mostly channel %d", k, a.Pos, b.Pos, a.Color, want[k], k)
		}
	}
	l.Reset()
	l.Arrow(mgl32.Vec3{}, mgl32.Vec3{0, 0, 5}, RGB(1, 1, 0))
	if l.Len() != 5 {
		t.Fatalf("arrow: %d segments, want 5", l.Len())
	}
	for i := 2; i < len(l.v); i += 2 {
		if l.v[i].Pos != (mgl32.Vec3{0, 0, 5}) || math.Abs(float64(l.v[i+1].Pos[2]-4)) > 1e-5 {
			t.Errorf("arrow head stroke %v→%v: want from the tip back to z=4", l.v[i].Pos, l.v[i+1].Pos)
		}
	}
}

func TestBadShapesAddNothing(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for name, add := range map[string]func(l *LineBuffer){
		"sphere radius 0":   func(l *LineBuffer) { l.Sphere(mgl32.Vec3{}, 0, RGB(1, 1, 1)) },
		"sphere radius NaN": func(l *LineBuffer) { l.Sphere(mgl32.Vec3{}, nan, RGB(1, 1, 1)) },
		"sphere radius inf": func(l *LineBuffer) { l.Sphere(mgl32.Vec3{}, inf, RGB(1, 1, 1)) },
		"grid 0 cells":      func(l *LineBuffer) { l.Grid(mgl32.Vec3{}, 0, 1, RGB(1, 1, 1)) },
		"grid −3 cells":     func(l *LineBuffer) { l.Grid(mgl32.Vec3{}, -3, 1, RGB(1, 1, 1)) },
		"grid spacing NaN":  func(l *LineBuffer) { l.Grid(mgl32.Vec3{}, 3, nan, RGB(1, 1, 1)) },
		"arrow of length 0": func(l *LineBuffer) { l.Arrow(mgl32.Vec3{1, 1, 1}, mgl32.Vec3{1, 1, 1}, RGB(1, 1, 1)) },
		"empty text":        func(l *LineBuffer) { l.Text(mgl32.Vec3{}, RGB(1, 1, 1), "") },
	} {
		var l LineBuffer
		add(&l)
		if l.Len() != 0 || len(l.Labels()) != 0 {
			t.Errorf("%s: added %d segments and %d labels, want none", name, l.Len(), len(l.Labels()))
		}
	}
	var l LineBuffer
	l.Grid(mgl32.Vec3{}, 1<<30, 1, RGB(1, 1, 1))
	if got, want := l.Len(), 2*(MaxGridCells+1); got != want {
		t.Errorf("grid of 2^30 cells: %d segments, want %d (clamped to MaxGridCells)", got, want)
	}
}

func TestColorPacking(t *testing.T) {
	for _, tc := range []struct {
		c    Color
		want [4]uint8
	}{
		{Color{0, 0.5, 1, 1}, [4]uint8{0, 128, 255, 255}},
		{Color{-1, 2, float32(math.NaN()), 0.2}, [4]uint8{0, 255, 0, 51}},
	} {
		if got := pack(tc.c); got != tc.want {
			t.Errorf("pack(%v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestToHUD(t *testing.T) {
	var cam Camera
	cam.LookAt(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	// At distance 10 with a 60° vertical field of view the screen's half
	// height spans 10·tan(30°) world units.
	half := float32(10 * math.Tan(math.Pi/6))
	for _, tc := range []struct {
		name   string
		p      mgl32.Vec3
		x, y   float32
		wantOK bool
	}{
		{"centre", mgl32.Vec3{}, 400, 300, true},
		{"top edge", mgl32.Vec3{0, half, 0}, 400, 0, true},
		{"bottom right", mgl32.Vec3{half * 4 / 3, -half, 0}, 800, 600, true},
		{"half way left", mgl32.Vec3{-half * 2 / 3, 0, 0}, 200, 300, true},
		{"behind the camera", mgl32.Vec3{0, 0, 20}, 0, 0, false},
		{"NaN", mgl32.Vec3{float32(math.NaN()), 0, 0}, 0, 0, false},
	} {
		x, y, ok := cam.ToHUD(tc.p, 800, 600)
		if ok != tc.wantOK || ok && (math.Abs(float64(x-tc.x)) > 0.01 || math.Abs(float64(y-tc.y)) > 0.01) {
			t.Errorf("%s: ToHUD(%v) = %v, %v, %v; want %v, %v, %v", tc.name, tc.p, x, y, ok, tc.x, tc.y, tc.wantOK)
		}
	}
	if _, _, ok := cam.ToHUD(mgl32.Vec3{}, 0, 600); ok {
		t.Error("ToHUD on a 0-wide HUD reported ok")
	}
}

func TestLineBufferReuseAllocatesNothing(t *testing.T) {
	var l LineBuffer
	m := mgl32.Translate3D(1, 2, 3)
	fill := func() {
		l.Reset()
		l.Line(mgl32.Vec3{}, mgl32.Vec3{1, 1, 1}, RGB(1, 1, 1))
		l.Arrow(mgl32.Vec3{}, mgl32.Vec3{1, 0, 0}, RGB(1, 1, 1))
		l.Box(mgl32.Vec3{}, mgl32.Vec3{1, 1, 1}, RGB(1, 1, 1))
		l.OrientedBox(&m, mgl32.Vec3{}, mgl32.Vec3{1, 1, 1}, RGB(1, 1, 1))
		l.Sphere(mgl32.Vec3{}, 1, RGB(1, 1, 1))
		l.Grid(mgl32.Vec3{}, 10, 1, RGB(1, 1, 1))
		l.Axes(&m, 1)
		l.Text(mgl32.Vec3{}, RGB(1, 1, 1), "label")
	}
	fill()
	if n := testing.AllocsPerRun(100, fill); n != 0 {
		t.Fatalf("refilling a warm LineBuffer allocates %v times, want 0", n)
	}
	var d DrawList
	add := func() { d.Reset(); d.AddLines(&l) }
	add()
	if n := testing.AllocsPerRun(100, add); n != 0 {
		t.Fatalf("adding a line buffer to a warm DrawList allocates %v times, want 0", n)
	}
	if got := d.LineBuffers(); len(got) != 1 || got[0] != &l {
		t.Fatalf("LineBuffers() = %v, want the one buffer added", got)
	}
	var empty LineBuffer
	d.Reset()
	d.AddLines(&empty)
	d.AddLines(nil)
	if len(d.LineBuffers()) != 0 {
		t.Fatalf("empty and nil buffers were added: %d", len(d.LineBuffers()))
	}
}

// BenchmarkLines10k is the CPU side of debug drawing 10,000 lines a frame:
// refilling a warm buffer with 10,000 segments.
func BenchmarkLines10k(b *testing.B) {
	var l LineBuffer
	c := RGB(0.2, 0.8, 0.4)
	b.ReportAllocs()
	for b.Loop() {
		l.Reset()
		for i := range 10000 {
			f := float32(i)
			l.Line(mgl32.Vec3{f, 0, 0}, mgl32.Vec3{f, 1, 0}, c)
		}
	}
}

// BenchmarkBoxes10k adds 10,000 lines as 834 boxes of 12 edges.
func BenchmarkBoxes10k(b *testing.B) {
	var l LineBuffer
	c := RGB(0.2, 0.8, 0.4)
	b.ReportAllocs()
	for b.Loop() {
		l.Reset()
		for i := range 834 {
			f := float32(i)
			l.Box(mgl32.Vec3{f, 0, 0}, mgl32.Vec3{f + 0.5, 1, 1}, c)
		}
	}
}

// BenchmarkSpheres10k adds about 10,000 lines as 139 wire spheres.
func BenchmarkSpheres10k(b *testing.B) {
	var l LineBuffer
	c := RGB(0.2, 0.8, 0.4)
	b.ReportAllocs()
	for b.Loop() {
		l.Reset()
		for i := range 139 {
			l.Sphere(mgl32.Vec3{float32(i), 0, 0}, 0.5, c)
		}
	}
}
