package scene

import (
	"fmt"
	"reflect"

	"github.com/tickwork/tickwork/timing"
)

// BulkTicker ticks many actors of one kind in one call per tick: the actors
// spawned with it as Spec.Bulk. Fifty thousand spinning cubes are then one
// call over a slice instead of fifty thousand interface calls, and the
// behaviour can keep their data in its own dense arrays (an actor's
// Behavior, given at spawn, is a convenient key into them).
//
// Tick calls TickBulk after the per-actor Ticker behaviours, once per
// BulkTicker, in the order in which the BulkTickers were first given to
// Spawn; actors is its live members in the order they joined, leaving out
// those spawned during the current tick (as Ticker does). TickBulk runs on
// the main goroutine and may do whatever a Ticker may: change the actors'
// Local, read others, spawn, remove and reparent through m. actors is
// reused by the next tick: do not keep it. An error is reported by
// Manager.Tick, wrapped with the BulkTicker's type, after the tick has
// completed; a panic ends the tick with a *PanicError naming no actor.
type BulkTicker interface {
	TickBulk(actors []*Actor, t timing.TickInfo, m *Manager) error
}

// bulkGroup is the manager's record of one BulkTicker.
type bulkGroup struct {
	b       BulkTicker
	members []Handle // in joining order; removed ones are dropped at the next tick
	gone    int      // members removed since members was last compacted
	batch   []*Actor // this tick's members, reused
}

// Bulk returns the BulkTicker the actor was spawned with, nil for none.
func (a *Actor) Bulk() BulkTicker {
	g := a.ch.bulk[a.k()]
	if g == nil {
		return nil
	}
	return g.b
}

// bulkGroupOf returns the group of b, adding one if b is new. It fails if
// b cannot be compared with ==, as a key must be.
func (m *Manager) bulkGroupOf(b BulkTicker) (*bulkGroup, error) {
	if !reflect.TypeOf(b).Comparable() {
		return nil, fmt.Errorf("scene: spawn: Spec.Bulk of type %T is not comparable: use a pointer", b)
	}
	for _, g := range m.bulks {
		if g.b == b {
			return g, nil
		}
	}
	g := &bulkGroup{b: b}
	m.bulks = append(m.bulks, g)
	return g, nil
}

// joinBulk adds a, just spawned, to group g.
func (m *Manager) joinBulk(a *Actor, g *bulkGroup) {
	a.ch.bulk[a.k()] = g
	g.members = append(g.members, a.Handle())
}

// tickBulk runs the BulkTickers for Tick, appending their errors to errs.
func (m *Manager) tickBulk(t timing.TickInfo, errs []error) []error {
	for _, g := range m.bulks {
		batch := g.batch[:0]
		members := g.members
		if g.gone > 0 {
			members = members[:0] // compact in place, dropping removed actors
		}
		for _, h := range g.members {
			ch, k := m.col(h.Index())
			f := ch.flags[k]
			if ch.handle[k] != h || f&flagAlive == 0 {
				continue
			}
			if g.gone > 0 {
				members = append(members, h)
			}
			if f&flagFresh == 0 {
				batch = append(batch, &ch.a[k])
			}
		}
		if g.gone > 0 {
			clear(g.members[len(members):])
			g.members, g.gone = members, 0
		}
		g.batch = batch
		if len(batch) == 0 {
			continue
		}
		m.running = 0
		if err := g.b.TickBulk(batch, t, m); err != nil {
			errs = append(errs, fmt.Errorf("scene: tick %d: bulk ticker %T: %w", t.Index, g.b, err))
		}
	}
	return errs
}
