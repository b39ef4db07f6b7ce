package replay

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// Bisection is what Bisect found.
type Bisection struct {
	// Paced is true when the two pacings disagree; Tick is then the first
	// tick after which their hashes differ, and What names the first
	// difference in the state there (engine.Diff).
	Paced bool
	Tick  uint64
	What  string

	// Recorded is true when the game disagrees with a hash stored in the
	// recording (only when the hashes are comparable). The game diverged
	// after tick After (the last stored hash that matched; -1 if none)
	// and by tick By (the first that did not): exactly at By when the
	// recording stored a hash every tick (HashEvery 1).
	Recorded  bool
	After, By int64
	Exact     bool

	// Unchecked is why the game was not compared with the recording's
	// hashes (Player.Unchecked), or "" when it was.
	Unchecked string
}

// String says what was found in one or two lines.
func (b Bisection) String() string {
	s := ""
	if b.Paced {
		s = fmt.Sprintf("the replay gives different games at different frame rates: they first differ after tick %d: %s", b.Tick, b.What)
	} else {
		s = "the replay gives the same game at both frame rates"
	}
	if b.Recorded {
		if b.Exact {
			s += fmt.Sprintf("\nthe game first differs from the recording after tick %d", b.By)
		} else {
			s += fmt.Sprintf("\nthe game differs from the recording by tick %d: it matched at tick %d, so it diverged in ticks %d to %d (record with a hash every tick to name the tick exactly)",
				b.By, b.After, b.After+1, b.By)
		}
	}
	if b.Unchecked != "" {
		s += "\nthe game cannot be bisected against the recording: " + b.Unchecked + ", so its hashes cannot be compared; only the two frame rates were compared"
	}
	return s
}

// Bisect finds the first divergent tick of a replay, and what diverged.
// It replays p in two games, each built by newGame with the recording's
// tick rate and seed, at the two pacings a and b (say 60 fps and 7 fps
// with jitter), hashing each after every tick. Where the two first differ
// (the game depends on the frame rate, which the engine promises against,
// or on something else that is not replayed: a clock, map order), it runs
// both again to that tick and compares their states part by part, naming
// the state, scene, actor and field (engine.Diff). It also compares the
// first game with the hashes the recording holds, when they are
// comparable (HashesComparable); when they are not, the Bisection says why
// (Unchecked) and compares only the two pacings.
//
// It runs headless and allocates freely: it is a diagnostic tool.
func Bisect(p *Player, opts engine.Options, newGame func() (engine.State, error), a, b engine.FrameTimes) (Bisection, error) {
	var out Bisection
	ha, err := bisectRun(p, opts, newGame, a, ^uint64(0))
	if err != nil {
		return out, err
	}
	hb, err := bisectRun(p, opts, newGame, b, ^uint64(0))
	if err != nil {
		return out, err
	}
	for i := range min(len(ha.hashes), len(hb.hashes)) {
		if ha.hashes[i] != hb.hashes[i] {
			out.Paced, out.Tick = true, uint64(i)
			break
		}
	}
	if out.Paced {
		da, err := bisectRun(p, opts, newGame, a, out.Tick)
		if err != nil {
			return out, err
		}
		db, err := bisectRun(p, opts, newGame, b, out.Tick)
		if err != nil {
			return out, err
		}
		out.What = engine.Diff(da.digest, db.digest)
		if out.What == "" {
			out.What = "the hashes differ but no part of the state does (a Hasher that is not deterministic?)"
		}
	}
	out.Unchecked = p.Unchecked()
	if p.HashesComparable() {
		out.After = -1
		every := uint64(p.h.HashEvery)
		for i, want := range p.hashes {
			tick := uint64(i) * every
			if tick >= uint64(len(ha.hashes)) {
				break
			}
			if ha.hashes[tick] != want {
				out.Recorded, out.By, out.Exact = true, int64(tick), every == 1 || tick == 0
				break
			}
			out.After = int64(tick)
		}
	}
	return out, nil
}

// bisectLog is the tick sink of a bisection run: the hash after every
// tick, and the digest after tick at.
type bisectLog struct {
	at     uint64
	hashes []uint64
	digest engine.Digest
}

func (l *bisectLog) TickInput(uint64, []input.Event) error { return nil }
func (l *bisectLog) TickDone(tick uint64, g *engine.Game) error {
	l.hashes = append(l.hashes, g.Hash())
	if tick == l.at {
		l.digest = g.Digest()
	}
	return nil
}
func (l *bisectLog) Close() error { return nil }

// bisectRun replays p headless with frames from pace, up to tick stop
// (or the whole recording), and logs it.
func bisectRun(p *Player, opts engine.Options, newGame func() (engine.State, error), pace engine.FrameTimes, stop uint64) (*bisectLog, error) {
	first, err := newGame()
	if err != nil {
		return nil, err
	}
	opts.TickRate, opts.Seed = p.h.TickRate, p.h.Seed
	h, err := engine.NewHeadless(opts, first)
	if err != nil {
		return nil, err
	}
	defer h.Close()
	if err := p.Check(h.Game); err != nil {
		return nil, err
	}
	log := &bisectLog{at: stop}
	h.Game.SetTickSource(p)
	h.Game.AddTickSink(log)
	n := p.Ticks()
	if stop < n {
		n = stop + 1
	}
	if err := h.RunTicks(n, pace); err != nil && h.Game.Time().Ticks() < n {
		return log, fmt.Errorf("replay: bisecting: the game ended after %d of %d ticks: %w", h.Game.Time().Ticks(), n, err)
	}
	return log, nil
}
