package session

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/input"
)

// inputPacket builds a valid Input packet from slot from to slot to.
func inputPacket(session uint32, from, to uint8, seq uint16, player uint8, tick uint32, evs ...input.Event) []byte {
	b := putHeader(nil, PacketInput, from, to, session, seq)
	b = binary.LittleEndian.AppendUint32(b, tick)
	b = binary.LittleEndian.AppendUint16(b, 0)
	b = append(b, 2)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = append(b, player)
	b = binary.LittleEndian.AppendUint32(b, tick)
	b = append(b, 1, uint8(len(evs)))
	for _, e := range evs {
		b = appendEvent(b, e)
	}
	return b
}

func TestDecodePacketRefusesBadInput(t *testing.T) {
	good := inputPacket(5, 1, 0, 1, 1, 10, input.Event{Kind: input.KeyPress, Key: input.KeyA})
	var p Packet
	if err := DecodePacket(good, &p); err != nil {
		t.Fatalf("a good packet: %v", err)
	}
	if p.NInput != 1 || p.Inputs[0].Tick != 10 || p.NEvent != 1 || p.Events[0].Key != input.KeyA {
		t.Fatalf("decoded %+v", p.Inputs[:p.NInput])
	}
	nan := inputPacket(5, 1, 0, 1, 1, 10, input.Event{Kind: input.CursorMove, X: math.NaN()})
	badKind := inputPacket(5, 1, 0, 1, 1, 10, input.Event{Kind: 200})
	wrongVersion := append([]byte(nil), good...)
	wrongVersion[2] = 9
	tooMany := inputPacket(5, 1, 0, 1, 1, 10)
	tooMany[len(tooMany)-1] = MaxEventsPerTick + 1
	for _, tc := range []struct {
		name string
		b    []byte
		want error
	}{
		{"empty", nil, ErrTruncated},
		{"header only half", good[:7], ErrTruncated},
		{"truncated event", good[:len(good)-3], ErrTruncated},
		{"oversized", make([]byte, MaxPacket+1), ErrOversized},
		{"bad magic", append([]byte("xx"), good[2:]...), ErrMalformed},
		{"trailing bytes", append(append([]byte(nil), good...), 1), ErrTruncated},
		{"NaN cursor", nan, ErrMalformed},
		{"unknown event kind", badKind, ErrMalformed},
		{"other version", wrongVersion, ErrMalformed},
		{"too many events", tooMany, ErrMalformed},
		{"unknown type", putHeader(nil, 99, 0, 0, 0, 0), ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := DecodePacket(tc.b, &p); !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
}

func TestDecodePacketAllocatesNothing(t *testing.T) {
	good := inputPacket(5, 1, 0, 1, 1, 10, input.Event{Kind: input.KeyPress, Key: input.KeyA})
	var p Packet
	if n := testing.AllocsPerRun(100, func() { _ = DecodePacket(good, &p) }); n != 0 {
		t.Fatalf("%v allocations per decode", n)
	}
}

// Hostile packets reaching a running session are dropped and counted:
// garbage, a spoofed sender, a replayed packet, a packet of another match.
func TestHostilePacketsAreDroppedAndCounted(t *testing.T) {
	p := newPair(t, Lockstep, 2, Conditions{}, "a", "a")
	p.run(t, 20, time.Minute)
	host := p.s[0]
	before := host.Stats()
	net := p.ends[1].inner // the joiner's own address, as a spoofer on its path would use
	id := host.id
	seq := host.peers[1].seq + 10 // ahead of the joiner's own numbers
	valid := inputPacket(id, 1, 0, seq, 1, 25, input.Event{Kind: input.KeyPress, Key: input.KeyB})
	send := func(b []byte) {
		if err := net.Send("machine0", b); err != nil {
			t.Fatal(err)
		}
		host.Poll()
	}
	send([]byte{1, 2, 3})                                                        // garbage: malformed
	send(make([]byte, MaxPacket))                                                // zeros: malformed
	send(inputPacket(id+1, 1, 0, seq+1, 1, 25))                                  // another match: spoofed
	send(inputPacket(id, 3, 0, seq+1, 1, 25))                                    // an unknown slot: spoofed
	send(inputPacket(id, 1, 2, seq+1, 1, 25))                                    // addressed to another slot: spoofed
	send(valid)                                                                  // taken
	send(valid)                                                                  // replayed: stale
	send(inputPacket(id, 1, 0, seq+2, 0, 25, input.Event{Kind: input.KeyPress})) // claims the host's input: ignored
	after := host.Stats()
	if got := after.Malformed - before.Malformed; got != 2 {
		t.Errorf("malformed %d, want 2", got)
	}
	if got := after.Spoofed - before.Spoofed; got != 3 {
		t.Errorf("spoofed %d, want 3", got)
	}
	if got := after.Stale - before.Stale; got != 1 {
		t.Errorf("stale %d, want 1", got)
	}
	if host.Err() != nil {
		t.Fatalf("hostile packets ended the session: %v", host.Err())
	}
}

// FuzzDecodePacket feeds the decoder arbitrary bytes: it must never panic,
// and a packet it accepts must be within the limits and re-decode alike.
func FuzzDecodePacket(f *testing.F) {
	f.Add(inputPacket(5, 1, 0, 1, 1, 10, input.Event{Kind: input.KeyPress, Key: input.KeyA}))
	f.Add(putHeader(nil, PacketHello, noSlot, 0, 0, 0))
	f.Add(appendText(binaryNonce(append(putHeader(nil, PacketHello, noSlot, 0, 0, 0), 0, 2, 1, 2), 7), "arena"))
	f.Add(append(putHeader(nil, PacketHash, 1, 0, 5, 3), 1, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8))
	f.Add(append(putHeader(nil, PacketWelcome, 0, 1, 5, 0), 2, 1, 2, 30, 0, 1, 2, 3, 4))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Packet
		if err := DecodePacket(b, &p); err != nil {
			return
		}
		if len(b) > MaxPacket || p.NInput > len(p.Inputs) || p.NEvent > len(p.Events) || p.NHash > maxHashes || p.TextLen > MaxSettings {
			t.Fatalf("accepted a packet past the limits: %d bytes, %d inputs, %d events", len(b), p.NInput, p.NEvent)
		}
		for _, ti := range p.Inputs[:p.NInput] {
			if ti.N > MaxEventsPerTick || ti.First+ti.N > p.NEvent || ti.Player >= MaxPlayers {
				t.Fatalf("accepted a tick input out of range: %+v", ti)
			}
			for _, e := range p.Events[ti.First : ti.First+ti.N] {
				if !e.Kind.Valid() || math.IsNaN(e.X) || math.IsNaN(e.Y) {
					t.Fatalf("accepted an invalid event %v", e)
				}
			}
		}
	})
}
