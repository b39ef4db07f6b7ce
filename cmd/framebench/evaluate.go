package main

import (
	"fmt"
	"slices"
	"strings"
)

// Goals, on a 2-core machine without a GPU (Mesa llvmpipe under Xvfb).
const (
	goalInterpRatio   = 12.0 // interpolation ÷ matrix-copy floor, ns/actor at 100k
	goalPaceP99Ms     = 0.2  // software pacing error p99 at 60 Hz
	goalActorsLlvm    = 10_000
	goalActorsFloor   = 100_000
	goalSoakGrowthPct = 100 * soakLimit
)

// goalGroup is a heading of the goals table with its rows.
type goalGroup struct {
	Title string
	Goals []goal
	Note  string // why the group's goals hold on any host, under the heading
}

// evaluate puts every figure next to its goal.
func evaluate(b *benchSet, res *Results, sk *Soak) []goalGroup {
	return []goalGroup{
		{Title: "Scene and scheduler (Go benchmarks)", Goals: sceneGoals(b),
			Note: "Each goal is a ratio to a reference measured in the same `go test -bench` run: the same maths on flat arrays (the dense references) or a plain copy of every matrix (the copy floor), so a faster or slower host moves both sides."},
		{Title: "Allocations and garbage collection", Goals: allocGoals(b, res),
			Note: "Counts, not times: a frame or a tick allocates the same on every host."},
		{Title: "Pacing and tick exactness (cmd/framebench)", Goals: timingGoals(res),
			Note: "Real-time goals a 60 Hz display sets: the pacer's error is its sleep and spin against the clock, not CPU speed, and tick exactness is arithmetic on the game clock; they hold on any host that keeps up with the frame."},
		{Title: "Rendering under llvmpipe at 1280×720", Goals: renderGoals(b, res),
			Note: "Under a software rasteriser the frame rate is the driver's and follows the host's cores, so it is reported, not a goal (the frame rate against a peer drawing the same cubes is below). The goals are shares within one run: tickwork's own CPU work in the frame it runs in, against the 16.7 ms a 60 Hz display gives (a budget of the product, the same on every host), and against the scene's dense references."},
		{Title: peerTitle(res), Goals: peerGoals(res)},
		{Title: "Assets: textures, models, animation", Goals: assetGoals(b),
			Note: "Frame rates as ratios of two kinds of frame drawn alternately in one run; allocations as counts."},
		{Title: "Lighting and skinning (gfx/gl41)", Goals: lightingGoals(b),
			Note: "Ratios of frame rates drawn alternately in one run, each way against the same scene without the feature."},
		{Title: "Collisions, rollback and snapshots", Goals: simGoals(b),
			Note: "Times against a reference in the same run (the brute-force all-pairs test, the same tick without snapshots, a hand-written hash); allocations as counts."},
		{Title: "Text and 2D", Goals: hudGoals(b)},
		{Title: "Input, widgets and debug drawing", Goals: uiGoals(b),
			Note: "Allocations as counts; times for reference, and debug drawing on against off in the same run."},
		{Title: "Audio: mixing and the device path", Goals: audioGoals(b),
			Note: "Real-time goals sound sets: mixing CPU is a share of the audio's own duration (10 ms per second is 1% of a core), the loop's wait and the picture-to-sound offset and its jitter are set by buffer sizes and the clock lock, not by CPU speed."},
		{Title: "Soak", Goals: soakGoals(res, sk), Note: "Growth in per cent of the heap and RSS after warm-up: the same on every host."},
		{Title: "GPU", Goals: []goal{{
			Name: "100k instanced cubes on a GPU", Target: "≥ 60 fps", Measured: "—", Status: notTaken,
			Detail: "no machine with a GPU is available to this project's benchmark runs; every figure here is from Mesa's llvmpipe software rasteriser",
			Source: "—",
		}}},
	}
}

func sceneGoals(b *benchSet) []goal {
	n := fmt.Sprint(goalActorsFloor)
	gs := append(perfGoals(b), atMostRef(b, refRow{"Interpolation vs matrix-copy floor, 100k actors", "scene",
		"BenchmarkInterpolate/" + n, "BenchmarkCopyFloor/" + n, "ns/actor"}, goalInterpRatio))
	for _, kind := range []struct{ bench, what string }{
		{"BenchmarkTick/moving/", "Tick, every root moved by its own behaviour"},
		{"BenchmarkTickMovingReference/", "Its dense-array reference (the same per-actor maths on flat arrays)"},
		{"BenchmarkTickPropagate/", "Tick without behaviours (last-world flip + world propagation, every root moved)"},
		{"BenchmarkTickReference/", "Its dense-array reference (the flip and propagation on flat arrays)"},
	} {
		var by []string
		for _, k := range []string{"1000", "10000", "100000"} {
			if v, ok := b.metric("scene", kind.bench+k, "ns/actor"); ok {
				by = append(by, thousandsStr(k)+": "+withUnit(v, "ns/actor"))
			}
		}
		if len(by) > 0 {
			gs = append(gs, infoGoal(kind.what+", by actor count", "scene "+kind.bench+"N", strings.Join(by, "; ")))
		}
	}
	if v, ok := b.metric("timing", "BenchmarkAdvance", "ns/op"); ok {
		gs = append(gs, infoGoal("Scheduler Advance, one frame", "timing BenchmarkAdvance", withUnit(v, "ns/op")))
	}
	return gs
}

