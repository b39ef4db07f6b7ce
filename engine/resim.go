package engine

import (
	"fmt"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// slot returns the ring slot of the snapshot taken before tick t.
func (rb *rollback) slot(t uint64) *gameSnap { return &rb.ring[t%uint64(rb.window)] }

// canRewind reports why the game cannot be rewound to tick from present
// (the next tick to run), or nil.
func (g *Game) canRewind(tick, present uint64) error {
	rb := &g.rb
	if rb.window == 0 {
		return fmt.Errorf("engine: Rewind(%d): rollback is off: call Rollback().Enable(window) first", tick)
	}
	if tick > present {
		return fmt.Errorf("engine: Rewind(%d): that tick has not run yet (the next tick is %d)", tick, present)
	}
	if tick == present {
		return nil
	}
	s := rb.slot(tick)
	if present-tick > uint64(rb.window) || !s.valid || s.ti.Index != tick {
		return fmt.Errorf("engine: Rewind(%d): only the last %d ticks are kept (the next tick is %d): rewind to tick %d or later, or Enable a longer window",
			tick, rb.window, present, present-min(present, uint64(rb.window)))
	}
	if s.stack != rb.stack {
		return fmt.Errorf("engine: Rewind(%d): %w (a state was pushed, popped or replaced since): a rollback cannot cross it", tick, ErrRollbackStack)
	}
	if s.rate != g.sched.Rate() || s.scale != g.sched.TimeScale() || s.paused != g.sched.Paused() {
		return fmt.Errorf("engine: Rewind(%d): the tick rate, time scale or pause changed since that tick: a rollback cannot cross it", tick)
	}
	return nil
}

// save takes the snapshot of the state before tick ti runs, whose input is
// evs. It allocates nothing once the ring's buffers have grown.
func (g *Game) save(ti timing.TickInfo, evs []input.Event) { g.saveInto(g.rb.slot(ti.Index), ti, evs) }

// saveInto takes a snapshot into s.
func (g *Game) saveInto(s *gameSnap, ti timing.TickInfo, evs []input.Event) {
	s.valid, s.ti, s.stack = true, ti, g.rb.stack
	s.rate, s.scale, s.paused = g.sched.Rate(), g.sched.TimeScale(), g.sched.Paused()
	s.pcg = *g.pcg
	s.in = *g.in
	s.in.events, s.in.chars = nil, nil // rebuilt by each tick
	s.below = g.stepBelow
	g.mixer.SaveState(&s.mixer)
	s.events = append(s.events[:0], evs...)
	for len(s.entries) < len(g.stack) {
		s.entries = append(s.entries, entrySnap{})
	}
	for i, e := range g.stack {
		es := &s.entries[i]
		es.clock = e.clock
		es.posted = append(es.posted[:0], e.posted...)
		es.n = 0
		if e.scenes != nil {
			g.mark(e, "Scenes", -1)
			for j, m := range scenesOf(e.scenes, &g.sbHash) {
				g.mark(e, "snapshot (Describe of a behaviour)", j)
				if j == len(es.scenes) {
					es.scenes = append(es.scenes, scene.Snapshot{})
				}
				_ = m.Save(&es.scenes[j]) // fails only during the scene's tick, and this is between ticks
				es.n++
			}
		}
		es.saved = false
		if d, ok := e.state.(fields.Describer); ok {
			g.mark(e, "Describe", -1)
			es.data, es.saved = s.codec.Save(d, es.data[:0]), true
		}
	}
	clear(s.entries[len(g.stack):])
}

// restore puts back the snapshot taken before tick t, checked already by
// canRewind.
func (g *Game) restore(t uint64) error { return g.restoreFrom(g.rb.slot(t), t) }

// restoreFrom puts back the snapshot s, taken before tick t.
func (g *Game) restoreFrom(s *gameSnap, t uint64) error {
	*g.pcg = s.pcg
	ev, ch := g.in.events, g.in.chars
	*g.in = s.in
	g.in.events, g.in.chars = ev[:0], ch[:0]
	g.stepBelow = s.below
	g.mixer.RestoreState(&s.mixer)
	for i, e := range g.stack {
		es := &s.entries[i]
		e.clock = es.clock
		clear(e.posted)
		e.posted = append(e.posted[:0], es.posted...)
		if e.scenes != nil {
			g.mark(e, "Scenes", -1)
			ms := scenesOf(e.scenes, &g.sbHash)
			if len(ms) != es.n {
				return fmt.Errorf("engine: rewinding to tick %d: state %s has %d scenes now and had %d then: a rollback cannot cross it", t, e.name, len(ms), es.n)
			}
			for j, m := range ms {
				g.mark(e, "restore (Describe of a behaviour)", j)
				if err := m.Restore(&es.scenes[j]); err != nil {
					return fmt.Errorf("engine: rewinding to tick %d: state %s, scene %d: %w", t, e.name, j, err)
				}
			}
		}
		if es.saved {
			g.mark(e, "Describe", -1)
			if _, err := s.codec.Load(e.state.(fields.Describer), es.data); err != nil {
				return fmt.Errorf("engine: rewinding to tick %d: state %s: %w", t, e.name, err)
			}
		}
	}
	return nil
}

// resimulate restores the state before tick and runs the ticks from tick to
// present-1 again.
func (g *Game) resimulate(tick, present uint64) error {
	rb := &g.rb
	if err := g.restore(tick); err != nil {
		return err
	}
	for _, s := range g.sinks {
		if r, ok := s.(Resimulator); ok && !rb.sync.checking {
			g.markSink("TickSink", s)
			r.TickRewound(tick)
		}
	}
	rb.resim = true
	defer func() { rb.resim = false }()
	for t := tick; t < present; t++ {
		if err := g.rerun(t); err != nil {
			return err
		}
	}
	rb.stats.Count++
	rb.stats.Ticks += present - tick
	rb.stats.MaxDepth = max(rb.stats.MaxDepth, int(present-tick))
	return nil
}

// rerun runs tick t again, with its input asked again from the TickSource
// or, without one, as it was delivered the first time.
func (g *Game) rerun(t uint64) error {
	rb := &g.rb
	s := rb.slot(t)
	ti := s.ti
	evs := rb.evs[:0]
	if g.source != nil {
		var err error
		g.markSink("TickSource", g.source)
		if evs, err = g.source.TickEvents(t, evs); err != nil {
			return fmt.Errorf("engine: input for tick %d run again: %w", t, err)
		}
		evs = g.dropUnknown(t, evs)
	} else {
		evs = append(evs, s.events...)
	}
	rb.evs = evs
	g.save(ti, evs)
	if err := g.runTick(ti, evs); err != nil {
		return err
	}
	if rb.sync.checking {
		rb.sync.compare(t, g.Hash())
	}
	return nil
}
