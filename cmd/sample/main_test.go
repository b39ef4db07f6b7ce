package main

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/window/mainthread"
)

// bin is the sample, built once by TestMain.
var bin string

func TestMain(m *testing.M) {
	// The in-process GL tests call GLFW through mainthread.Call.
	os.Exit(mainthread.Run(func() int { return buildAndRun(m) }))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "tickwork-sample-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin = filepath.Join(dir, "sample")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the sample: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// result is how a run of the sample ended.
type result struct {
	stdout, stderr string
	code           int
}

// lastLine returns the last line of stdout.
func (r result) lastLine() string {
	lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	return lines[len(lines)-1]
}

// sample runs the built sample with args; env, when not nil, replaces the
// environment.
func sample(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("running %v: %v", args, err)
	}
	return r
}

var headlessLine = regexp.MustCompile(`^ticks=300 hash=[0-9a-f]{16}$`)

func TestHeadlessHashesAgree(t *testing.T) {
	runs := [][]string{
		{"-fps", "7"},
		{"-fps", "60", "-jitter", "0.5"},
		{"-fps", "240"},
		{"-fps", "60", "-jitter", "0.9", "-seed", "5"},
	}
	var want string
	for _, extra := range runs {
		args := append([]string{"-headless", "-ticks", "300"}, extra...)
		r := sample(t, nil, args...)
		if r.code != 0 {
			t.Fatalf("%v: exit status %d\n%s", args, r.code, r.stderr)
		}
		got := r.lastLine()
		if !headlessLine.MatchString(got) {
			t.Fatalf("%v: last line %q, want %s", args, got, headlessLine)
		}
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("%v: %q, want %q as with %v", args, got, want, runs[0])
		}
	}
	r := sample(t, nil, "-headless", "-ticks", "299", "-fps", "7")
	if r.code != 0 || strings.TrimPrefix(r.lastLine(), "ticks=299 ") == strings.TrimPrefix(want, "ticks=300 ") {
		t.Errorf("-ticks 299: %q (status %d): want another hash than after 300 ticks, %q", r.lastLine(), r.code, want)
	}
}

func TestBadFlags(t *testing.T) {
	tests := [][]string{
		{"-tick-rate", "0"},
		{"-tick-rate", "5000"},
		{"-mode", "warp"},
		{"-jitter", "1.5"},
		{"-fps", "0"},
		{"-actors", "-1"},
		{"-width", "0"},
		{"-frames", "-3"},
		{"-ticks", "abc"},
		{"-headless", "-screenshot", "x.png"},
		{"-headless", "-shader-dir", "shaders"},
		{"-model", "m.glb", "-actors", "5"},
	}
	for _, args := range tests {
		r := sample(t, nil, append([]string{"-headless"}, args...)...)
		flag := args[len(args)-2]
		if r.code != 2 || !strings.Contains(r.stderr, flag) || !strings.Contains(r.stderr, "usage:") {
			t.Errorf("%v: exit status %d, stderr:\n%s\nwant status 2, an error naming %s and the usage", args, r.code, r.stderr, flag)
		}
		if r.stdout != "" {
			t.Errorf("%v: printed %q on stdout, want nothing", args, r.stdout)
		}
	}
	if r := sample(t, nil, "-headless", "-tick-rate", "0"); !strings.Contains(r.stderr, "allowed 1 to 1000") {
		t.Errorf("-tick-rate 0: stderr %q, want the allowed range", r.stderr)
	}
}

// withoutDisplay returns the environment without DISPLAY and
// WAYLAND_DISPLAY.
func withoutDisplay() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	return env
}

func TestNoDisplay(t *testing.T) {
	r := sample(t, withoutDisplay(), "-frames", "5")
	if r.code != 1 || !strings.Contains(r.stderr, "xvfb-run") || !strings.Contains(r.stderr, "-headless") {
		t.Errorf("without a display: exit status %d, stderr %q; want 1 and a hint at xvfb-run and -headless", r.code, r.stderr)
	}
}

func needDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display: run the tests under xvfb-run -a")
	}
}

var windowedLine = regexp.MustCompile(`^frames=90 ticks=\d+ fps=[0-9.]+ tps=[0-9.]+$`)

func TestWindowedFramesAndScreenshot(t *testing.T) {
	needDisplay(t)
	shot := filepath.Join(t.TempDir(), "out.png")
	r := sample(t, nil, "-frames", "90", "-screenshot", shot)
	if r.code != 0 {
		t.Fatalf("exit status %d\n%s", r.code, r.stderr)
	}
	if !windowedLine.MatchString(r.lastLine()) {
		t.Errorf("last line %q, want %s", r.lastLine(), windowedLine)
	}
	img := readPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Errorf("the screenshot is %dx%d, want 1280x720", b.Dx(), b.Dy())
	}
	// The scene is drawn: far from one flat colour.
	colours := map[[3]uint32]bool{}
	for y := 0; y < 720; y += 16 {
		for x := 0; x < 1280; x += 16 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 12, g >> 12, b >> 12}] = true
		}
	}
	if len(colours) < 8 {
		t.Errorf("the screenshot has %d distinct colours, want a scene", len(colours))
	}
}

func TestWindowedSize(t *testing.T) {
	needDisplay(t)
	shot := filepath.Join(t.TempDir(), "small.png")
	r := sample(t, nil, "-frames", "5", "-width", "640", "-height", "360", "-start", "title", "-screenshot", shot)
	if r.code != 0 {
		t.Fatalf("exit status %d\n%s", r.code, r.stderr)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 640 || cfg.Height != 360 {
		t.Errorf("the screenshot: %dx%d, %v; want 640x360", cfg.Width, cfg.Height, err)
	}
}
