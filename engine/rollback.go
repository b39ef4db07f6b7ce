package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// MaxRollbackWindow is the most ticks RollbackControls.Enable keeps.
const MaxRollbackWindow = 64

// ErrRollbackStack is returned (wrapped) by Rewind across a change of the
// state stack: a push, pop or replace between the tick rewound to and the
// present. States entered or left cannot be put back; roll back only
// within one stack, or keep the stack unchanged while a rollback may
// reach back (for example: show a pause menu as an Overlay only once the
// window has passed, or not during online play).
var ErrRollbackStack = errors.New("the state stack changed since that tick")

// RollbackControls rolls the game back some ticks and runs them again:
// the model GGPO made popular for online play (a late remote input is
// predicted, and when the real one arrives the game rewinds to its tick
// and resimulates up to the present within one frame), for instant
// rewind while debugging, and for the sync test, which finds the state a
// game keeps outside its snapshots. Get it with Game.Rollback; it is a
// small value that allocates nothing.
//
// What a snapshot holds: the random source (Context.Rand), the input
// latches, each state's clock and messages posted for the next tick,
// every scene of every state on the stack (scene.Snapshot: actors,
// hierarchy, handles, free lists and the fields of described behaviours,
// animators included), each state's own fields when the state is a
// fields.Describer, and the mixer's voices. A state or behaviour that is
// not a fields.Describer has no state of its own in snapshots: it must
// describe its fields (Describe(v *fields.Visitor)) or keep none that a
// tick changes. The sync test names those that do.
//
// Its methods run on the main goroutine.
type RollbackControls struct{ g *Game }

// Rollback returns the game's rollback controls. Call it on the main
// goroutine.
func (g *Game) Rollback() RollbackControls { return RollbackControls{g} }

// RollbackStats counts the rollbacks the game has done.
type RollbackStats struct {
	Count    uint64 // rewinds that ran ticks again
	Ticks    uint64 // ticks run again, in all
	MaxDepth int    // the most ticks one rewind ran again
}

// Resimulator is an optional interface of a TickSink: before ticks run
// again after a rewind, TickRewound tells it the first tick that will run
// again, so that a sink that keeps what it sees (a recorder, a hash log)
// drops what it kept from that tick on. The ticks from tick to the present
// then reach the sink again through TickInput and TickDone, with their
// corrected input. A recorder that implements it writes only the input of
// ticks as finally run. A sink that does not implement it sees the
// re-run ticks a second time.
type Resimulator interface {
	TickRewound(tick uint64)
}

// rollback is the game's ring of snapshots and rewind bookkeeping.
type rollback struct {
	window int
	ring   []gameSnap // slot t % window: the state before tick t ran
	stats  RollbackStats

	inSource   bool   // a TickSource's TickEvents is running for a new tick
	sourceTick uint64 // that tick
	resim      bool   // ticks are running again
	want       uint64 // Rewind asked from TickEvents: the tick to rewind to
	wanted     bool
	evs        []input.Event // events of a tick run again
	stack      uint64        // stack generation: bumped by every push, pop and replace

	sync syncTest
}

// gameSnap is the game's state just before one tick ran.
type gameSnap struct {
	valid    bool
	ti       timing.TickInfo // the tick about to run
	stack    uint64
	rate     int
	scale    float64
	paused   bool
	pcg      rand.PCG
	in       Input
	below    bool // stepBelow
	mixer    audio.MixerState
	entries  []entrySnap
	events   []input.Event // the tick's input as delivered, for ticks run again without a TickSource
	hashNext uint64        // the sync test's hash after the tick ran
	codec    fields.Codec
}

// entrySnap is one state on the stack.
type entrySnap struct {
	clock  stepClock
	posted []any
	scenes []scene.Snapshot
	n      int
	data   []byte
	saved  bool // the state is a fields.Describer and data holds its fields
}

// Enable keeps snapshots of the last window ticks (1 to MaxRollbackWindow)
// so that Rewind can reach back that far; 0 turns rollback off (the
// default) and frees the snapshots. Keeping snapshots costs one save per
// tick (about a copy of every scene's columns). Enable(0) also ends the
// sync test. Call it between frames.
func (r RollbackControls) Enable(window int) error {
	g := r.g
	switch {
	case window < 0 || window > MaxRollbackWindow:
		return fmt.Errorf("engine: rollback window of %d ticks: allowed 0 (off) to %d", window, MaxRollbackWindow)
	case g.inFrame:
		return errors.New("engine: Rollback().Enable during a frame: call it between frames")
	case window > 0 && g.rb.sync.k > window:
		return fmt.Errorf("engine: rollback window of %d ticks is shorter than the sync test's %d: end the sync test first (SyncTest(0))", window, g.rb.sync.k)
	}
	if window == g.rb.window {
		return nil
	}
	g.rb.window = window
	g.rb.ring = nil
	if window == 0 {
		g.rb.sync.k = 0 // no sync test without snapshots
	}
	if window > 0 {
		g.rb.ring = make([]gameSnap, window)
	}
	return nil
}

// Window returns the number of ticks Rewind can reach back; 0 when
// rollback is off.
func (r RollbackControls) Window() int { return r.g.rb.window }

// Rollbacks returns how many rewinds ran ticks again, how many ticks in
// all, and the deepest.
func (r RollbackControls) Rollbacks() RollbackStats { return r.g.rb.stats }

// Rewind restores the game as it was just before tick ran and runs the
// ticks from tick up to the present again, asking the TickSource for each
// one's events again (so a source that has corrected a prediction gives
// the corrected input; a game without a TickSource gets the events the
// ticks had the first time). TickSinks see those ticks again, after
// TickRewound if they are Resimulators. The picture continues from the
// new present: the next frame interpolates the re-run ticks' transforms.
// Sounds: see audio.Mixer.RestoreState: a sound an undone tick started
// and the re-run ticks do not start again is cancelled if it has not
// begun (it plays one tick after its tick) and cut if it has; a sound
// started again plays once, on without a seam.
//
// Call it between frames (the ticks run again at once, before Rewind
// returns) or from the TickSource's TickEvents of a new tick (they run
// again right after TickEvents returns, in the same frame, before that
// tick). Called from a state's or a behaviour's tick, or from TickEvents
// of a tick that is itself running again, it fails. tick may be the
// present tick (nothing to do) or any of the last Window() ticks; further
// back, or with rollback off, it fails. A rewind across a push, pop or
// replace of the state stack fails with ErrRollbackStack, and one across a
// change of the tick rate, time scale or pause fails likewise: those are
// not undone.
func (r RollbackControls) Rewind(tick uint64) error {
	g := r.g
	rb := &g.rb
	switch {
	case rb.resim:
		return fmt.Errorf("engine: Rewind(%d) while ticks run again: a TickSource may rewind only for a new tick", tick)
	case g.inFrame && !rb.inSource:
		return fmt.Errorf("engine: Rewind(%d) from a tick: call it between frames or from the TickSource's TickEvents", tick)
	}
	present := g.sched.Ticks()
	if rb.inSource {
		present = rb.sourceTick // the tick whose events are asked for
	}
	if err := g.canRewind(tick, present); err != nil {
		return err
	}
	if tick == present {
		return nil
	}
	if rb.inSource { // run after TickEvents returns; the earliest asked wins
		if !rb.wanted || tick < rb.want {
			rb.want = tick
		}
		rb.wanted = true
		return nil
	}
	return g.guard(func() error { return g.resimulate(tick, present) }) // a panic in game code: a *PanicError
}
