// Command framebench measures tickwork end to end: it runs the sample's
// gameplay scene (package cmd/internal/demo) with a given number of extra
// actors for a fixed time, in a window under the display and headless, and
// records every frame's phases (tick, interpolation, draw-list build, the
// renderer's CPU and total time, swap and pacing wait), the frame
// intervals, allocations and GC cycles, the pacer's error and the tick
// count against the game time. It writes the results as JSON and a plot of
// frame times and ticks per frame; the report mode turns them, with the
// output of the Go benchmarks, into BENCHMARKS.md.
//
//	framebench                                 # every scenario at 1k, 10k and 100k actors, 10 s each
//	framebench -scenarios headless -actors 10000 -duration 3s
//	framebench -soak 10m -out soak.json -plot soak.png
//	framebench -scenarios none -peer ./raylib-peer  # tickwork against raylib-go, interleaved
//	framebench report -bench bench.txt -results framebench.json [-soak soak.json] -o BENCHMARKS.md
//
// Scenarios (-scenarios):
//
//	headless          null window and renderer, real clock, unpaced: the engine's CPU work per frame
//	novsync           window, vsync off: the most frames the GL driver draws
//	vsync             window, vsync on (Xvfb ignores it: the engine's pacer runs at 60 Hz)
//	vsync-headless    null window, vsync on: the swap returns at once, so the pacer runs alone
//	varying           window, vsync off, each frame sleeps a random 0 to -vary-max: tick exactness
//	varying-headless  the same with the null window and renderer
//
// The windowed scenarios need a display: run under a virtual X server,
// xvfb-run -a -s "-screen 0 1920x1080x24" framebench. Without one they are
// reported as skipped, the headless ones still run, and the exit status
// is 1.
//
// -peer names a peer engine's binary (peers/raylib, built with
// go build -tags x11 ./peers/raylib): after the scenarios, tickwork's
// cubes scenario (one behaviour per cube) and the peer, lit in gamma space
// and in linear light, draw package peer's cube scene in turn,
// -peer-rounds rounds at each -peer-cubes count, then both pace one cube
// to 60 Hz; the report puts the ratios next to their goals.
//
// Allocations and GC cycles are counted from runtime.MemStats over the
// measured part of each run (after the warm-up); a garbage collection is
// forced before each run starts and around its measured part. Every
// allocation of a measured part is recorded with its stack
// (runtime.MemProfileRate = 1 while it runs; for the whole command with
// -memprofile), so
// each run lists where its measured part allocated (alloc_sites in the
// results, and on stderr when one is counted), and the Go runtime's own
// allocations (a new OS thread, a processor's timer heap growing) are
// named and left out of the per-frame and per-tick figures. The windowed
// scenarios and the soak must run on the main goroutine, which engine/window
// locks to the main thread.
//
// -cpuprofile and -memprofile write pprof profiles of the whole command,
// to find what limits a figure or what allocates during setup; with
// -memprofile every run's allocation sites are printed.
//
// Exit status: 0 when every run was made, 1 when one failed or was
// skipped (or a soak check failed), 2 for bad flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command with args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "report" {
		return runReport(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("framebench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: framebench [flags]\n       framebench report [flags]\n\n")
		fmt.Fprintf(stderr, "Runs the sample's gameplay scene and measures every frame; see the package doc.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	c, err := parseFlags(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		var pe *parseError
		if !errors.As(err, &pe) {
			fmt.Fprintf(stderr, "framebench: %v (see framebench -h)\n", err)
		}
		return 2
	}
	stop, err := startProfiles(c)
	if err != nil {
		fmt.Fprintf(stderr, "framebench: %v\n", err)
		return 1
	}
	var status int
	if c.soak > 0 {
		status = runSoak(c, args, stdout, stderr)
	} else {
		status = runBench(c, args, stdout, stderr)
	}
	if err := stop(); err != nil {
		fmt.Fprintf(stderr, "framebench: %v\n", err)
		status = 1
	}
	return status
}

