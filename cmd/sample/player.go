package main

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// player is a recording being replayed: the input of every tick
// (TickSource) and the check of the game after each (TickSink).
type player struct {
	engine.TickSource
	engine.TickSink
	check func(*engine.Game) error
	n     uint64
	final func() (uint64, bool)
	hdr   replayHeader
}

// replayHeader is what a recording says about the run it holds.
type replayHeader struct {
	tickRate int
	seed     uint64
	initial  string // demo.StateName
}

func (p *player) header() replayHeader { return p.hdr }

// ticks returns the number of ticks recorded.
func (p *player) ticks() uint64 { return p.n }

// finalHash returns the hash after the last tick, if the recording has it.
func (p *player) finalHash() (uint64, bool) { return p.final() }

// attach makes the recording drive g's input and check g after each tick.
func (p *player) attach(g *engine.Game) error {
	if err := p.check(g); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	g.SetTickSource(p)
	g.AddTickSink(p)
	return nil
}

// attachViewer is attach for a replay watched in a window, which runs as
// many ticks as real time asks: past the recording's last tick the game
// gets no input and nothing is checked. The viewer reports when that last
// tick has run and the hash it ended with.
func (p *player) attachViewer(g *engine.Game) (*viewer, error) {
	if err := p.check(g); err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	v := &viewer{p: p}
	g.SetTickSource(p)
	g.AddTickSink(v)
	return v, nil
}

// viewer is the recording's tick sink, noting when its last tick has run.
type viewer struct {
	p        *player
	done     bool   // the last recorded tick has run
	hash     uint64 // Game.Hash after it
	reported bool
}

func (v *viewer) TickInput(tick uint64, events []input.Event) error {
	return v.p.TickInput(tick, events)
}

func (v *viewer) TickDone(tick uint64, g *engine.Game) error {
	err := v.p.TickDone(tick, g)
	if tick+1 == v.p.n {
		v.done, v.hash = true, g.Hash()
	}
	return err
}

func (v *viewer) Close() error { return v.p.Close() }
