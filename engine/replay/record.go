package replay

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/atomicfile"
	"github.com/tickwork/tickwork/engine/input"
)

// Recorder writes a recording as the game runs. Add it to a game with
// Game.AddTickSink before the first tick; the engine then calls TickInput
// and TickDone on the main goroutine once per tick, and Close when the game
// ends. A Recorder is not safe for concurrent use.
//
// The recording goes to a temporary file next to the target, named
// "<name>.<random>.partial", written at least once per second of game time
// (every TickRate ticks). Close finalises it and renames it to the target
// path; until then an existing file at that path is left untouched. If the
// game crashes, the temporary file stays, holding every tick up to the last
// write: Open reads it and offers those ticks (see ErrNotFinalised).
type Recorder struct {
	enc     *encoder
	path    string
	tmp     string
	f       *atomicfile.File
	final   uint64 // state hash after the last committed tick, if finalOK
	finalOK bool
	open    bool  // TickInput ran for enc.next and TickDone not yet
	err     error // the first failure; every later call returns it
	lost    bool  // a write failed: the file cannot be finalised

	closed   bool
	closeErr error
}

var _ engine.TickSink = (*Recorder)(nil)

// Create starts a recording that Close will save at path. It fills
// h.Format and h.Engine, checks the rest (TickRate must be the game's tick
// rate, 1 to 1000) and writes the file's header at once to the temporary
// file.
func Create(path string, h Header) (*Recorder, error) {
	h.Format = FormatVersion
	h.Engine = engine.Version
	h.HashScheme = engine.HashScheme
	if h.HashEvery == 0 {
		h.HashEvery = defaultHashEvery
	}
	if err := h.validate(); err != nil {
		return nil, fmt.Errorf("replay: creating %s: %w", path, err)
	}
	f, err := atomicfile.Create(path, 0)
	if err != nil {
		return nil, fmt.Errorf("replay: creating %s: %w", path, err)
	}
	r := &Recorder{enc: newEncoder(h), path: path, tmp: f.TempPath(), f: f}
	if _, err := f.Write(r.enc.prefix()); err != nil {
		f.Abort()
		return nil, fmt.Errorf("replay: creating %s: writing %s: %w", path, r.tmp, err)
	}
	return r, nil
}

// Header returns the header written to the recording.
func (r *Recorder) Header() Header { return r.enc.h }

// Path returns the path the recording is saved at by Close.
func (r *Recorder) Path() string { return r.path }

// TempPath returns the temporary file the recording is written to until
// Close renames it; after a crash it holds the readable part.
func (r *Recorder) TempPath() string { return r.tmp }

// Ticks returns the number of ticks recorded so far.
func (r *Recorder) Ticks() uint64 { return r.enc.next }

// TickInput records the events delivered to tick. The engine calls it on
// the main goroutine before any state ticks; ticks must come in order from
// tick 0, so add the Recorder before the game's first tick.
func (r *Recorder) TickInput(tick uint64, events []input.Event) error {
	if err := r.check(tick); err != nil {
		return err
	}
	if r.open {
		return r.fail(fmt.Errorf("tick %d: input delivered twice", tick))
	}
	r.enc.begin()
	if err := r.enc.events(events); err != nil {
		r.enc.drop()
		return r.fail(err)
	}
	r.open = true
	return nil
}

// TickDone completes tick: every HashEvery ticks it stores the state hash
// after it (g.Hash, linear in the number of actors, so not every tick), and
// every TickRate ticks it writes the ticks of the last second to the file.
// The engine calls it on the main goroutine after the tick and its stack
// changes.
func (r *Recorder) TickDone(tick uint64, g *engine.Game) error {
	return r.done(tick, g, 0)
}

// Hashed reports whether the recording stores the state hash after tick
// (every HashEvery ticks).
func (r *Recorder) Hashed(tick uint64) bool { return r.enc.h.hashed(tick) }