// runBench runs every scenario at every actor count and writes the results.
func runBench(c *config, args []string, stdout, stderr io.Writer) int {
	logf := func(format string, a ...any) {
		if !c.quiet {
			fmt.Fprintf(stderr, "framebench: "+format+"\n", a...)
		}
	}
	res := &Results{
		Version: resultsVersion,
		Date:    time.Now().UTC().Format(time.RFC3339),
		Command: commandLine(args),
		Machine: machineInfo(),
		Settings: Settings{
			DurationS: c.duration.Seconds(), WarmupS: c.warmup.Seconds(), TickRate: c.tickRate,
			Width: c.width, Height: c.height, VaryMaxSleepS: c.varyMax.Seconds(), Seed: c.seed,
		},
	}
	var plots []plotRun
	var buf []frameRec
	var noDisp error
	var keep keeper
	defer keep.close()
	failed := false
	for _, sc := range c.scenarios {
		counts, d := c.actors, c.duration
		if sc.vary {
			counts, d = []int{c.varyActors}, c.varyDuration
		}
		for _, n := range counts {
			if sc.window && noDisp != nil {
				res.Skipped = append(res.Skipped, Skipped{sc.name, n, noDisp.Error()})
				continue
			}
			if need := recCapacity(d); cap(buf) < need {
				buf = make([]frameRec, 0, need)
			}
			var r Run
			var pr plotRun
			err := error(nil)
			if sc.window {
				err = keep.open()
			}
			if err == nil {
				r, pr, err = measureOne(c, sc, n, d, &buf, res)
			}
			if err != nil {
				failed = true
				if isNoDisplay(err) {
					noDisp = noDisplay(sc, err)
					fmt.Fprintf(stderr, "framebench: %v\n", noDisp)
					res.Skipped = append(res.Skipped, Skipped{sc.name, n, noDisp.Error()})
					continue
				}
				fmt.Fprintf(stderr, "framebench: %s, %d actors: %v\n", sc.name, n, err)
				res.Skipped = append(res.Skipped, Skipped{sc.name, n, err.Error()})
				continue
			}
			res.Runs = append(res.Runs, r)
			plots = append(plots, pr)
			logf("%s", runLine(&r))
			if len(r.AllocSites) > 0 && (c.memProf != "" || r.Mallocs > r.RuntimeMallocs) {
				logf("%s, %d actors: where the measured part allocated:\n%s", r.Scenario, r.Actors, siteLines(r.AllocSites))
			}
		}
	}
	if c.peer != "" {
		switch {
		case noDisp != nil:
			res.Skipped = append(res.Skipped, Skipped{"peer", 0, noDisp.Error()})
			failed = true
		case !runPeerComparison(c, res, &keep, &buf, logf):
			failed = true
		}
	}
	res.Machine.LoadAfter = loadAvg()
	if c.plot != "" && len(plots) > 0 {
		if err := writePlots(c.plot, plots, res); err != nil {
			fmt.Fprintf(stderr, "framebench: %v\n", err)
			return 1
		}
		logf("plots: %s", strings.Join(append([]string{res.Plot}, res.Plots...), ", "))
	}
	if err := writeJSON(c.out, res); err != nil {
		fmt.Fprintf(stderr, "framebench: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "framebench: %d runs, %d skipped; results: %s\n", len(res.Runs), len(res.Skipped), c.out)
	if failed {
		return 1
	}
	return 0
}

// writePlots writes every run to path and, when the runs are of several
// scenarios, each scenario to its own file next to it (path-scenario.png),
// small enough to read on a screen.
func writePlots(path string, plots []plotRun, res *Results) error {
	if err := writeFramePlot(path, plots); err != nil {
		return err
	}
	res.Plot = path
	var names []string
	for _, p := range plots {
		if !slices.Contains(names, p.scenario) {
			names = append(names, p.scenario)
		}
	}
	if len(names) < 2 {
		return nil
	}
	ext := filepath.Ext(path)
	for _, n := range names {
		var sub []plotRun
		for _, p := range plots {
			if p.scenario == n {
				sub = append(sub, p)
			}
		}
		sp := strings.TrimSuffix(path, ext) + "-" + n + ext
		if err := writeFramePlot(sp, sub); err != nil {
			return err
		}
		res.Plots = append(res.Plots, sp)
	}
	return nil
}

// recCapacity is how many frames a run of d keeps (at most 40,000 a
// second, at most 4M); frames beyond it are counted but not kept.
func recCapacity(d time.Duration) int {
	return int(min(max(d.Seconds(), 0.1)*40_000, 4_000_000))
}

// measureOne opens sc's target, makes one run and closes the target. The
// first window's GL strings go into res.Machine.
func measureOne(c *config, sc scenario, n int, d time.Duration, buf *[]frameRec, res *Results) (Run, plotRun, error) {
	t, err := openTarget(c, sc)
	if err != nil {
		return Run{}, plotRun{}, err
	}
	if t.gl != nil && res.Machine.GLRenderer == "" {
		res.Machine.GLRenderer, res.Machine.GLVersion = t.gl.Name(), t.gl.Version()
	}
	r, recs, err := runOne(c, sc, n, d, t, *buf)
	*buf = recs
	if cerr := t.close(); cerr != nil && err == nil {
		err = fmt.Errorf("closing the window: %w", cerr)
	}
	if err != nil {
		return Run{}, plotRun{}, err
	}
	return r, newPlotRun(&r, recs), nil
}

// runLine is a run's one-line summary.
func runLine(r *Run) string {
	s := fmt.Sprintf("%s, %d actors: %.1f s, %d frames (median %.1f fps, p99 %.2f ms), %d ticks; engine %.3f ms/frame; %.2f allocs/frame, %d GC",
		r.Scenario, r.Actors, r.DurationS, r.Frames, r.FPSMedian, r.Interval.P99, r.Ticks, r.EngineCPU.Mean, r.AllocsPerFrame, r.GCCycles)
	if r.RuntimeMallocs > 0 {
		s += fmt.Sprintf(" (%d allocations of the Go runtime's own not counted)", r.RuntimeMallocs)
	}
	if r.Renderer != nil {
		s += fmt.Sprintf("; renderer cpu %.3f ms, %.0f GL calls/frame", r.Renderer.CPU.Mean, r.Renderer.GLCallsPerFrame)
	}
	if r.Pacing != nil {
		s += fmt.Sprintf("; pace p99 %.3f ms (engine), interval err p99 %.3f ms", r.Pacing.EngineP99Ms, r.Pacing.IntervalErrP99Ms)
	}
	if r.Vary {
		s += fmt.Sprintf("; ticks %d = ⌊%d µs·rate/1e6⌋ = %d: exact %v, no lost time %v",
			r.Exact.Ticks, r.Exact.GameTimeUs, r.Exact.Expected, r.Exact.Exact, r.Exact.NoLostTime)
	}
	return s
}
