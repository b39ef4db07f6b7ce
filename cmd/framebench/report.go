package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/tickwork/tickwork/engine/atomicfile"
)

// reportInput is what the report is made from.
type reportInput struct {
	bench    *benchSet
	res      *Results
	soak     *Soak
	command  string // how the figures were produced, for the header
	benchCmd string // the go test command line whose output was read
	hostsDir string // where the host records are kept ("" for none)
	hosts    []*hostRecord
	groups   []goalGroup // the goals, once evaluated
}

// goals evaluates the goals once.
func (in *reportInput) goals() []goalGroup {
	if in.groups == nil {
		in.groups = evaluate(in.bench, in.res, in.soak)
	}
	return in.groups
}

// host returns the run's CPU model and cores.
func (in *reportInput) host() (string, int) {
	cpu := in.res.Machine.CPU
	if cpu == "" {
		cpu = in.bench.CPU
	}
	return cpu, in.res.Machine.Cores
}

// record is this run's host record: its goals, merged over prev's.
func (in *reportInput) record() *hostRecord {
	cpu, cores := in.host()
	kind := hostKind(cpu, cores)
	var prev *hostRecord
	for _, h := range in.hosts {
		if h.Kind == kind {
			prev = h
		}
	}
	return newHostRecord(cpu, cores, in.res.Machine.GLRenderer, in.res.Date,
		fmt.Sprintf("`%s`, %s", in.command, dateOf(in.res.Date)), in.goals(), prev)
}

