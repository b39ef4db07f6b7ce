package main

import "fmt"

// goalRefRatio is the most the scene's interpolation and tick propagation
// may cost, per actor at 100k, as a multiple of the same work done on dense
// arrays (scene's reference kernels), measured in the same run.
const goalRefRatio = 1.5

// perfGoals compare the manager's per-actor passes with their dense-array
// references (scene BenchmarkInterpolateReference, BenchmarkTickReference).
// Interpolation against the matrix-copy floor is in sceneGoals.
func perfGoals(b *benchSet) []goal {
	n := fmt.Sprint(goalActorsFloor)
	var gs []goal
	for _, row := range []struct{ name, bench, ref string }{
		{"Interpolation vs dense-array reference, 100k actors", "BenchmarkInterpolate", "BenchmarkInterpolateReference"},
		{"Tick propagation vs dense-array reference, 100k actors", "BenchmarkTickPropagate", "BenchmarkTickReference"},
	} {
		src := "scene " + row.bench + "/" + n + " ÷ " + row.ref + "/" + n + " (ns/actor)"
		v, ok1 := b.metric("scene", row.bench+"/"+n, "ns/actor")
		ref, ok2 := b.metric("scene", row.ref+"/"+n, "ns/actor")
		if !ok1 || !ok2 || ref <= 0 {
			gs = append(gs, absent(row.name, src, "≤ "+withUnit(goalRefRatio, "×"), "benchmark missing from the output"))
			continue
		}
		g := atMost(row.name, src, v/ref, goalRefRatio, "×")
		g.Measured += fmt.Sprintf(" (%s ÷ %s ns/actor)", num(v), num(ref))
		gs = append(gs, g)
	}
	return gs
}
