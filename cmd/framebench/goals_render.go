package main

import (
	"fmt"
	"strings"
)

// Rendering goals. Under a software rasteriser the driver's work sets the
// frame rate, and it scales with the host's cores and vector units, so a
// frame-rate goal (the sample at ≥ 60 fps) held on one host only. What
// travels is a share measured in the same run: tickwork's own CPU work as
// a part of the frame it runs in. The frame rate against a reference
// drawing the same cubes is the peer comparison's (goals_peer.go).
const (
	goalEngineShare   = 0.10 // engine + renderer CPU ÷ frame interval, sample scene at 10k, vsync off
	goalBudgetShare   = 0.03 // engine CPU per frame ÷ the 16.7 ms of a 60 Hz frame, headless, 10k
	goalSampleRefRate = 2.0  // sample frame ns/actor ÷ the dense references' per-frame work
	frame60Ms         = 1000.0 / 60
)

func renderGoals(b *benchSet, res *Results) []goal {
	var gs []goal
	n := goalActorsLlvm
	name := fmt.Sprintf("Sample scene, %s actors, vsync off: tickwork's CPU work (engine + renderer) as a share of the frame", thousands(n))
	src := fmt.Sprintf("cmd/framebench novsync/%d: (FrameProfile tick + interpolate + build + gl41 Stats CPU) ÷ mean frame interval", n)
	target := "≤ " + pct(goalEngineShare)
	if r := findRun(res, "novsync", n); r != nil && r.Renderer != nil && r.Interval.Mean > 0 {
		own := r.EngineCPU.Mean + r.Renderer.CPU.Mean
		g := atMostShare(name, src, own/r.Interval.Mean, goalEngineShare)
		g.Measured += fmt.Sprintf(" (engine %s + renderer %s ms of a %s ms frame; %s fps median, %s instances drawn per frame)",
			num(r.EngineCPU.Mean), num(r.Renderer.CPU.Mean), num(r.Interval.Mean), num(r.FPSMedian), thousands(int(r.rendererInstances())))
		gs = append(gs, g)
	} else if r != nil {
		gs = append(gs, absent(name, src, target, "the run has no renderer statistics or no frame interval"))
	} else {
		gs = append(gs, absent(name, src, target, whyMissing(res, "novsync", n)))
	}
	bn := "BenchmarkRender/cubes=10000/orphan"
	if v, ok := b.metric("gfx/gl41", bn, "frames/s"); ok {
		m := withUnit(v, "fps")
		if c, ok := b.metric("gfx/gl41", bn, "cpu-ms/frame"); ok && v > 0 {
			m += fmt.Sprintf("; the renderer's own CPU %s ms, %s of the frame", num(c), pct(c*v/1e3))
		}
		gs = append(gs, infoGoal("Renderer alone, 10k instanced cubes (Render + glFinish)", "gfx/gl41 "+bn+" (frames/s, cpu-ms/frame)", m))
	}

	rate := 30
	if res != nil && res.Settings.TickRate > 0 {
		rate = res.Settings.TickRate
	}
	name = fmt.Sprintf("Engine CPU work per 60 Hz frame, %s actors, headless: share of the 16.7 ms frame", thousands(n))
	src = fmt.Sprintf("cmd/framebench headless/%d: FrameProfile, interpolate + build per frame + tick × %d/60 ticks per frame, ÷ 16.7 ms", n, rate)
	if r := findRun(res, "headless", n); r != nil {
		v, parts := perFrame60(r, rate)
		g := atMostShare(name, src, v/frame60Ms, goalBudgetShare)
		g.Measured += fmt.Sprintf(" (%s ms: %s)", num(v), parts)
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, src, "≤ "+pct(goalBudgetShare), whyMissing(res, "headless", n)))
	}
	gs = append(gs, sampleFrameGoal(b, rate))
	if v, ok := b.metric("engine", "BenchmarkFrame", "ns/op"); ok {
		gs = append(gs, infoGoal("Engine frame, 10k actors of the engine's test world, 60 fps with 30 Hz ticks", "engine BenchmarkFrame (ns/op)", withUnit(v/1e6, "ms")))
	}
	if r := findRun(res, "vsync", n); r != nil {
		v, parts := perFrame60(r, rate)
		gs = append(gs, infoGoal(fmt.Sprintf("Engine CPU work per 60 Hz frame, %s actors, in the window beside llvmpipe", thousands(n)),
			fmt.Sprintf("cmd/framebench vsync/%d: FrameProfile, as above", n), fmt.Sprintf("%s ms (%s)", num(v), parts)))
	}
	var fps []string
	for _, r := range runsOf(res, "novsync") {
		fps = append(fps, fmt.Sprintf("%s: %s fps median, p99 %s ms", thousands(r.Actors), num(r.FPSMedian), num(r.Interval.P99)))
	}
	if len(fps) > 0 {
		gs = append(gs, infoGoal("Sample scene, vsync off, by actor count", "cmd/framebench novsync", strings.Join(fps, "; ")))
	}
	if r := findRun(res, "novsync", n); r != nil && r.Renderer != nil {
		rs := r.Renderer
		gs = append(gs, infoGoal(fmt.Sprintf("Renderer per frame, %s actors", thousands(n)), fmt.Sprintf("cmd/framebench novsync/%d: gl41 Stats", n),
			fmt.Sprintf("CPU %s ms mean (p99 %s); whole Render %s ms, in draw calls %s ms, uploads %s ms; %s GL calls, %s draw calls",
				num(rs.CPU.Mean), num(rs.CPU.P99), num(rs.Render.Mean), num(rs.Draw.Mean), num(rs.Upload.Mean),
				num(rs.GLCallsPerFrame), num(rs.DrawCallsFrame))))
	}
	var cubes []string
	for _, k := range []string{"1000", "10000", "20000"} {
		if v, ok := b.metric("gfx/gl41", "BenchmarkRender/cubes="+k+"/orphan", "frames/s"); ok {
			cubes = append(cubes, fmt.Sprintf("%s: %s fps", thousandsStr(k), num(v)))
		}
	}
	if len(cubes) > 0 {
		gs = append(gs, infoGoal("Renderer alone by cube count (orphan)", "gfx/gl41 BenchmarkRender/cubes=N/orphan", strings.Join(cubes, "; ")))
	}
	if c, ok := b.metric("gfx/gl41", "BenchmarkRender/cubes=10000/orphan", "gl-calls/frame"); ok {
		gs = append(gs, infoGoal("GL (cgo) calls per frame, 10k cubes", "gfx/gl41 BenchmarkRender/cubes=10000/orphan", withUnit(c, "calls")))
	}
	for _, bn := range []string{"BenchmarkRenderSwap", "BenchmarkRender"} {
		o, ok1 := b.metric("gfx/gl41", bn+"/cubes=10000/orphan", "frames/s")
		s, ok2 := b.metric("gfx/gl41", bn+"/cubes=10000/subdata", "frames/s")
		if ok1 && ok2 && s > 0 {
			gs = append(gs, infoGoal("Orphan vs subdata upload, 10k cubes ("+strings.TrimPrefix(bn, "Benchmark")+")",
				"gfx/gl41 "+bn+"/cubes=10000/{orphan,subdata} (frames/s)",
				fmt.Sprintf("orphan %s fps, subdata %s fps: orphan %s×", num(o), num(s), num(o/s))))
		}
	}
	return gs
}

