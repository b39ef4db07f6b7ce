package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// status is the outcome of a goal.
type status int

const (
	met status = iota
	missed
	noData   // the figure was not measured in this run
	info     // a figure reported without a target
	notTaken // a figure that cannot be taken on this kind of machine
)

func (s status) String() string {
	switch s {
	case met:
		return "met"
	case missed:
		return "**missed**"
	case noData:
		return "no figure"
	case notTaken:
		return "not recorded"
	}
	return "—"
}

// goal is one figure next to its goal.
type goal struct {
	Name     string
	Target   string
	Measured string
	Status   status
	Detail   string // how much a goal was missed by, or why there is no figure
	Source   string // where the figure comes from
	// Key identifies the goal between runs and hosts when Name carries
	// figures of the run (how many runs, how long); "" means Name.
	Key string
	// Elsewhere names the other kinds of host on record where the goal
	// came out the other way, with their figures (flagHosts).
	Elsewhere []string
}

// key identifies g between runs and hosts.
func (g *goal) key() string {
	if g.Key != "" {
		return g.Key
	}
	return g.Name
}

// num formats v with a precision suited to its size.
func num(v float64) string {
	a := math.Abs(v)
	switch {
	case v == 0:
		return "0"
	case a >= 1000:
		return thousands(int(math.Round(v)))
	case a >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case a >= 0.01:
		return strconv.FormatFloat(v, 'f', 3, 64)
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

// withUnit joins a number and its unit ("×" and "%" without a space).
func withUnit(v float64, unit string) string {
	if unit == "×" || unit == "%" || unit == "" {
		return num(v) + unit
	}
	return num(v) + " " + unit
}

// atMost is a goal that v stays at or below limit.
func atMost(name, source string, v, limit float64, unit string) goal {
	g := goal{Name: name, Source: source, Target: "≤ " + withUnit(limit, unit), Measured: withUnit(v, unit)}
	if v <= limit {
		g.Status = met
		return g
	}
	g.Status = missed
	g.Detail = "missed by " + withUnit(v-limit, unit)
	if limit > 0 {
		g.Detail += fmt.Sprintf(" (%s over)", pct((v-limit)/limit))
	}
	return g
}

// atLeast is a goal that v reaches limit.
func atLeast(name, source string, v, limit float64, unit string) goal {
	g := goal{Name: name, Source: source, Target: "≥ " + withUnit(limit, unit), Measured: withUnit(v, unit)}
	if v >= limit {
		g.Status = met
		return g
	}
	g.Status = missed
	g.Detail = fmt.Sprintf("missed by %s (%s short)", withUnit(limit-v, unit), pct((limit-v)/limit))
	return g
}

// zero is a goal that a count is 0.
func zero(name, source string, v float64, unit string) goal {
	g := goal{Name: name, Source: source, Target: "0 " + unit, Measured: withUnit(v, unit)}
	if v == 0 {
		g.Status = met
		return g
	}
	g.Status = missed
	g.Detail = "missed by " + withUnit(v, unit)
	return g
}

// check is a yes/no goal.
func check(name, source, target string, ok bool, measured, why string) goal {
	g := goal{Name: name, Source: source, Target: target, Measured: measured, Status: met}
	if !ok {
		g.Status, g.Detail = missed, why
	}
	return g
}

func absent(name, source, target, why string) goal {
	return goal{Name: name, Source: source, Target: target, Measured: "—", Status: noData, Detail: why}
}

func infoGoal(name, source, measured string) goal {
	return goal{Name: name, Source: source, Target: "—", Measured: measured, Status: info}
}

// pct formats a share as a percentage.
func pct(f float64) string {
	switch a := math.Abs(f) * 100; {
	case a >= 10:
		return fmt.Sprintf("%.0f%%", f*100)
	case a >= 1:
		return fmt.Sprintf("%.1f%%", f*100)
	}
	return fmt.Sprintf("%.2f%%", f*100)
}

// findRun returns the harness run of scenario at actors, or nil.
func findRun(res *Results, scenario string, actors int) *Run {
	if res == nil {
		return nil
	}
	for i := range res.Runs {
		if res.Runs[i].Scenario == scenario && res.Runs[i].Actors == actors {
			return &res.Runs[i]
		}
	}
	return nil
}

// runsOf returns the harness runs of the scenarios named.
func runsOf(res *Results, names ...string) []*Run {
	var out []*Run
	if res == nil {
		return out
	}
	for i := range res.Runs {
		for _, n := range names {
			if res.Runs[i].Scenario == n {
				out = append(out, &res.Runs[i])
			}
		}
	}
	return out
}

// whyMissing explains a harness run that is not in the results.
func whyMissing(res *Results, scenario string, actors int) string {
	if res != nil {
		for _, s := range res.Skipped {
			if s.Scenario == scenario && (s.Actors == actors || actors < 0) {
				return "skipped: " + firstLine(s.Reason)
			}
		}
	}
	if actors < 0 {
		return fmt.Sprintf("no %s run in the results", scenario)
	}
	return fmt.Sprintf("no %s run at %s actors in the results", scenario, thousands(actors))
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func runName(r *Run) string {
	return fmt.Sprintf("%s/%s", r.Scenario, thousands(r.Actors))
}
