package replay

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// Player replays a recording: set it as the game's tick source
// (Game.SetTickSource) to feed the recorded input at the recorded ticks,
// and add it as a tick sink (Game.AddTickSink) to check the game's state
// hash wherever the recording has one. Build the game with the recording's
// tick rate and seed (Header) and call Check before the first tick.
//
// The engine calls TickEvents, TickInput and TickDone on the main
// goroutine once per tick; a Player is not safe for concurrent use. It may
// replay several games in turn, each from tick 0.
type Player struct {
	h        Header
	ticks    uint64
	final    uint64
	hasFinal bool
	events   []input.Event // every event, in tick order
	spans    []span        // the ticks that have events, in order
	hashes   []uint64      // hashes[i] is the state hash after tick i·HashEvery
	cur      int           // the span TickEvents looks at first
	// unchecked is why the game's hashes are not compared with the
	// recording's (SetUnchecked), or "".
	unchecked string
}

// span is the events of one tick: events[lo:hi].
type span struct {
	tick   uint64
	lo, hi uint32
}

var (
	_ engine.TickSource = (*Player)(nil)
	_ engine.TickSink   = (*Player)(nil)
)

// Header returns the recording's header.
func (p *Player) Header() Header { return p.h }

// Ticks returns the number of ticks recorded: a replay runs ticks 0 to
// Ticks()-1.
func (p *Player) Ticks() uint64 { return p.ticks }

// FinalHash returns the state hash after the last recorded tick; ok is
// false for a recording without ticks or without a trailer (the readable
// part of a recording that was never finalised). Compare it with a game's
// hash only when HashesComparable; CheckFinal does both.
func (p *Player) FinalHash() (hash uint64, ok bool) { return p.final, p.hasFinal }

// CheckFinal compares hash, a replayed game's Game.Hash after the last
// recorded tick, with the recording's final hash, as TickDone compares the
// hashes along the way: it returns a *DivergenceError when they differ,
// and nil when they agree, when the recording has no final hash, or when
// its hashes cannot be compared (HashesComparable).
func (p *Player) CheckFinal(hash uint64) error {
	if !p.hasFinal || !p.HashesComparable() || p.ticks == 0 || hash == p.final {
		return nil
	}
	return &DivergenceError{Tick: p.ticks - 1, Want: p.final, Got: hash}
}

// HashesComparable reports whether the recording's state hashes can be
// compared with this build's Game.Hash: the recording was made with the
// same engine.HashScheme, and the game has not said otherwise
// (SetUnchecked). When they cannot, the input still replays and TickDone,
// CheckFinal and Bisect compare nothing; tell the user the replay is
// unchecked (Unchecked says why).
func (p *Player) HashesComparable() bool { return p.Unchecked() == "" }

// Unchecked returns why the recording's hashes cannot be compared with
// this build's, as a clause ("it was recorded with state-hash scheme 1 and
// this build hashes with scheme 2"), or "" when they can.
func (p *Player) Unchecked() string {
	switch {
	case p.unchecked != "":
		return p.unchecked
	case p.h.HashScheme != engine.HashScheme:
		return fmt.Sprintf("it was recorded with state-hash scheme %d and this build hashes with scheme %d", p.h.HashScheme, engine.HashScheme)
	}
	return ""
}

// SetUnchecked tells the Player that the recording's hashes cannot be
// compared with the game's for a reason the game knows (its metadata names
// another version of the game's content, say), given as a clause for
// Unchecked. The input still replays; nothing is compared. An empty reason
// is ignored. Call it before the replay starts.
func (p *Player) SetUnchecked(reason string) {
	if reason != "" {
		p.unchecked = reason
	}
}

// Check reports whether g can replay the recording: its tick rate and
// random seed must be the recording's. Call it after building the game and
// before its first tick. (A recording of another hash scheme replays but
// is not checked: see HashesComparable.)
func (p *Player) Check(g *engine.Game) error {
	if g == nil {
		return fmt.Errorf("replay: Check needs a game")
	}
	if got := g.Time().TickRate(); got != p.h.TickRate {
		return fmt.Errorf("replay: the recording was made at %d ticks per second but the game runs at %d: "+
			"build the game with engine.Options{TickRate: %d} to replay it", p.h.TickRate, got, p.h.TickRate)
	}
	want, got := p.h.Seed, g.Options().Seed
	if want == 0 { // the engine's default seed
		want = 1
	}
	if got == 0 {
		got = 1
	}
	if got != want {
		return fmt.Errorf("replay: the recording was made with random seed %d but the game uses seed %d: "+
			"build the game with engine.Options{Seed: %d} to replay it", p.h.Seed, g.Options().Seed, p.h.Seed)
	}
	return nil
}

// TickEvents appends the events recorded for tick to dst; a tick without
// events, or past the last recorded tick, gets none. The engine calls it
// on the main goroutine before each tick; ticks in order are found in
// constant time, others by binary search.
func (p *Player) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	i := p.find(tick)
	if i < len(p.spans) && p.spans[i].tick == tick {
		s := p.spans[i]
		dst = append(dst, p.events[s.lo:s.hi]...)
		i++
	}
	p.cur = i
	return dst, nil
}

// find returns the index of the first span at or after tick.
func (p *Player) find(tick uint64) int {
	i := p.cur
	if i <= len(p.spans) && (i == 0 || p.spans[i-1].tick < tick) && (i == len(p.spans) || p.spans[i].tick >= tick) {
		return i
	}
	lo, hi := 0, len(p.spans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if p.spans[m].tick < tick {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// TickInput does nothing: the Player supplied the tick's events itself.
func (p *Player) TickInput(tick uint64, events []input.Event) error { return nil }

// TickDone checks the game against the recording after tick: at every
// tick with a recorded hash, and at the last recorded tick, g.Hash() must
// be the recorded hash, or TickDone returns a *DivergenceError, which ends
// the game. Past the last recorded tick it checks nothing. The engine calls
// it on the main goroutine after the tick and its stack changes. A
// recording of another hash scheme is not checked (HashesComparable).
func (p *Player) TickDone(tick uint64, g *engine.Game) error {
	if tick >= p.ticks || !p.HashesComparable() {
		return nil
	}
	var want uint64
	switch {
	case p.h.hashed(tick):
		want = p.hashes[tick/uint64(p.h.HashEvery)]
	case tick == p.ticks-1 && p.hasFinal:
		want = p.final
	default:
		return nil
	}
	if got := g.Hash(); got != want {
		return &DivergenceError{Tick: tick, Want: want, Got: got}
	}
	return nil
}

// Close does nothing: a Player holds no resources. The engine calls it when
// the game ends.
func (p *Player) Close() error { return nil }
