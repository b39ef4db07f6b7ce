package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"time"

	"github.com/tickwork/tickwork/engine/input"
)

// ringSize is how many ticks of each player's input a session keeps: far
// more than Window + Delay + the ticks a peer may leave unacknowledged.
const ringSize = 256

// resendEvery is how often inputs, hellos and starts are sent again while
// nothing new is to be sent.
const resendEvery = 20 * time.Millisecond

type tickInput struct {
	tick uint64 // tick + 1; 0: empty slot
	n    int
	ev   [MaxEventsPerTick]input.Event
}

// peer is another machine as this one sees it.
type peer struct {
	used       bool
	addr       Peer
	spectator  bool
	nonce      uint32
	heard      time.Time
	seq        uint16
	seqSeen    bool
	seqMask    uint64             // of the 64 numbers below seq, those seen
	started    bool               // host: it has sent input, so it knows the match started
	acked      [MaxPlayers]uint64 // of each player's input, the ticks it holds (all below)
	now        uint64             // its latest reported next tick
	adv        int16              // its latest reported advantage
	hashes     [64]TickHash       // its confirmed hashes (Tick holds tick+1), by (tick/HashEvery)%64
	hashSent   int                // nFinal when hashes were last sent to it
	hashRepeat int                // times the same hashes were sent
	left       bool               // it said goodbye having settled: nothing more is sent to or awaited from it
}

// Session plays a match with other machines: it exchanges each player's
// input per tick and is the game's engine.TickSource. Every method is
// called on the goroutine that runs the game.
//
// The events of a tick are all players' events, player 0's first, each
// with its Time set to its player's slot (a clock time would differ
// between machines): read it with PlayerOf. A recording of the game
// therefore holds every player's confirmed input and replays offline to
// the same hash.
type Session struct {
	cfg       Config
	tr        Transport
	host      bool
	hostAddr  Peer
	slot      int // own slot: 0 for the host, MaxPlayers+ for a spectator
	players   int
	id        uint32
	nonce     uint32
	running   bool
	err       error
	events    []Event
	stats     Stats
	peers     [MaxPlayers + MaxSpectators]peer
	inputs    [MaxPlayers][ringSize]tickInput
	have      [MaxPlayers]uint64 // per player: its input is known for every tick below
	next      uint64             // the next new tick
	rewindTo  uint64             // rollback: the earliest tick to re-run (valid if rewind)
	rewind    bool
	dirty     bool // something new to send
	lastSend  time.Time
	ownHashes [64]TickHash // by (tick/HashEvery)%64
	final     uint64       // check ticks below final are confirmed
	finals    [maxHashes]TickHash
	nFinal    int
	hashing   bool // AfterTick was called
	checked   [MaxPlayers + MaxSpectators]uint64
	lead      float64 // rollback time sync: smoothed lead over the slowest peer, ticks
	stretch   time.Duration
	pkt       Packet
	buf       [MaxPacket]byte
	out       []byte
	seqN      uint16
	helloSent bool
	local     []input.Event
	leftAt    uint64 // a settled player left: the match runs to this tick (0: none)
	leftEnd   Event  // the event that ends the match at leftAt
}

// Host starts a match on tr for cfg.Players players; slot 0 is the host's
// own. Joiners connect with Join; call Poll (or Connect) until Running.
func Host(tr Transport, cfg Config) (*Session, error) {
	if err := cfg.check(true); err != nil {
		return nil, err
	}
	s := newSession(tr, cfg)
	s.host, s.players, s.slot = true, cfg.Players, 0
	s.id = uint32(s.rng().Uint64()) | 1
	return s, nil
}

// Join asks the host at hostAddr for a slot (or to watch, with
// cfg.Spectator). Call Poll (or Connect) until Running.
func Join(tr Transport, hostAddr Peer, cfg Config) (*Session, error) {
	if err := cfg.check(false); err != nil {
		return nil, err
	}
	if ap, err := netip.ParseAddrPort(string(hostAddr)); err == nil {
		// An IP address's plain form, the one UDP reports senders by.
		hostAddr = Peer(netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()).String())
	}
	s := newSession(tr, cfg)
	s.hostAddr, s.slot = hostAddr, noSlot
	s.peers[0] = peer{used: true, addr: hostAddr, heard: cfg.Now()}
	s.nonce = uint32(s.rng().Uint64())
	return s, nil
}

