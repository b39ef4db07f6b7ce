package replay

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// reencode writes p again through the encoder: the trailer only if
// finished, as a crash would leave it otherwise. Ticks without records are
// skipped in one step, so a recording of a billion empty ticks re-encodes
// quickly.
func reencode(t testing.TB, p *Player, finished bool) []byte {
	e := newEncoder(p.h)
	out := bytes.Clone(e.prefix())
	every := uint64(p.h.HashEvery)
	si, hi := 0, 0
	for {
		// The next tick with a record: events or a hash.
		next := p.ticks
		if si < len(p.spans) {
			next = min(next, p.spans[si].tick)
		}
		if hi < len(p.hashes) {
			next = min(next, uint64(hi)*every)
		}
		if next >= p.ticks {
			break
		}
		e.next = next
		e.begin()
		if si < len(p.spans) && p.spans[si].tick == next {
			s := p.spans[si]
			if err := e.events(p.events[s.lo:s.hi]); err != nil {
				t.Fatalf("re-encoding tick %d: %v", next, err)
			}
			si++
		}
		if hi < len(p.hashes) && uint64(hi)*every == next {
			e.hash(p.hashes[hi])
			hi++
		}
		e.commit()
		if e.full() {
			out = append(out, e.chunk()...)
		}
	}
	e.next = p.ticks
	out = append(out, e.chunk()...)
	if finished {
		out = append(out, e.trailer(p.final, p.hasFinal)...)
		out[offState] = stateFinal
	}
	return out
}

// samePlayer returns how a and b differ, or "".
func samePlayer(a, b *Player) string {
	switch {
	case !reflect.DeepEqual(a.h, b.h):
		return fmt.Sprintf("headers %+v and %+v", a.h, b.h)
	case a.ticks != b.ticks:
		return fmt.Sprintf("%d and %d ticks", a.ticks, b.ticks)
	case a.final != b.final || a.hasFinal != b.hasFinal:
		return fmt.Sprintf("final hashes %x %v and %x %v", a.final, a.hasFinal, b.final, b.hasFinal)
	case len(a.spans) != len(b.spans) || len(a.events) != len(b.events):
		return fmt.Sprintf("%d/%d and %d/%d ticks/events", len(a.spans), len(a.events), len(b.spans), len(b.events))
	case len(a.hashes) != len(b.hashes):
		return fmt.Sprintf("%d and %d hashes", len(a.hashes), len(b.hashes))
	}
	for i := range a.spans {
		if a.spans[i] != b.spans[i] {
			return fmt.Sprintf("span %d: %+v and %+v", i, a.spans[i], b.spans[i])
		}
	}
	for i := range a.events {
		if !sameEvent(a.events[i], b.events[i]) {
			return fmt.Sprintf("event %d: %v and %v", i, a.events[i], b.events[i])
		}
	}
	for i := range a.hashes {
		if a.hashes[i] != b.hashes[i] {
			return fmt.Sprintf("hash %d: %x and %x", i, a.hashes[i], b.hashes[i])
		}
	}
	return ""
}

// fixChecksums returns a copy of b with the checksum of every chunk whose
// frame is intact recomputed, so that fuzzing reaches the values inside
// the chunks. It returns nil when b has no chunk.
func fixChecksums(b []byte) []byte {
	if len(b) <= prefixLen {
		return nil
	}
	b = bytes.Clone(b)
	tab := castagnoli()
	off := prefixLen
	for off < len(b) {
		n, k := binary.Uvarint(b[off+1:])
		if k <= 0 || n > uint64(len(b)) {
			break
		}
		stop := off + 1 + k + int(n)
		if stop+4 > len(b) {
			break
		}
		binary.LittleEndian.PutUint32(b[stop:], crc32.Checksum(b[off:stop], tab))
		off = stop + 4
	}
	return b
}

// checkDecode decodes data and checks the result: no panic, only
// *FormatErrors, a Player only when finished or with ErrNotFinalised, and
// a Player that re-encodes to an equivalent recording.
func checkDecode(t *testing.T, data []byte) {
	p, err := Decode(bytes.NewReader(data))
	if err != nil {
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("got %v (%T), want a *FormatError", err, err)
		}
		if fe.Offset < 0 || fe.Offset > int64(len(data)) {
			t.Fatalf("%v: offset %d outside the %d bytes", err, fe.Offset, len(data))
		}
		if p == nil {
			return
		}
		if !errors.Is(err, ErrNotFinalised) {
			t.Fatalf("a Player came with %v", err)
		}
	}
	b := reencode(t, p, err == nil)
	q, qerr := Decode(bytes.NewReader(b))
	if (qerr == nil) != (err == nil) || q == nil {
		t.Fatalf("re-encoded: got %v, want %v", qerr, err)
	}
	if d := samePlayer(p, q); d != "" {
		t.Fatalf("re-encoded recording differs: %s", d)
	}
}

func FuzzDecode(f *testing.F) {
	for _, n := range []uint64{0, 1, 31, 75} {
		f.Add(recording(f, n))
	}
	odd := bytes.Clone(recording(f, 40))
	odd[offState] = stateOpen
	f.Add(odd[:len(odd)-12]) // never finalised, the last chunk incomplete
	p := &Player{h: Header{Format: FormatVersion, Engine: "x", TickRate: 5, HashEvery: 1, HashScheme: 2}}
	for i, ev := range oddEvents() {
		p.events = append(p.events, ev)
		p.spans = append(p.spans, span{tick: uint64(2 * i), lo: uint32(i), hi: uint32(i + 1)})
	}
	p.ticks = uint64(2 * len(oddEvents()))
	for i := range p.ticks {
		p.hashes = append(p.hashes, i*0x9e3779b97f4a7c15)
	}
	p.final, p.hasFinal = p.hashes[p.ticks-1], true
	f.Add(reencode(f, p, true))
	p.h.Meta = []Meta{{"level", "3"}, {"mode", "hard"}}
	f.Add(reencode(f, p, true))
	if v1, err := os.ReadFile(filepath.Join("testdata", "v1-arena.twr")); err == nil {
		f.Add(v1) // format version 1
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, data)
		if fixed := fixChecksums(data); fixed != nil {
			checkDecode(t, fixed)
		}
	})
}
