package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tickwork/tickwork/engine/input"
)

// Mode is how a session treats remote input that has not arrived.
type Mode uint8

const (
	// Lockstep waits for every player's input of a tick before running it.
	Lockstep Mode = 0
	// Rollback runs a tick at once, predicting missing remote input, and
	// rewinds and resimulates when the real input differs.
	Rollback Mode = 1
)

func (m Mode) String() string {
	switch m {
	case Lockstep:
		return "lockstep"
	case Rollback:
		return "rollback"
	}
	return fmt.Sprintf("mode#%d", uint8(m))
}

// Limits of Config.
const (
	MaxDelay  = 16 // input delay, ticks
	MaxWindow = 8  // rollback window, ticks
	// MaxSpectators is the most spectators a host serves.
	MaxSpectators = 4
)

// Rewinder restores the simulation to just before tick and re-runs ticks
// tick..present-1, asking the session for each re-run tick's input again
// (the engine's Game.Rollback() does this). Rollback mode calls it on the
// goroutine that runs the game: from Poll, between frames (the ticks run
// again at once), or from TickEvents of a new tick, when input that came
// while the tick was captured corrects earlier ticks (present is then the
// new tick, and the ticks run again before it). It never reaches back
// more than Config.Window ticks, so a rollback that keeps exactly Window
// ticks (g.Rollback().Enable(Window)) is enough.
type Rewinder interface {
	Rewind(tick uint64) error
}

// Hasher gives the simulation's hash after a tick (engine.Game is one).
type Hasher interface {
	Hash() uint64
}

// LocalFunc appends the local player's events for tick to dst. A session
// calls it once per new tick, on the goroutine that runs the game; the
// events are played at tick + Delay on every machine. Only a player's
// kinds of event are sent (keys, text, mouse, pads): a window's resize,
// focus and close events stay on their machine.
type LocalFunc func(tick uint64, dst []input.Event) []input.Event

// Config describes a session. The host's Mode, Delay and player count
// rule; a joiner whose own differ (when set) is refused, as is one whose
// Settings differ. A joiner takes the host's HashEvery.
type Config struct {
	Mode      Mode
	Players   int    // player slots, 2 to MaxPlayers (a joiner: 0 accepts the host's)
	Delay     int    // input delay in ticks, 0 to MaxDelay
	Window    int    // rollback window in ticks, 1 to MaxWindow (0: MaxWindow): the deepest rewind asked of Rewinder
	Settings  string // the game's identity and settings (a hash or a string), at most MaxSettings bytes
	Spectator bool   // a joiner that only watches: it gets every player's confirmed input

	Local    LocalFunc // the local player's input (nil: none)
	Rewinder Rewinder  // Rollback mode: required

	HashEvery int           // ticks between hash checks, 1 to 65535 (0: 30); the host's rules
	Timeout   time.Duration // silence after which a peer is gone (0: 5 s)
	TickRate  float64       // ticks per second, for time sync (0: 60)
	Now       func() time.Time
	Seed      uint64 // seeds the match id and nonce (0: random)
}

