package main

import "fmt"

// The scene's per-actor passes against their dense-array references:
// each reference does the same maths on flat arrays, without the manager's
// actor records, in the same `go test -bench` run, so the ratio says what
// the manager's bookkeeping costs on whatever host measured it. An
// absolute ns/actor goal held on one host only (BenchmarkTick/moving/100000
// was 19.2 ns/actor on an Intel Xeon and 56 on an AMD EPYC of the same
// size).
const (
	goalTickRefRatio   = 1.5 // per-actor behaviours: Tick/moving ÷ TickMovingReference
	goalPropRefRatio   = 1.5 // tick propagation: TickPropagate ÷ TickReference
	goalInterpRefRatio = 1.2 // interpolation: Interpolate ÷ InterpolateReference
)

// refRow is a benchmark of a package measured against a reference
// benchmark of the same package, in the same unit.
type refRow struct {
	name, pkg, bench, ref, unit string
}

func (r refRow) source() string {
	return fmt.Sprintf("%s %s ÷ %s (%s)", r.pkg, r.bench, r.ref, r.unit)
}

// ratio returns bench ÷ ref and both figures, or why there is none: each
// benchmark that is missing from the output, by name.
func (r refRow) ratio(b *benchSet) (v, x, ref float64, why string) {
	x, ok1 := b.metric(r.pkg, r.bench, r.unit)
	ref, ok2 := b.metric(r.pkg, r.ref, r.unit)
	var gone []string
	if !ok1 {
		gone = append(gone, r.bench)
	}
	if !ok2 {
		gone = append(gone, r.ref)
	}
	switch {
	case len(gone) > 0:
		return 0, 0, 0, missingBench(r.pkg, gone...)
	case ref <= 0:
		return 0, 0, 0, fmt.Sprintf("%s %s reports %s %s: no ratio to it", r.pkg, r.ref, num(ref), r.unit)
	}
	return x / ref, x, ref, ""
}

// atMostRef is the goal that r's ratio stays at or below limit; its
// measured cell shows both figures.
func atMostRef(b *benchSet, r refRow, limit float64) goal {
	v, x, ref, why := r.ratio(b)
	if why != "" {
		return absent(r.name, r.source(), "≤ "+withUnit(limit, "×"), why)
	}
	g := atMost(r.name, r.source(), v, limit, "×")
	g.Measured += fmt.Sprintf(" (%s ÷ %s %s)", num(x), num(ref), r.unit)
	return g
}

// atLeastRef is atMostRef's counterpart for a ratio that must reach limit.
func atLeastRef(b *benchSet, r refRow, limit float64) goal {
	v, x, ref, why := r.ratio(b)
	if why != "" {
		return absent(r.name, r.source(), "≥ "+withUnit(limit, "×"), why)
	}
	g := atLeast(r.name, r.source(), v, limit, "×")
	g.Measured += fmt.Sprintf(" (%s ÷ %s %s)", num(x), num(ref), r.unit)
	return g
}

// infoRef is r's ratio reported without a target, or nothing when either
// benchmark is missing.
func infoRef(b *benchSet, r refRow) []goal {
	v, x, ref, why := r.ratio(b)
	if why != "" {
		return nil
	}
	return []goal{infoGoal(r.name, r.source(), fmt.Sprintf("%s× (%s ÷ %s %s)", num(v), num(x), num(ref), r.unit))}
}

// missingBench says which benchmarks of pkg the output lacks.
func missingBench(pkg string, names ...string) string {
	s := "benchmark missing from the output: " + pkg
	for i, n := range names {
		if i > 0 {
			s += ","
		}
		s += " " + n
	}
	return s
}

// perfGoals compare the manager's per-actor passes with their dense-array
// references (scene BenchmarkTickMovingReference, BenchmarkTickReference,
// BenchmarkInterpolateReference). Interpolation against the matrix-copy
// floor is in sceneGoals.
func perfGoals(b *benchSet) []goal {
	var gs []goal
	for _, k := range []int{1000, 10000, goalActorsFloor} {
		gs = append(gs, tickMovingGoal(b, k))
	}
	n := fmt.Sprint(goalActorsFloor)
	gs = append(gs,
		atMostRef(b, refRow{"Tick propagation vs dense-array reference, 100k actors", "scene",
			"BenchmarkTickPropagate/" + n, "BenchmarkTickReference/" + n, "ns/actor"}, goalPropRefRatio),
		atMostRef(b, refRow{"Interpolation vs dense-array reference, 100k actors", "scene",
			"BenchmarkInterpolate/" + n, "BenchmarkInterpolateReference/" + n, "ns/actor"}, goalInterpRefRatio))
	return gs
}

// tickMovingGoal is the per-actor tick of k actors against its dense
// reference. Its figure is BenchmarkTickMovingAB's, which times blocks of
// ticks of both alternately in one run, so that a shared host's drift
// between two benchmarks run seconds apart does not enter the ratio; the
// two benchmarks measured apart are shown beside it. Without the
// interleaved benchmark in the output the pair decides, as before it
// existed.
func tickMovingGoal(b *benchSet, k int) goal {
	r := refRow{
		name:  fmt.Sprintf("Tick, every root moved by its own behaviour, vs dense-array reference, %s actors", thousands(k)),
		pkg:   "scene",
		bench: fmt.Sprintf("BenchmarkTick/moving/%d", k),
		ref:   fmt.Sprintf("BenchmarkTickMovingReference/%d", k),
		unit:  "ns/actor",
	}
	ab := fmt.Sprintf("BenchmarkTickMovingAB/%d", k)
	v, ok := b.metric(r.pkg, ab, "tick/reference")
	x, ok1 := b.metric(r.pkg, ab, "tick-ns/actor")
	ref, ok2 := b.metric(r.pkg, ab, "reference-ns/actor")
	if !ok || !ok1 || !ok2 || v <= 0 {
		return atMostRef(b, r, goalTickRefRatio)
	}
	src := fmt.Sprintf("%s %s (tick/reference: blocks of ticks of each, alternated in one run); measured apart, %s", r.pkg, ab, r.source())
	g := atMost(r.name, src, v, goalTickRefRatio, "×")
	g.Measured += fmt.Sprintf(" (%s ÷ %s %s", num(x), num(ref), r.unit)
	if av, ax, aref, why := r.ratio(b); why == "" {
		g.Measured += fmt.Sprintf("; measured apart %s× (%s ÷ %s)", num(av), num(ax), num(aref))
	}
	g.Measured += ")"
	return g
}
