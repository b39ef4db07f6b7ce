// Package session plays one match on several machines: it exchanges each
// player's input per tick over a datagram Transport and feeds the engine
// through its tick source, in one of two modes after GGPO's design.
//
// Lockstep waits for every player's input of a tick before running it; an
// input delay of d ticks (the local input of tick t is played at t+d on
// every machine) hides a round trip of up to d ticks. Rollback runs each
// tick at once, predicting a remote player's missing input by repetition
// (no new events: what was held stays held), and when the real input
// arrives and differs it calls Rewinder.Rewind(t): the engine restores the
// state from before tick t and re-runs the ticks to the present, asking
// the session for their input again. Prediction goes at most Window ticks
// (up to 8) past the last tick confirmed for every player, and no rewind
// reaches back further, so the engine's rollback keeps exactly Window
// ticks (g.Rollback().Enable(Window)); time sync keeps
// machines from reaching that limit: the one ahead asks for each tick to
// take a tenth longer (Stretch) until the other catches up, instead of
// stalling.
//
// # Players' events
//
// A tick's events are those of every player, player 0's first, each with
// Event.Time set to its player's slot (a clock time would differ between
// machines and must not reach a simulation): PlayerOf(e) reads it. A
// player's keyboard, mouse and pads thus stay apart: the game reads
// ctx.Input.Events() and routes each event by PlayerOf: the engine's
// merged state (ctx.Input.Down, Pressed, Cursor) mixes every player's
// keys and mouse, so a game keeps each player's held keys itself (or
// gives each player its own keys or pad). Only a player's
// kinds of event cross the network (keys, text, mouse, pads): a window's
// resize, focus and close events stay on their machine. A recording made
// with a replay.Recorder as tick sink holds every player's confirmed
// input, with these slots, and replays offline to the same hash.
//
// # Wiring a game
//
//	s, err := session.Host(tr, session.Config{Mode: session.Rollback, Players: 2, Delay: 2,
//		Settings: settingsHash, Local: localInput, Rewinder: g.Rollback()})
//	g.SetTickSource(s)           // every tick's input comes from the session
//	g.AddTickSink(s.TickSink())  // hashes of confirmed ticks are compared
//	// each frame, before the frame's ticks:
//	if err := s.Poll(); err != nil { /* the match ended: s.Events says why */ }
//
// Host starts a match and waits for Players-1 joiners (Join); Connect
// waits for every slot to fill. The handshake refuses a joiner whose
// protocol version, Settings (the game's identity and settings: a string
// or a hash the game supplies), Mode, Delay or player count differ from
// the host's, naming what differs. Spectators (Config.Spectator) join
// before the match starts and get every player's confirmed input.
//
// # Packets
//
// Every packet names its sender's and receiver's slot and the match's id,
// so it means the same whichever transport carries it: UDP (built in), a
// relay or a game server's relayed match. Each input packet carries all
// the input the receiver has not acknowledged, so a lost packet needs no
// retransmission. Malformed, truncated, oversized, replayed or spoofed
// packets are dropped and counted in Stats; decoding allocates nothing.
// The host relays inputs between joiners (a star), so a match of more than
// two needs no connection between joiners.
//
// A peer that says goodbye (Close) or stays silent for Config.Timeout ends
// the match with a PeerLeft or PeerTimeout Event, except that a player
// that settled before its goodbye (Settled, then Close) leaves the others
// to finish the ticks it confirmed (see Event); a difference of hashes
// at a confirmed tick ends it with a Desync event naming the first
// divergent tick checked, on both machines. TickEvents and Poll then
// return an *EndedError.
//
// Sim wraps any Transport in a bad network (latency, jitter, loss,
// duplication, reordering; seeded), and ParseConditions reads a -netsim
// flag's value; MemoryNet is an in-process network for simulations in
// virtual time.
//
// A Session is used from one goroutine: the one that runs the game.
package session
