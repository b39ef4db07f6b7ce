package session

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/tickwork/tickwork/engine/input"
)

// Wire format. Every packet starts with a 12-byte header:
//
//	magic      2 bytes "tW"
//	version    1 byte  ProtocolVersion
//	type       1 byte  PacketHello … PacketBye
//	from       1 byte  the sender's slot (0xFF before the host gave one)
//	to         1 byte  the receiver's slot (0xFF before the host gave one)
//	session    4 bytes the match's id, chosen by the host (0 in a Hello)
//	seq        2 bytes the sender's packet counter (wraps)
//
// Slots, not source addresses, say who sent a packet and to whom, so a
// relay that forwards datagrams between transport peers carries the same
// packets. All integers are little-endian.
const (
	// ProtocolVersion is the version of the packet format and protocol;
	// peers of different versions are refused at the handshake.
	ProtocolVersion = 1
	// MaxPacket is the largest packet sent or accepted, in bytes: it fits
	// an Ethernet MTU with room for IP, UDP and a relay's framing.
	MaxPacket = 1200
	// MaxPlayers is the most player slots a match has.
	MaxPlayers = 8
	// MaxEventsPerTick is the most events one player's tick carries; the
	// rest of a tick's local events are dropped and counted
	// (Stats.DroppedEvents).
	MaxEventsPerTick = 32
	// MaxSettings is the longest settings identity, in bytes.
	MaxSettings = 200

	headerSize = 12
	eventSize  = 21
	noSlot     = 0xFF
	maxTicks   = MaxPacket // an upper bound on tick records in one packet
	maxEvents  = MaxPacket / eventSize
	maxHashes  = 16
)

// Packet types.
const (
	PacketHello   = 1 // a joiner asks for a slot: its settings and whether it spectates
	PacketWelcome = 2 // the host gives a slot and the match's shape
	PacketRefuse  = 3 // the host refuses a joiner, saying why
	PacketStart   = 4 // every slot is filled: tick 0 may run
	PacketInput   = 5 // inputs (redundant, unacknowledged), acks, the sender's tick
	PacketHash    = 6 // hashes of confirmed ticks
	PacketBye     = 7 // the sender leaves the match
	numPacketKind = 8
)

// Packet decoding errors: a packet failing with one is dropped and counted.
var (
	ErrTruncated = errors.New("session: packet truncated")
	ErrOversized = errors.New("session: packet larger than MaxPacket")
	ErrMalformed = errors.New("session: packet malformed")
)

// TickInput is one player's input for one tick inside a Packet: the
// events are Packet.Events[First : First+N].
type TickInput struct {
	Player uint8
	Tick   uint64
	First  int
	N      int
}

// TickHash is a game hash taken after a confirmed tick.
type TickHash struct {
	Tick uint64
	Hash uint64
}

// Packet is one decoded packet. Its arrays are fixed, so decoding into a
// reused Packet allocates nothing and a hostile packet cannot make it
// grow; only the fields of its Type are meaningful.
type Packet struct {
	Type     uint8
	From, To uint8
	Session  uint32
	Seq      uint16

	// Hello (Players 0: any; Mode, Delay: the joiner's), Welcome, Refuse, Bye
	Version   uint8
	Mode      uint8  // Welcome: Lockstep or Rollback
	Spectator bool   // Hello: joins as a spectator
	Players   uint8  // Welcome, Start: player slots in the match
	Delay     uint8  // Welcome: input delay in ticks
	HashEvery uint16 // Welcome: ticks between hash checks
	Nonce     uint32
	Final     uint64            // Bye: the sender ran, confirmed and had acknowledged every tick below (0: none)
	Text      [MaxSettings]byte // Hello: settings identity; Refuse, Bye: reason
	TextLen   int

	// Input
	Now    uint64             // the sender's next tick to run
	Adv    int16              // the sender's view of its lead: its next tick less the receiver's last reported one
	Acks   [MaxPlayers]uint64 // per player: ticks of its input the sender holds contiguously (all below)
	NInput int
	Inputs [maxTicks]TickInput
	NEvent int
	Events [maxEvents]input.Event

	// Hash
	NHash  int
	Hashes [maxHashes]TickHash
}