func newSession(tr Transport, cfg Config) *Session {
	s := &Session{cfg: cfg, tr: tr, out: make([]byte, 0, MaxPacket)}
	for p := range s.have {
		s.have[p] = uint64(cfg.Delay) // the first Delay ticks have no input
	}
	return s
}

func (s *Session) rng() *rand.Rand { return rand.New(rand.NewPCG(s.cfg.Seed, 0x73657373)) }

// Running reports whether the match started (every slot is filled).
func (s *Session) Running() bool { return s.running && s.err == nil }

// Err returns why the session ended, an *EndedError, or nil.
func (s *Session) Err() error { return s.err }

// Slot returns this machine's player slot (MaxPlayers or more for a
// spectator; 0xFF before the host gave one).
func (s *Session) Slot() int { return s.slot }

// Players returns the number of player slots (0 before a joiner heard the
// host).
func (s *Session) Players() int { return s.players }

// Mode returns the match's mode (the host's).
func (s *Session) Mode() Mode { return s.cfg.Mode }

// Delay returns the match's input delay in ticks (the host's).
func (s *Session) Delay() int { return s.cfg.Delay }

// Stats returns the session's counters.
func (s *Session) Stats() Stats { return s.stats }

// Events appends the events since the last call to dst.
func (s *Session) Events(dst []Event) []Event {
	dst = append(dst, s.events...)
	s.events = s.events[:0]
	return dst
}

// PlayerOf returns the player slot of an event a session delivered.
func PlayerOf(e input.Event) int { return int(e.Time) }

func (s *Session) emit(e Event) { s.events = append(s.events, e) }

// end ends the session with e: it is reported once, and every later call
// returns the *EndedError.
func (s *Session) end(e Event) {
	if s.err != nil {
		return
	}
	s.emit(e)
	s.err = &EndedError{Event: e}
}

// Connect polls until the match started, the session ended or deadline
// passed (a real-time wait: not for MemoryNet simulations, which Poll).
func (s *Session) Connect(deadline time.Time) error {
	for i := 0; i < 1_000_000 && !s.Running(); i++ {
		if err := s.Poll(); err != nil {
			return err
		}
		if !s.cfg.Now().Before(deadline) {
			return fmt.Errorf("session: not connected by the deadline (%d of %d slots filled): is the host at %q running, and the port open?", s.filled(), max(s.players, 2), s.hostAddr)
		}
		s.receive(s.cfg.Now().Add(5 * time.Millisecond))
	}
	return s.err
}

func (s *Session) filled() int {
	n := 1
	for i := range s.peers[:MaxPlayers] {
		if s.peers[i].used && i != s.slot {
			n++
		}
	}
	if !s.host && s.slot != noSlot {
		return max(n, 2)
	}
	return n
}

// Wait waits up to d for a packet and handles every packet that came, so a
// program with nothing to do (not Ready) sleeps until input arrives. It
// waits in real time, through the transport.
func (s *Session) Wait(d time.Duration) {
	if s.err == nil {
		s.receive(s.cfg.Now().Add(d))
	}
}

// Poll receives every waiting packet, applies a rollback they call for
// (Rewinder.Rewind), checks hashes and timeouts and sends what is due.
// Call it once per frame before the frame's ticks. It returns the
// session's error once it ended.
func (s *Session) Poll() error {
	if s.err != nil {
		return s.err
	}
	s.receive(time.Time{})
	if err := s.applyRewind(); err != nil {
		return err
	}
	if s.leftAt > 0 && s.next > s.leftAt && !s.rewind {
		// Ticks past the match's end ran on a prediction that can never
		// be confirmed.
		s.end(s.leftEnd)
	}
	s.finishHashes()
	s.checkTimeouts()
	s.send()
	return s.err
}

// receive handles every packet waiting, waiting for the first until
// deadline (zero: no wait).
func (s *Session) receive(deadline time.Time) {
	for i := 0; i < 4096 && s.err == nil; i++ {
		n, from, err := s.tr.Receive(s.buf[:], deadline)
		if err != nil {
			if errors.Is(err, ErrClosed) {
				s.end(Event{Kind: PeerLeft, Slot: s.slot, Detail: "the transport was closed"})
			}
			return
		}
		deadline = time.Time{}
		s.stats.Received++
		if err := DecodePacket(s.buf[:n], &s.pkt); err != nil {
			s.stats.Malformed++
			continue
		}
		s.handle(from, &s.pkt)
	}
}

