package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
	"github.com/tickwork/tickwork/engine/session"
	"github.com/tickwork/tickwork/timing"
)

// connectTimeout bounds the wait for the other machine at the start, and
// settleTimeout the wait for the last ticks' input at the end.
const (
	connectTimeout = 30 * time.Second
	settleTimeout  = 10 * time.Second
)

// netPlay is this machine's side of a two-player match (-host, -join):
// the session that is the game's tick source, and the local player's
// input, from the window (LiveInput) or from a seeded bot (-bot). Used on
// the main goroutine.
type netPlay struct {
	s    *session.Session
	live []input.Event // the window's events of the tick being captured
	held []input.Key   // the keys the local player holds
	rec  *netRecorder  // -record: the confirmed input stream, or nil
	left bool          // the other machine has settled and closed: the session plays the ticks left from the confirmed input
	evs  []session.Event
}

// LiveInput keeps the window's events of tick for the session's Local.
// When the window loses the focus, the keys the player holds are released
// (the engine releases none for a tick source).
func (n *netPlay) LiveInput(tick uint64, events []input.Event) {
	n.live = n.live[:0]
	for _, e := range events {
		n.live = append(n.live, e)
		switch e.Kind {
		case input.KeyPress:
			if !slices.Contains(n.held, e.Key) {
				n.held = append(n.held, e.Key)
			}
		case input.KeyRelease:
			if i := slices.Index(n.held, e.Key); i >= 0 {
				n.held = slices.Delete(n.held, i, i+1)
			}
		case input.FocusLost:
			for _, k := range n.held {
				n.live = append(n.live, input.Event{Time: e.Time, Kind: input.KeyRelease, Key: k})
			}
			n.held = n.held[:0]
		}
	}
}

// TickEvents gives every player's events of tick (the session's). When
// the other machine settled and closed first, the session still gives
// the ticks its goodbye confirmed, from the confirmed input.
func (n *netPlay) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	return n.s.TickEvents(tick, dst)
}

// TickDone gives the session the game's hash after tick, to compare with
// the other machine's. The session is a tick sink through this.
func (n *netPlay) TickDone(tick uint64, g *engine.Game) error {
	return n.s.AfterTick(tick, g)
}

func (n *netPlay) TickInput(uint64, []input.Event) error { return nil }
func (n *netPlay) Close() error                          { return nil }

// local is the session's Local without a bot: the window's events.
func (n *netPlay) local(tick uint64, dst []input.Event) []input.Event {
	dst = append(dst, n.live...)
	n.live = n.live[:0]
	return dst
}

// settings is the match's identity: the handshake refuses a machine whose
// settings differ, naming both.
func settings(f *demo.Flags) string {
	return fmt.Sprintf("sample scene=%s actors=%d tick-rate=%d", demo.SceneVersion, f.Actors, f.TickRate)
}

// startNet opens the UDP socket (-host's address, or any free port to
// join), connects to the other machine and makes the session g's tick
// source. stderr gets the address hosted on (port 0 picks one).
func startNet(f *demo.Flags, g *engine.Game, stderr io.Writer) (*netPlay, error) {
	cond, err := session.ParseConditions(f.NetSim)
	if err != nil {
		return nil, fmt.Errorf("-netsim: %w", err)
	}
	listen := f.Host
	if listen == "" {
		listen = "127.0.0.1:0"
		if addr, err := session.ResolveUDP(f.Join); err == nil && !isLoopback(string(addr)) {
			listen = "0.0.0.0:0"
		}
	}
	udp, err := session.ListenUDP(listen)
	if err != nil {
		return nil, err
	}
	var tr session.Transport = udp
	if f.NetSim != "" {
		tr = session.NewSim(udp, cond, nil)
	}
	n := &netPlay{}
	cfg := session.Config{Mode: session.Rollback, Players: 2, Delay: 2, Settings: settings(f),
		Local: n.local, TickRate: float64(f.TickRate), Rewinder: g.Rollback()}
	if f.Bot != 0 {
		cfg.Local = demo.Bot(f.Bot)
	}
	if f.NetMode == "lockstep" {
		cfg.Mode, cfg.Rewinder = session.Lockstep, nil
	} else if err := g.Rollback().Enable(session.MaxWindow); err != nil {
		// The session's window (Config.Window 0: MaxWindow): it never
		// rewinds further back.
		tr.Close()
		return nil, err
	}
	if f.Host != "" {
		fmt.Fprintf(stderr, "sample: hosting on %s\n", udp.LocalAddr())
		n.s, err = session.Host(tr, cfg)
	} else {
		var addr session.Peer
		if addr, err = session.ResolveUDP(f.Join); err == nil {
			n.s, err = session.Join(tr, addr, cfg)
		}
	}
	if err != nil {
		tr.Close()
		return nil, err
	}
	if err := n.s.Connect(time.Now().Add(connectTimeout)); err != nil {
		n.s.Close()
		return nil, err
	}
	g.SetTickSource(n)
	g.AddTickSink(n)
	return n, nil
}

