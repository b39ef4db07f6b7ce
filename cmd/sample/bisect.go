package main

import (
	"fmt"
	"io"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/replay"
)

// runBisect replays the recording headless at 60 fps and at 7 fps±50% and
// prints where and what diverges (replay.Bisect). It exits 0 when nothing
// diverges and 1 when something does. A recording whose hashes cannot be
// compared (another hash scheme or scene) is bisected across the two frame
// rates only, and the output says it cannot be bisected against the
// recording, and why.
func runBisect(f *demo.Flags, p *plan, stdout, stderr io.Writer) int {
	newGame := func() (engine.State, error) { return demo.NewState(p.start, p.cfg) }
	opts := p.opts
	opts.Signals = engine.SignalsHandle
	opts.Logf = func(string, ...any) {} // the 7 fps run is slow on purpose
	b, err := replay.Bisect(p.play, opts, newGame, engine.Steady(60), engine.Jittered(7, 0.5, f.Seed))
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "bisect %s (%d ticks): %s\n", f.Replay, p.play.Ticks(), b)
	if b.Paced || b.Recorded {
		return 1
	}
	return 0
}
