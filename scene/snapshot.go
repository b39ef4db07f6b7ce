package scene

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
)

// Snapshot holds a Manager's state between two ticks: every column a tick
// can change (transforms, last-world transforms, parents, handles and
// generations, flags, colours, behaviours), the free list, the hierarchy's order
// (and where each of its depths starts), the bulk groups' members, and the
// fields of every behaviour (and bulk ticker) that is a fields.Describer,
// saved with fields.Codec.
//
// What is not in it: the render matrices (Interpolate recomputes them
// from the restored world and last-world transforms), the viewer, the lens
// and the draw list (per frame), and the fields of behaviours that do not
// describe themselves. Such behaviours must keep no state that a tick
// changes: a restore puts the same behaviour value back on its actor but
// cannot put back fields it does not know; the engine's sync test finds
// those (engine.RollbackControls.SyncTest).
//
// The zero Snapshot is ready to use. Its buffers grow on the first saves and
// are reused: once they have reached the scene's size, Save and Restore
// allocate nothing. A Snapshot belongs to the manager it was first saved
// from.
type Snapshot struct {
	owner   *Manager
	chunks  []*chunkSnap
	nchunks int

	n          int32
	live       int
	free       []int32
	order      []int32
	levels     []int32 // where each depth starts in order (Manager.levels)
	orderDirty bool
	tick       uint64
	cur        uint8
	camera     Handle

	behEpoch uint64 // the behaviour columns' epoch when saved

	bulks  int
	member [][]Handle
	gone   []int

	codec fields.Codec
	data  []byte // described behaviours, in slot order, then bulk tickers
}

// chunkSnap is one chunk's columns as a tick leaves them.
type chunkSnap struct {
	flags    [chunkSize]uint16
	parent   [chunkSize]int32
	wt       [chunkSize][2]Transform
	good     [chunkSize]Transform
	handle   [chunkSize]Handle
	parentH  [chunkSize]Handle
	behavior [chunkSize]any
	children [chunkSize]int32
	tick     [chunkSize]Ticker
	effect   [chunkSize]Effect
	draw     [chunkSize]Drawer
	desc     [chunkSize]fields.Describer
	bulk     [chunkSize]*bulkGroup
	a        [chunkSize]Actor
	color    [chunkSize]gfx.Color
	tickers  int32
	effects  int32
}

// ErrSnapshotOwner is returned by Restore given a snapshot of another
// manager (or none yet).
var ErrSnapshotOwner = errors.New("the snapshot was not saved from this manager")

// Save copies the manager's state into s, reusing s's buffers. Call it
// between ticks on the game's main goroutine; during a tick it fails with
// ErrInTick.
func (m *Manager) Save(s *Snapshot) error {
	if m.inTick {
		return fmt.Errorf("scene: save: %w", ErrInTick)
	}
	for len(s.chunks) < len(m.chunks) {
		s.chunks = append(s.chunks, new(chunkSnap))
	}
	same := s.owner == m && s.behEpoch == m.behEpoch && s.nchunks == len(m.chunks) // behaviour columns saved already
	for c, ch := range m.chunks {
		d := s.chunks[c]
		d.flags, d.parent, d.wt, d.good = ch.flags, ch.parent, ch.wt, ch.good
		d.handle, d.parentH, d.children, d.a, d.color = ch.handle, ch.parentH, ch.children, ch.a, ch.color
		if !same {
			d.behavior, d.tick, d.effect, d.draw, d.desc = ch.behavior, ch.tick, ch.effect, ch.draw, ch.desc
			d.bulk, d.tickers, d.effects = ch.bulk, ch.tickers, ch.effects
		}
	}
	s.behEpoch, s.owner, s.nchunks = m.behEpoch, m, len(m.chunks)
	s.n, s.live, s.orderDirty, s.tick, s.cur, s.camera = m.n, m.live, m.orderDirty, m.tick, m.cur, m.camera
	s.free = append(s.free[:0], m.free...)
	s.order = append(s.order[:0], m.order...)
	s.levels = append(s.levels[:0], m.levels...)
	s.bulks = len(m.bulks)
	for len(s.member) < len(m.bulks) {
		s.member = append(s.member, nil)
		s.gone = append(s.gone, 0)
	}
	for i, g := range m.bulks {
		s.member[i] = append(s.member[i][:0], g.members...)
		s.gone[i] = g.gone
	}

	data := s.data[:0]
	for c, ch := range m.chunks {
		for k, d := range ch.desc[:m.chunkLen(c)] {
			if d != nil && ch.flags[k]&flagAlive != 0 {
				data = s.codec.Save(d, data)
			}
		}
	}
	for _, g := range m.bulks {
		if d, ok := g.b.(fields.Describer); ok {
			data = s.codec.Save(d, data)
		}
	}
	s.data = data
	return nil
}

