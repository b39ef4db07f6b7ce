//go:build unix

package engine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// signalChild is set in the process TestSignalsEndTheGameCleanly starts:
// signals go to that process alone, not to the test binary running every
// other test.
const signalChild = "TICKWORK_SIGNAL_CHILD"

// TestSignalsEndTheGameCleanly: SIGINT ends the game through the normal
// quit path at the next frame (states are exited); a second one, while a
// state's Exit hangs, exits the process at once with status 130.
func TestSignalsEndTheGameCleanly(t *testing.T) {
	if os.Getenv(signalChild) == "1" {
		signalChildMain()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSignalsEndTheGameCleanly$")
	cmd.Env = append(os.Environ(), signalChild+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(out)
	expect := func(want string) {
		t.Helper()
		for lines.Scan() {
			if strings.Contains(lines.Text(), want) {
				return
			}
			if strings.HasPrefix(lines.Text(), "FAIL:") {
				t.Fatal(lines.Text())
			}
		}
		t.Fatalf("the game never said %q", want)
	}
	expect("ready")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	expect("exiting")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 {
			t.Errorf("second SIGINT: got %v, want exit status 130", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("second SIGINT: the process did not exit within 10 s")
	}
}

// slowExit is a state whose Exit hangs, as a slow save would: a second
// signal must not wait for it.
type slowExit struct{}

func (slowExit) Tick(*TickContext) error { return nil }
func (slowExit) Draw(*DrawContext)       {}
func (slowExit) Exit(*Context) error {
	fmt.Println("exiting")
	time.Sleep(10 * time.Second)
	fmt.Println("FAIL: the second signal did not end the process")
	os.Exit(1)
	return nil
}

// signalChildMain is the game the test signals.
func signalChildMain() {
	fail := func(format string, args ...any) {
		fmt.Printf("FAIL: "+format+"\n", args...)
		os.Exit(1)
	}
	g, err := New(Options{Signals: SignalsHandle, Clock: &ManualClock{}, NoPacing: true, Logf: func(string, ...any) {}})
	if err != nil {
		fail("%v", err)
	}
	sink := &endLog{}
	g.AddTickSink(sink)
	if err := g.Start(&nullWindow{640, 480}, &NullRenderer{}, slowExit{}); err != nil {
		fail("%v", err)
	}
	fmt.Println("ready")
	deadline := time.Now().Add(10 * time.Second)
	for !g.Interrupted() {
		if err := g.RunFrame(); err != nil {
			fail("frame before the signal: %v", err)
		}
		if time.Now().After(deadline) {
			fail("no SIGINT seen")
		}
		time.Sleep(time.Millisecond)
	}
	// The next frame ends the game: the sinks first (a recording is
	// finalised), then the states exit, and slowExit hangs there.
	g.RunFrame()
	fail("the game ended although Exit hangs")
}

// TestHeadlessLeavesSignalsAlone: by default a headless game installs no
// handler (a test binary's Ctrl-C must still stop it).
func TestHeadlessLeavesSignalsAlone(t *testing.T) {
	h, err := NewHeadless(Options{}, &probe{name: "p", log: &journal{}})
	if err != nil {
		t.Fatal(err)
	}
	if h.Game.sig.ch != nil {
		t.Error("got a signal handler in a headless game, want none by default")
	}
	g, err := New(Options{Signals: SignalsIgnore, Clock: &ManualClock{}, NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Start(&nullWindow{1, 1}, &NullRenderer{}, &probe{name: "p", log: &journal{}}); err != nil {
		t.Fatal(err)
	}
	if g.sig.ch != nil {
		t.Error("got a signal handler with SignalsIgnore, want none")
	}
	if err := g.Stop(); err != nil {
		t.Fatal(err)
	}
}
