package engine

import (
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// SignalPolicy says whether a game ends cleanly on Ctrl-C (SIGINT) and
// SIGTERM.
type SignalPolicy uint8

const (
	// SignalsAuto (the default) handles them in a game run with a window
	// (Run, or Start and RunFrame) and leaves them alone headless.
	SignalsAuto SignalPolicy = iota
	// SignalsHandle handles them in every game, headless too (a long
	// headless run that is recording).
	SignalsHandle
	// SignalsIgnore never installs the handler: the process keeps its
	// default (or the program's own) behaviour.
	SignalsIgnore
)

// interrupts ends a game cleanly on SIGINT or SIGTERM: the first signal
// makes the next frame end the game through the normal quit path (tick
// sinks see the end, so a recording is finalised; states exit top first;
// Run returns nil). A second signal exits the process at once, with status
// 130 (SIGINT) or 143 (SIGTERM), after a one-line message. Only the main
// loop reads the flag it sets; the goroutine that waits for signals is the
// only other party.
type interrupts struct {
	ch   chan os.Signal
	done chan struct{}
	got  atomic.Int32 // the first signal's number, 0 until one came
}

// start installs the handler. exit is os.Exit outside tests. The goroutine
// it starts only stores the first signal (the loop logs it, so a game's
// Logf is only ever called on the main goroutine) and exits on the second.
func (in *interrupts) start(exit func(int)) {
	in.ch = make(chan os.Signal, 2)
	in.done = make(chan struct{})
	signal.Notify(in.ch, os.Interrupt, syscall.SIGTERM)
	go func(ch chan os.Signal, done chan struct{}) {
		for n := 0; ; n++ {
			select {
			case <-done:
				return
			case s := <-ch:
				num := int32(syscall.SIGINT)
				if s == syscall.SIGTERM {
					num = int32(syscall.SIGTERM)
				}
				if n == 0 {
					in.got.Store(num)
					continue
				}
				fmt.Fprintf(os.Stderr, "tickwork: second %v: exiting at once\n", s)
				exit(128 + int(num))
				return
			}
		}
	}(in.ch, in.done)
}

// stop removes the handler. It does nothing when none was installed.
func (in *interrupts) stop() {
	if in.ch == nil {
		return
	}
	signal.Stop(in.ch)
	close(in.done)
	in.ch = nil
}

// requested reports whether a first signal came. It does not allocate.
func (in *interrupts) requested() bool { return in.got.Load() != 0 }

// name returns the first signal's name.
func (in *interrupts) name() string {
	if in.got.Load() == int32(syscall.SIGTERM) {
		return "SIGTERM"
	}
	return "SIGINT"
}

// Interrupted reports whether the game was ended by SIGINT or SIGTERM (see
// Options.Signals), so that main can choose its exit status.
func (g *Game) Interrupted() bool { return g.sig.requested() }
