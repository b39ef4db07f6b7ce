package main

import (
	"fmt"
	"strings"
)

func renderGoals(b *benchSet, res *Results) []goal {
	var gs []goal
	n := goalActorsLlvm
	name := fmt.Sprintf("Sample scene, %s actors, vsync off: median frame rate", thousands(n))
	src := fmt.Sprintf("cmd/framebench novsync/%d: 1 / median frame interval", n)
	if r := findRun(res, "novsync", n); r != nil {
		g := atLeast(name, src, r.FPSMedian, goalFPS, "fps")
		g.Measured += fmt.Sprintf(" (%s instances drawn per frame)", thousands(int(r.rendererInstances())))
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, src, "≥ 60 fps", whyMissing(res, "novsync", n)))
	}
	bn := "BenchmarkRender/cubes=10000/orphan"
	name = "Renderer alone, 10k instanced cubes (Render + glFinish)"
	if v, ok := b.metric("gfx/gl41", bn, "frames/s"); ok {
		gs = append(gs, atLeast(name, "gfx/gl41 "+bn+" (frames/s)", v, goalFPS, "fps"))
	} else {
		gs = append(gs, absent(name, "gfx/gl41 "+bn, "≥ 60 fps", "benchmark missing from the output"))
	}

	rate := 30
	if res != nil && res.Settings.TickRate > 0 {
		rate = res.Settings.TickRate
	}
	name = fmt.Sprintf("Engine CPU work per 60 Hz frame, %s actors, headless", thousands(n))
	src = fmt.Sprintf("cmd/framebench headless/%d: FrameProfile, interpolate + build per frame + tick × %d/60 ticks per frame", n, rate)
	if r := findRun(res, "headless", n); r != nil {
		v, parts := perFrame60(r, rate)
		g := atMost(name, src, v, goalEngineCPUMs, "ms")
		g.Measured += " (" + parts + ")"
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, src, "≤ 0.5 ms", whyMissing(res, "headless", n)))
	}
	bn = "BenchmarkGameplayFrame/actors=10000"
	name = "Sample frame, 10k actors, 60 fps with 30 Hz ticks"
	if v, ok := b.metric("cmd/internal/demo", bn, "ns/op"); ok {
		gs = append(gs, atMost(name, "cmd/internal/demo "+bn+" (ns/op)", v/1e6, goalEngineCPUMs, "ms"))
	} else {
		gs = append(gs, absent(name, "cmd/internal/demo "+bn, "≤ 0.5 ms", "benchmark missing from the output"))
	}
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
		atMost("Heap in use, growth after warm-up ("+what+")", src, 100*sk.HeapGrowth, goalSoakGrowthPct, "%"),
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