// perFrame60 is a run's engine CPU work for a frame at 60 Hz: the
// per-frame phases (interpolate, build) plus one tick's cost times the
// ticks a 60 Hz frame runs on average. It describes the phases it adds.
func perFrame60(r *Run, rate int) (float64, string) {
	perTick := 0.0
	if r.Ticks > 0 {
		perTick = r.Tick.Mean * float64(r.Recorded) / float64(r.Ticks)
	}
	v := r.Interpolate.Mean + r.Build.Mean + perTick*float64(rate)/60
	return v, fmt.Sprintf("interpolate %s + build %s + tick %s × %d/60 ms; p99 of a whole frame %s ms",
		num(r.Interpolate.Mean), num(r.Build.Mean), num(perTick), rate, num(r.EngineCPU.P99))
}

func (r *Run) rendererInstances() float64 {
	if r.Renderer == nil {
		return 0
	}
	return r.Renderer.InstancesFrame
}

func soakGoals(res *Results, sk *Soak) []goal {
	target := "≤ " + withUnit(goalSoakGrowthPct, "%")
	if sk == nil {
		why := "no soak results: run `make soak`"
		return []goal{
			absent("Heap flat after warm-up", "cmd/framebench -soak", target, why),
			absent("RSS flat after warm-up", "cmd/framebench -soak", target, why),
		}
	}
	what := fmt.Sprintf("%s, %s actors, %s run (%s requested), warm-up %s",
		sk.Scenario, thousands(sk.Actors), dur(sk.DurationS), dur(sk.RequestedS), dur(sk.WarmupS))
	src := "cmd/framebench -soak (" + sk.Date + "): runtime.MemStats and /proc/self/statm every " + dur(sk.EveryS)
	gs := []goal{
		keyed(atMost("Heap in use, growth after warm-up ("+what+")", src, 100*sk.HeapGrowth, goalSoakGrowthPct, "%"), "Heap in use, growth after warm-up"),
		atMost("Heap allocated, growth after warm-up", src, 100*sk.AllocGrowth, goalSoakGrowthPct, "%"),
		atMost("RSS, growth after warm-up", src, 100*sk.RSSGrowth, goalSoakGrowthPct, "%"),
	}
	if sk.GLChecked {
		gs = append(gs, check("No GL error", "gl41 Renderer.CheckError at the end", "none", sk.GLError == "", orNone(sk.GLError), sk.GLError))
	} else {
		gs = append(gs, absent("No GL error", "gl41 Renderer.CheckError", "none", "the soak ran without a window"))
	}
	e := &sk.Exact
	gs = append(gs, check("Tick count exact at the end", "Game.Time().Ticks() vs ⌊Scheduler.GameTime()·rate/1e6⌋", "exact",
		e.Exact, fmt.Sprintf("%d ticks, expected %d; dropped %d µs", e.Ticks, e.Expected, e.DroppedUs),
		fmt.Sprintf("%+d ticks", int64(e.Ticks)-int64(e.Expected))))
	gs = append(gs, infoGoal("GC cycles and allocations after warm-up", src,
		fmt.Sprintf("%d GC cycles, %s allocations in %s frames", sk.GCCycles, thousands(int(sk.Mallocs)), thousands(sk.Frames))))
	return gs
}