func (s *Session) handle(from Peer, p *Packet) {
	if p.Type == PacketHello {
		if s.host {
			s.hello(from, p)
		} else {
			s.stats.Spoofed++
		}
		return
	}
	if !s.host && s.slot == noSlot {
		s.joining(from, p)
		return
	}
	q := int(p.From)
	if p.Session != s.id || int(p.To) != s.slot || q >= len(s.peers) || !s.peers[q].used || s.peers[q].addr != from {
		s.stats.Spoofed++
		return
	}
	pr := &s.peers[q]
	if !pr.fresh(p.Seq) {
		s.stats.Stale++
		return
	}
	pr.heard = s.cfg.Now()
	switch p.Type {
	case PacketStart:
		if !s.host && !s.running {
			s.running = true
			s.emit(Event{Kind: Started, Slot: s.slot})
		}
	case PacketInput:
		if !s.host && !s.running {
			s.running = true
			s.emit(Event{Kind: Started, Slot: s.slot})
		}
		pr.started = true
		s.takeInput(q, p)
	case PacketHash:
		for _, h := range p.Hashes[:p.NHash] {
			if h.Tick%uint64(s.cfg.HashEvery) == 0 {
				pr.hashes[(h.Tick/uint64(s.cfg.HashEvery))%64] = TickHash{Tick: h.Tick + 1, Hash: h.Hash}
			}
		}
		s.compareHashes(q)
	case PacketWelcome:
		// Said again while the match waits for players: heard above.
	case PacketBye:
		s.bye(q, p)
	default:
		s.stats.Spoofed++
	}
}

// fresh reports whether a packet numbered seq is new from this peer, and
// remembers it: a packet seen before (a replay, a duplicate) or more than
// 64 numbers older than the newest is not. A packet merely reordered
// within that window is still taken.
func (pr *peer) fresh(seq uint16) bool {
	if !pr.seqSeen {
		pr.seq, pr.seqSeen, pr.seqMask = seq, true, 0
		return true
	}
	d := int16(seq - pr.seq)
	switch {
	case d > 0:
		if d >= 64 {
			pr.seqMask = 0
		} else {
			pr.seqMask = pr.seqMask<<uint(d) | 1<<uint(d-1)
		}
		pr.seq = seq
		return true
	case d == 0 || d < -64:
		return false
	}
	bit := uint64(1) << uint(-d-1)
	if pr.seqMask&bit != 0 {
		return false
	}
	pr.seqMask |= bit
	return true
}

// joining handles the host's answer to this joiner's Hello.
func (s *Session) joining(from Peer, p *Packet) {
	if from != s.hostAddr || p.Nonce != s.nonce || p.Session == 0 {
		s.stats.Spoofed++
		return
	}
	switch p.Type {
	case PacketRefuse:
		s.end(Event{Kind: Refused, Slot: 0, Detail: p.TextString()})
	case PacketWelcome:
		s.slot, s.id, s.players = int(p.To), p.Session, int(p.Players)
		s.cfg.Mode, s.cfg.Delay, s.cfg.HashEvery = Mode(p.Mode), int(p.Delay), int(p.HashEvery)
		for i := range s.have {
			s.have[i] = uint64(s.cfg.Delay)
		}
		s.peers[0].heard = s.cfg.Now()
		s.emit(Event{Kind: PeerJoined, Slot: s.slot})
		if s.cfg.Mode == Rollback && s.cfg.Rewinder == nil && !s.cfg.Spectator {
			s.end(Event{Kind: Refused, Detail: "the host plays in rollback mode and this game gave no Rewinder"})
		}
	default:
		s.stats.Spoofed++
	}
}

