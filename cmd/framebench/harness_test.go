package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/gfx/gfxtest"
)

// A short headless run writes sane results and a plot that decodes. Only
// counts are checked, never speed.
func TestHarnessSmoke(t *testing.T) {
	dir := t.TempDir()
	out, plotPath := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.png")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-scenarios", "headless,varying-headless", "-actors", "1000", "-duration", "300ms", "-warmup", "100ms",
		"-vary-actors", "1000", "-vary-duration", "300ms", "-vary-max", "10ms", "-out", out, "-plot", plotPath, "-q"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var generic map[string]any
	if err := json.Unmarshal(raw, &generic); err != nil {
		t.Fatal(err)
	}
	res, err := readResults(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 2 || len(res.Skipped) != 0 {
		t.Fatalf("got %d runs and %d skipped, want 2 and 0", len(res.Runs), len(res.Skipped))
	}
	for i, r := range res.Runs {
		// Every frame is kept, up to the buffer sized for the run (a fast
		// machine runs more headless frames than it holds).
		if want := min(r.Frames, recCapacity(300*time.Millisecond)); r.Frames <= 0 || r.Recorded != want {
			t.Errorf("%s: %d frames, %d recorded; want some, %d kept", r.Scenario, r.Frames, r.Recorded, want)
		}
		// 30 Hz over the measured time, give or take the tick in progress at
		// each end.
		if want := r.DurationS * 30; math.Abs(float64(r.Ticks)-want) > 2 {
			t.Errorf("%s: %d ticks in %.3f s, want %.1f ± 2 at 30 Hz", r.Scenario, r.Ticks, r.DurationS, want)
		}
		if r.DurationS < 0.3 {
			t.Errorf("%s: measured %.3f s, want at least the 0.3 s asked", r.Scenario, r.DurationS)
		}
		e := r.Exact
		if !e.Exact || !e.NoLostTime || !e.TickSumOK || e.Expected != e.Ticks {
			t.Errorf("%s: exactness %+v", r.Scenario, e)
		}
		if r.SceneActors < 1000 || r.Interval.Median <= 0 || r.EngineCPU.Mean <= 0 {
			t.Errorf("%s: scene %d actors, interval median %v ms, engine CPU %v ms", r.Scenario, r.SceneActors, r.Interval.Median, r.EngineCPU.Mean)
		}
		run := generic["runs"].([]any)[i].(map[string]any)
		for _, k := range []string{"allocs_per_frame", "allocs_per_tick", "gc_cycles", "mallocs", "runtime_mallocs"} {
			if _, ok := run[k]; !ok {
				t.Errorf("%s: JSON lacks %q", r.Scenario, k)
			}
		}
	}
	if v := res.Runs[1]; !v.Vary || v.SleptMs <= 0 || v.Interval.Max < 1 {
		t.Errorf("varying run: vary %v, slept %v ms, longest interval %v ms", v.Vary, v.SleptMs, v.Interval.Max)
	}
	if res.Machine.Cores <= 0 || res.Machine.GoVersion == "" || res.Plot != plotPath {
		t.Errorf("machine %+v, plot %q", res.Machine, res.Plot)
	}
	if b := gfxtest.ReadPNG(t, plotPath).Bounds(); b.Dx() < 800 || b.Dy() < 400 {
		t.Errorf("plot is %v, want a readable size", b)
	}
}

// A short soak samples the heap and the RSS and checks the tick count; the
// growth figures are reported, not asserted (the test binary's own heap
// moves).
func TestSoakSmoke(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "soak.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-soak", "1s", "-soak-scenario", "headless", "-soak-actors", "1000", "-soak-every", "200ms",
		"-soak-warmup", "300ms", "-out", out, "-plot", filepath.Join(dir, "soak.svg")}, &stdout, &stderr)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	res, err := readResults(out)
	if err != nil {
		t.Fatal(err)
	}
	s := res.Soak
	if s == nil {
		t.Fatal("no soak in the results")
	}
	if s.DurationS < 1 || len(s.Samples) < 5 || s.Frames <= 0 || (runtime.GOOS == "linux" && s.Samples[len(s.Samples)-1].RSS == 0) {
		t.Errorf("soak: %.2f s, %d samples, %d frames, last %+v", s.DurationS, len(s.Samples), s.Frames, s.Samples[len(s.Samples)-1])
	}
	if !s.Exact.Exact || s.GLChecked {
		t.Errorf("soak exactness %+v, GL checked %v (headless)", s.Exact, s.GLChecked)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "soak.svg")); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("soak plot: %v", err)
	}
}

func TestFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-actors", "10,x"}, `invalid value "10,x" for -actors`},
		{[]string{"-actors", "-5"}, "for -actors: allowed a comma-separated list"},
		{[]string{"-scenarios", "headless,gpu"}, `invalid value "headless,gpu" for -scenarios`},
		{[]string{"-duration", "1ms"}, "-duration: allowed 10ms to 1h"},
		{[]string{"-warmup", "-1s"}, "-warmup"},
		{[]string{"-tick-rate", "0"}, "-tick-rate: allowed 1 to 1000"},
		{[]string{"-plot", "x.jpg"}, "-plot: allowed a path ending in .png or .svg"},
		{[]string{"-vary-max", "0s"}, "-vary-max"},
		{[]string{"-soak", "10m", "-soak-warmup", "10m"}, "-soak-warmup: allowed 0 to less than -soak"},
		{[]string{"-soak", "10s", "-soak-every", "20s", "-soak-warmup", "1s"}, "-soak-every: allowed at most -soak minus -soak-warmup"},
		{[]string{"-soak", "10s", "-soak-scenario", "varying"}, "-soak-scenario: allowed headless, novsync or vsync"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nosuchflag"}, "flag provided but not defined"},
		{[]string{"-duration", "ten"}, `invalid value "ten" for flag -duration`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tt.msg) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.msg)
		}
	}
}

// Without a display the windowed scenarios are skipped with a hint to use
// xvfb-run, and the headless ones still run.
func TestNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-scenarios", "novsync,headless,vsync", "-actors", "100", "-duration", "50ms", "-warmup", "0s",
		"-out", out, "-plot", "", "-q"}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), "xvfb-run -a") || strings.Count(stderr.String(), "needs a display") != 1 {
		t.Errorf("stderr %q: want one error suggesting xvfb-run", stderr.String())
	}
	res, err := readResults(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 1 || res.Runs[0].Scenario != "headless" || len(res.Skipped) != 2 {
		t.Errorf("runs %d (want the headless one), skipped %+v", len(res.Runs), res.Skipped)
	}
}

// The windowed scenarios draw the sample's scene, textures and model
// included, through the real renderer.
func TestWindowedSmoke(t *testing.T) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display: run the tests under xvfb-run -a")
	}
	// The GL context is current on one OS thread: keep the test on it (X11
	// lets a thread other than the process's first one drive GLFW).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	out := filepath.Join(t.TempDir(), "r.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-scenarios", "novsync", "-actors", "100", "-duration", "300ms", "-warmup", "100ms",
		"-width", "320", "-height", "180", "-out", out, "-plot", "", "-q"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	res, err := readResults(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 1 || res.Runs[0].Frames <= 0 || res.Runs[0].Renderer == nil {
		t.Fatalf("runs %+v, skipped %+v: want one windowed run with frames and renderer figures", res.Runs, res.Skipped)
	}
}