// dur formats seconds as the shortest of s, min or h.
func dur(s float64) string {
	switch {
	case s >= 3600:
		return num(s/3600) + " h"
	case s >= 120:
		return num(s/60) + " min"
	}
	return num(s) + " s"
}

// atMostShare is a goal that a share v (0.05 for 5%) stays at or below
// limit, written as percentages.
func atMostShare(name, source string, v, limit float64) goal {
	g := goal{Name: name, Source: source, Target: "≤ " + pct(limit), Measured: pct(v)}
	if v <= limit {
		g.Status = met
		return g
	}
	g.Status = missed
	g.Detail = fmt.Sprintf("missed by %s of the frame", pct(v-limit))
	return g
}

// sampleFrameGoal is the sample's headless frame at 10k actors
// (cmd/internal/demo BenchmarkGameplayFrame, ns per extra actor) against
// what the scene's dense references do in a frame at 60 fps with rate Hz
// ticks, in the same run: interpolation (InterpolateReference), a matrix
// copy for the draw list (CopyFloor) and rate/60 of a tick's propagation
// (TickReference). The sample's frame also runs its behaviours, sparks and
// HUD, which the references do not: hence the margin.
func sampleFrameGoal(b *benchSet, rate int) goal {
	const k = "10000"
	name := "Sample frame, 10k actors, 60 fps with " + fmt.Sprint(rate) + " Hz ticks, vs the scene's dense references"
	src := fmt.Sprintf("cmd/internal/demo BenchmarkGameplayFrame/actors=%s ÷ scene (BenchmarkInterpolateReference/%s + BenchmarkCopyFloor/%s + BenchmarkTickReference/%s × %d/60) (ns/actor)",
		k, k, k, k, rate)
	target := "≤ " + withUnit(goalSampleRefRate, "×")
	v, ok := b.metric("cmd/internal/demo", "BenchmarkGameplayFrame/actors="+k, "ns/actor")
	var gone []string
	if !ok {
		gone = append(gone, "cmd/internal/demo BenchmarkGameplayFrame/actors="+k)
	}
	var parts [3]float64
	for i, bn := range []string{"BenchmarkInterpolateReference/", "BenchmarkCopyFloor/", "BenchmarkTickReference/"} {
		x, ok := b.metric("scene", bn+k, "ns/actor")
		if !ok {
			gone = append(gone, "scene "+bn+k)
		}
		parts[i] = x
	}
	if len(gone) > 0 {
		return absent(name, src, target, "benchmark missing from the output: "+strings.Join(gone, ", "))
	}
	ref := parts[0] + parts[1] + parts[2]*float64(rate)/60
	if ref <= 0 {
		return absent(name, src, target, "the references report 0 ns/actor: no ratio to them")
	}
	g := atMost(name, src, v/ref, goalSampleRefRate, "×")
	g.Measured += fmt.Sprintf(" (%s ÷ (%s + %s + %s × %d/60) ns/actor", num(v), num(parts[0]), num(parts[1]), num(parts[2]), rate)
	if ns, ok := b.metric("cmd/internal/demo", "BenchmarkGameplayFrame/actors="+k, "ns/op"); ok {
		g.Measured += fmt.Sprintf("; %s ms a frame", num(ns/1e6))
	}
	g.Measured += ")"
	return g
}

// keyed sets g's key (see goal.Key).
func keyed(g goal, key string) goal {
	g.Key = key
	return g
}
