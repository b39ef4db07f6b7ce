package scene

import (
	"fmt"
	"iter"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
)

// Actors are stored in fixed-size chunks, never moved, so a *Actor stays
// valid while the manager grows. A chunk holds its actors' records and,
// column by column, what the manager derives from them: the per-tick and
// per-frame loops walk the columns (a few dense arrays) instead of the
// records, as Godot keeps nodes for the user and dense arrays inside.
//
// A chunk's size is a trade: each of its columns is a short run of memory
// that the per-tick loops stream through, and the processor's prefetcher
// has to find every run anew, so small chunks slow them (with 256 slots a
// moving tick of 100k actors took 1.2× as long as with 1024, and 2048
// bought nothing more), while a chunk is allocated, and copied by Save,
// whole (about 480 KB).
const (
	chunkShift = 10
	chunkSize  = 1 << chunkShift
	chunkMask  = chunkSize - 1
)

type chunk struct {
	// Hot columns: read by every tick, Interpolate and BuildDrawList.
	flags  [chunkSize]uint16
	parent [chunkSize]int32 // slot index of the parent, -1 for a root
	// World and last-world TRS: wt[k][cur] is the world transform and
	// wt[k][cur^1] the last-world one, cur being the manager's current
	// index. A tick flips cur and overwrites the new world: no copy.
	wt     [chunkSize][2]Transform
	render [chunkSize]mgl32.Mat4 // blended each frame
	color  [chunkSize]gfx.Color  // Actor.Color, read by BuildDrawList

	// Cold columns: read by some actors, or some frames.
	worldM   [chunkSize]mgl32.Mat4       // matrix of the world transform, when flagWorldM is set
	renderT  [chunkSize]Transform        // render TRS, kept for actors with children
	good     [chunkSize]Transform        // last finite Local of a child, restored by the finiteness check
	handle   [chunkSize]Handle           // the actor's; kept after removal, for the generation
	parentH  [chunkSize]Handle           // the parent's handle, NoHandle for a root
	behavior [chunkSize]any              // as given to Spawn or SetBehavior
	children [chunkSize]int32            // number of direct children
	tick     [chunkSize]Ticker           // the behaviour, if it is a Ticker
	effect   [chunkSize]Effect           // the behaviour, if it is an Effect
	draw     [chunkSize]Drawer           // the behaviour, if it is a Drawer
	desc     [chunkSize]fields.Describer // the behaviour, if it describes its fields (hashed)
	bulk     [chunkSize]*bulkGroup       // the BulkTicker's group the actor joined, nil for none

	a       [chunkSize]Actor
	mgr     *Manager
	tickers int32 // live actors with a Ticker: a chunk without any is skipped
	effects int32 // live actors with an Effect, likewise
}

// Manager owns the actors of one scene: it spawns and removes them, ticks
// them at the fixed rate, interpolates their render matrices every frame and
// fills the scene's draw list. A game state owns zero or more managers.
//
// Per tick, call Tick once. Per frame, call Interpolate, then UpdateEffects, then
// BuildDrawList. Every method is meant for the game's main goroutine and
// none is safe for concurrent use. (Inside Tick, the world propagation of
// a large scene is split across cores by goroutines the manager keeps; it
// calls no behaviour, and its result is the one-core result.
// SetMaxCores(1) keeps it on one core.)
//
// The zero Manager is empty and ready to use.
type Manager struct {
	chunks []*chunk
	n      int32   // slots ever used: [0, n)
	free   []int32 // recycled slots, reused last-in first-out
	live   int

	order      []int32 // live actors that have a parent, parents before children
	orderDirty bool
	levels     []int32 // where each depth starts in order, then where the last ends; nil: unknown
	depth      []int32 // scratch for rebuilding order
	stack      []int32
	counts     []int32

	inTick   bool
	running  int32   // 1 + the slot of the actor whose behaviour is running, 0 for none (for PanicError)
	tick     uint64  // index of the current or last tick
	removeQ  []int32 // removals deferred to the end of the tick
	spawnQ   []int32 // spawns to finish at the end of the tick
	rep      repairs // the serial part's (and the merged) repairs of the current propagate
	tickErrs []error
	bulks    []*bulkGroup // in order of first use

	cur     uint8 // index of the world transforms in Actor.wt
	mode    Mode
	alpha   float32 // the last Interpolate's, clamped
	camera  Handle
	viewer  Viewer
	lens    [3]float32 // SetLens's field of view, near and far, restored when the viewer goes
	view    mgl32.Mat4
	viewSet bool
	draw    gfx.DrawList
	cull    culler

	env any // the game's per-tick services (SetEnv), read by behaviours

	fc *fields.Codec // hashes described behaviours; made by the first Hash that meets one

	spare []*chunk // chunks dropped by Restore, reused by alloc

	split      *splitPool // helpers for propagation on more than one core, started when first needed
	splitMin   int        // when > 0, the size from which propagation splits (tests)
	maxCores   int        // SetMaxCores: when > 0, the most goroutines a tick's pass uses
	serialOnly bool       // tests: decide as when splitting, but run everything on one goroutine

	// behEpoch names the contents of the behaviour columns (behaviour,
	// ticker, effect, drawer, description, bulk group): every change takes
	// the next number of epochs, and Restore takes the snapshot's. Equal
	// epochs mean equal columns, so Save and Restore skip copying them.
	behEpoch, epochs uint64
}

