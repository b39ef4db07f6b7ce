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

// SplitBulkTicker is a BulkTicker whose tick may be split across cores:
// when its members are many (tens of thousands, see splitMinBulk) and
// GOMAXPROCS allows, Tick calls TickSplit instead of TickBulk, once for
// each of consecutive disjoint parts of the actors TickBulk would get, in
// order, from several goroutines at once; otherwise it calls TickBulk.
//
// A BulkTicker may implement it only if ticking the parts at the same time
// gives the scene ticking them all at once gives: TickSplit may change
// only the Local of the actors it is given (and its own data for those
// actors), may read only what no part changes (its actors, other actors'
// World, m.Env()), and must not change the scene through m (no Spawn,
// Remove, SetParent, Teleport, SetBehavior or Hash). The errors the parts
// return are joined in the parts' order and reported as TickBulk's are
// (for the same report on every machine, whether or not it splits, return
// errors.Join of one error per failing actor from both methods); a part
// that panics ends the tick with a *PanicError (the first such part's),
// as TickBulk's panic does.
type SplitBulkTicker interface {
	BulkTicker
	TickSplit(actors []*Actor, t timing.TickInfo, m *Manager) error
}

// bulkGroup is the manager's record of one BulkTicker.
type bulkGroup struct {
	b       BulkTicker
	split   SplitBulkTicker // b, if it may be split
	members []Handle        // in joining order; removed ones are dropped at the next tick
	gone    int             // members removed since members was last compacted
	batch   []*Actor        // this tick's members, reused
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
	g.split, _ = b.(SplitBulkTicker)
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
		if err := m.tickGroup(g, batch, t); err != nil {
			errs = append(errs, fmt.Errorf("scene: tick %d: bulk ticker %T: %w", t.Index, g.b, err))
		}
	}
	return errs
}

// tickGroup ticks batch, g's members this tick: split across cores if g
// may be and batch is large enough, else in one TickBulk call.
func (m *Manager) tickGroup(g *bulkGroup, batch []*Actor, t timing.TickInfo) error {
	if g.split == nil {
		return g.b.TickBulk(batch, t, m)
	}
	ways := m.splitWays(len(batch), splitMinBulk)
	if ways < 2 {
		return g.b.TickBulk(batch, t, m)
	}
	parts := (len(batch) + splitBulkBlock - 1) / splitBulkBlock
	m.runSplit(ways, splitJob{tasks: parts, kind: splitBulkPass, bulk: g.split, batch: batch, t: t})
	p := m.split
	var first *PanicError
	errs := p.errs[:0] // the parts' errors, in order, gathered in place
	for i := range parts {
		if p.panics[i] != nil && first == nil {
			first = p.panics[i]
		}
		if p.errs[i] != nil {
			errs = append(errs, p.errs[i])
		}
	}
	err := joinErrors(errs)
	clear(p.errs[:parts]) // keep no references to errors or panics
	clear(p.panics[:parts])
	if first != nil {
		panic(first) // Tick's recover keeps a *PanicError as it is
	}
	return err
}

// bulkPart runs task i of a split bulk pass, recording its error or its
// panic.
func (j splitJob) bulkPart(i int) {
	defer func() {
		if r := recover(); r != nil {
			j.panics[i] = j.m.caught("Tick", r)
		}
	}()
	lo, hi := i*splitBulkBlock, min((i+1)*splitBulkBlock, len(j.batch))
	j.errs[i] = j.bulk.TickSplit(j.batch[lo:hi], j.t, j.m)
}
