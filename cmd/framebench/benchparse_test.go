package main

import (
	"maps"
	"os"
	"strings"
	"testing"
)

func TestParseResultLines(t *testing.T) {
	tests := []struct {
		line    string
		name    string
		procs   int
		n       int64
		metrics map[string]float64
	}{
		{
			"BenchmarkAdvance-2   \t33724093\t        32.08 ns/op\t       0 B/op\t       0 allocs/op",
			"BenchmarkAdvance", 2, 33724093,
			map[string]float64{"ns/op": 32.08, "B/op": 0, "allocs/op": 0},
		},
		{
			"BenchmarkCopyFloor/100000-2         \t    2499\t    480178 ns/op\t         4.802 ns/actor",
			"BenchmarkCopyFloor/100000", 2, 2499,
			map[string]float64{"ns/op": 480178, "ns/actor": 4.802},
		},
		{
			"BenchmarkTick/moving/100000-16 \t 435\t 2739746 ns/op\t 27.40 ns/actor\t 0 B/op\t 0 allocs/op",
			"BenchmarkTick/moving/100000", 16, 435,
			map[string]float64{"ns/op": 2739746, "ns/actor": 27.40, "B/op": 0, "allocs/op": 0},
		},
		{ // a sub-benchmark whose name has dashes of its own, and ReportMetric units
			"BenchmarkRender/cubes=1000/map-invalidate-2 \t     243\t   4914885 ns/op\t         0.03797 cpu-ms/frame\t       203.5 frames/s\t        24.00 gl-calls/frame\t       0 B/op\t       0 allocs/op",
			"BenchmarkRender/cubes=1000/map-invalidate", 2, 243,
			map[string]float64{"ns/op": 4914885, "cpu-ms/frame": 0.03797, "frames/s": 203.5, "gl-calls/frame": 24, "B/op": 0, "allocs/op": 0},
		},
		{ // GOMAXPROCS=1: go test prints no suffix
			"BenchmarkGameplayFrame/actors=10000 \t 2245 \t 534245 ns/op \t 52.03 ns/actor",
			"BenchmarkGameplayFrame/actors=10000", 1, 2245,
			map[string]float64{"ns/op": 534245, "ns/actor": 52.03},
		},
		{ // throughput and a value in exponent form
			"BenchmarkEncode-4 \t 1000000 \t 1.5e+03 ns/op \t 682.67 MB/s",
			"BenchmarkEncode", 4, 1000000,
			map[string]float64{"ns/op": 1500, "MB/s": 682.67},
		},
	}
	for _, tt := range tests {
		s, err := parseBench(strings.NewReader(tt.line + "\n"))
		if err != nil {
			t.Fatalf("%q: %v", tt.line, err)
		}
		if len(s.Results) != 1 {
			t.Fatalf("%q: got %d results, want 1 (unparsed %q)", tt.line, len(s.Results), s.Unparsed)
		}
		r := s.Results[0]
		if r.Name != tt.name || r.Procs != tt.procs || r.N != tt.n {
			t.Errorf("%q: got name %q procs %d n %d, want %q %d %d", tt.line, r.Name, r.Procs, r.N, tt.name, tt.procs, tt.n)
		}
		if !maps.Equal(r.Metrics, tt.metrics) {
			t.Errorf("%q: got metrics %v, want %v", tt.line, r.Metrics, tt.metrics)
		}
		if len(r.Units) != len(tt.metrics) {
			t.Errorf("%q: got units %v, want %d of them", tt.line, r.Units, len(tt.metrics))
		}
	}
}

