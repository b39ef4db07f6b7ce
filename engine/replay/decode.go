package replay

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/bits"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx/fsx"
	"github.com/tickwork/tickwork/timing"
)

// maxTicks bounds tick indices, so that no arithmetic on them overflows.
const maxTicks = 1 << 62

// Open reads and checks the whole recording at path. See Decode for the
// errors, and for the one case where a Player comes with an error.
//
// Open reads at most MaxFileSize bytes and only from a regular file,
// opened as package gfx/fsx opens every file the engine reads: a device
// (/dev/zero), a FIFO (which would block) or a directory is refused at
// once, and so is a larger file, from its size, before anything is read;
// a file growing while read is read up to its size when opened. A file
// that does not begin with a recording's magic number and a known format
// version is refused from its first 11 bytes, before the rest is read.
func Open(path string) (*Player, error) {
	f, err := fsx.OpenPath(path)
	if err != nil {
		return nil, fmt.Errorf("replay: opening recording: %w", err)
	}
	defer f.Close()
	if f.Size() > MaxFileSize {
		return nil, &FormatError{Path: path, Offset: MaxFileSize, Problem: fmt.Sprintf("the file is %d bytes, more than a recording may hold (%d)", f.Size(), MaxFileSize), Err: ErrCorrupt}
	}
	// The magic number, format version and state byte come first: a file
	// that is not a recording of a known version is refused from them,
	// before the rest is read.
	head := make([]byte, prefixLen)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("replay: reading recording %s: %w", path, err)
	}
	if err := checkPrefix(head[:n]); err != nil {
		err.Path = path
		return nil, err
	}
	// The rest, up to the size the file had when opened (f stops there).
	buf := bytes.NewBuffer(make([]byte, 0, int(f.Size())+bytes.MinRead))
	buf.Write(head[:n])
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, fmt.Errorf("replay: reading recording %s: %w", path, err)
	}
	b := buf.Bytes()
	p, err := decodeBytes(b)
	var fe *FormatError
	if errors.As(err, &fe) {
		fe.Path = path
	}
	return p, err
}