// hello answers a joiner: a slot, or a refusal naming what differs.
func (s *Session) hello(from Peer, p *Packet) {
	for i := range s.peers {
		if pr := &s.peers[i]; pr.used && pr.addr == from && pr.nonce == p.Nonce {
			// Its Welcome was lost, or it waits for the other players:
			// say it again (both keep the other from timing out).
			pr.heard = s.cfg.Now()
			s.welcome(i)
			return
		}
	}
	why := ""
	switch {
	case p.Version != ProtocolVersion:
		why = fmt.Sprintf("protocol version differs: host %d, joiner %d (use the same release of the game)", ProtocolVersion, p.Version)
	case p.TextString() != s.cfg.Settings:
		why = fmt.Sprintf("settings differ: host %q, joiner %q", s.cfg.Settings, p.TextString())
	case p.Spectator: // it takes the host's mode, delay and slots
	case Mode(p.Mode) != s.cfg.Mode:
		why = fmt.Sprintf("mode differs: host %s, joiner %s", s.cfg.Mode, Mode(p.Mode))
	case int(p.Delay) != s.cfg.Delay:
		why = fmt.Sprintf("input delay differs: host %d ticks, joiner %d", s.cfg.Delay, p.Delay)
	case p.Players != 0 && int(p.Players) != s.players:
		why = fmt.Sprintf("player slots differ: host %d, joiner %d", s.players, p.Players)
	}
	slot := -1
	if why == "" {
		lo, hi := 1, s.players
		if p.Spectator {
			lo, hi = MaxPlayers, MaxPlayers+MaxSpectators
		}
		for i := lo; i < hi && slot < 0; i++ {
			if !s.peers[i].used {
				slot = i
			}
		}
		switch {
		case slot < 0 && p.Spectator:
			why = fmt.Sprintf("no spectator place left (at most %d)", MaxSpectators)
		case slot < 0:
			why = fmt.Sprintf("the match is full (%d players)", s.players)
		case s.next >= ringSize/2:
			why = "the match is under way: join before it starts"
		}
	}
	if why != "" {
		s.out = putHeader(s.out[:0], PacketRefuse, 0, noSlot, s.id, 0)
		s.out = binaryNonce(s.out, p.Nonce)
		s.out = appendText(s.out, why)
		s.sendTo(from, s.out)
		return
	}
	s.peers[slot] = peer{used: true, addr: from, spectator: p.Spectator, nonce: p.Nonce, heard: s.cfg.Now()}
	s.emit(Event{Kind: PeerJoined, Slot: slot})
	s.welcome(slot)
	if !s.running && s.filled() == s.players {
		s.running = true
		s.emit(Event{Kind: Started, Slot: 0})
	}
	s.dirty = true
}

func (s *Session) welcome(slot int) {
	pr := &s.peers[slot]
	s.out = putHeader(s.out[:0], PacketWelcome, 0, uint8(slot), s.id, s.seqNext())
	s.out = append(s.out, uint8(s.players), uint8(s.cfg.Mode), uint8(s.cfg.Delay), byte(s.cfg.HashEvery), byte(s.cfg.HashEvery>>8))
	s.out = binaryNonce(s.out, pr.nonce)
	s.sendTo(pr.addr, s.out)
}

func binaryNonce(b []byte, n uint32) []byte {
	return append(b, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
}

func (s *Session) sendTo(to Peer, b []byte) {
	if err := s.tr.Send(to, b); err != nil {
		s.stats.TransportErrors++
		s.stats.LastTransportErr = err
		return
	}
	s.stats.Sent++
}

// peerGone ends the match when a player goes; a spectator just leaves.
func (s *Session) peerGone(q int, e Event) {
	if s.host && s.peers[q].spectator {
		s.peers[q] = peer{}
		s.emit(e)
		return
	}
	s.end(e)
}

func (s *Session) checkTimeouts() {
	if !s.host && !s.helloSent {
		return // nothing asked of the host yet
	}
	now := s.cfg.Now()
	for i := range s.peers {
		if pr := &s.peers[i]; pr.used && !pr.left && i != s.slot && now.Sub(pr.heard) > s.cfg.Timeout {
			s.peerGone(i, Event{Kind: PeerTimeout, Slot: i, Detail: fmt.Sprintf("nothing received for %v", s.cfg.Timeout)})
		}
	}
}

// Close says goodbye to every peer (three times, for loss) and closes the
// transport. The goodbye tells the peers how many ticks this machine ran,
// confirmed and had acknowledged: a peer that holds every input of those
// ticks plays them to the end (see Event PeerLeft) instead of ending at
// once. A program that ends after n ticks polls until Settled(n) before
// Close. Close of a Sim sends what it still holds at once.
func (s *Session) Close() error {
	settled := uint32(min(s.settledTicks(), 1<<32-1))
	for range 3 {
		for i := range s.peers {
			if pr := &s.peers[i]; pr.used && i != s.slot && s.slot != noSlot {
				s.out = putHeader(s.out[:0], PacketBye, uint8(s.slot), uint8(i), s.id, s.seqNext())
				s.out = binaryNonce(s.out, settled)
				s.out = appendText(s.out, "the peer closed its session")
				s.sendTo(pr.addr, s.out)
			}
		}
	}
	if s.err == nil {
		s.err = &EndedError{Event: Event{Kind: PeerLeft, Slot: s.slot, Detail: "this session was closed"}}
	}
	return s.tr.Close()
}
