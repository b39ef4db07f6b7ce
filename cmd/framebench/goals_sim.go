package main

import "fmt"

// Goals of this round's simulation benchmarks: collisions, rollback,
// snapshots and described fields. Each time is reported against a
// reference measured in the same run (the brute-force all-pairs test, the
// same tick without snapshots, a hand-written hash); the goals that carry a
// target are allocation counts, which are the same on every host.
const goalSkinnedRatio = 0.8 // skinned ÷ unskinned frame rate, same meshes, same run

// goalLitRatio is the frame rate of 10k PBR cubes with a shadowed sun and
// eight point lights ÷ the plain Lambert path's, same scene, same run.
const goalLitRatio = 0.5

// simGoals are the figures of collisions, rollback, snapshots and fields.
func simGoals(b *benchSet) []goal {
	gs := []goal{
		benchZero(b, "Collision step of 10k moving colliders (broad + narrow phase)", "scene/collide", "BenchmarkDetect/tree"),
	}
	gs = append(gs, infoRef(b, refRow{"Collision step, 10k moving colliders: tree ÷ all-pairs reference (CPU time)", "scene/collide",
		"BenchmarkDetect/tree", "BenchmarkDetect/all-pairs", "cpu-ms/op"})...)
	if v, ok := b.metric("scene/collide", "BenchmarkDetect/tree", "cpu-ms/op"); ok {
		p, _ := b.metric("scene/collide", "BenchmarkDetect/tree", "pairs")
		gs = append(gs, infoGoal("Collision step, 10k moving colliders: CPU per tick", "scene/collide BenchmarkDetect/tree (cpu-ms/op)",
			fmt.Sprintf("%s ms (%s pairs touching)", num(v), num(p))))
	}
	gs = append(gs, benchZero(b, "Two sessions' rollback tick (poll, input, packets, hashes, rollbacks)", "engine/session", "BenchmarkRollbackTick"))
	for _, k := range []string{"10000"} {
		gs = append(gs,
			benchZero(b, "Sample tick keeping a snapshot, "+thousandsStr(k)+" actors", "cmd/internal/demo", "BenchmarkGameplayTickWithSnapshots/actors="+k),
			benchZero(b, "Sample rollback of 8 ticks, "+thousandsStr(k)+" actors", "cmd/internal/demo", "BenchmarkRollback8/actors="+k))
		gs = append(gs, infoRef(b, refRow{"Sample tick keeping a snapshot ÷ without, " + thousandsStr(k) + " actors", "cmd/internal/demo",
			"BenchmarkGameplayTickWithSnapshots/actors=" + k, "BenchmarkGameplayTick/actors=" + k, "ns/op"})...)
		if r, ok := b.metric("cmd/internal/demo", "BenchmarkRollback8/actors="+k, "ns/op"); ok {
			if t, ok := b.metric("cmd/internal/demo", "BenchmarkGameplayTickWithSnapshots/actors="+k, "ns/op"); ok && t > 0 {
				gs = append(gs, infoGoal("Rollback of 8 ticks ÷ 8 ticks keeping snapshots, "+thousandsStr(k)+" actors",
					"cmd/internal/demo BenchmarkRollback8/actors="+k+" ÷ 8 × BenchmarkGameplayTickWithSnapshots/actors="+k+" (ns/op)",
					fmt.Sprintf("%s× (%s ÷ 8 × %s ms)", num(r/(8*t)), num(r/1e6), num(t/1e6))))
			}
		}
	}
	gs = append(gs, benchZero(b, "Snapshot of 10k actors with described behaviours (save + restore)", "scene", "BenchmarkSnapshot10kDescribed"))
	gs = append(gs, infoRef(b, refRow{"Snapshot of 10k actors: with described behaviours ÷ columns only", "scene",
		"BenchmarkSnapshot10kDescribed", "BenchmarkSnapshot10k", "ns/op"})...)
	gs = append(gs, infoRef(b, refRow{"Hashing a described value ÷ a hand-written hash of the same 16 fields", "scene/fields",
		"BenchmarkFields/Hash", "BenchmarkFields/HandWrittenHash", "ns/op"})...)
	gs = append(gs, benchZero(b, "Pose sampling and interpolation, 100 characters of 24 joints", "engine/asset", "BenchmarkPose100x24"))
	return gs
}