// benchZero is the 0 allocs/op goal of a benchmark, with its ns/op.
func benchZero(b *benchSet, name, pkg, bench string) goal {
	src := pkg + " " + bench
	v, ok := b.metric(pkg, bench, "allocs/op")
	if !ok {
		return absent(name, src, "0 allocs/op", missingBench(pkg, bench)+" (or run without -benchmem)")
	}
	g := zero(name, src, v, "allocs/op")
	if ns, ok := b.metric(pkg, bench, "ns/op"); ok {
		g.Measured += ", " + withUnit(ns, "ns/op")
	}
	return g
}

func allocGoals(b *benchSet, res *Results) []goal {
	gs := []goal{
		benchZero(b, "Scheduler Advance", "timing", "BenchmarkAdvance"),
		benchZero(b, "Engine frame, 10k actors", "engine", "BenchmarkFrame"),
		benchZero(b, "Sample frame, 10k actors", "cmd/internal/demo", "BenchmarkGameplayFrame/actors=10000"),
		benchZero(b, "Sample frame running one tick, 10k actors", "cmd/internal/demo", "BenchmarkGameplayTick/actors=10000"),
	}
	for _, side := range []struct {
		name  string
		scens []string
	}{
		{"headless", []string{"headless", "varying-headless"}},
		{"windowed", []string{"novsync", "vsync", "varying"}},
	} {
		runs := runsOf(res, side.scens...)
		src := "cmd/framebench " + strings.Join(side.scens, ", ") + ": runtime.MemStats over the measured part"
		const less = ", less the Go runtime's own (allocation profile)"
		if len(runs) == 0 {
			gs = append(gs, absent("Allocations per frame, "+side.name+" runs", src, "0 allocs/frame", whyMissing(res, side.scens[0], -1)))
			continue
		}
		var worst, worstTick *Run
		gc, secs := uint32(0), 0.0
		var gcRuns []string
		for _, r := range runs {
			if worst == nil || r.AllocsPerFrame > worst.AllocsPerFrame {
				worst = r
			}
			if worstTick == nil || r.AllocsPerTick > worstTick.AllocsPerTick {
				worstTick = r
			}
			gc += r.GCCycles
			secs = max(secs, r.DurationS)
			if r.GCCycles > 0 {
				gcRuns = append(gcRuns, fmt.Sprintf("%s: %d", runName(r), r.GCCycles))
			}
		}
		own := runtimeNote(runs)
		g := zero(fmt.Sprintf("Allocations per frame, %s runs (worst of %d)", side.name, len(runs)), src+less, worst.AllocsPerFrame, "allocs/frame")
		g.Key = "Allocations per frame, " + side.name + " runs"
		g.Measured += fmt.Sprintf(" (%s: %s, %s B, in %s frames)%s", runName(worst), plural(int(worst.Mallocs-worst.RuntimeMallocs), "allocation"),
			thousands(int(worst.AllocBytes-worst.RuntimeAllocBytes)), thousands(worst.Frames), own)
		gs = append(gs, g)
		g = zero(fmt.Sprintf("Allocations per tick, %s runs (worst of %d)", side.name, len(runs)), src+" ÷ ticks"+less, worstTick.AllocsPerTick, "allocs/tick")
		g.Key = "Allocations per tick, " + side.name + " runs"
		g.Measured += fmt.Sprintf(" (%s: %s in %d ticks)%s", runName(worstTick), plural(int(worstTick.Mallocs-worstTick.RuntimeMallocs), "allocation"), worstTick.Ticks, own)
		gs = append(gs, g)
		g = zero(fmt.Sprintf("GC cycles during %s runs of up to %.0f s (total of %d)", side.name, secs, len(runs)), src, float64(gc), "GC")
		g.Key = "GC cycles during " + side.name + " runs"
		if len(gcRuns) > 0 {
			g.Detail += ": " + strings.Join(gcRuns, ", ")
		}
		gs = append(gs, g)
	}
	return gs
}