// isLoopback reports whether addr (host:port) is on this machine.
func isLoopback(addr string) bool {
	return len(addr) > 4 && (addr[:4] == "127." || addr[:5] == "[::1")
}

// poll receives the other machine's input (rewinding the game when a
// prediction was wrong) and records the ticks confirmed since. Called
// before each frame's ticks.
func (n *netPlay) poll(g *engine.Game) error {
	if err := n.s.Poll(); err != nil {
		return err
	}
	n.evs = n.s.Events(n.evs[:0])
	for _, e := range n.evs {
		n.left = n.left || e.Kind == session.PeerLeft
	}
	return n.rec.flush(n.s, g.Time().Ticks())
}

// settle polls until the first ticks ticks are settled on both machines
// (or the other machine settled them and closed), so the state after the
// last is final and the other machine has all of this one's input.
// Closing the session then sends its goodbye, and Close of a simulated
// network (-netsim) what it still holds.
func (n *netPlay) settle(g *engine.Game, ticks uint64) error {
	for deadline := time.Now().Add(settleTimeout); !n.s.Settled(ticks); {
		if time.Now().After(deadline) {
			return fmt.Errorf("the other machine's input for the last ticks did not come within %v", settleTimeout)
		}
		if err := n.poll(g); err != nil {
			return err
		}
		n.s.Wait(time.Millisecond)
	}
	return n.rec.flush(n.s, g.Time().Ticks())
}

// syncClock is a windowed match's clock: the real clock, held back by
// the session's time-sync suggestion (Stretch, per tick run), so the
// machine that is ahead runs slightly slower until the other catches up.
type syncClock struct {
	engine.Clock
	lag  timing.Micros
	last timing.Micros // never goes back
}

// Now returns the held-back time, never earlier than the last reading.
func (c *syncClock) Now() timing.Micros {
	c.last = max(c.last, c.Clock.Now()-c.lag)
	return c.last
}

// stretch lengthens the next ticks by the session's suggestion: ticks
// ticks ran in the last frame.
func (c *syncClock) stretch(s *session.Session, ticks uint64) {
	c.lag += timing.Micros(s.Stretch()/time.Microsecond) * timing.Micros(ticks)
}

// netRecorder records a match from its confirmed input stream
// (session.Confirmed), which no rewind changes: every player's input of
// each tick once it is known, with the state hash the tick gave when it
// last ran (TickDone, again after a rewind). It is a tick sink for the
// hashes; flush writes the confirmed ticks. A nil netRecorder records
// nothing.
type netRecorder struct {
	rec    *replay.Recorder
	next   uint64 // the next tick to write
	hashes [hashRing]struct{ tick, hash uint64 }
	evs    []input.Event
}

// hashRing holds the hashes of ticks run but not yet confirmed (more than
// the session keeps).
const hashRing = 512

func (r *netRecorder) TickInput(uint64, []input.Event) error { return nil }

// TickDone keeps the hash after tick where the recording stores one.
func (r *netRecorder) TickDone(tick uint64, g *engine.Game) error {
	if r.rec.Hashed(tick) {
		r.hashes[tick%hashRing] = struct{ tick, hash uint64 }{tick, g.Hash()}
	}
	return nil
}

// GameEnd gives the recording the state after the last tick, when every
// tick run is confirmed and written; otherwise the game has run ticks past
// the recording's end (predicted), and the recording's last hash is its
// periodic one.
func (r *netRecorder) GameEnd(g *engine.Game) error {
	if r.next != g.Time().Ticks() {
		return nil
	}
	return r.rec.GameEnd(g)
}

// Close finalises the recording.
func (r *netRecorder) Close() error { return r.rec.Close() }

// flush writes the ticks confirmed since the last flush among the first
// ran ticks, which have run (the first Delay ticks are confirmed before
// they run). Called right after the session's Poll, when every rewind the
// confirmed input called for has run.
func (r *netRecorder) flush(s *session.Session, ran uint64) error {
	if r == nil {
		return nil
	}
	for r.next < ran {
		var ok bool
		if r.evs, ok = s.Confirmed(r.next, r.evs[:0]); !ok {
			return nil
		}
		if err := r.rec.TickInput(r.next, r.evs); err != nil {
			return err
		}
		var h uint64
		if r.rec.Hashed(r.next) {
			e := r.hashes[r.next%hashRing]
			if e.tick != r.next {
				return fmt.Errorf("record: the hash of tick %d is gone (confirmed over %d ticks late)", r.next, hashRing)
			}
			h = e.hash
		}
		if err := r.rec.TickDoneHash(r.next, h); err != nil {
			return err
		}
		r.next++
	}
	return nil
}

// recordNet records the match to path from its confirmed input.
func recordNet(n *netPlay, g *engine.Game, path, start string, cfg demo.Config) error {
	rec, err := newRecorder(g, path, start, cfg)
	if err != nil {
		return err
	}
	n.rec = &netRecorder{rec: rec}
	g.AddTickSink(n.rec)
	return nil
}
