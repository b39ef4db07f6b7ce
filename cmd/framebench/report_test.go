package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/atomicfile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// The report made from fixed inputs (one real benchmark output, one real
// harness run, one real short soak) matches the golden file; run with
// -update after an intended change and read the diff.
func TestReportGolden(t *testing.T) {
	in, err := loadReport("testdata/bench.txt", "testdata/results.json", "testdata/soak.json")
	if err != nil {
		t.Fatal(err)
	}
	in.command, in.benchCmd = "make bench", "go test -run='^$' -bench=. -benchmem -benchtime=2s ./..."
	got := renderReport(in)
	golden := filepath.Join("testdata", "BENCHMARKS.golden.md")
	if *update {
		if err := atomicfile.WriteFile(golden, got, 0); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/framebench -run TestReportGolden -update)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < max(len(gl), len(wl)); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("report differs from %s at line %d:\ngot:  %s\nwant: %s\n(run with -update after an intended change)", golden, i+1, g, w)
			}
		}
	}
}

// Without a soak and with missing runs, every goal still has a row saying
// why there is no figure.
func TestReportWithoutData(t *testing.T) {
	res := &Results{Version: resultsVersion, Date: "2026-01-02T03:04:05Z",
		Skipped: []Skipped{{Scenario: "novsync", Actors: 10000, Reason: "scenario novsync needs a display: no display\n  run under xvfb-run"}}}
	md := string(renderReport(&reportInput{bench: &benchSet{}, res: res, command: "make bench", benchCmd: "go test"}))
	for _, want := range []string{
		"no figure: benchmark missing from the output: scene BenchmarkTick/moving/1000, BenchmarkTickMovingReference/1000",
		"no figure: no soak results: run `make soak`",
		"no figure: skipped: scenario novsync needs a display: no display |",
		"not recorded: no machine with a GPU is available",
		"| OpenGL | not read: no window was opened in this run |",
		"- novsync at 10,000 actors: scenario novsync needs a display: no display",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(md, "| met |") {
		t.Error("a goal is met without any figure")
	}
}

func TestGoalFormatting(t *testing.T) {
	tests := []struct {
		g      goal
		status status
		detail string
	}{
		{atMost("x", "s", 7.41, 12, "×"), met, ""},
		{atMost("x", "s", 27.4, 20, "ns/actor"), missed, "missed by 7.40 ns/actor (37% over)"},
		{atMost("x", "s", 0.534, 0.5, "ms"), missed, "missed by 0.034 ms (6.8% over)"},
		{atLeast("x", "s", 60, 60, "fps"), met, ""},
		{atLeast("x", "s", 41.25, 60, "fps"), missed, "missed by 18.8 fps (31% short)"},
		{zero("x", "s", 0, "allocs/op"), met, ""},
		{zero("x", "s", 1.02, "allocs/frame"), missed, "missed by 1.02 allocs/frame"},
		{check("x", "s", "exact", false, "121 ticks", "+1 ticks"), missed, "+1 ticks"},
	}
	for i, tt := range tests {
		if tt.g.Status != tt.status || tt.g.Detail != tt.detail {
			t.Errorf("%d: got %v %q, want %v %q", i, tt.g.Status, tt.g.Detail, tt.status, tt.detail)
		}
	}
	if got := atMost("x", "s", 27.4, 20, "ns/actor").Target; got != "≤ 20.0 ns/actor" {
		t.Errorf("target: got %q", got)
	}
	for v, want := range map[float64]string{0: "0", 983553: "983,553", 188.4: "188", 41.25: "41.2", 7.406: "7.41", 0.0343: "0.034", 0.0042: "0.0042"} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "B.md")
	var stdout, stderr bytes.Buffer
	code := run([]string{"report", "-bench", "testdata/bench.txt", "-results", "testdata/results.json",
		"-soak", filepath.Join(dir, "absent.json"), "-o", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "No soak results") || !strings.Contains(stderr.String(), "no soak results") {
		t.Errorf("a missing soak file must be reported as no soak; stderr %q", stderr.String())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left next to the report: %v", entries)
	}

	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report"}, 2, "-bench and -results are required"},
		{[]string{"report", "-bench", "x", "-results", "y", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"report", "-bench", filepath.Join(dir, "none.txt"), "-results", "testdata/results.json"}, 1, "benchmark output: open"},
		{[]string{"report", "-bench", "testdata/bench.txt", "-results", "testdata/bench.txt"}, 1, "reading results testdata/bench.txt"},
		{[]string{"report", "-bench", "testdata/bench.txt", "-results", "testdata/results.json", "-soak", "testdata/results.json"}, 1, "holds no soak"},
	} {
		stderr.Reset()
		if code := run(tt.args, &stdout, &stderr); code != tt.code || !strings.Contains(stderr.String(), tt.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tt.args, code, stderr.String(), tt.code, tt.msg)
		}
	}
}
