//go:build unix

package window_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/timing"
)

// wmChild is set in the child process that runs the test under a window
// manager.
const wmChild = "TICKWORK_WM_CHILD"

// startWM runs openbox on the display for the test: Xvfb alone has no
// window manager, so nothing would iconify a window. scripts/deps.sh
// installs openbox; without it the test is skipped with that advice.
func startWM(t *testing.T) {
	t.Helper()
	bin, err := exec.LookPath("openbox")
	if err != nil {
		t.Skip("openbox is not installed (scripts/deps.sh installs it): no window manager to iconify a window under Xvfb")
	}
	cmd := exec.Command(bin, "--sm-disable")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir()) // no user configuration
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting openbox: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	time.Sleep(300 * time.Millisecond) // let it take the display
}

// frameOf is a trivial state.
type frameOf struct{ ticks int }

func (s *frameOf) Tick(*engine.TickContext) error { s.ticks++; return nil }
func (s *frameOf) Draw(*engine.DrawContext)       {}

// TestMinimisedWindowPausesByPolicy: on a real window under a window
// manager, iconifying is detected from the window's iconify state (not a
// 0×0 framebuffer), and Options.Minimised decides: PauseWhenMinimised stops
// ticks while iconified and resumes without a burst on restore;
// KeepTicking keeps ticking.
//
// A window manager acts on every window of its display, so the test runs
// in a child process on a display of its own (xvfb-run -a), never on the
// display the other tests share.
func TestMinimisedWindowPausesByPolicy(t *testing.T) {
	if os.Getenv(wmChild) != "1" {
		xr, err := exec.LookPath("xvfb-run")
		if err != nil {
			t.Skip("xvfb-run is not installed (scripts/deps.sh installs it)")
		}
		cmd := exec.Command(xr, "-a", os.Args[0], "-test.run=^TestMinimisedWindowPausesByPolicy$", "-test.v")
		cmd.Env = append(os.Environ(), wmChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("on a display of its own: %v\n%s", err, out)
		}
		if strings.Contains(string(out), "--- SKIP") {
			t.Skipf("skipped on its own display:\n%s", out)
		}
		if !strings.Contains(string(out), "--- PASS: TestMinimisedWindowPausesByPolicy") {
			t.Fatalf("on a display of its own, the test did not pass:\n%s", out)
		}
		return
	}
	startWM(t)
	for _, policy := range []engine.MinimisePolicy{engine.PauseWhenMinimised, engine.KeepTicking} {
		w := open(t, window.Config{Width: 320, Height: 240, NoVSync: true})
		clk := &engine.ManualClock{}
		g, err := engine.New(engine.Options{Minimised: policy, Clock: clk, NoPacing: true, NoVSync: true, Signals: engine.SignalsIgnore})
		if err != nil {
			t.Fatal(err)
		}
		st := &frameOf{}
		frame := func() {
			t.Helper()
			clk.Advance(timing.Second / 60)
			var err error
			mainthread.Call(func() { err = g.RunFrame() })
			if err != nil {
				t.Fatal(err)
			}
		}
		mainthread.Call(func() { err = g.Start(w, w.Renderer(), st) })
		if err != nil {
			t.Fatal(err)
		}
		for range 10 {
			frame()
		}
		mainthread.Call(func() { err = w.Iconify() })
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		iconified := false
		for !iconified {
			frame()
			mainthread.Call(func() { iconified = w.Iconified() })
			if time.Now().After(deadline) {
				t.Fatalf("%v: the window manager did not iconify the window within 5 s", policy)
			}
			time.Sleep(5 * time.Millisecond)
		}
		before := st.ticks
		for range 60 {
			frame()
		}
		got := st.ticks - before
		if policy == engine.PauseWhenMinimised && (got != 0 || !g.Time().Paused()) {
			t.Errorf("%v: got %d ticks in 1 s iconified (paused %v), want none, paused", policy, got, g.Time().Paused())
		}
		if policy == engine.KeepTicking && (got < 29 || got > 31 || g.Time().Paused()) {
			t.Errorf("%v: got %d ticks in 1 s iconified, want 30 (30 Hz) and not paused", policy, got)
		}
		mainthread.Call(func() { err = w.Restore() })
		if err != nil {
			t.Fatal(err)
		}
		deadline = time.Now().Add(5 * time.Second)
		for iconified {
			frame()
			mainthread.Call(func() { iconified = w.Iconified() })
			if time.Now().After(deadline) {
				t.Fatalf("%v: the window was not restored within 5 s", policy)
			}
			time.Sleep(5 * time.Millisecond)
		}
		before = st.ticks
		frame()
		frame()
		if got := st.ticks - before; g.Time().Paused() || got > 2 {
			t.Errorf("%v: after restoring got %d ticks in 2 frames (paused %v), want at most 2: no burst", policy, got, g.Time().Paused())
		}
		mainthread.Call(func() { err = g.Stop() })
		if err != nil {
			t.Fatal(err)
		}
	}
}