// Restore puts the manager back in the state s holds: actors spawned since
// are gone, removed ones are back under their old handles, and every
// described behaviour has its saved fields. The picture continues from
// the restored state: the next Interpolate blends the restored last-world
// and world transforms. Call it between ticks on the game's main
// goroutine. It fails, changing nothing, during a tick (ErrInTick) or
// with a snapshot of another manager (ErrSnapshotOwner); a described
// behaviour whose saved fields no longer load (its Describe changed)
// fails with the fields.LoadError naming the actor and the field.
func (m *Manager) Restore(s *Snapshot) error {
	if m.inTick {
		return fmt.Errorf("scene: restore: %w", ErrInTick)
	}
	if s.owner != m {
		return fmt.Errorf("scene: restore: %w", ErrSnapshotOwner)
	}
	const perFrame = flagWorldM | flagSettled | flagStale | flagOutside | flagInside
	for c := len(m.chunks) - 1; c >= s.nchunks; c-- {
		resetChunk(m.chunks[c]) // made after the snapshot: kept for alloc to reuse
		m.spare = append(m.spare, m.chunks[c])
		m.chunks[c] = nil
	}
	m.chunks = m.chunks[:min(s.nchunks, len(m.chunks))]
	for len(m.chunks) < s.nchunks { // dropped by an earlier Restore
		k := len(m.spare) - 1
		m.chunks = append(m.chunks, m.spare[k])
		m.spare = m.spare[:k]
	}
	same := m.behEpoch == s.behEpoch // the behaviour columns hold the snapshot's already
	for c, ch := range m.chunks {
		d := s.chunks[c]
		ch.flags, ch.parent, ch.wt, ch.good = d.flags, d.parent, d.wt, d.good
		ch.handle, ch.parentH, ch.children, ch.a, ch.color = d.handle, d.parentH, d.children, d.a, d.color
		if !same {
			ch.behavior, ch.tick, ch.effect, ch.draw, ch.desc = d.behavior, d.tick, d.effect, d.draw, d.desc
			ch.bulk, ch.tickers, ch.effects = d.bulk, d.tickers, d.effects
		}
		for k := range ch.flags {
			ch.flags[k] &^= perFrame // render matrices are from the present: blend again
			ch.a[k].ch = ch          // the snapshot's chunk may be another spare one
		}
	}
	m.n, m.live, m.orderDirty, m.tick, m.cur, m.camera = s.n, s.live, s.orderDirty, s.tick, s.cur, s.camera
	m.behEpoch = s.behEpoch
	m.free = append(m.free[:0], s.free...)
	m.order = append(m.order[:0], s.order...)
	m.levels = append(m.levels[:0], s.levels...)
	clear(m.bulks[s.bulks:])
	m.bulks = m.bulks[:s.bulks]
	for i, g := range m.bulks {
		g.members = append(g.members[:0], s.member[i]...)
		g.gone = s.gone[i]
	}

	data := s.data
	var err error
	for c, ch := range m.chunks {
		for k, d := range ch.desc[:m.chunkLen(c)] {
			if d == nil || ch.flags[k]&flagAlive == 0 {
				continue
			}
			if data, err = s.codec.Load(d, data); err != nil {
				return fmt.Errorf("scene: restore %v (%T): %w", ch.handle[k], d, err)
			}
		}
	}
	for _, g := range m.bulks {
		if d, ok := g.b.(fields.Describer); ok {
			if data, err = s.codec.Load(d, data); err != nil {
				return fmt.Errorf("scene: restore bulk ticker %T: %w", d, err)
			}
		}
	}
	return nil
}

// resetChunk empties ch as alloc makes it.
func resetChunk(ch *chunk) {
	for k := range ch.a {
		ch.a[k] = Actor{slot: uint16(k), ch: ch}
		ch.parent[k] = -1
	}
	ch.flags, ch.handle, ch.parentH, ch.children = [chunkSize]uint16{}, [chunkSize]Handle{}, [chunkSize]Handle{}, [chunkSize]int32{}
	ch.color = [chunkSize]gfx.Color{}
	ch.behavior, ch.tick, ch.effect, ch.draw, ch.desc = [chunkSize]any{}, [chunkSize]Ticker{}, [chunkSize]Effect{}, [chunkSize]Drawer{}, [chunkSize]fields.Describer{}
	ch.bulk, ch.tickers, ch.effects = [chunkSize]*bulkGroup{}, 0, 0
}