// runReport reads the benchmark output and the harness results and writes
// BENCHMARKS.md atomically.
func runReport(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("framebench report", flag.ContinueOnError)
	fset.SetOutput(stderr)
	benchPath := fset.String("bench", "", "output of go test -bench (required)")
	resPath := fset.String("results", "", "results JSON of a framebench run (required)")
	soakPath := fset.String("soak", "", "results JSON of a framebench -soak run (optional; a missing file means no soak was run)")
	out := fset.String("o", "BENCHMARKS.md", "report to write, atomically")
	hostsDir := fset.String("hosts", "", "folder of host records (KIND.json): goals met on one kind of host and missed on another are flagged, and this host's record is written there")
	command := fset.String("command", "make bench", "the command that produced the inputs, named in the report")
	benchCmd := fset.String("benchcmd", "go test -run '^$' -bench . -benchmem ./...", "the go test command whose output -bench is, named in the report")
	fset.Usage = func() {
		fmt.Fprintf(stderr, "usage: framebench report -bench FILE -results FILE [-soak FILE] [-o BENCHMARKS.md]\n\n")
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch {
	case fset.NArg() > 0:
		fmt.Fprintf(stderr, "framebench report: unexpected argument %q\n", fset.Arg(0))
		return 2
	case *benchPath == "" || *resPath == "":
		fmt.Fprintf(stderr, "framebench report: -bench and -results are required\n")
		fset.Usage()
		return 2
	case *out == "":
		fmt.Fprintf(stderr, "framebench report: -o must name a file\n")
		return 2
	}
	in, err := loadReport(*benchPath, *resPath, *soakPath)
	if err != nil {
		fmt.Fprintf(stderr, "framebench report: %v\n", err)
		return 1
	}
	in.command, in.benchCmd, in.hostsDir = *command, *benchCmd, *hostsDir
	if *hostsDir != "" {
		if in.hosts, err = loadHosts(*hostsDir); err != nil {
			fmt.Fprintf(stderr, "framebench report: %v\n", err)
			return 1
		}
	}
	if *soakPath != "" && in.soak == nil {
		fmt.Fprintf(stderr, "framebench report: no soak results at %s: the report says the soak was not run\n", *soakPath)
	}
	md := renderReport(in)
	if err := atomicfile.WriteFile(*out, md, 0); err != nil {
		fmt.Fprintf(stderr, "framebench report: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "framebench report: wrote %s\n", *out)
	if *hostsDir != "" {
		h := in.record()
		if err := writeHost(*hostsDir, h); err != nil {
			fmt.Fprintf(stderr, "framebench report: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "framebench report: wrote the %s host record in %s\n", h.Kind, *hostsDir)
	}
	return 0
}

// loadReport reads the report's inputs.
func loadReport(benchPath, resPath, soakPath string) (*reportInput, error) {
	f, err := os.Open(benchPath)
	if err != nil {
		return nil, fmt.Errorf("benchmark output: %w", err)
	}
	defer f.Close()
	b, err := parseBench(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", benchPath, err)
	}
	res, err := readResults(resPath)
	if err != nil {
		return nil, err
	}
	in := &reportInput{bench: b, res: res}
	if soakPath != "" {
		sr, err := readResults(soakPath)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, err
		case sr.Soak == nil:
			return nil, fmt.Errorf("%s holds no soak (was it written by framebench -soak?)", soakPath)
		default:
			in.soak = sr.Soak
			if in.soak.Machine == nil {
				m := sr.Machine
				in.soak.Machine = &m
			}
		}
	}
	return in, nil
}

// renderReport writes the report as Markdown.
func renderReport(in *reportInput) []byte {
	var w bytes.Buffer
	res := in.res
	p := func(format string, a ...any) { fmt.Fprintf(&w, format, a...) }
	p("# Benchmarks\n\n")
	p("<!-- Generated by `%s` (cmd/framebench report): edits are overwritten. -->\n\n", in.command)
	p("Every figure below was measured in one run of `%s`, started %s, on the machine described below; ", in.command, dateOf(res.Date))
	p("ratios are computed within that run. The soak, from `make soak`, carries its own date. ")
	p("Nothing here is typed in by hand: `%s` runs the Go benchmarks of every package and the end-to-end harness `cmd/framebench`, then regenerates this file.\n\n", in.command)
	writeMachine(p, res, in.bench)
	cpu, cores := in.host()
	kind := hostKind(cpu, cores)
	groups := in.goals()
	diffs := flagHosts(groups, in.hosts, kind)
	writeHosts(p, kind, in.hostsDir, in.hosts, diffs)
	writeGoals(p, groups)
	writeHarness(p, res)
	writePeer(p, res)
	writeSoak(p, in.soak)
	writeBenchmarks(p, in.bench, in.benchCmd)
	return w.Bytes()
}

type printer func(format string, a ...any)

func dateOf(rfc string) string {
	t, err := time.Parse(time.RFC3339, rfc)
	if err != nil {
		return rfc
	}
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

// md escapes a table cell.
func md(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func writeMachine(p printer, res *Results, b *benchSet) {
	m := &res.Machine
	p("## Machine\n\n| | |\n|---|---|\n")
	cpu := m.CPU
	if cpu == "" {
		cpu = b.CPU
	}
	p("| CPU | %s (vendor %s), %d cores (GOMAXPROCS %d) |\n", md(orUnknown(cpu)), vendorOf(cpu), m.Cores, m.GOMAXPROCS)
	p("| Memory | %.1f GiB |\n", float64(m.MemoryBytes)/(1<<30))
	p("| OS | %s, %s, %s |\n", md(orUnknown(m.OS)), md(orUnknown(m.Kernel)), m.Arch)
	if m.GLRenderer != "" || m.GLVersion != "" {
		p("| OpenGL | GL_RENDERER `%s`, GL_VERSION `%s` (under the display `%s`) |\n", md(m.GLRenderer), md(m.GLVersion), md(m.Display))
	} else {
		p("| OpenGL | not read: no window was opened in this run |\n")
	}
	p("| Go | %s |\n", m.GoVersion)
	p("| Date | %s |\n", dateOf(res.Date))
	p("| Load average (1, 5, 15 min) | %s before the harness, %s after |\n\n", loadStr(m.LoadBefore), loadStr(m.LoadAfter))
	if busy := max(m.LoadBefore[0], m.LoadAfter[0]); m.Cores > 0 && busy > 0.5 {
		p("The machine was not idle while measuring: a 1-minute load average of %s on %d cores means other work competed for the CPU, so timings are pessimistic and pacing error is larger than on an idle machine.\n\n", num(busy), m.Cores)
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func loadStr(l [3]float64) string { return fmt.Sprintf("%.2f %.2f %.2f", l[0], l[1], l[2]) }

func writeGoals(p printer, groups []goalGroup) {
	var nMet, nMissed, nNo int
	for _, g := range groups {
		for _, x := range g.Goals {
			switch x.Status {
			case met:
				nMet++
			case missed:
				nMissed++
			case noData, notTaken:
				nNo++
			}
		}
	}
	p("## Goals\n\n%d met, %d missed, %d without a figure. Rows with no target (—) are reported for reference. ", nMet, nMissed, nNo)
	p("Allocation counts come from runtime.MemStats, which counts every heap allocation of the process; framebench records every allocation of a run's measured part with its stack (`alloc_sites` in its results) and leaves the Go runtime's own out of the per-frame and per-tick figures (a new OS thread, a processor's timer heap growing), saying how many it left out: an allocation made every frame or every tick shows as 1 or more per frame or per tick.\n\n")
	for _, g := range groups {
		p("### %s\n\n", g.Title)
		if g.Note != "" {
			p("%s\n\n", g.Note)
		}
		p("| Figure | Target | Measured | Result | Source |\n|---|---|---|---|---|\n")
		for _, x := range g.Goals {
			result := x.Status.String()
			if x.Detail != "" {
				result += ": " + x.Detail
			}
			for _, e := range x.Elsewhere {
				result += "; ⚑ " + e
			}
			p("| %s | %s | %s | %s | %s |\n", md(x.Name), md(x.Target), md(x.Measured), md(result), md(x.Source))
		}
		p("\n")
	}
}

func writeHarness(p printer, res *Results) {
	s := &res.Settings
	p("## Frame harness (cmd/framebench)\n\n")
	p("`%s`: the sample's gameplay scene, %d Hz ticks, %d×%d window; each run warms up for %s s, then measures for %s s (the varying runs as set by -vary-duration). ",
		md(res.Command), s.TickRate, s.Width, s.Height, num(s.WarmupS), num(s.DurationS))
	p("Times are per frame, in milliseconds. The frame interval runs from one frame's end to the next. ")
	p("Allocations and GC cycles are counted over the measured part.")
	if res.Plot != "" {
		p(" Frame times and ticks per frame over each run are plotted in `%s`", res.Plot)
		if len(res.Plots) > 0 {
			p(" and, scenario by scenario, in `%s`", strings.Join(res.Plots, "`, `"))
		}
		p(" (written by the run, not kept in the repository).")
	}
	p("\n\n")
	if len(res.Runs) > 0 {
		p("| Run | Frames | Ticks | Median fps | Interval median / p99 / max | Paced to | Allocs/frame | Bytes/frame | GC | Ticks exact |\n|---|---|---|---|---|---|---|---|---|---|\n")
		for i := range res.Runs {
			r := &res.Runs[i]
			p("| %s | %s | %d | %s | %s / %s / %s | %s | %s | %s | %d | %s |\n", runName(r), thousands(r.Frames), r.Ticks, num(r.FPSMedian),
				num(r.Interval.Median), num(r.Interval.P99), num(r.Interval.Max), pacedTo(r), allocsPerFrame(r), num(r.BytesPerFrame), r.GCCycles,
				exactCell(&r.Exact))
		}
		p("\nTicks are exact when Game.Time().Ticks() = ⌊GameTime·rate/1e6⌋ and the ticks counted frame by frame agree; game time dropped by the engine's cap on ticks per frame (Options.MaxTicksPerFrame, 5 by default: frames longer than that many steps) is listed; the time the first frame took to draw, which the engine skips (timing.Scheduler.Skip), counts as real time that passed.\n")
		p("A vsync run is paced in software only when the engine sees frames end (swap included) in under 85%% of the refresh interval, which a driver honouring vsync never allows; frames slower than 95%% of it are not paced (there is nothing to wait for).\n")
		p("\nPhases, mean / p99 (ms):\n\n| Run | Tick | Interpolate | Build | Engine CPU | Render | Renderer CPU | Swap + pace | GL calls |\n|---|---|---|---|---|---|---|---|---|\n")
		for i := range res.Runs {
			r := &res.Runs[i]
			rcpu, calls := "—", "—"
			if r.Renderer != nil {
				rcpu, calls = mp(r.Renderer.CPU), num(r.Renderer.GLCallsPerFrame)
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", runName(r), mp(r.Tick), mp(r.Interpolate), mp(r.Build), mp(r.EngineCPU),
				mp(r.Render), rcpu, mp(r.SwapAndPace), calls)
		}
		var paced []*Run
		for i := range res.Runs {
			if res.Runs[i].Pacing != nil {
				paced = append(paced, &res.Runs[i])
			}
		}
		if len(paced) > 0 {
			p("\nPaced runs (the driver ignores vsync, so the engine waits in software):\n\n| Run | Target | Pace error p99, end / largest sampled | Interval error p50 / p99 | Within ±0.5 ms / ±1 ms | σ |\n|---|---|---|---|---|---|\n")
			for _, r := range paced {
				pc := r.Pacing
				p("| %s | %s ms | %s / %s ms | %s / %s ms | %s / %s | %s ms |\n", runName(r), num(pc.TargetMs), num(pc.EngineP99Ms), num(pc.EngineP99MaxMs),
					num(pc.IntervalErrP50Ms), num(pc.IntervalErrP99Ms), pct(pc.Within05ms), pct(pc.Within1ms), num(pc.IntervalStdMs))
			}
		}
	}
	if len(res.Skipped) > 0 {
		p("\nRuns not made:\n\n")
		for _, sk := range res.Skipped {
			p("- %s at %s actors: %s\n", sk.Scenario, thousands(sk.Actors), firstLine(sk.Reason))
		}
	}
	p("\n")
}

// pacedTo describes a run's software pacing.
func pacedTo(r *Run) string {
	switch {
	case r.Pacing != nil:
		return num(r.Pacing.TargetMs) + " ms"
	case r.VSync:
		return "not paced"
	}
	return "—"
}

// mp formats a Dist as "mean / p99".
func mp(d Dist) string { return ms(d.Mean) + " / " + ms(d.P99) }

// ms formats milliseconds measured in whole microseconds.
func ms(v float64) string {
	if v > 0 && v < 0.001 {
		return "< 0.001"
	}
	return num(v)
}

// allocsPerFrame formats a run's allocations per frame, as a count when
// there are far fewer allocations than frames.
func allocsPerFrame(r *Run) string {
	s := num(r.AllocsPerFrame)
	if n := r.Mallocs - r.RuntimeMallocs; n > 0 && r.AllocsPerFrame < 0.01 {
		s = fmt.Sprintf("%s in %s frames", thousands(int(n)), thousands(r.Frames))
	}
	if r.RuntimeMallocs > 0 {
		s += fmt.Sprintf(" (+%d of the Go runtime's own)", r.RuntimeMallocs)
	}
	return s
}

// exactCell says whether a run's ticks were exact and how much time the
// per-frame cap dropped.
func exactCell(e *Exactness) string {
	s := yesNo(e.Exact && e.TickSumOK)
	if e.DroppedUs > 0 {
		s += fmt.Sprintf(", %s ms dropped", num(float64(e.DroppedUs)/1e3))
	} else if !e.NoLostTime {
		s += ", game time off the real time"
	}
	return s
}

func writeSoak(p printer, sk *Soak) {
	p("## Soak\n\n")
	if sk == nil {
		p("No soak results: `make soak` runs the sample with 10k actors under Xvfb for ten minutes and records heap and RSS growth here.\n\n")
		return
	}
	p("`make soak`, %s: %s, %s actors, **%s run** (%s requested), warm-up %s, samples every %s; %s frames. ",
		dateOf(sk.Date), sk.Scenario, thousands(sk.Actors), dur(sk.DurationS), dur(sk.RequestedS), dur(sk.WarmupS), dur(sk.EveryS), thousands(sk.Frames))
	p("Load average %s before, %s after.", loadStr(sk.LoadBefore), loadStr(sk.LoadAfter))
	if sk.Plot != "" {
		p(" Plot: `%s`.", sk.Plot)
	}
	p("\n\n")
	if len(sk.Samples) == 0 {
		return
	}
	base := sk.Samples[0]
	for _, x := range sk.Samples {
		if x.T >= sk.WarmupS {
			base = x
			break
		}
	}
	last := sk.Samples[len(sk.Samples)-1]
	p("| Sample | Time | Heap alloc | Heap in use | RSS | GC cycles |\n|---|---|---|---|---|---|\n")
	for _, row := range []struct {
		name string
		x    SoakSample
	}{{"first", sk.Samples[0]}, {"end of warm-up", base}, {"last", last}} {
		p("| %s | %s | %s | %s | %s | %d |\n", row.name, dur(row.x.T), mib(row.x.HeapAlloc), mib(row.x.HeapInuse), mib(row.x.RSS), row.x.NumGC)
	}
	p("\n")
}

func mib(b uint64) string { return fmt.Sprintf("%.2f MiB", float64(b)/(1<<20)) }

func writeBenchmarks(p printer, b *benchSet, cmd string) {
	p("## Go benchmarks\n\n`%s` (goos %s, goarch %s, cpu %s).\n\n", cmd, orUnknown(b.Goos), orUnknown(b.Goarch), md(orUnknown(b.CPU)))
	for _, pkg := range b.packages() {
		p("### %s\n\n| Benchmark | ns/op | B/op | allocs/op | Other |\n|---|---|---|---|---|\n", pkg)
		for _, r := range b.Results {
			if r.Pkg != pkg {
				continue
			}
			cell := func(u string) string {
				if v, ok := r.Metrics[u]; ok {
					return num(v)
				}
				return "—"
			}
			var other []string
			for _, u := range r.Units {
				if u != "ns/op" && u != "B/op" && u != "allocs/op" {
					other = append(other, withUnit(r.Metrics[u], u))
				}
			}
			p("| %s | %s | %s | %s | %s |\n", md(strings.TrimPrefix(r.Name, "Benchmark")), cell("ns/op"), cell("B/op"), cell("allocs/op"), md(strings.Join(other, ", ")))
		}
		p("\n")
	}
	if len(b.Failed) > 0 {
		p("Failed: %s.\n\n", md(strings.Join(b.Failed, ", ")))
	}
	if len(b.Unparsed) > 0 {
		p("Lines not understood: %d.\n\n", len(b.Unparsed))
	}
}
