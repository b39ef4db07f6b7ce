package scene

import (
	"fmt"
	"iter"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// Actors are stored in fixed-size chunks: contiguous for the per-tick and
// per-frame loops, and never moved, so a *Actor stays valid while the
// manager grows.
const (
	chunkShift = 8
	chunkSize  = 1 << chunkShift
	chunkMask  = chunkSize - 1
)

type chunk struct {
	a       [chunkSize]Actor
	tick    [chunkSize]Ticker // a[k].ticker, dense for the behaviour loop
	tickers int32             // live actors with a Ticker: a chunk without any is skipped
	framers int32             // live actors with a Framer, likewise
}

// Manager owns the actors of one scene: it spawns and removes them, ticks
// them at the fixed rate, interpolates their render matrices every frame and
// fills the scene's draw list. A game state owns zero or more managers.
//
// Per tick, call Tick once. Per frame, call Interpolate, then RunFramers, then
// BuildDrawList. Every method is meant for the game's main goroutine and
// none is safe for concurrent use.
//
// The zero Manager is empty and ready to use.
type Manager struct {
	chunks []*chunk
	n      int32   // slots ever used: [0, n)
	free   []int32 // recycled slots, reused last-in first-out
	live   int

	order      []int32 // live actors that have a parent, parents before children
	orderDirty bool
	depth      []int32 // scratch for rebuilding order
	stack      []int32
	counts     []int32

	inTick   bool
	running  Handle  // the actor whose behaviour is running, for PanicError
	tick     uint64  // index of the current or last tick
	removeQ  []int32 // removals deferred to the end of the tick
	spawnQ   []int32 // spawns to finish at the end of the tick
	nonFin   []Handle
	zeroRot  []Handle
	tickErrs []error

	cur     uint8 // index of the world transforms in Actor.wt
	mode    Mode
	camera  Handle
	view    mgl32.Mat4
	viewSet bool
	draw    gfx.DrawList
	cull    culler
}

func (m *Manager) at(i int32) *Actor { return &m.chunks[i>>chunkShift].a[i&chunkMask] }

// lookup returns the live actor named by h, or an error naming op and h.
func (m *Manager) lookup(op string, h Handle) (int32, *Actor, error) {
	i := h.Index()
	if h.Gen() == 0 || i < 0 || i >= m.n {
		return -1, nil, fmt.Errorf("scene: %s %v: %w", op, h, ErrNoActor)
	}
	a := m.at(i)
	if a.handle != h || a.flags&flagAlive == 0 {
		return -1, nil, fmt.Errorf("scene: %s %v: %w", op, h, ErrStaleHandle)
	}
	return i, a, nil
}

// Actor returns the live actor named by h. The pointer stays valid until
// that actor is removed (during a tick: until the end of the tick). It fails
// with ErrNoActor for a handle this manager never issued and ErrStaleHandle
// for a removed actor.
func (m *Manager) Actor(h Handle) (*Actor, error) {
	_, a, err := m.lookup("actor", h)
	return a, err
}

// Len returns the number of live actors, including those spawned or removed
// during the current tick.
func (m *Manager) Len() int { return m.live }

// All iterates over the live actors in slot order. Actors spawned during the
// iteration may or may not be visited; removing actors during it is safe.
func (m *Manager) All() iter.Seq2[Handle, *Actor] {
	return func(yield func(Handle, *Actor) bool) {
		for i := int32(0); i < m.n; i++ {
			a := m.at(i)
			if a.flags&flagAlive != 0 && !yield(a.handle, a) {
				return
			}
		}
	}
}

// Spawn adds an actor described by s and returns its handle.
//
// The new actor is teleported: its world and last-world transforms are both
// computed from its local transform (and its parent's current local chain),
// so it appears where it is spawned without smearing from the origin.
//
// Called between ticks, the actor exists at once, is drawn from the next
// BuildDrawList and is first ticked by the next Tick. Called during a tick
// (from a behaviour), it can be looked up and changed at once, its world
// transform is computed with everyone else's at the end of that tick, but
// its behaviour is first ticked by the next tick.
//
// Spawn fails, adding nothing, when s.Parent is not a live actor or s holds
// NaN or ±Inf.
func (m *Manager) Spawn(s Spec) (Handle, error) {
	local := Transform{Pos: s.Pos, Rot: s.Rot, Scale: s.Scale}
	if local.Rot == (mgl32.Quat{}) {
		local.Rot = mgl32.QuatIdent()
	}
	if local.Scale == (mgl32.Vec3{}) {
		local.Scale = mgl32.Vec3{1, 1, 1}
	}
	if !local.IsFinite() {
		return NoHandle, fmt.Errorf("scene: spawn: %w", ErrNonFinite)
	}
	normalizeRot(&local.Rot)
	parent := int32(-1)
	if s.Parent != NoHandle {
		p, _, err := m.lookup("spawn: parent", s.Parent)
		if err != nil {
			return NoHandle, err
		}
		parent = p
	}
	w := local
	if parent >= 0 {
		var pw Transform
		m.worldOf(parent, &pw)
		Compose(&w, &pw, &local)
		if !w.IsFinite() { // a finite local under a huge parent can overflow
			return NoHandle, fmt.Errorf("scene: spawn under %v: world transform: %w", s.Parent, ErrNonFinite)
		}
	}

	i := m.alloc()
	a := m.at(i)
	gen := a.handle.Gen() + 1
	if gen == 0 {
		gen = 1 // after 2^32 reuses of one slot
	}
	*a = Actor{
		Local:    local,
		parent:   parent,
		flags:    flagAlive,
		good:     local,
		Mesh:     s.Mesh,
		Material: s.Material,
		Color:    s.Color,
		Hidden:   s.Hidden,
		handle:   makeHandle(i, gen),
		parentH:  s.Parent,
		mgr:      m,
	}
	a.SetBehavior(s.Behavior)
	if parent >= 0 {
		m.at(parent).addChildren(1)
	}
	m.live++
	teleportTo(a, &w)
	if m.inTick {
		a.flags |= flagFresh
		m.spawnQ = append(m.spawnQ, i)
	}
	if parent >= 0 && !m.orderDirty {
		m.order = append(m.order, i) // its parent is a root or already listed
	}
	return a.handle, nil
}

// alloc returns a free slot, recycling removed ones first.
func (m *Manager) alloc() int32 {
	if k := len(m.free); k > 0 {
		i := m.free[k-1]
		m.free = m.free[:k-1]
		return i
	}
	if int(m.n) == len(m.chunks)*chunkSize {
		m.chunks = append(m.chunks, new(chunk))
	}
	m.n++
	return m.n - 1
}

// Remove removes the actor named by h together with all its descendants:
// a scene graph owns its subtrees, so a removed ship takes its turrets with
// it. (To keep a child, reparent it first.) Every handle to a removed actor
// goes stale.
//
// Called between ticks, the removal is immediate. Called during a tick, it
// takes effect at the end of that tick: until then the actors stay alive,
// are ticked (whether or not their turn came before the call, so the result
// does not depend on slot order) and can be looked up.
//
// Removing an actor twice, or through a stale handle, fails with
// ErrStaleHandle; a handle this manager never issued, with ErrNoActor.
func (m *Manager) Remove(h Handle) error {
	i, a, err := m.lookup("remove", h)
	if err != nil {
		return err
	}
	if a.flags&flagDying != 0 {
		return fmt.Errorf("scene: remove %v: %w", h, ErrStaleHandle)
	}
	a.flags |= flagDying
	m.removeQ = append(m.removeQ, i)
	if !m.inTick {
		m.applyRemovals()
	}
	return nil
}

// applyRemovals removes the actors queued in removeQ and their descendants.
func (m *Manager) applyRemovals() {
	if len(m.removeQ) == 0 {
		return
	}
	cascade := false
	for _, i := range m.removeQ {
		if m.at(i).children > 0 {
			cascade = true
			break
		}
	}
	if cascade {
		// The order lists every child after its parent: one pass marks
		// every descendant of a dying actor.
		m.ensureOrder()
		for _, i := range m.order {
			a := m.at(i)
			if a.flags&flagDying == 0 && a.parent >= 0 && m.at(a.parent).flags&flagDying != 0 {
				a.flags |= flagDying
				m.removeQ = append(m.removeQ, i)
			}
		}
	}
	for _, i := range m.removeQ {
		a := m.at(i)
		if a.parent >= 0 {
			m.at(a.parent).addChildren(-1)
		}
	}
	for _, i := range m.removeQ {
		a := m.at(i)
		a.SetBehavior(nil)
		h := a.handle
		*a = Actor{handle: h, parent: -1, mgr: m} // drop references for the GC; keep the generation
		m.free = append(m.free, i)
		m.live--
	}
	m.removeQ = m.removeQ[:0]
	m.orderDirty = true
}

// chunkLen returns the number of used slots in chunk c.
func (m *Manager) chunkLen(c int) int { return min(int(m.n)-c*chunkSize, chunkSize) }
