package main

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/replay"
)

// HashEvery is how often a recording stores the game's hash, in ticks: a
// replay that diverges is caught within this many ticks.
const hashEvery = 30

// record makes g record its run to path; the engine finishes the file when
// the game ends.
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

// openReplay opens a recording.
func openReplay(path string) (*player, error) {
	p, err := replay.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	h := p.Header()
	n := p.Ticks()
	return &player{
		TickSource: p,
		TickSink:   p,
		check:      p.Check,
		n:          n,
		final:      p.FinalHash,
		hdr:        replayHeader{tickRate: h.TickRate, seed: h.Seed, initial: h.InitialState},
	}, nil
}
