package main

import (
	"strings"
	"testing"
)

// The rendering goals are shares measured within one run: tickwork's own
// CPU work in the sample's frame, the engine's work in a 60 Hz frame, and
// the sample's frame against the scene's dense references.
func TestRenderGoalShares(t *testing.T) {
	run := func(scenario string, interval, engine, renderer float64) Run {
		r := Run{Scenario: scenario, Actors: 10000, Interval: Dist{Mean: interval, Median: interval}, FPSMedian: 1000 / interval,
			EngineCPU: Dist{Mean: engine}, Interpolate: Dist{Mean: 0.2}, Build: Dist{Mean: 0.1}, Tick: Dist{Mean: 0.1}, Recorded: 600, Ticks: 300}
		if renderer >= 0 {
			r.Renderer = &RendererStats{CPU: Dist{Mean: renderer}}
		}
		return r
	}
	const refs = `pkg: github.com/tickwork/tickwork/scene
BenchmarkInterpolateReference/10000-2	 100	 150000 ns/op	 15.00 ns/actor
BenchmarkCopyFloor/10000-2	 100	 10000 ns/op	 1.000 ns/actor
BenchmarkTickReference/10000-2	 100	 40000 ns/op	 4.000 ns/actor
`
	const frame = `pkg: github.com/tickwork/tickwork/cmd/internal/demo
BenchmarkGameplayFrame/actors=10000-2	 100	 340000 ns/op	 34.00 ns/actor
`
	const (
		share  = "Sample scene, 10,000 actors, vsync off: tickwork's CPU work (engine + renderer) as a share of the frame"
		budget = "Engine CPU work per 60 Hz frame, 10,000 actors, headless: share of the 16.7 ms frame"
		sample = "Sample frame, 10k actors, 60 fps with 30 Hz ticks, vs the scene's dense references"
	)
	type want struct {
		status status
		text   string // the measured cell's start, or the detail when there is no figure
	}
	for _, tc := range []struct {
		name  string
		bench string
		runs  []Run
		want  map[string]want
	}{
		{"met", refs + frame, []Run{run("novsync", 40, 2, 1.5), run("headless", 1, 0.3, -1)}, map[string]want{
			share: {met, "8.8% (engine 2.00 + renderer 1.50 ms of a 40.0 ms frame"},
			// 0.2 + 0.1 + (0.1 × 600/300) × 30/60 = 0.4 ms of 16.7: 2.4%.
			budget: {met, "2.4% (0.400 ms: interpolate 0.200 + build 0.100 + tick 0.200 × 30/60 ms"},
			// 34 ÷ (15 + 1 + 4 × 30/60) = 34 ÷ 18.
			sample: {met, "1.89× (34.0 ÷ (15.0 + 1.00 + 4.00 × 30/60) ns/actor; 0.340 ms a frame)"},
		}},
		{"missed", refs + strings.ReplaceAll(frame, "34.00 ns/actor", "40.00 ns/actor"),
			[]Run{run("novsync", 20, 2, 1.5)}, map[string]want{
				share:  {missed, "18% (engine 2.00 + renderer 1.50 ms of a 20.0 ms frame"},
				budget: {noData, "no headless run at 10,000 actors in the results"},
				sample: {missed, "2.22×"},
			}},
		{"no figures", frame, []Run{run("novsync", 20, 2, -1)}, map[string]want{
			share: {noData, "the run has no renderer statistics or no frame interval"},
			sample: {noData, "benchmark missing from the output: scene BenchmarkInterpolateReference/10000, " +
				"scene BenchmarkCopyFloor/10000, scene BenchmarkTickReference/10000"},
		}},
	} {
		b, err := parseBench(strings.NewReader(tc.bench))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]goal{}
		for _, g := range renderGoals(b, &Results{Runs: tc.runs, Settings: Settings{TickRate: 30}}) {
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
			if g.Status != w.status || !strings.HasPrefix(text, w.text) {
				t.Errorf("%s: %q: got %v %q, want %v %q…", tc.name, name, g.Status, text, w.status, w.text)
			}
		}
	}
}