// TextString returns the packet's text (settings or reason).
func (p *Packet) TextString() string { return string(p.Text[:p.TextLen]) }

func putHeader(b []byte, typ, from, to uint8, session uint32, seq uint16) []byte {
	b = append(b, 't', 'W', ProtocolVersion, typ, from, to)
	b = binary.LittleEndian.AppendUint32(b, session)
	return binary.LittleEndian.AppendUint16(b, seq)
}

func appendText(b []byte, s string) []byte {
	if len(s) > MaxSettings {
		s = s[:MaxSettings]
	}
	b = append(b, byte(len(s)))
	return append(b, s...)
}

func appendEvent(b []byte, e input.Event) []byte {
	b = append(b, byte(e.Kind))
	b = binary.LittleEndian.AppendUint16(b, uint16(e.Key))
	b = append(b, byte(e.Button), byte(e.Mods))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(e.X))
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(e.Y))
}

// reader reads a packet's fields, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if len(r.b) < n {
		r.err = ErrTruncated
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}
func (r *reader) u8() uint8 {
	if v := r.take(1); v != nil {
		return v[0]
	}
	return 0
}
func (r *reader) u16() uint16 {
	if v := r.take(2); v != nil {
		return binary.LittleEndian.Uint16(v)
	}
	return 0
}
func (r *reader) u32() uint32 {
	if v := r.take(4); v != nil {
		return binary.LittleEndian.Uint32(v)
	}
	return 0
}
func (r *reader) u64() uint64 {
	if v := r.take(8); v != nil {
		return binary.LittleEndian.Uint64(v)
	}
	return 0
}
func (r *reader) bad(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, args...)...)
	}
}

// DecodePacket decodes b into p, which it overwrites. A packet that is
// truncated, oversized, of an unknown version or type, or whose fields are
// out of range gives an error wrapping ErrTruncated, ErrOversized or
// ErrMalformed; the caller drops it. It never panics, allocates nothing
// and keeps no reference to b.
func DecodePacket(b []byte, p *Packet) error {
	if len(b) > MaxPacket {
		return ErrOversized
	}
	r := reader{b: b}
	magic := r.take(2)
	if r.err != nil {
		return r.err
	}
	if magic[0] != 't' || magic[1] != 'W' {
		return fmt.Errorf("%w: not a session packet (bad magic)", ErrMalformed)
	}
	p.Version = r.u8()
	p.Type = r.u8()
	p.From, p.To = r.u8(), r.u8()
	p.Session = r.u32()
	p.Seq = r.u16()
	if r.err != nil {
		return r.err
	}
	if p.Type == 0 || p.Type >= numPacketKind {
		return fmt.Errorf("%w: unknown packet type %d", ErrMalformed, p.Type)
	}
	// A Hello of another version is decoded, so the host can refuse it
	// naming both versions; any other packet must be of this version.
	if p.Version != ProtocolVersion && p.Type != PacketHello {
		return fmt.Errorf("%w: protocol version %d, want %d", ErrMalformed, p.Version, ProtocolVersion)
	}
	p.TextLen, p.NInput, p.NEvent, p.NHash = 0, 0, 0, 0
	switch p.Type {
	case PacketHello:
		p.Spectator = r.u8() != 0
		p.Players, p.Mode, p.Delay = r.u8(), r.u8(), r.u8()
		p.Nonce = r.u32()
		r.text(p)
	case PacketWelcome:
		p.Players, p.Mode, p.Delay = r.u8(), r.u8(), r.u8()
		p.HashEvery = r.u16()
		p.Nonce = r.u32()
		if r.err == nil && (p.Players < 1 || p.Players > MaxPlayers || Mode(p.Mode) > Rollback || p.Delay > MaxDelay || p.HashEvery == 0) {
			r.bad("welcome with players %d, mode %d, delay %d, hash every %d ticks", p.Players, p.Mode, p.Delay, p.HashEvery)
		}
	case PacketRefuse:
		p.Nonce = r.u32()
		r.text(p)
	case PacketBye:
		p.Final = uint64(r.u32())
		r.text(p)
	case PacketStart:
		p.Players = r.u8()
		if r.err == nil && (p.Players < 1 || p.Players > MaxPlayers) {
			r.bad("start with %d players", p.Players)
		}
	case PacketInput:
		r.inputs(p)
	case PacketHash:
		n := int(r.u8())
		if n > maxHashes {
			r.bad("%d hashes, at most %d", n, maxHashes)
		}
		for i := 0; i < n && r.err == nil; i++ {
			p.Hashes[i] = TickHash{Tick: uint64(r.u32()), Hash: r.u64()}
			p.NHash = i + 1
		}
	}
	if r.err == nil && len(r.b) != 0 {
		r.bad("%d bytes after the packet's end", len(r.b))
	}
	return r.err
}