func TestParseBenchOutput(t *testing.T) {
	out := `goos: linux
goarch: amd64
pkg: github.com/tickwork/tickwork/scene
cpu: Intel(R) Xeon(R) Processor
BenchmarkInterpolate/100000-2 	     334	   3558154 ns/op	        35.58 ns/actor
BenchmarkInterpolate/100000-2 	     334	   3458154 ns/op	        34.58 ns/actor
BenchmarkInterpolate/100000-2 	     334	   3658154 ns/op	        36.58 ns/actor
BenchmarkSlow-2
    bench_test.go:12: a log line printed between the name and the numbers
       100	  12000 ns/op
--- FAIL: BenchmarkBroken-2
    bench_test.go:40: boom
BenchmarkTruncated-2 	     12	   oops ns/op
PASS
ok  	github.com/tickwork/tickwork/scene	17.988s
# github.com/tickwork/tickwork/cmd/sample [github.com/tickwork/tickwork/cmd/sample.test]
FAIL	github.com/tickwork/tickwork/cmd/sample [build failed]
goos: linux
pkg: github.com/tickwork/tickwork/timing
BenchmarkAdvance-2   	33724093	        32.08 ns/op	       0 B/op	       0 allocs/op
ok  	github.com/tickwork/tickwork/timing	2.412s
`
	s, err := parseBench(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if s.Goos != "linux" || s.Goarch != "amd64" || s.CPU != "Intel(R) Xeon(R) Processor" {
		t.Errorf("header: got %q %q %q", s.Goos, s.Goarch, s.CPU)
	}
	if got := len(s.Results); got != 5 {
		t.Fatalf("got %d results, want 5: %+v", got, s.Results)
	}
	if v, ok := s.metric("scene", "BenchmarkInterpolate/100000", "ns/actor"); !ok || v != 35.58 {
		t.Errorf("median of three runs: got %v %v, want 35.58", v, ok)
	}
	if v, ok := s.metric("scene", "BenchmarkSlow", "ns/op"); !ok || v != 12000 {
		t.Errorf("result split by a log line: got %v %v, want 12000", v, ok)
	}
	if v, ok := s.metric("timing", "BenchmarkAdvance", "allocs/op"); !ok || v != 0 {
		t.Errorf("timing BenchmarkAdvance allocs/op: got %v %v, want 0", v, ok)
	}
	if _, ok := s.metric("scene", "BenchmarkAdvance", "ns/op"); ok {
		t.Error("a benchmark was found in the wrong package")
	}
	if _, ok := s.metric("timing", "BenchmarkAdvance", "frames/s"); ok {
		t.Error("a unit that was not printed was found")
	}
	wantFailed := []string{"github.com/tickwork/tickwork/scene.BenchmarkBroken", "github.com/tickwork/tickwork/cmd/sample"}
	if strings.Join(s.Failed, ",") != strings.Join(wantFailed, ",") {
		t.Errorf("failed: got %q, want %q", s.Failed, wantFailed)
	}
	if len(s.Unparsed) != 1 || !strings.Contains(s.Unparsed[0], "oops") {
		t.Errorf("unparsed: got %q, want the truncated line", s.Unparsed)
	}
	if got := s.packages(); len(got) != 2 || got[0] != "github.com/tickwork/tickwork/scene" {
		t.Errorf("packages: got %q", got)
	}
}

func TestSplitProcs(t *testing.T) {
	tests := []struct {
		in    string
		name  string
		procs int
	}{
		{"BenchmarkA-2", "BenchmarkA", 2},
		{"BenchmarkA/x-y-8", "BenchmarkA/x-y", 8},
		{"BenchmarkA/map-invalidate", "BenchmarkA/map-invalidate", 1},
		{"BenchmarkA-", "BenchmarkA-", 1},
		{"BenchmarkA-+2", "BenchmarkA-+2", 1},
		{"BenchmarkA", "BenchmarkA", 1},
	}
	for _, tt := range tests {
		if n, p := splitProcs(tt.in); n != tt.name || p != tt.procs {
			t.Errorf("splitProcs(%q) = %q, %d; want %q, %d", tt.in, n, p, tt.name, tt.procs)
		}
	}
}

// The real output of one `go test -bench` run of this repository parses
// without a line left over.
func TestParseRealOutput(t *testing.T) {
	f, err := os.Open("testdata/bench.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := parseBench(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Unparsed) > 0 {
		t.Errorf("lines not parsed: %q", s.Unparsed)
	}
	if len(s.Results) < 40 {
		t.Errorf("got %d results, want every benchmark line (40 or more)", len(s.Results))
	}
	if v, ok := s.metric("gfx/gl41", "BenchmarkRender/cubes=10000/orphan", "gl-calls/frame"); !ok || v <= 0 {
		t.Errorf("gl41 custom metric: got %v %v", v, ok)
	}
}