// Skinning is judged by its frame-rate ratio in one run; the lighting,
// simulation and debug-drawing times are ratios to their references,
// reported without a target, and allocation counts are goals.
func TestLightingAndSimGoals(t *testing.T) {
	const out = `pkg: github.com/tickwork/tickwork/gfx/gl41
BenchmarkLighting/cubes=10000-2	 2	 493808720 ns/op	 5.000 full-frames/s	 50.00 full-shadow-ms/frame	 0.2500 full/off	 11.00 goal-frames/s	 0.5500 goal/off	 0.5000 goal-shadow-cpu-ms/frame	 1.500 goal-shadow-ms/frame	 20.00 off-frames/s	 18.00 sun-frames/s	 0.9000 sun/off
BenchmarkLighting/cubes=1000-2	 2	 93808720 ns/op	 40.00 goal-frames/s	 0.4000 goal/off	 100.0 off-frames/s
BenchmarkSkinnedCharacters-2	 2	 222228156 ns/op	 7.500 skinned-frames/s	 0.7500 skinned/unskinned	 10.00 unskinned-frames/s	 0 B/op	 0 allocs/op
pkg: github.com/tickwork/tickwork/scene/collide
BenchmarkDetect/tree-2	 3	 2300074 ns/op	 2.000 cpu-ms/op	 553.0 pairs	 0 B/op	 1 allocs/op
BenchmarkDetect/all-pairs-2	 3	 229984054 ns/op	 200.0 cpu-ms/op	 0 B/op	 0 allocs/op
pkg: github.com/tickwork/tickwork/engine
BenchmarkDebugLines10k/on-2	 200	 120000 ns/op	 7932 B/op	 0 allocs/op
BenchmarkDebugLines10k/off-2	 200	 60000 ns/op	 0 B/op	 0 allocs/op
`
	b, err := parseBench(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]goal{}
	for _, g := range append(append(lightingGoals(b), simGoals(b)...), uiGoals(b)...) {
		got[g.Name] = g
	}
	for _, tt := range []struct {
		name     string
		status   status
		measured string
	}{
		{"Skinned ÷ unskinned frame rate, 100 characters of ~2,000 vertices", missed, "0.750× (7.50 ÷ 10.0 fps)"},
		{"Lighting, 10,000 cubes: frame rate with the sun's shadows ÷ without (sun/off)", info, "0.900× (18.0 ÷ 20.0 fps)"},
		{"Lighting, 10,000 cubes: the shadow passes' share of a full frame", info, "25% (50.0 ms of 200 ms)"},
		{"Lighting, 10,000 cubes: PBR, a shadowed sun, eight point lights and tone mapping ÷ plain Lambert", met, "0.550× (11.0 ÷ 20.0 fps)"},
		{"Lighting, 10,000 cubes: the shadow pass in that frame", info, "0.500 ms of CPU drawing the maps; 1.50 ms of frame time in all"},
		{"Collision step of 10k moving colliders (broad + narrow phase)", missed, "1.00 allocs/op, 2,300,074 ns/op"},
		{"Collision step, 10k moving colliders: tree ÷ all-pairs reference (CPU time)", info, "0.010× (2.00 ÷ 200 cpu-ms/op)"},
		{"Two sessions' rollback tick (poll, input, packets, hashes, rollbacks)", noData, "—"},
		{"Debug drawing of 10,000 lines a frame, on", met, "0 allocs/op, 120,000 ns/op"},
		{"Debug drawing of 10,000 lines a frame: on ÷ off", info, "2.00× (120,000 ÷ 60,000 ns/op)"},
	} {
		g, ok := got[tt.name]
		if !ok {
			t.Errorf("no goal %q", tt.name)
			continue
		}
		if g.Status != tt.status || g.Measured != tt.measured {
			t.Errorf("%q: got %v %q, want %v %q", tt.name, g.Status, g.Measured, tt.status, tt.measured)
		}
	}
	if _, ok := got["Lighting, 10,000 cubes: frame rate with PBR cubes ÷ without (pbr/off)"]; ok {
		t.Error("a lighting ratio the output lacks has a row")
	}
}