func (r *reader) text(p *Packet) {
	n := int(r.u8())
	if n > MaxSettings {
		r.bad("text of %d bytes, at most %d", n, MaxSettings)
		return
	}
	v := r.take(n)
	p.TextLen = copy(p.Text[:], v)
}

// inputs reads an Input packet's body: now u32, adv i16, players u8, acks
// [players]u32, then blocks: player u8, first tick u32, count u8, and per
// tick an event count u8 and its events.
func (r *reader) inputs(p *Packet) {
	p.Now = uint64(r.u32())
	p.Adv = int16(r.u16())
	np := int(r.u8())
	if np > MaxPlayers {
		r.bad("acks for %d players, at most %d", np, MaxPlayers)
		return
	}
	for i := range p.Acks {
		p.Acks[i] = 0
		if i < np {
			p.Acks[i] = uint64(r.u32())
		}
	}
	for len(r.b) > 0 && r.err == nil {
		player := r.u8()
		first := uint64(r.u32())
		count := int(r.u8())
		if r.err == nil && player >= MaxPlayers {
			r.bad("input of player %d, at most %d", player, MaxPlayers-1)
		}
		for k := 0; k < count && r.err == nil; k++ {
			n := int(r.u8())
			if n > MaxEventsPerTick {
				r.bad("tick with %d events, at most %d", n, MaxEventsPerTick)
				return
			}
			if p.NInput >= len(p.Inputs) || p.NEvent+n > len(p.Events) {
				r.bad("more input than a packet holds")
				return
			}
			ti := TickInput{Player: player, Tick: first + uint64(k), First: p.NEvent, N: n}
			for j := 0; j < n && r.err == nil; j++ {
				e, ok := readEvent(r)
				if r.err == nil && !ok {
					r.bad("event of player %d at tick %d is invalid (kind %d or a value not finite)", player, ti.Tick, e.Kind)
				}
				p.Events[p.NEvent] = e
				p.NEvent++
			}
			p.Inputs[p.NInput] = ti
			p.NInput++
		}
	}
}

func readEvent(r *reader) (input.Event, bool) {
	var e input.Event
	e.Kind = input.Kind(r.u8())
	e.Key = input.Key(int16(r.u16()))
	e.Button = input.Button(r.u8())
	e.Mods = input.Mods(r.u8())
	e.X = math.Float64frombits(r.u64())
	e.Y = math.Float64frombits(r.u64())
	ok := e.Kind.Valid() && !math.IsNaN(e.X) && !math.IsInf(e.X, 0) && !math.IsNaN(e.Y) && !math.IsInf(e.Y, 0)
	return e, ok
}