// Decode reads and checks a whole recording from rd: every checksum, every
// value, the trailer. A bad recording returns a *FormatError naming the
// byte offset (and the tick, when known) of the first problem; errors.Is
// tells its kind: ErrNotRecording, ErrVersion, ErrTruncated, ErrCorrupt.
//
// A recording that was never finalised (the game crashed or was killed
// while recording, so its temporary file has no trailer) returns a
// *FormatError of kind ErrNotFinalised saying how many ticks are readable,
// together with a Player holding those ticks (it has no final hash).
// Callers that check only err != nil therefore refuse it; one that wants to
// replay what was saved checks errors.Is(err, ErrNotFinalised) and uses the
// Player. No other error comes with a Player.
//
// Decode never panics; it reads at most 1 GiB.
func Decode(rd io.Reader) (*Player, error) {
	b, err := io.ReadAll(io.LimitReader(rd, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("replay: reading recording: %w", err)
	}
	if len(b) > maxFileBytes {
		return nil, &FormatError{Offset: maxFileBytes, Problem: "the recording is larger than 1 GiB", Err: ErrCorrupt}
	}
	return decodeBytes(b)
}

// checkPrefix checks the magic number, format version and state byte that
// begin b, the first bytes of a file, as far as b holds them. It returns
// nil when they are good or b is too short to tell: the decoder then reads
// the whole file and says where it ends.
func checkPrefix(b []byte) *FormatError {
	d := &decoder{b: b}
	var fe *FormatError
	if errors.As(d.prefix(), &fe) && !errors.Is(fe, ErrTruncated) {
		return fe
	}
	return nil
}

type decoder struct {
	b       []byte
	tab     *crc32.Table
	p       *Player
	state   byte
	version uint16
}

func decodeBytes(b []byte) (*Player, error) {
	d := &decoder{b: b, tab: castagnoli(), p: &Player{}}
	if err := d.prefix(); err != nil {
		return nil, err
	}
	typ, c, off, err := d.frame(prefixLen)
	if err != nil {
		return nil, err
	}
	if typ != chunkHeader {
		return nil, &FormatError{Offset: int64(prefixLen), Problem: fmt.Sprintf("the header chunk is missing (found a %s chunk)", chunkName(typ)), Err: ErrCorrupt}
	}
	if err := d.header(&c); err != nil {
		return nil, err
	}
	for {
		if off == len(b) {
			if d.state == stateOpen {
				return d.p, d.notFinalised(off, "")
			}
			return nil, &FormatError{Offset: int64(off), Tick: d.p.ticks, Err: ErrTruncated,
				Problem: fmt.Sprintf("the file ends after %d ticks without its trailer", d.p.ticks)}
		}
		end, done, err := d.chunk(off)
		if err != nil {
			var fe *FormatError
			if d.state == stateOpen && errors.As(err, &fe) && fe.Err != ErrNotFinalised {
				return d.p, d.notFinalised(off, fmt.Sprintf("at byte %d: %s", fe.Offset, fe.Problem))
			}
			return nil, err
		}
		if done {
			return d.p, nil
		}
		off = end
	}
}

// prefix checks the magic, the format version and the state byte.
func (d *decoder) prefix() error {
	b := d.b
	if n := min(len(b), len(magic)); string(b[:n]) != magic[:n] {
		return &FormatError{Offset: 0, Err: ErrNotRecording,
			Problem: fmt.Sprintf("it starts with %q, not %q", b[:min(len(b), len(magic))], magic)}
	}
	truncated := func(inside string) error {
		return &FormatError{Offset: int64(len(b)), Err: ErrTruncated, Problem: "the file ends inside its " + inside}
	}
	switch {
	case len(b) < len(magic):
		return truncated("magic number")
	case len(b) < offState:
		return truncated("format version")
	}
	d.version = binary.LittleEndian.Uint16(b[offVersion:])
	if d.version < 1 || d.version > FormatVersion {
		return &FormatError{Offset: int64(offVersion), Err: ErrVersion,
			Problem: fmt.Sprintf("format version %d; this build reads versions 1 to %d", d.version, FormatVersion)}
	}
	if len(b) < prefixLen {
		return truncated("state byte")
	}
	d.state = b[offState]
	if d.state != stateOpen && d.state != stateFinal {
		return &FormatError{Offset: int64(offState), Err: ErrCorrupt,
			Problem: fmt.Sprintf("state byte 0x%02x unknown (0x00: being written, 0x01: finalised)", d.state)}
	}
	if len(b) == prefixLen {
		return truncated("header chunk")
	}
	return nil
}

// notFinalised reports a recording without a trailer whose ticks up to
// byte off are readable.
func (d *decoder) notFinalised(off int, rest string) error {
	pr := fmt.Sprintf("the game did not close it (it crashed or was killed while recording); %d ticks are readable", d.p.ticks)
	if rest != "" {
		pr += ", then the data is incomplete or damaged " + rest
	}
	return &FormatError{Offset: int64(off), Tick: d.p.ticks, Problem: pr, Err: ErrNotFinalised}
}

func chunkName(typ byte) string {
	switch typ {
	case chunkHeader:
		return "header"
	case chunkTicks:
		return "tick"
	case chunkTrailer:
		return "trailer"
	}
	return fmt.Sprintf("unknown (type 0x%02x)", typ)
}

// frame reads the chunk at off (off < len(d.b)): its type, a cursor over
// its checked payload and where the next chunk starts.
func (d *decoder) frame(off int) (typ byte, c cursor, end int, err error) {
	b := d.b
	typ = b[off]
	n, k := binary.Uvarint(b[off+1:])
	switch {
	case k == 0:
		return 0, c, 0, &FormatError{Offset: int64(len(b)), Tick: d.p.ticks, Err: ErrTruncated,
			Problem: fmt.Sprintf("the file ends inside the length of the chunk at byte %d", off)}
	case k < 0:
		return 0, c, 0, &FormatError{Offset: int64(off + 1), Tick: d.p.ticks, Err: ErrCorrupt,
			Problem: fmt.Sprintf("the length of the chunk at byte %d overflows", off)}
	}
	start := off + 1 + k
	if n > uint64(len(b)-start) || uint64(len(b)-start)-n < 4 {
		return 0, c, 0, &FormatError{Offset: int64(len(b)), Tick: d.p.ticks, Err: ErrTruncated,
			Problem: fmt.Sprintf("the file ends inside the %s chunk at byte %d, which declares %d bytes", chunkName(typ), off, n)}
	}
	stop := start + int(n)
	if got, want := crc32.Checksum(b[off:stop], d.tab), binary.LittleEndian.Uint32(b[stop:]); got != want {
		return 0, c, 0, &FormatError{Offset: int64(off), Tick: d.p.ticks, Err: ErrCorrupt,
			Problem: fmt.Sprintf("checksum mismatch in the %s chunk at byte %d: stored %08x, computed %08x", chunkName(typ), off, want, got)}
	}
	return typ, cursor{b: b[start:stop], base: start, tick: d.p.ticks}, stop + 4, nil
}

// chunk reads the chunk at off, after the header. done is true after the
// trailer.
func (d *decoder) chunk(off int) (end int, done bool, err error) {
	typ, c, end, err := d.frame(off)
	if err != nil {
		return 0, false, err
	}
	switch typ {
	case chunkTicks:
		return end, false, d.ticks(&c)
	case chunkTrailer:
		if d.state != stateFinal {
			return 0, false, &FormatError{Offset: int64(offState), Err: ErrCorrupt,
				Problem: "the state byte says the recording is unfinished, but it has a trailer"}
		}
		if err := d.trailer(&c); err != nil {
			return 0, false, err
		}
		if end != len(d.b) {
			return 0, false, &FormatError{Offset: int64(end), Err: ErrCorrupt,
				Problem: fmt.Sprintf("%d unexpected bytes after the trailer", len(d.b)-end)}
		}
		return end, true, nil
	}
	return 0, false, &FormatError{Offset: int64(off), Tick: d.p.ticks, Err: ErrCorrupt,
		Problem: fmt.Sprintf("unexpected %s chunk", chunkName(typ))}
}

func (d *decoder) header(c *cursor) error {
	h := &d.p.h
	h.Format = d.version
	h.HashScheme = 1 // version 1 recordings predate schemes: theirs was 1
	var rate, every uint64
	var err error
	if h.Engine, err = c.text("engine version"); err != nil {
		return err
	}
	if rate, err = c.uvarint("tick rate"); err != nil {
		return err
	}
	if h.Seed, err = c.u64("seed"); err != nil {
		return err
	}
	if h.InitialState, err = c.text("initial state"); err != nil {
		return err
	}
	if every, err = c.uvarint("hash interval"); err != nil {
		return err
	}
	if d.version >= 2 {
		scheme, err := c.uvarint("hash scheme")
		if err != nil {
			return err
		}
		h.HashScheme = int(min(scheme, math.MaxInt32))
		n, err := c.uvarint("metadata count")
		if err != nil {
			return err
		}
		if n > MaxMeta {
			return c.fail("%d metadata pairs: at most %d allowed", n, MaxMeta)
		}
		for i := range n {
			var m Meta
			if m.Key, err = c.text(fmt.Sprintf("metadata key %d", i)); err != nil {
				return err
			}
			if m.Value, err = c.text(fmt.Sprintf("metadata value %d", i)); err != nil {
				return err
			}
			h.Meta = append(h.Meta, m)
		}
	}
	if err := c.end(); err != nil {
		return err
	}
	h.TickRate, h.HashEvery = int(min(rate, math.MaxInt32)), int(min(every, math.MaxInt32))
	if err := h.validate(); err != nil {
		return c.fail("%v", err)
	}
	return nil
}

// ticks reads a tick chunk into the Player. On error the Player is left as
// it was before the chunk.
func (d *decoder) ticks(c *cursor) (err error) {
	p := d.p
	nEvents, nSpans, nHashes := len(p.events), len(p.spans), len(p.hashes)
	defer func() {
		if err != nil {
			p.events, p.spans, p.hashes = p.events[:nEvents], p.spans[:nSpans], p.hashes[:nHashes]
		}
	}()
	first, err := c.uvarint("first tick")
	if err != nil {
		return err
	}
	if first != p.ticks {
		return c.fail("the chunk starts at tick %d, want tick %d", first, p.ticks)
	}
	count, err := c.uvarint("tick count")
	if err != nil {
		return err
	}
	if count == 0 || count > maxTicks-first {
		return c.fail("tick count %d out of range", count)
	}
	end := first + count
	every := uint64(p.h.HashEvery)
	prev := first        // the previous record's tick: the base of deltas
	rank := uint64(0)    // 2·tick + kind of the previous record, 0: none
	var at timing.Micros // the previous event's time
	for c.more() {
		v, err := c.uvarint("record")
		if err != nil {
			return err
		}
		delta, kind := v>>1, v&1
		if delta >= end-prev {
			return c.fail("a record for tick %d+%d, past the chunk's last tick %d", prev, delta, end-1)
		}
		t := prev + delta
		c.tick = t
		if r := 2*t + kind + 1; r > rank {
			rank = r
		} else {
			return c.fail("records out of order")
		}
		next := uint64(len(p.hashes)) * every // the next hashed tick
		if kind == recHash {
			if t != next {
				return c.fail("a state hash for tick %d, which is not the next hashed tick %d", t, next)
			}
			h, err := c.u64("state hash")
			if err != nil {
				return err
			}
			p.hashes = append(p.hashes, h)
		} else {
			if t > next {
				return c.fail("the state hash of tick %d is missing", next)
			}
			if at, err = d.events(c, t, at); err != nil {
				return err
			}
		}
		prev = t
	}
	if next := uint64(len(p.hashes)) * every; next < end {
		c.tick = next
		return c.fail("the state hash of tick %d is missing", next)
	}
	p.ticks = end
	return nil
}

// events reads the events record of tick t; at is the previous event's
// time in the chunk, and the result the last one's.
func (d *decoder) events(c *cursor, t uint64, at timing.Micros) (timing.Micros, error) {
	p := d.p
	n, err := c.uvarint("event count")
	if err != nil {
		return at, err
	}
	if n == 0 || n > uint64(c.left()/2) { // an event takes at least 2 bytes
		return at, c.fail("event count %d out of range", n)
	}
	lo := len(p.events)
	for range n {
		var ev input.Event
		flags, err := c.byte("event")
		if err != nil {
			return at, err
		}
		ev.Kind = input.Kind(flags & evKind)
		if !ev.Kind.Valid() {
			return at, c.fail("event kind %d unknown", ev.Kind)
		}
		if ev.Kind > input.LastKindV2 && d.version < 3 {
			return at, c.fail("event kind %v in a format %d recording (it came with format 3)", ev.Kind, d.version)
		}
		dt, err := c.varint("event time")
		if err != nil {
			return at, err
		}
		at += timing.Micros(dt)
		ev.Time = at
		if flags&evKey != 0 {
			k, err := c.varint("key")
			if err != nil {
				return at, err
			}
			if k < math.MinInt16 || k > math.MaxInt16 {
				return at, c.fail("key code %d out of range", k)
			}
			ev.Key = input.Key(k)
		}
		if flags&evButton != 0 {
			b, err := c.byte("button")
			if err != nil {
				return at, err
			}
			m, err := c.byte("modifiers")
			if err != nil {
				return at, err
			}
			ev.Button, ev.Mods = input.Button(b), input.Mods(m)
		}
		if flags&evX != 0 {
			x, err := c.uvarint("x")
			if err != nil {
				return at, err
			}
			ev.X = math.Float64frombits(bits.ReverseBytes64(x))
		}
		if flags&evY != 0 {
			y, err := c.uvarint("y")
			if err != nil {
				return at, err
			}
			ev.Y = math.Float64frombits(bits.ReverseBytes64(y))
		}
		p.events = append(p.events, ev)
	}
	p.spans = append(p.spans, span{tick: t, lo: uint32(lo), hi: uint32(len(p.events))})
	return at, nil
}

func (d *decoder) trailer(c *cursor) error {
	p := d.p
	n, err := c.uvarint("tick count")
	if err != nil {
		return err
	}
	if n != p.ticks {
		return c.fail("the trailer counts %d ticks, the chunks hold %d", n, p.ticks)
	}
	if n > 0 {
		c.tick = n - 1
		known, err := c.byte("final state hash flag")
		if err != nil {
			return err
		}
		switch known {
		case 0:
			return c.end()
		case 1:
		default:
			return c.fail("final state hash flag 0x%02x unknown (0: none, 1: present)", known)
		}
		if p.final, err = c.u64("final state hash"); err != nil {
			return err
		}
		if p.h.hashed(n-1) && p.hashes[(n-1)/uint64(p.h.HashEvery)] != p.final {
			return c.fail("the final state hash %016x differs from the one stored for tick %d", p.final, n-1)
		}
		p.hasFinal = true
	}
	return c.end()
}
