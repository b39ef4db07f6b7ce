package main

import (
	"strings"
	"testing"
)

// sceneOut is `go test -bench` output of the scene's benchmarks at 100k
// actors, without BenchmarkTickMovingReference.
const sceneOut = `pkg: github.com/tickwork/tickwork/scene
BenchmarkInterpolate/100000-2   	 400	 3000000 ns/op	 24.00 ns/actor
BenchmarkInterpolateReference/100000-2	 500	 2000000 ns/op	 20.00 ns/actor
BenchmarkTickPropagate/100000-2  	 500	 1800000 ns/op	 18.00 ns/actor
BenchmarkTick/moving/100000-2  	 500	 1800000 ns/op	 30.00 ns/actor
`

// The scene's per-actor passes are judged against their dense references
// in the same output; a reference that is missing or reports 0 gives a row
// without a figure that names the benchmark.
func TestPerfGoals(t *testing.T) {
	const (
		tickRef  = "Tick, every root moved by its own behaviour, vs dense-array reference, 100,000 actors"
		propRef  = "Tick propagation vs dense-array reference, 100k actors"
		interRef = "Interpolation vs dense-array reference, 100k actors"
	)
	type want struct {
		status status
		text   string // the measured cell, or the detail when there is no figure
	}
	for _, tc := range []struct {
		name string
		text string
		want map[string]want
	}{
		{"references missing", sceneOut, map[string]want{
			tickRef:  {noData, "benchmark missing from the output: scene BenchmarkTickMovingReference/100000"},
			propRef:  {noData, "benchmark missing from the output: scene BenchmarkTickReference/100000"},
			interRef: {met, "1.20× (24.0 ÷ 20.0 ns/actor)"}, // at the limit: met
		}},
		{"all present", sceneOut +
			"BenchmarkTickReference/100000-2	 1000	 800000 ns/op	 8.000 ns/actor\n" +
			"BenchmarkTickMovingReference/100000-2	 1000	 800000 ns/op	 20.00 ns/actor\n", map[string]want{
			tickRef:  {met, "1.50× (30.0 ÷ 20.0 ns/actor)"},
			propRef:  {missed, "2.25× (18.0 ÷ 8.00 ns/actor)"},
			interRef: {met, "1.20× (24.0 ÷ 20.0 ns/actor)"},
		}},
		{"interleaved", sceneOut +
			"BenchmarkTickMovingReference/100000-2	 1000	 800000 ns/op	 18.00 ns/actor\n" +
			"BenchmarkTickMovingAB/100000-2	 100	 9000000 ns/op	 20.00 reference-ns/actor	 28.00 tick-ns/actor	 1.400 tick/reference\n", map[string]want{
			tickRef: {met, "1.40× (28.0 ÷ 20.0 ns/actor; measured apart 1.67× (30.0 ÷ 18.0))"},
		}},
		{"interleaved, over", sceneOut +
			"BenchmarkTickMovingAB/100000-2	 100	 9000000 ns/op	 20.00 reference-ns/actor	 32.00 tick-ns/actor	 1.600 tick/reference\n", map[string]want{
			tickRef: {missed, "1.60× (32.0 ÷ 20.0 ns/actor)"},
		}},
		{"reference of 0", sceneOut + "BenchmarkTickMovingReference/100000-2	 1000	 0 ns/op	 0 ns/actor\n", map[string]want{
			tickRef: {noData, "scene BenchmarkTickMovingReference/100000 reports 0 ns/actor: no ratio to it"},
		}},
		{"both sides missing", "", map[string]want{
			interRef: {noData, "benchmark missing from the output: scene BenchmarkInterpolate/100000, BenchmarkInterpolateReference/100000"},
		}},
	} {
		b, err := parseBench(strings.NewReader(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]goal{}
		for _, g := range perfGoals(b) {
			got[g.Name] = g
		}
		for name, w := range tc.want {
			g, ok := got[name]
			if !ok {
				t.Errorf("%s: no goal %q", tc.name, name)
				continue
			}
			text := g.Measured
			if g.Status == noData {
				text = g.Detail
			}
			if g.Status != w.status || text != w.text {
				t.Errorf("%s: %q: got %v %q, want %v %q", tc.name, name, g.Status, text, w.status, w.text)
			}
		}
	}
}

// The report says cleanly which benchmark a ratio lacks.
func TestReportMissingReference(t *testing.T) {
	b, err := parseBench(strings.NewReader(sceneOut))
	if err != nil {
		t.Fatal(err)
	}
	md := string(renderReport(&reportInput{bench: b, res: &Results{Version: resultsVersion}, command: "make bench", benchCmd: "go test"}))
	want := "| Tick, every root moved by its own behaviour, vs dense-array reference, 100,000 actors | ≤ 1.50× | — | no figure: benchmark missing from the output: scene BenchmarkTickMovingReference/100000 |"
	if !strings.Contains(md, want) {
		t.Errorf("report lacks the row\n%s", want)
	}
}