func (c *Config) check(host bool) error {
	switch {
	case c.Mode > Rollback:
		return fmt.Errorf("session: Mode %d is unknown: use Lockstep or Rollback", c.Mode)
	case host && (c.Players < 2 || c.Players > MaxPlayers):
		return fmt.Errorf("session: Players = %d: a host needs 2 to %d player slots", c.Players, MaxPlayers)
	case !host && (c.Players < 0 || c.Players > MaxPlayers):
		return fmt.Errorf("session: Players = %d: allowed 0 (the host's) to %d", c.Players, MaxPlayers)
	case c.Delay < 0 || c.Delay > MaxDelay:
		return fmt.Errorf("session: Delay = %d ticks: allowed 0 to %d", c.Delay, MaxDelay)
	case c.Window < 0 || c.Window > MaxWindow:
		return fmt.Errorf("session: Window = %d ticks: allowed 1 to %d (0 means %d)", c.Window, MaxWindow, MaxWindow)
	case len(c.Settings) > MaxSettings:
		return fmt.Errorf("session: Settings is %d bytes: at most %d (pass a hash of long settings)", len(c.Settings), MaxSettings)
	case c.Mode == Rollback && c.Rewinder == nil && !c.Spectator:
		return errors.New("session: Rollback mode needs a Rewinder (the engine's g.Rollback())")
	case c.HashEvery < 0 || c.HashEvery > 65535:
		return fmt.Errorf("session: HashEvery = %d ticks: allowed 1 to 65535 (0 means 30)", c.HashEvery)
	case c.Timeout < 0 || c.TickRate < 0:
		return errors.New("session: Timeout and TickRate must not be negative")
	case host && c.Spectator:
		return errors.New("session: a host cannot be a spectator")
	}
	if c.Window == 0 {
		c.Window = MaxWindow
	}
	if c.HashEvery == 0 {
		c.HashEvery = 30
	}
	if c.Timeout == 0 {
		c.Timeout = 5 * time.Second
	}
	if c.TickRate == 0 {
		c.TickRate = 60
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Seed == 0 {
		c.Seed = rand.Uint64()
	}
	return nil
}

// EventKind is the kind of a session Event.
type EventKind uint8

// Session events.
const (
	PeerJoined  EventKind = iota + 1 // a player or spectator took slot Slot
	Started                          // every slot is filled: ticks run
	PeerLeft                         // the peer of Slot said goodbye (Detail: its reason); see below
	PeerTimeout                      // nothing came from Slot for Config.Timeout
	Refused                          // the host refused this joiner (Detail: what differs)
	Desync                           // the hashes of Tick differ between this machine and Slot's
)

var eventNames = [...]string{"none", "peer-joined", "started", "peer-left", "peer-timeout", "refused", "desync"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("event#%d", uint8(k))
}

// Event is something the game should hear about: read them with Events.
//
// A player that says goodbye after settling (it ran, confirmed and had
// acknowledged every tick below some tick n: see Settled and Close), to a
// machine that holds every input of those ticks, leaves a match that goes
// on: a PeerLeft event with Tick n is reported, and the session still
// hands out the ticks below n (confirmed: nothing is predicted for the
// leaver) and counts them Settled; a new tick n or later then ends it
// with an *EndedError whose PeerLeft event has Tick n, and Poll ends it
// if this machine had run past n on a prediction. A goodbye without
// that (a player that left early, or input of its ticks missing here)
// ends the match at once, with Tick 0.
type Event struct {
	Kind   EventKind
	Slot   int    // the peer concerned
	Tick   uint64 // Desync: the first divergent tick checked; PeerLeft: the match's last tick + 1 (0: it ended at once)
	Detail string
}

func (e Event) String() string {
	switch e.Kind {
	case Desync:
		return fmt.Sprintf("desync with slot %d: first divergent tick %d (%s)", e.Slot, e.Tick, e.Detail)
	case Refused:
		return "refused by the host: " + e.Detail
	}
	if e.Detail != "" {
		return fmt.Sprintf("%s: slot %d: %s", e.Kind, e.Slot, e.Detail)
	}
	return fmt.Sprintf("%s: slot %d", e.Kind, e.Slot)
}

// EndedError is the error a session returns once it ended: a peer left or
// timed out, the host refused, a desync. Event says which.
type EndedError struct{ Event Event }

func (e *EndedError) Error() string { return "session: ended: " + e.Event.String() }

// Stats count what a session saw.
type Stats struct {
	Sent, Received   int // packets
	Malformed        int // packets dropped by DecodePacket
	Spoofed          int // packets from an unknown slot, transport peer or match
	Stale            int // packets seen before from their sender (replayed, duplicated) or over 64 packets late
	DroppedEvents    int // local events past MaxEventsPerTick in a tick
	WindowEvents     int // local events that are the window's, not the player's (resize, focus, close, unknown kinds): not sent
	Rollbacks        int // rewinds
	RollbackTicks    int // ticks resimulated by them
	MaxRollback      int // the deepest rewind, ticks
	PredictedTicks   int // new ticks run with some remote input predicted
	Stalls           int // new ticks that had to wait for input
	HashesCompared   int // confirmed ticks whose hashes matched a peer's
	SlowedTicks      int // ticks the time sync stretched
	TransportErrors  int // Send errors
	LastTransportErr error
}