// lightingGoals are the figures of lighting, shadows and skinning under
// the rasteriser: each a ratio of frame rates drawn alternately in one run.
func lightingGoals(b *benchSet) []goal {
	name := "Skinned ÷ unskinned frame rate, 100 characters of ~2,000 vertices"
	src := "gfx/gl41 BenchmarkSkinnedCharacters (skinned/unskinned)"
	var gs []goal
	if v, ok := b.metric("gfx/gl41", "BenchmarkSkinnedCharacters", "skinned/unskinned"); ok {
		g := atLeast(name, src, v, goalSkinnedRatio, "×")
		s, _ := b.metric("gfx/gl41", "BenchmarkSkinnedCharacters", "skinned-frames/s")
		u, _ := b.metric("gfx/gl41", "BenchmarkSkinnedCharacters", "unskinned-frames/s")
		g.Measured += " (" + num(s) + " ÷ " + num(u) + " fps)"
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, src, "≥ "+withUnit(goalSkinnedRatio, "×"), missingBench("gfx/gl41", "BenchmarkSkinnedCharacters")))
	}
	{
		bn := "BenchmarkLighting/cubes=10000"
		name := "Lighting, 10,000 cubes: PBR, a shadowed sun, eight point lights and tone mapping ÷ plain Lambert"
		src := "gfx/gl41 " + bn + " (goal/off)"
		if v, ok := b.metric("gfx/gl41", bn, "goal/off"); ok {
			g := atLeast(name, src, v, goalLitRatio, "×")
			f, _ := b.metric("gfx/gl41", bn, "goal-frames/s")
			o, _ := b.metric("gfx/gl41", bn, "off-frames/s")
			g.Measured += " (" + num(f) + " ÷ " + num(o) + " fps)"
			gs = append(gs, g)
			if sh, ok := b.metric("gfx/gl41", bn, "goal-shadow-cpu-ms/frame"); ok {
				all, _ := b.metric("gfx/gl41", bn, "goal-shadow-ms/frame")
				gs = append(gs, infoGoal("Lighting, 10,000 cubes: the shadow pass in that frame",
					"gfx/gl41 "+bn+" (goal-shadow-cpu-ms/frame; goal-shadow-ms/frame: its frame time less the same frame without shadows)",
					fmt.Sprintf("%s ms of CPU drawing the maps; %s ms of frame time in all", num(sh), num(all))))
			}
		} else {
			gs = append(gs, absent(name, src, "≥ "+withUnit(goalLitRatio, "×"), missingBench("gfx/gl41", bn)))
		}
	}
	for _, k := range []string{"1000", "10000"} {
		bn := "BenchmarkLighting/cubes=" + k
		off, ok := b.metric("gfx/gl41", bn, "off-frames/s")
		if !ok {
			continue
		}
		for _, w := range []struct{ way, what string }{
			{"sun", "the sun's shadows"},
			{"pbr", "PBR cubes"},
			{"msaa", "4× MSAA"},
			{"full", "PBR, eight point lights, shadows, tone mapping and 4× MSAA"},
		} {
			if v, ok := b.metric("gfx/gl41", bn, w.way+"/off"); ok {
				f, _ := b.metric("gfx/gl41", bn, w.way+"-frames/s")
				gs = append(gs, infoGoal(fmt.Sprintf("Lighting, %s cubes: frame rate with %s ÷ without (%s/off)", thousandsStr(k), w.what, w.way),
					"gfx/gl41 "+bn+" ("+w.way+"/off)", fmt.Sprintf("%s× (%s ÷ %s fps)", num(v), num(f), num(off))))
			}
		}
		if sh, ok := b.metric("gfx/gl41", bn, "full-shadow-ms/frame"); ok {
			if f, ok := b.metric("gfx/gl41", bn, "full-frames/s"); ok && f > 0 {
				gs = append(gs, infoGoal(fmt.Sprintf("Lighting, %s cubes: the shadow passes' share of a full frame", thousandsStr(k)),
					"gfx/gl41 "+bn+" (full-shadow-ms/frame × full-frames/s)", fmt.Sprintf("%s (%s ms of %s ms)", pct(sh*f/1e3), num(sh), num(1e3/f))))
			}
		}
	}
	return gs
}

// uiGoals are the per-tick and per-frame costs of input, the widget HUD
// and debug drawing: their allocations (counts, the same on every host),
// and their times reported for reference.
func uiGoals(b *benchSet) []goal {
	gs := []goal{
		benchZero(b, "Evaluating 64 actions from the input, one tick", "engine/action", "BenchmarkUpdate64"),
		benchZero(b, "Settings screen of 200 widgets: a tick (input, layout, text measuring)", "engine/ui", "BenchmarkHUD200Tick"),
		benchZero(b, "Settings screen of 200 widgets: a frame (adding it to the HUD)", "engine/ui", "BenchmarkHUD200Draw"),
		benchZero(b, "Debug drawing of 10,000 lines a frame, on", "engine", "BenchmarkDebugLines10k/on"),
		benchZero(b, "Refilling a warm buffer with 10,000 debug lines", "gfx", "BenchmarkLines10k"),
		benchZero(b, "Light and shadow bookkeeping of a scene (40 lights, three cascades)", "gfx", "BenchmarkLightBookkeeping"),
		benchZero(b, "Culling 10,000 shadow casters per cascade, a frame (two cascades)", "gfx/gl41", "BenchmarkCascadeCull"),
	}
	if ms, ok := b.metric("gfx/gl41", "BenchmarkCascadeCull", "ms/frame"); ok {
		gs = append(gs, infoGoal("Culling 10,000 shadow casters per cascade: CPU a frame (two cascades)",
			"gfx/gl41 BenchmarkCascadeCull (ms/frame)", num(ms)+" ms"))
	}
	return append(gs, infoRef(b, refRow{"Debug drawing of 10,000 lines a frame: on ÷ off", "engine",
		"BenchmarkDebugLines10k/on", "BenchmarkDebugLines10k/off", "ns/op"})...)
}