// bumpBehaviors notes a change of the behaviour columns.
func (m *Manager) bumpBehaviors() {
	m.epochs++
	m.behEpoch = m.epochs
}

func (m *Manager) at(i int32) *Actor { return &m.chunks[i>>chunkShift].a[i&chunkMask] }

// col returns the chunk holding slot i and i's index in its columns.
func (m *Manager) col(i int32) (*chunk, int) { return m.chunks[i>>chunkShift], int(i & chunkMask) }

// flagsOf returns the flags of slot i.
func (m *Manager) flagsOf(i int32) *uint16 { return &m.chunks[i>>chunkShift].flags[i&chunkMask] }

// parentOf returns the parent slot of slot i, -1 for a root.
func (m *Manager) parentOf(i int32) int32 { return m.chunks[i>>chunkShift].parent[i&chunkMask] }

// lookup returns the live actor named by h, or an error naming op and h.
func (m *Manager) lookup(op string, h Handle) (int32, *Actor, error) {
	i := h.Index()
	if h.Gen() == 0 || i < 0 || i >= m.n {
		return -1, nil, fmt.Errorf("scene: %s %v: %w", op, h, ErrNoActor)
	}
	ch, k := m.col(i)
	a := &ch.a[k]
	if ch.handle[k] != h || ch.flags[k]&flagAlive == 0 {
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
			if *m.flagsOf(i)&flagAlive != 0 && !yield(a.Handle(), a) {
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
// Spawn fails, adding nothing, when s.Parent is not a live actor, s holds
// NaN or ±Inf, or s.Behavior has the Frame(a, dt) method Effect had before
// 1.0 (now Update).
func (m *Manager) Spawn(s Spec) (Handle, error) {
	if err := checkBehavior(s.Behavior); err != nil {
		return NoHandle, fmt.Errorf("scene: spawn: %w", err)
	}
	local, err := specLocal(&s)
	if err != nil {
		return NoHandle, err
	}
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

	var bulk *bulkGroup
	if s.Bulk != nil {
		g, err := m.bulkGroupOf(s.Bulk)
		if err != nil {
			return NoHandle, err
		}
		bulk = g
	}
	return m.place(&s, &local, parent, &w, bulk), nil
}

// specLocal returns the local transform s asks for: the zero rotation
// and scale mean the identity, the rotation is normalised, and a
// transform that is not finite is refused.
func specLocal(s *Spec) (Transform, error) {
	local := Transform{Pos: s.Pos, Rot: s.Rot, Scale: s.Scale}
	if local.Rot == (mgl32.Quat{}) {
		local.Rot = mgl32.QuatIdent()
	}
	if local.Scale == (mgl32.Vec3{}) {
		local.Scale = mgl32.Vec3{1, 1, 1}
	}
	if !local.IsFinite() {
		return local, fmt.Errorf("scene: spawn: %w", ErrNonFinite)
	}
	normalizeRot(&local.Rot)
	return local, nil
}

// place adds the actor s describes, checked already, in a free slot under
// parent (-1: none) with world transform w, and returns its handle.
func (m *Manager) place(s *Spec, local *Transform, parent int32, w *Transform, bulk *bulkGroup) Handle {
	i := m.alloc()
	a := m.at(i)
	ch, k := m.col(i)
	gen := ch.handle[k].Gen() + 1
	if gen == 0 {
		gen = 1 // after 2^32 reuses of one slot
	}
	*a = Actor{
		Local:    *local,
		Mesh:     s.Mesh,
		Material: s.Material,
		Hidden:   s.Hidden,
		slot:     uint16(k),
		ch:       ch,
	}
	ch.handle[k] = makeHandle(i, gen)
	ch.color[k] = s.Color
	ch.flags[k] = flagAlive
	ch.parent[k], ch.parentH[k], ch.children[k] = parent, NoHandle, 0
	if parent >= 0 {
		pc, pk := m.col(parent)
		ch.parentH[k] = pc.handle[pk]
		ch.flags[k] |= flagChild
	}
	a.SetBehavior(s.Behavior)
	if bulk != nil {
		m.joinBulk(a, bulk)
	}
	if parent >= 0 {
		m.at(parent).addChildren(1)
	}
	m.live++
	teleportTo(ch, k, w)
	if m.inTick {
		ch.flags[k] |= flagFresh
		m.spawnQ = append(m.spawnQ, i)
	}
	if parent >= 0 && !m.orderDirty {
		m.order = append(m.order, i) // its parent is a root or already listed
	}
	return ch.handle[k]
}

// alloc returns a free slot, recycling removed ones first.
func (m *Manager) alloc() int32 {
	if k := len(m.free); k > 0 {
		i := m.free[k-1]
		m.free = m.free[:k-1]
		return i
	}
	if int(m.n) == len(m.chunks)*chunkSize {
		var c *chunk
		if k := len(m.spare); k > 0 { // dropped by Restore, reset already
			c, m.spare = m.spare[k-1], m.spare[:k-1]
		} else {
			c = &chunk{mgr: m}
			for k := range c.parent {
				c.parent[k] = -1
			}
		}
		m.chunks = append(m.chunks, c)
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
	i, _, err := m.lookup("remove", h)
	if err != nil {
		return err
	}
	fl := m.flagsOf(i)
	if *fl&flagDying != 0 {
		return fmt.Errorf("scene: remove %v: %w", h, ErrStaleHandle)
	}
	*fl |= flagDying
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
		if ch, k := m.col(i); ch.children[k] > 0 {
			cascade = true
			break
		}
	}
	if cascade {
		// The order lists every child after its parent: one pass marks
		// every descendant of a dying actor.
		m.ensureOrder()
		for _, i := range m.order {
			fl, p := m.flagsOf(i), m.parentOf(i)
			if *fl&flagDying == 0 && p >= 0 && *m.flagsOf(p)&flagDying != 0 {
				*fl |= flagDying
				m.removeQ = append(m.removeQ, i)
			}
		}
	}
	for _, i := range m.removeQ {
		if p := m.parentOf(i); p >= 0 {
			m.at(p).addChildren(-1)
		}
	}
	for _, i := range m.removeQ {
		a := m.at(i)
		a.SetBehavior(nil)
		ch, k := a.ch, a.k()
		if g := ch.bulk[k]; g != nil {
			g.gone++
		}
		*a = Actor{slot: uint16(k), ch: ch} // ch.handle[k] keeps the generation
		ch.flags[k], ch.parent[k], ch.parentH[k], ch.children[k], ch.bulk[k] = 0, -1, NoHandle, 0, nil
		m.free = append(m.free, i)
		m.live--
	}
	m.removeQ = m.removeQ[:0]
	m.orderDirty = true
}

// chunkLen returns the number of used slots in chunk c.
func (m *Manager) chunkLen(c int) int { return min(int(m.n)-c*chunkSize, chunkSize) }
