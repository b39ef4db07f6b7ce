package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The comparison's rows: against the peer lit in gamma space, ratios at or
// above 1.1 are met; against the same pixels, at or above 1.2; a miss says
// by how much; pacing within 0.2 ms and no worse than the peer's; a side
// without runs says which and why.
func TestPeerGoals(t *testing.T) {
	pc := &PeerComparison{
		Engine: "raylib-go v0.55.1", Rounds: 3,
		Sizes: []PeerSize{
			{Cubes: 1000, TickworkFPS: []float64{120, 110, 130}, GammaFPS: []float64{100, 90, 100}, LinearFPS: []float64{96, 97, 95},
				RoundsGamma: []float64{120.0 / 100, 110.0 / 90, 130.0 / 100}, RoundsLinear: []float64{120.0 / 96, 110.0 / 97, 130.0 / 95}},
			{Cubes: 10000, TickworkFPS: []float64{50, 52}, GammaFPS: []float64{50, 50, 49}, LinearFPS: []float64{40, 41, 42}},
			{Cubes: 20000, TickworkFPS: []float64{27, 30, 45}, GammaFPS: []float64{30, 30, 30}, LinearFPS: []float64{20},
				RoundsGamma: []float64{0.9, 1, 1.5}, RoundsLinear: []float64{1.5}},
			{Cubes: 50000, GammaFPS: []float64{10}},
		},
		Pacing: &PeerPacing{TargetMs: 16.666, TickworkP99: []float64{0.3, 0.25, 0.5}, PeerP99: []float64{0.2, 0.4, 0.37},
			TickworkEngineP99: []float64{0.1, 0.2, 0.3}},
		Errors: []string{"tickwork, 50000 cubes, round 1: out of memory", "peer (linear), 50000 cubes, round 1: no window"},
	}
	pc.finish()
	gs := peerGoals(&Results{Peer: pc})
	want := []struct {
		status                 status
		name, measured, detail string
	}{
		// The median of the rounds' ratios 120/100, 110/90, 130/100 (the
		// ratio of each side's median would be 1.20).
		{met, "Frame rate ÷ raylib-go v0.55.1's lit in gamma space, 1,000 cubes, vsync off", "1.22× (rounds 1.20×, 1.22×, 1.30×; medians 120 ÷ 100 fps)", ""},
		// 120/96, 110/97, 130/95: at least 1.2 against the same pixels.
		{met, "Frame rate ÷ raylib-go v0.55.1's with the same pixels (lit in linear light), 1,000 cubes, vsync off", "1.25× (rounds 1.25×, 1.13×, 1.37×; medians 120 ÷ 96.0 fps)", ""},
		// No rounds' ratios, and runs failed: the rounds cannot be paired,
		// so 51 (the mean of the middle two of an even count) ÷ 50.
		{missed, "", "1.02× (medians 51.0 ÷ 50.0 fps)", "missed by 0.080× (7.3% short)"},
		// 51 ÷ 41 = 1.244: met against 1.2 although short of 1.1's row above.
		{met, "", "1.24× (medians 51.0 ÷ 41.0 fps)", ""},
		// The ratios the rounds recorded, whatever the frame-rate lists.
		{missed, "", "1.00× (rounds 0.900×, 1.00×, 1.50×; medians 30.0 ÷ 30.0 fps)", "missed by 0.100× (9.1% short)"},
		{met, "", "1.50× (rounds 1.50×; medians 30.0 ÷ 20.0 fps)", ""},
		{noData, "", "—", "no tickwork run (50000 cubes): tickwork, 50000 cubes, round 1: out of memory"},
		{noData, "", "—", "no tickwork or peer (linear) run (50000 cubes): tickwork, 50000 cubes, round 1: out of memory"},
		{missed, "", "0.300 ms (the engine's own PaceErrorP99 0.200 ms)", "missed by 0.100 ms (50% over)"},
		{met, "", "tickwork 0.300 ms, raylib-go v0.55.1 0.370 ms", ""},
	}
	if len(gs) != len(want) {
		t.Fatalf("got %d rows, want %d: %+v", len(gs), len(want), gs)
	}
	for i, w := range want {
		g := gs[i]
		if g.Status != w.status || g.Measured != w.measured || g.Detail != w.detail || w.name != "" && g.Name != w.name {
			t.Errorf("row %d (%s): got %v %q %q, want %v %q %q", i, g.Name, g.Status, g.Measured, g.Detail, w.status, w.measured, w.detail)
		}
	}
	if got, want := peerTitle(&Results{Peer: pc}), "tickwork against raylib-go v0.55.1 (cube scene, one behaviour per cube, runs interleaved)"; got != want {
		t.Errorf("title: got %q, want %q", got, want)
	}

	// Worse than the peer: missed by the difference.
	pc.Pacing.PeerP99 = []float64{0.1}
	pc.finish()
	g := peerGoals(&Results{Peer: pc})[9]
	if g.Status != missed || g.Detail != "0.200 ms over raylib-go v0.55.1's" {
		t.Errorf("pacing worse than the peer: got %v %q, want missed by 0.200 ms", g.Status, g.Detail)
	}
}

