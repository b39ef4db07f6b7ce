package peer

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Turning every tick by the tick's rotation, as tickwork's cubes do, lands
// where Matrices puts a cube from the clock: both engines draw the same
// picture at the same time.
func TestMatricesMatchTickedRotation(t *testing.T) {
	sc, err := NewScene(10)
	if err != nil {
		t.Fatal(err)
	}
	const rate, ticks = 30, 45
	got := make([]mgl32.Mat4, sc.Len())
	sc.Matrices(float64(ticks)/rate, got)
	for i := range sc.Len() {
		q := sc.Rot0(i)
		inc := AxisAngle(Axis(i), Speed/rate)
		for range ticks {
			q = inc.Mul(q)
		}
		want := mgl32.Translate3D(sc.Pos(i)[0], sc.Pos(i)[1], sc.Pos(i)[2]).Mul4(q.Normalize().Mat4())
		if !got[i].ApproxEqualThreshold(want, 1e-4) {
			t.Errorf("cube %d: got %v, want %v", i, got[i], want)
		}
	}
}

func TestNewScene(t *testing.T) {
	for _, tt := range []struct {
		n          int
		cols, rows int
	}{{1, 1, 1}, {5, 3, 2}, {1000, 32, 32}, {50000, 224, 224}} {
		sc, err := NewScene(tt.n)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[mgl32.Vec3]bool{}
		var maxX, maxZ float32
		for i := range sc.Len() {
			p := sc.Pos(i)
			if seen[p] {
				t.Fatalf("%d cubes: two at %v", tt.n, p)
			}
			seen[p] = true
			maxX, maxZ = max(maxX, p[0]), max(maxZ, p[2])
			if a := Axis(i); math.Abs(float64(a.Len())-1) > 1e-6 || a[1] < float32(math.Cos(math.Pi/4)) {
				t.Fatalf("axis %d: got %v, want unit length within 45° of up", i, a)
			}
		}
		// The grid is centred: the outermost cube is (cols−1)/2 spacings out.
		if got, want := maxX, float32(tt.cols-1)*Spacing/2; got != want {
			t.Errorf("%d cubes: got max x %v, want %v", tt.n, got, want)
		}
		if got, want := maxZ, float32(tt.rows-1)*Spacing/2; got != want {
			t.Errorf("%d cubes: got max z %v, want %v", tt.n, got, want)
		}
		// Every cube lies in front of the camera and inside the far plane.
		eye, target := sc.Camera()
		fwd := target.Sub(eye).Normalize()
		for i := range sc.Len() {
			d := sc.Pos(i).Sub(eye).Dot(fwd)
			if d <= Near || d+1 >= Far {
				t.Fatalf("%d cubes: cube %d at depth %v, want within (%v, %v)", tt.n, i, d, Near, Far)
			}
		}
	}
	for _, n := range []int{0, -1, MaxCubes + 1} {
		if _, err := NewScene(n); err == nil {
			t.Errorf("NewScene(%d): got no error, want one", n)
		}
	}
}

func TestMatricesAllocateNothing(t *testing.T) {
	sc, _ := NewScene(1000)
	dst := make([]mgl32.Mat4, sc.Len())
	at := 0.0
	if got := testing.AllocsPerRun(10, func() { at += 0.016; sc.Matrices(at, dst) }); got != 0 {
		t.Errorf("got %v allocations per frame, want 0", got)
	}
}

func TestSummarise(t *testing.T) {
	// 100 intervals: 98 of 16,667 µs, one of 17,667 and one of 30,000. The
	// nearest-rank p99 of 100 values is the 99th smallest.
	iv := make([]int64, 100)
	for i := range iv {
		iv[i] = 16667
	}
	iv[10], iv[20] = 17667, 30000
	var r Report
	r.Summarise(iv, 2, 1e6/60)
	for _, tt := range []struct {
		name      string
		got, want float64
	}{
		{"frames", float64(r.Frames), 100},
		{"fps mean", r.FPSMean, 50},
		{"fps median", r.FPSMedian, 1e6 / 16667},
		{"interval p99", r.Interval.P99, 17.667},
		{"interval max", r.Interval.Max, 30},
		{"error p50", r.IntervalErrP50, (16667 - 1e6/60) / 1e3},
		{"error p99", r.IntervalErrP99, (17667 - 1e6/60) / 1e3},
	} {
		if math.Abs(tt.got-tt.want) > 1e-9 {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func TestParseReport(t *testing.T) {
	for _, tt := range []struct {
		in, err string
	}{
		{`{"engine":"x","frames":3,"duration_s":1}`, ""},
		{`{"engine":"x","frames":0,"duration_s":1}`, "0 frames"},
		{`{"frames":3,"duration_s":1}`, `engine ""`},
		{`INFO: raylib`, "is the binary a framebench peer?"},
	} {
		_, err := ParseReport([]byte(tt.in))
		if got := fmt.Sprint(err); (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(got, tt.err)) {
			t.Errorf("%s: got error %v, want %q", tt.in, err, tt.err)
		}
	}
}

func TestParseShading(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shading
		err  string
	}{
		{"gamma", ShadingGamma, ""},
		{"linear", ShadingLinear, ""},
		{"Linear", "", `shading "Linear": want "gamma"`},
		{"", "", `shading "": want`},
	} {
		got, err := ParseShading(tt.in)
		if got != tt.want || (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%q: got %q, %v; want %q, error containing %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// A peer draws the scene by laying it out once and asking for every
// cube's matrix each frame.
func ExampleScene_Matrices() {
	sc, err := NewScene(4)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := make([]mgl32.Mat4, sc.Len())
	sc.Matrices(0.5, m)
	eye, _ := sc.Camera()
	fmt.Println(sc.Len(), "cubes; cube 3 at", m[3].Col(3).Vec3(), "; eye at", eye)
	// Output: 4 cubes; cube 3 at [1 0 1] ; eye at [0 5.6 5.6]
}
