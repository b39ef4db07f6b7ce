package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHostKind(t *testing.T) {
	for _, tt := range []struct {
		cpu   string
		cores int
		want  string
	}{
		{"Intel(R) Xeon(R) Processor", 2, "intel-2-cores"},
		{"AMD EPYC 7B13", 2, "amd-2-cores"},
		{"AMD EPYC", 16, "amd-16-cores"},
		{"Apple M2", 8, "apple-8-cores"},
		{"Neoverse-N1", 4, "arm-4-cores"},
		{"", 2, "other-2-cores"},
	} {
		if got := hostKind(tt.cpu, tt.cores); got != tt.want {
			t.Errorf("hostKind(%q, %d) = %q, want %q", tt.cpu, tt.cores, got, tt.want)
		}
	}
}

// A goal is flagged when another kind of host on record came out the other
// way under the same target; the same result, another target, the same
// kind or no figure here are not differences.
func TestFlagHosts(t *testing.T) {
	intel := &hostRecord{Kind: "intel-2-cores", CPU: "Intel(R) Xeon(R) Processor", Cores: 2, Date: "2026-11-25T10:56:00Z", Goals: []hostGoal{
		{Name: "ratio", Target: "≤ 1.50×", Measured: "1.07×", Met: true},
		{Name: "same", Target: "≤ 1.50×", Measured: "1.10×", Met: true},
		{Name: "retargeted", Target: "≤ 2.00×", Measured: "1.80×", Met: true},
		{Name: "absent here", Target: "0 allocs", Measured: "3 allocs", Met: false},
		{Name: "allocs", Target: "0 allocs", Measured: "0 allocs", Met: true, Date: "2026-10-01T00:00:00Z"},
	}}
	self := &hostRecord{Kind: "amd-2-cores", CPU: "AMD EPYC", Cores: 2, Goals: []hostGoal{{Name: "ratio", Target: "≤ 1.50×", Measured: "1.0×", Met: true}}}
	groups := []goalGroup{{Title: "g", Goals: []goal{
		atMost("ratio", "s", 2.37, 1.5, "×"),
		atMost("same", "s", 1.2, 1.5, "×"),
		atMost("retargeted", "s", 1.8, 1.5, "×"),
		absent("absent here", "s", "0 allocs", "benchmark missing"),
		keyed(zero("allocs (worst of 3)", "s", 2, "allocs"), "allocs"),
	}}}
	diffs := flagHosts(groups, []*hostRecord{intel, self}, "amd-2-cores")
	want := []hostDiff{
		{Name: "ratio", Target: "≤ 1.50×", Here: "missed: 2.37×", Other: "met on Intel(R) Xeon(R) Processor, 2 cores (2026-11-25 10:56 UTC): 1.07×"},
		{Name: "allocs (worst of 3)", Target: "0 allocs", Here: "missed: 2.00 allocs", Other: "met on Intel(R) Xeon(R) Processor, 2 cores (2026-10-01 00:00 UTC): 0 allocs"},
	}
	if len(diffs) != len(want) {
		t.Fatalf("got %d differences %+v, want %d", len(diffs), diffs, len(want))
	}
	for i := range want {
		if diffs[i] != want[i] {
			t.Errorf("difference %d: got %+v, want %+v", i, diffs[i], want[i])
		}
	}
	gs := groups[0].Goals
	if len(gs[0].Elsewhere) != 1 || gs[0].Elsewhere[0] != want[0].Other || len(gs[1].Elsewhere)+len(gs[2].Elsewhere)+len(gs[3].Elsewhere) != 0 {
		t.Errorf("flags: %q %q %q %q", gs[0].Elsewhere, gs[1].Elsewhere, gs[2].Elsewhere, gs[3].Elsewhere)
	}
}

// A host's record holds this run's goals with a figure, under their keys,
// and keeps the previous figure of a goal this run could not measure.
func TestNewHostRecord(t *testing.T) {
	groups := []goalGroup{{Goals: []goal{
		keyed(zero("allocs (worst of 3)", "s", 0, "allocs"), "allocs"),
		absent("gl", "s", "≥ 0.900×", "benchmark missing"),
		infoGoal("figure", "s", "3 ms"),
	}}}
	prev := &hostRecord{Kind: "amd-2-cores", Date: "2026-11-01T00:00:00Z", Goals: []hostGoal{
		{Name: "allocs", Target: "0 allocs", Measured: "1 allocs"},
		{Name: "gl", Target: "≥ 0.900×", Measured: "0.950×", Met: true},
		{Name: "gone", Target: "≤ 1×", Measured: "2×"},
	}}
	h := newHostRecord("AMD EPYC", 2, "llvmpipe", "2026-12-07T11:00:00Z", "make bench", groups, prev)
	want := []hostGoal{
		{Name: "allocs", Target: "0 allocs", Measured: "0 allocs", Met: true},
		{Name: "gl", Target: "≥ 0.900×", Measured: "0.950×", Met: true, Date: "2026-11-01T00:00:00Z"},
	}
	if h.Kind != "amd-2-cores" || len(h.Goals) != len(want) {
		t.Fatalf("got kind %q, goals %+v", h.Kind, h.Goals)
	}
	for i := range want {
		if h.Goals[i] != want[i] {
			t.Errorf("goal %d: got %+v, want %+v", i, h.Goals[i], want[i])
		}
	}
}

func TestReadHostErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ body, msg string }{
		{"{", "unexpected end of JSON input (fix or delete it"},
		{`{"version": 9, "kind": "x"}`, "version 9, want 1"},
		{`{"version": 1, "kind": "../x"}`, `kind "../x" is not a file name`},
		{`{"version": 1}`, `kind "" is not a file name`},
	} {
		p := filepath.Join(dir, "h.json")
		if err := os.WriteFile(p, []byte(tt.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := loadHosts(dir); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: got %v, want an error with %q", tt.body, err, tt.msg)
		}
	}
	if hs, err := loadHosts(filepath.Join(dir, "none")); err != nil || len(hs) != 0 {
		t.Errorf("a missing folder: got %v, %v; want no records", hs, err)
	}
}

// The committed records load, each under its own kind's name, and name no
// path of the machine that made them.
func TestCommittedHostRecords(t *testing.T) {
	dir := filepath.Join("..", "..", "scripts", "bench-hosts")
	hs, err := loadHosts(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) == 0 {
		t.Fatalf("no host record in %s", dir)
	}
	for _, h := range hs {
		b, err := os.ReadFile(filepath.Join(dir, h.Kind+".json"))
		if err != nil {
			t.Errorf("record of kind %s is not in %s.json: %v", h.Kind, h.Kind, err)
			continue
		}
		if h.Kind != hostKind(h.CPU, h.Cores) || h.Source == "" || len(h.Goals) == 0 {
			t.Errorf("%s: kind of its CPU %q, source %q, %d goals", h.Kind, hostKind(h.CPU, h.Cores), h.Source, len(h.Goals))
		}
		if bytes.Contains(b, []byte("/home/")) || bytes.Contains(b, []byte("/work/")) || bytes.Contains(b, []byte("/tmp/")) {
			t.Errorf("%s names a path of a machine", h.Kind)
		}
	}
}

// make bench's report reads the records, flags the goals that differ, and
// writes this host's record next to them, naming no absolute path.
func TestReportHosts(t *testing.T) {
	dir := t.TempDir()
	hosts := filepath.Join(dir, "bench-hosts")
	other := &hostRecord{Version: hostRecordVersion, Kind: "amd-64-cores", CPU: "AMD EPYC 9654", Cores: 64, Date: "2026-12-01T00:00:00Z",
		Source: "test", Goals: []hostGoal{{Name: "Scheduler Advance", Target: "0 allocs/op", Measured: "3 allocs/op, 40.0 ns/op"}}}
	if err := writeHost(hosts, other); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "B.md")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"report", "-bench", "testdata/bench.txt", "-results", "testdata/results.json", "-hosts", hosts, "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	for _, want := range []string{
		"This host is of the kind `intel-2-cores`",
		"| amd-64-cores | AMD EPYC 9654, 64 cores | 2026-12-01 00:00 UTC | test |",
		"| Scheduler Advance | 0 allocs/op | met: 0 allocs/op",
		"| met; ⚑ missed on AMD EPYC 9654, 64 cores (2026-12-01 00:00 UTC): 3 allocs/op, 40.0 ns/op | timing BenchmarkAdvance |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(md, dir) {
		t.Errorf("report names the absolute folder %s", dir)
	}
	h, err := readHost(filepath.Join(hosts, "intel-2-cores.json"))
	if err != nil {
		t.Fatalf("this host's record: %v", err)
	}
	if h.CPU != "Intel(R) Xeon(R) Processor" || len(h.Goals) == 0 {
		t.Errorf("this host's record: CPU %q, %d goals", h.CPU, len(h.Goals))
	}

	var e bytes.Buffer
	if err := os.WriteFile(filepath.Join(hosts, "bad.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"report", "-bench", "testdata/bench.txt", "-results", "testdata/results.json", "-hosts", hosts, "-o", out}, &stdout, &e); code != 1 || !strings.Contains(e.String(), "bad.json") {
		t.Errorf("a broken record: exit %d, stderr %q; want 1 naming it", code, e.String())
	}
}
