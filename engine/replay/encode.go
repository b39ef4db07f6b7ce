package replay

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"math/bits"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// encoder turns ticks into the bytes of a recording. It keeps the records
// of the open tick chunk in memory and frames them when asked; once its
// buffers have grown to a chunk's size it allocates nothing.
type encoder struct {
	h   Header
	tab *crc32.Table

	rec []byte // records of the open tick chunk
	out []byte // the framed chunk handed to the writer

	first    uint64        // first tick of the open chunk
	next     uint64        // ticks committed: the tick being recorded
	prevRec  uint64        // tick of the chunk's previous record (first at the start)
	prevTime timing.Micros // time of the chunk's previous event (0 at the start)

	// The state when the tick being recorded began, to drop it if it
	// never completes.
	markLen  int
	markRec  uint64
	markTime timing.Micros
}

func newEncoder(h Header) *encoder {
	return &encoder{h: h, tab: castagnoli(), rec: make([]byte, 0, 4<<10), out: make([]byte, 0, 4<<10)}
}

// prefix returns the magic, the format version, the state byte (open) and
// the header chunk.
func (e *encoder) prefix() []byte {
	e.out = append(e.out[:0], magic...)
	e.out = binary.LittleEndian.AppendUint16(e.out, e.h.Format)
	e.out = append(e.out, stateOpen)
	var p []byte
	p = appendString(p, e.h.Engine)
	p = binary.AppendUvarint(p, uint64(e.h.TickRate))
	p = binary.LittleEndian.AppendUint64(p, e.h.Seed)
	p = appendString(p, e.h.InitialState)
	p = binary.AppendUvarint(p, uint64(e.h.HashEvery))
	if e.h.Format >= 2 { // version 1 headers end here
		p = binary.AppendUvarint(p, uint64(e.h.HashScheme))
		p = binary.AppendUvarint(p, uint64(len(e.h.Meta)))
		for _, m := range e.h.Meta {
			p = appendString(p, m.Key)
			p = appendString(p, m.Value)
		}
	}
	return e.frame(e.out, chunkHeader, p)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// begin marks the start of tick e.next, so that drop can forget it.
func (e *encoder) begin() {
	e.markLen, e.markRec, e.markTime = len(e.rec), e.prevRec, e.prevTime
}

// drop forgets what was recorded of the tick that began last.
func (e *encoder) drop() {
	e.rec, e.prevRec, e.prevTime = e.rec[:e.markLen], e.markRec, e.markTime
}

// events appends the events of tick e.next. Kinds must be valid.
func (e *encoder) events(evs []input.Event) error {
	if len(evs) == 0 {
		return nil
	}
	for i := range evs {
		if !evs[i].Kind.Valid() {
			return fmt.Errorf("tick %d: event %d has kind %d (%v), which cannot be recorded", e.next, i, evs[i].Kind, evs[i].Kind)
		}
	}
	e.rec = binary.AppendUvarint(e.rec, (e.next-e.prevRec)<<1|recEvents)
	e.prevRec = e.next
	e.rec = binary.AppendUvarint(e.rec, uint64(len(evs)))
	for i := range evs {
		e.rec = e.appendEvent(e.rec, &evs[i])
	}
	return nil
}

func (e *encoder) appendEvent(b []byte, ev *input.Event) []byte {
	flags := byte(ev.Kind)
	xb, yb := math.Float64bits(ev.X), math.Float64bits(ev.Y)
	if ev.Key != 0 {
		flags |= evKey
	}
	if ev.Button != 0 || ev.Mods != 0 {
		flags |= evButton
	}
	if xb != 0 {
		flags |= evX
	}
	if yb != 0 {
		flags |= evY
	}
	b = append(b, flags)
	b = binary.AppendVarint(b, int64(ev.Time-e.prevTime)) // wraps like the clock
	e.prevTime = ev.Time
	if flags&evKey != 0 {
		b = binary.AppendVarint(b, int64(ev.Key))
	}
	if flags&evButton != 0 {
		b = append(b, byte(ev.Button), byte(ev.Mods))
	}
	// Byte-reversed, the float's zero low mantissa bytes become leading
	// zeros: whole pixel positions take 3 or 4 bytes instead of 8.
	if flags&evX != 0 {
		b = binary.AppendUvarint(b, bits.ReverseBytes64(xb))
	}
	if flags&evY != 0 {
		b = binary.AppendUvarint(b, bits.ReverseBytes64(yb))
	}
	return b
}

// hash appends the state hash after tick e.next.
func (e *encoder) hash(h uint64) {
	e.rec = binary.AppendUvarint(e.rec, (e.next-e.prevRec)<<1|recHash)
	e.prevRec = e.next
	e.rec = binary.LittleEndian.AppendUint64(e.rec, h)
}

// commit ends tick e.next.
func (e *encoder) commit() { e.next++ }

// full reports whether the open chunk should be written: it holds a second
// of game time, or maxChunkBytes of records.
func (e *encoder) full() bool {
	return e.next-e.first >= uint64(e.h.TickRate) || len(e.rec) >= maxChunkBytes
}

// chunk frames the ticks committed since the last chunk and opens the next
// one; call it between ticks (after commit or drop). It returns nil when no
// tick was committed since the last chunk. The result is valid until the
// next call.
func (e *encoder) chunk() []byte {
	if e.next == e.first {
		return nil
	}
	var head [2 * binary.MaxVarintLen64]byte
	h := binary.AppendUvarint(head[:0], e.first)
	h = binary.AppendUvarint(h, e.next-e.first)
	e.out = e.frame2(e.out[:0], chunkTicks, h, e.rec)
	e.rec = e.rec[:0]
	e.first, e.prevRec, e.prevTime = e.next, e.next, 0
	return e.out
}

// trailer frames the trailer: the number of ticks and, if any ran, whether
// the state hash after the last one is known (1) or not (0), then the hash.
func (e *encoder) trailer(final uint64, known bool) []byte {
	var p [binary.MaxVarintLen64 + 9]byte
	b := binary.AppendUvarint(p[:0], e.next)
	if e.next > 0 && known {
		b = append(b, 1)
		b = binary.LittleEndian.AppendUint64(b, final)
	} else if e.next > 0 {
		b = append(b, 0)
	}
	return e.frame(e.out[:0], chunkTrailer, b)
}

// frame appends a chunk: type, uvarint length, payload, CRC-32C of all
// three.
func (e *encoder) frame(dst []byte, typ byte, payload []byte) []byte {
	return e.frame2(dst, typ, payload, nil)
}

// frame2 is frame with the payload in two parts.
func (e *encoder) frame2(dst []byte, typ byte, p1, p2 []byte) []byte {
	start := len(dst)
	dst = append(dst, typ)
	dst = binary.AppendUvarint(dst, uint64(len(p1)+len(p2)))
	dst = append(dst, p1...)
	dst = append(dst, p2...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], e.tab))
}