// TickDoneHash completes tick as TickDone does, with the state hash after
// it given (stored only where Hashed(tick)). It is for a recording written
// after the ticks ran: an online match records its confirmed input stream
// (session's Confirmed) once every player's input of a tick is known, when
// the game has moved on and its hash is a later tick's. Called on the main
// goroutine, in tick order, after TickInput of the same tick.
func (r *Recorder) TickDoneHash(tick, hash uint64) error {
	return r.done(tick, nil, hash)
}

// done completes tick with g's hash, or with hash when g is nil.
func (r *Recorder) done(tick uint64, g *engine.Game, hash uint64) error {
	if err := r.check(tick); err != nil {
		return err
	}
	if !r.open {
		r.enc.begin() // a tick without TickInput: no events
	}
	r.finalOK = false
	if r.enc.h.hashed(tick) {
		if g != nil {
			hash = g.Hash()
		}
		r.final, r.finalOK = hash, true
		r.enc.hash(r.final)
	}
	r.enc.commit()
	r.open = false
	if r.enc.full() {
		if _, err := r.f.Write(r.enc.chunk()); err != nil {
			r.lost = true
			return r.fail(fmt.Errorf("writing %s: %w", r.tmp, err))
		}
	}
	return nil
}

// GameEnd takes the state hash after the last tick for the trailer. The
// engine calls it once when the game ends, before any state exits. If the
// last tick did not complete (its state failed), the hash is not taken: the
// trailer then has none, and a replay checks the periodic hashes only.
func (r *Recorder) GameEnd(g *engine.Game) error {
	if r.err == nil && !r.closed && !r.open && r.enc.next > 0 {
		r.final, r.finalOK = g.Hash(), true
	}
	return nil
}

// check returns the Recorder's error, or an error if tick is not the one
// being recorded.
func (r *Recorder) check(tick uint64) error {
	switch {
	case r.err != nil:
		return r.err
	case r.closed:
		return fmt.Errorf("replay: recording %s: tick %d after Close", r.path, tick)
	case tick != r.enc.next && r.enc.next == 0:
		return r.fail(fmt.Errorf("the first tick seen is tick %d, not tick 0: add the Recorder before the game's first tick", tick))
	case tick != r.enc.next:
		return r.fail(fmt.Errorf("tick %d out of order: want tick %d", tick, r.enc.next))
	}
	return nil
}

func (r *Recorder) fail(err error) error {
	if r.err == nil {
		r.err = fmt.Errorf("replay: recording %s: %w", r.path, err)
	}
	return r.err
}

// Close finalises the recording: it writes the ticks not yet written and
// the trailer (the number of ticks and the state hash after the last),
// marks the file complete, syncs it to disk and renames it to the target
// path, replacing any file there in one step; then it syncs the directory
// where the system allows. A tick whose input was recorded but which never
// completed is left out. The engine calls Close when the game ends; calling
// it again returns the first result.
//
// After a refused call (a tick out of order, an event of no known kind)
// Close still saves the ticks recorded until then. After a write error it
// removes the temporary file, leaves the target untouched and returns that
// error.
func (r *Recorder) Close() error {
	if r.closed {
		return r.closeErr
	}
	r.closed = true
	if r.open {
		r.enc.drop()
		r.open = false
	}
	r.closeErr = r.finish()
	return r.closeErr
}

// finish writes the rest, syncs and renames. When it fails before the
// rename, the temporary file is removed; when the rename fails, the
// complete recording stays in the temporary file and the error says so.
func (r *Recorder) finish() (err error) {
	defer func() {
		if err != nil {
			r.f.Abort() // after a failed Commit this does nothing
		}
	}()
	if r.lost {
		return r.err
	}
	wrap := func(what string, err error) error {
		return fmt.Errorf("replay: saving %s: %s %s: %w", r.path, what, r.tmp, err)
	}
	if c := r.enc.chunk(); c != nil {
		if _, err := r.f.Write(c); err != nil {
			return wrap("writing", err)
		}
	}
	if _, err := r.f.Write(r.enc.trailer(r.final, r.finalOK)); err != nil {
		return wrap("writing", err)
	}
	// Marked complete only once everything before it is written.
	if _, err := r.f.WriteAt([]byte{stateFinal}, int64(offState)); err != nil {
		return wrap("writing", err)
	}
	if err := r.f.Commit(); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	return nil
}
