package main

// goalTexturedRatio is the least frame rate of 10k textured cubes as a
// share of 10k untextured ones, measured in the same run.
const goalTexturedRatio = 0.9

// assetGoals are the figures of textures, models and animation.
func assetGoals(b *benchSet) []goal {
	var gs []goal
	name := "10k textured cubes ÷ 10k untextured, frame rate (same run)"
	src := "gfx/gl41 BenchmarkTexturedCubes (textured/untextured)"
	if v, ok := b.metric("gfx/gl41", "BenchmarkTexturedCubes", "textured/untextured"); ok {
		g := atLeast(name, src, v, goalTexturedRatio, "×")
		if t, ok := b.metric("gfx/gl41", "BenchmarkTexturedCubes", "textured-frames/s"); ok {
			u, _ := b.metric("gfx/gl41", "BenchmarkTexturedCubes", "untextured-frames/s")
			g.Measured += " (" + num(t) + " ÷ " + num(u) + " fps)"
		}
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, src, "≥ "+withUnit(goalTexturedRatio, "×"), missingBench("gfx/gl41", "BenchmarkTexturedCubes")))
	}
	name = "Allocations per frame, 10k actors of animated models"
	src = "engine/asset BenchmarkAnimated (allocs/op: half a tick, interpolate, build)"
	if v, ok := b.metric("engine/asset", "BenchmarkAnimated", "allocs/op"); ok {
		g := zero(name, src, v, "allocs")
		if ns, ok := b.metric("engine/asset", "BenchmarkAnimated", "ns/op"); ok {
			g.Measured += " (" + withUnit(ns/1e6, "ms") + " a frame)"
		}
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, src, "0 allocs", missingBench("engine/asset", "BenchmarkAnimated")))
	}
	if v, ok := b.metric("cmd/internal/assetgen", "BenchmarkLoadBigGLB", "MB/s"); ok {
		gs = append(gs, infoGoal("Loading a generated .glb of 11 MB (meshes and a 2048² PNG)", "cmd/internal/assetgen BenchmarkLoadBigGLB (MB/s)", withUnit(v, "MB/s")))
	}
	return gs
}

// hudGoals are the figures of the HUD's TrueType text.
func hudGoals(b *benchSet) []goal {
	var gs []goal
	name := "HUD of ~2,000 glyphs of changing text: allocations per frame"
	src := "gfx/gl41 BenchmarkHUDText (allocs/op)"
	if v, ok := b.metric("gfx/gl41", "BenchmarkHUDText", "allocs/op"); ok {
		gs = append(gs, zero(name, src, v, "allocs"))
	} else {
		gs = append(gs, absent(name, src, "0 allocs", missingBench("gfx/gl41", "BenchmarkHUDText")))
	}
	if v, ok := b.metric("gfx/gl41", "BenchmarkHUDText", "cpu-ms/frame"); ok {
		n, _ := b.metric("gfx/gl41", "BenchmarkHUDText", "glyphs")
		gs = append(gs, infoGoal("HUD text, renderer CPU per frame", "gfx/gl41 BenchmarkHUDText (cpu-ms/frame)",
			withUnit(v, "ms")+" ("+num(n)+" glyphs)"))
	}
	if v, ok := b.metric("gfx/text", "BenchmarkLayout2000Glyphs", "ns/op"); ok {
		gs = append(gs, infoGoal("Laying out 2,000 glyphs in pure code", "gfx/text BenchmarkLayout2000Glyphs (ns/op)", withUnit(v/1e6, "ms")))
	}
	return gs
}