// runtimeNote says how many allocations of the Go runtime's own the runs'
// figures leave out, and what they were; "" when none.
func runtimeNote(runs []*Run) string {
	var n, nRuns int
	var why []string
	for _, r := range runs {
		if r.RuntimeMallocs == 0 {
			continue
		}
		n += int(r.RuntimeMallocs)
		nRuns++
		for _, s := range r.AllocSites {
			if s.Runtime != "" && !slices.Contains(why, s.Runtime) {
				why = append(why, s.Runtime)
			}
		}
	}
	if n == 0 {
		return ""
	}
	s := fmt.Sprintf("; not counted: %s of the Go runtime's own in %s", plural(n, "allocation"), plural(nRuns, "run"))
	if len(why) > 0 {
		s += " (" + strings.Join(why, ", ") + ")"
	}
	return s
}

func timingGoals(res *Results) []goal {
	var gs []goal
	for _, sc := range []string{"vsync", "vsync-headless"} {
		name := "Software pacing at 60 Hz, p99 error, " + sc
		src := "cmd/framebench " + sc + ", fewest actors paced: largest Game.Debug().Stats().PaceErrorP99 sampled every 256 frames"
		var paced *Run
		for _, r := range runsOf(res, sc) {
			if r.Pacing != nil && (paced == nil || r.Actors < paced.Actors) {
				paced = r
			}
		}
		switch {
		case paced != nil:
			g := atMost(fmt.Sprintf("%s (%s actors)", name, thousands(paced.Actors)), src, paced.Pacing.EngineP99MaxMs, goalPaceP99Ms, "ms")
			g.Key = name
			g.Measured += fmt.Sprintf(" (at the end %s ms; target %s ms)", num(paced.Pacing.EngineP99Ms), num(paced.Pacing.TargetMs))
			gs = append(gs, g)
			gs = append(gs, infoGoal(fmt.Sprintf("Paced frame intervals, %s (%s actors)", sc, thousands(paced.Actors)),
				"cmd/framebench "+sc+": |interval − target| over every measured frame",
				fmt.Sprintf("p50 %s ms, p99 %s ms off target; %s within ±0.5 ms; σ %s ms; median %s fps", num(paced.Pacing.IntervalErrP50Ms),
					num(paced.Pacing.IntervalErrP99Ms), pct(paced.Pacing.Within05ms), num(paced.Pacing.IntervalStdMs), num(paced.FPSMedian))))
		case len(runsOf(res, sc)) > 0:
			gs = append(gs, absent(name, src, "≤ "+withUnit(goalPaceP99Ms, "ms"), "no run was paced in software: frames took longer than ¾ of the refresh interval, which the engine reads as a driver honouring vsync"))
		default:
			gs = append(gs, absent(name, src, "≤ "+withUnit(goalPaceP99Ms, "ms"), whyMissing(res, sc, -1)))
		}
	}

	var vr *Run
	for _, r := range runsOf(res, "varying", "varying-headless") {
		if vr == nil || (vr.Scenario != "varying" && r.Scenario == "varying") {
			vr = r
		}
	}
	name := "Ticks = ⌊T·rate/1e6⌋ over a real run with a varying frame rate"
	src := "cmd/framebench varying: Game.Time().Ticks(), Scheduler.GameTime(), Dropped() and Skipped() against the real clock"
	if vr == nil {
		return append(gs, absent(name, src, "exact, no time lost", whyMissing(res, "varying", -1)))
	}
	e := &vr.Exact
	rate := 0
	if res != nil {
		rate = res.Settings.TickRate
	}
	measured := fmt.Sprintf("%d ticks, ⌊%d µs × %d / 1e6⌋ = %d: exact %s; dropped %d µs; game time and the first frame's drawing (%d µs, skipped) within real time [%d, %d] µs: %s; %d frames %s–%s ms apart",
		e.Ticks, e.GameTimeUs, rate, e.Expected, yesNo(e.Exact), e.DroppedUs, e.SkippedUs, e.RealMinUs, e.RealMaxUs, yesNo(e.NoLostTime),
		vr.Frames, num(vr.Interval.Min), num(vr.Interval.Max))
	var why []string
	if !e.Exact {
		why = append(why, fmt.Sprintf("%+d ticks", int64(e.Ticks)-int64(e.Expected)))
	}
	if !e.NoLostTime {
		why = append(why, "game time lost or dropped")
	}
	if !e.TickSumOK {
		why = append(why, "ticks counted frame by frame disagree")
	}
	g := check(fmt.Sprintf("%s (%s, %s actors, %.1f s)", name, vr.Scenario, thousands(vr.Actors), float64(e.RealMinUs)/1e6),
		src, "exact, no time lost", len(why) == 0, measured, strings.Join(why, "; "))
	g.Key = name
	return append(gs, g)
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}

func thousandsStr(s string) string {
	var n int
	fmt.Sscan(s, &n)
	return thousands(n)
}
