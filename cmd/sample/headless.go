package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/replay"
)

// runHeadless runs the game without a window, on a manual clock, for
// exactly -ticks ticks (a replay: the recording's length) with frames of
// -fps and -jitter, then prints "ticks=N hash=H" as its last line: H is
// Game.Hash after the N-th tick.
func runHeadless(f *demo.Flags, p *plan, stdout, stderr io.Writer) int {
	first, err := demo.NewState(p.start, p.cfg)
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	p.opts.Signals = engine.SignalsHandle // Ctrl-C still finalises a recording
	h, err := engine.NewHeadless(p.opts, first)
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	if f.Online() {
		return runNetHeadless(f, p, h, stdout, stderr)
	}
	ticks := uint64(f.Ticks)
	err = h.Game.Rollback().SyncTest(f.SyncTest) // -synctest; 0: off
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	if p.play != nil {
		ticks = p.play.Ticks()
		err = attachReplay(h.Game, p.play)
	} else if f.Record != "" {
		err = record(h.Game, f.Record, p.start, p.cfg)
	}
	var mix *mixRecorder
	if f.AudioOut != "" && err == nil {
		mix, err = recordMix(h.Game, f.AudioOut)
	}
	final := &hashAt{tick: ticks - 1}
	if ticks == 0 { // an empty recording
		final.hash, final.ok = h.Game.Hash(), true
	}
	h.Game.AddTickSink(final)
	if err == nil {
		err = h.RunTicks(ticks, f.FrameTimes())
		if errors.Is(err, engine.ErrQuit) && h.Game.Time().Ticks() == ticks {
			err = nil // the game quit on its last tick (a replayed Q)
		}
	}
	if cerr := h.Close(); err == nil {
		err = cerr // closing finishes a recording and checks a replay's end
	}
	if err == nil && mix != nil {
		err = mix.finish(h.Game)
	} else {
		mix.abort()
	}
	if err == nil && !final.ok {
		err = fmt.Errorf("the game ended after %d of %d ticks", h.Game.Time().Ticks(), ticks)
	}
	if err == nil && p.play != nil {
		// Compared only where the recording's hashes can be (Unchecked).
		var de *replay.DivergenceError
		if errors.As(p.play.CheckFinal(final.hash), &de) {
			err = fmt.Errorf("replay %s: the final hash is %016x, the recording says %016x", f.Replay, de.Got, de.Want)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "ticks=%d hash=%016x\n", ticks, final.hash)
	return 0
}

// runNetHeadless plays -ticks ticks of a two-player match without a
// window, one tick per frame as fast as the session allows, waits until
// both machines have settled them, and prints "ticks=N hash=H": the same
// on both machines.
func runNetHeadless(f *demo.Flags, p *plan, h *engine.Headless, stdout, stderr io.Writer) int {
	n, err := startNet(f, h.Game, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		h.Close()
		return 1
	}
	defer n.s.Close()
	if f.Record != "" {
		err = recordNet(n, h.Game, f.Record, p.start, p.cfg)
	}
	ticks := uint64(f.Ticks)
	for err == nil && h.Game.Time().Ticks() < ticks {
		if err = n.poll(h.Game); err == nil {
			err = h.RunTicks(1, nil)
		}
	}
	if err == nil {
		err = n.settle(h.Game, ticks)
	}
	hash := h.Game.Hash()
	if cerr := h.Close(); err == nil {
		err = cerr // closing finishes a recording
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	if n.left {
		fmt.Fprintln(stderr, "sample: the other machine settled and closed first; the last ticks ran from the confirmed input")
	}
	st := n.s.Stats()
	fmt.Fprintf(stderr, "sample: match: %d rollbacks (%d ticks run again, deepest %d), %d stalls, %d hashes compared, %d packets sent, %d received\n",
		st.Rollbacks, st.RollbackTicks, st.MaxRollback, st.Stalls, st.HashesCompared, st.Sent, st.Received)
	fmt.Fprintf(stdout, "ticks=%d hash=%016x\n", ticks, hash)
	return 0
}
