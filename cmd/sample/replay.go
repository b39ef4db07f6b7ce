package main

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
)

// hashEvery is how often a recording stores the game's hash, in ticks: a
// replay that diverges is caught within this many ticks.
const hashEvery = 30

// record makes g record its run to path, from its first tick; the engine
// finishes the file, atomically, when the game ends.
func record(g *engine.Game, path, initial string) error {
	rec, err := replay.Create(path, replay.Header{
		TickRate: g.TickRate(), Seed: g.Options().Seed, InitialState: initial, HashEvery: hashEvery,
	})
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	g.AddTickSink(rec)
	return nil
}

// attachReplay makes the recording p supply g's input, tick by tick, and
// check g's hash where it has one. Past its last tick the game gets no
// input and nothing is checked.
func attachReplay(g *engine.Game, p *replay.Player) error {
	if err := p.Check(g); err != nil {
		return err
	}
	g.SetTickSource(p)
	g.AddTickSink(p)
	return nil
}

// hashAt is a tick sink that keeps Game.Hash after one given tick: the
// state a run or a recording ends in, even if the game quits in that tick.
type hashAt struct {
	tick uint64
	hash uint64
	ok   bool
}

func (s *hashAt) TickInput(uint64, []input.Event) error { return nil }

func (s *hashAt) TickDone(tick uint64, g *engine.Game) error {
	if tick == s.tick {
		s.hash, s.ok = g.Hash(), true
	}
	return nil
}

func (s *hashAt) Close() error { return nil }