// Results written before the rounds' ratios were kept are paired round by
// round when no run failed, and compared by medians when one did.
func TestPeerRatiosOfOlderResults(t *testing.T) {
	sizes := func() []PeerSize {
		return []PeerSize{{Cubes: 1000, TickworkFPS: []float64{120, 110, 130}, GammaFPS: []float64{100, 90, 100}, LinearFPS: []float64{96, 97, 95}}}
	}
	pc := &PeerComparison{Rounds: 3, Sizes: sizes()}
	pc.finish()
	s := pc.Sizes[0]
	if want := []float64{1.2, 110.0 / 90, 1.3}; !slices.Equal(s.RoundsGamma, want) || s.RatioGamma != 110.0/90 {
		t.Errorf("no failed run: got rounds %v, ratio %v; want %v and their median", s.RoundsGamma, s.RatioGamma, want)
	}
	pc = &PeerComparison{Rounds: 3, Sizes: sizes(), Errors: []string{"peer (gamma), 1000 cubes, round 4: no window"}}
	pc.finish()
	if s := pc.Sizes[0]; len(s.RoundsGamma) != 0 || s.RatioGamma != 1.2 || s.RatioLinear != 120.0/96 {
		t.Errorf("a failed run: got rounds %v, ratios %v and %v; want none, and 120 ÷ 100 and 120 ÷ 96", s.RoundsGamma, s.RatioGamma, s.RatioLinear)
	}
}

func TestPeerGoalsWithoutComparison(t *testing.T) {
	gs := peerGoals(&Results{})
	if got, want := len(gs), 2*len(peerCubesDefault)+2; got != want {
		t.Fatalf("got %d rows, want %d", got, want)
	}
	for _, g := range gs {
		if g.Status != noData || !strings.Contains(g.Detail, "run framebench with -peer") {
			t.Errorf("%s: got %v %q, want no data saying how to run it", g.Name, g.Status, g.Detail)
		}
	}
}

func TestWritePeer(t *testing.T) {
	res := &Results{Settings: Settings{Width: 1280, Height: 720, TickRate: 30}, Peer: &PeerComparison{
		Engine: "raylib-go v0.55.1", Binary: "bin/bench/raylib-peer", Rounds: 2, DurationS: 2, WarmupS: 0.5, PaceDurationS: 3,
		Sizes:  []PeerSize{{Cubes: 20000, TickworkFPS: []float64{30, 34}, GammaFPS: []float64{20, 20}, LinearFPS: []float64{16, 16}}},
		Pacing: &PeerPacing{TargetMs: 16.666, TickworkP99: []float64{0.1, 0.2}, PeerP99: []float64{0.3}, TickworkEngineP99: []float64{0.05}},
	}}
	res.Peer.finish()
	var b strings.Builder
	writePeer(func(f string, a ...any) { b.WriteString(sprintf(f, a...)) }, res)
	for _, want := range []string{
		"## tickwork against raylib-go v0.55.1",
		"| 20,000 | 30.0, 34.0 | 20.0, 20.0 | 16.0, 16.0 | rounds 1.50×, 1.70×; medians 32.0 ÷ 20.0 fps: 1.60× | rounds 1.88×, 2.12×; medians 32.0 ÷ 16.0 fps: 2.00× |",
		"a scene.Ticker per actor",
		"tickwork 0.100, 0.200 ms (the engine's own PaceErrorP99 0.050 ms); peer 0.300 ms",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("got\n%s\nwant it to contain %q", b.String(), want)
		}
	}
	b.Reset()
	writePeer(func(f string, a ...any) { b.WriteString(sprintf(f, a...)) }, &Results{})
	if b.Len() != 0 {
		t.Errorf("without a comparison: got %q, want nothing", b.String())
	}
}

func sprintf(f string, a ...any) string { return fmt.Sprintf(f, a...) }

// A missed ratio carries the profile of tickwork's median round; a met one
// does not. The profile's parts leave the rest of the frame as "other".
func TestPeerGoalsProfileAMiss(t *testing.T) {
	prof := func(fps float64) PeerProfile {
		return PeerProfile{FPS: fps, FrameMs: 1000 / fps, EngineMs: 4, RenderMs: 1.5, DrawMs: 30, SwapMs: 10, Instances: 48000}
	}
	pc := &PeerComparison{Engine: "raylib-go v0.55.1", Rounds: 3, Sizes: []PeerSize{
		{Cubes: 1000, TickworkFPS: []float64{130, 120, 125}, GammaFPS: []float64{100, 100, 100}, LinearFPS: []float64{90, 90, 90},
			Profiles: []PeerProfile{prof(130), prof(120), prof(125)}},
		{Cubes: 50000, TickworkFPS: []float64{19, 18, 20}, GammaFPS: []float64{18, 18, 18}, LinearFPS: []float64{15, 15, 15},
			Profiles: []PeerProfile{prof(19), prof(18), prof(20)}},
	}}
	pc.finish()
	if got := pc.Sizes[1].Profile; got == nil || got.FPS != 19 {
		t.Fatalf("50,000 cubes: got profile %+v, want the median round's (19 fps)", got)
	}
	gs := peerGoals(&Results{Peer: pc})
	if strings.Contains(gs[0].Measured, "profiled") || strings.Contains(gs[3].Measured, "profiled") {
		t.Errorf("met rows: got %q and %q, want no profile", gs[0].Measured, gs[3].Measured)
	}
	// 1000/19 = 52.6 ms: 30 + 10 + 4 + 1.5 = 45.5 accounted, 7.13 other.
	want := "1.06× (rounds 1.06×, 1.00×, 1.11×; medians 19.0 ÷ 18.0 fps); tickwork's median round, profiled: 52.6 ms a frame: 30.0 inside glDraw* (the driver's vertex work), 10.0 swapping (the driver finishing and presenting), 4.00 engine (ticks, interpolation, draw list), 1.50 renderer, 7.13 other; 48,000 instances drawn"
	if got := gs[2].Measured; got != want {
		t.Errorf("missed row:\n got %q\nwant %q", got, want)
	}
}
