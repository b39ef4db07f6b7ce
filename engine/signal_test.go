//go:build unix

package engine

import (
	"errors"
	"syscall"
	"testing"
	"time"
)

// TestSignalsEndTheGameCleanly: SIGINT ends the game through the normal
// quit path at the next frame (sinks closed, states exited); a second one
// exits at once with status 130.
func TestSignalsEndTheGameCleanly(t *testing.T) {
	log := &journal{}
	g, err := New(Options{Signals: SignalsHandle, Clock: &ManualClock{}, NoPacing: true, Logf: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	codes := make(chan int, 1)
	g.exit = func(c int) { codes <- c }
	sink := &endLog{}
	g.AddTickSink(sink)
	if err := g.Start(&nullWindow{640, 480}, &NullRenderer{}, &probe{name: "p", log: log}); err != nil {
		t.Fatal(err)
	}
	if err := g.Frame(); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first signal", g.Interrupted)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-codes:
		if c != 130 {
			t.Errorf("second SIGINT: got exit status %d, want 130", c)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("second SIGINT: no exit within 5 s")
	}
	if err := g.Frame(); !errors.Is(err, ErrQuit) {
		t.Fatalf("frame after SIGINT: got %v, want ErrQuit (a clean end)", err)
	}
	if !sink.ended || !sink.closed {
		t.Errorf("got sink ended=%v closed=%v, want the recording finalised", sink.ended, sink.closed)
	}
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

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not seen within 5 s", what)
		}
		time.Sleep(time.Millisecond)
	}
}
