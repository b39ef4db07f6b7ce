package replay

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// recording returns the bytes of a finalised recording of the scripted
// arena.
func recording(t testing.TB, n uint64) []byte {
	t.Helper()
	b, err := os.ReadFile(record(t, "", testHeader(), n).path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decodeErr(t *testing.T, b []byte) (*Player, *FormatError) {
	t.Helper()
	p, err := Decode(bytes.NewReader(b))
	if err == nil {
		return p, nil
	}
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("got %v (%T), want a *FormatError", err, err)
	}
	return p, fe
}

func TestCutAtEveryByteIsTruncated(t *testing.T) {
	b := recording(t, 100)
	if _, fe := decodeErr(t, b); fe != nil {
		t.Fatalf("whole recording: %v", fe)
	}
	for k := range len(b) {
		p, fe := decodeErr(t, b[:k])
		if fe == nil {
			t.Fatalf("cut at byte %d of %d: no error", k, len(b))
		}
		if p != nil {
			t.Fatalf("cut at byte %d: got a Player with %v", k, fe)
		}
		if !errors.Is(fe, ErrTruncated) || fe.Offset != int64(k) {
			t.Fatalf("cut at byte %d: got %v (offset %d), want ErrTruncated at offset %d", k, fe, fe.Offset, k)
		}
		if msg := fe.Error(); !strings.Contains(msg, fmt.Sprintf("at byte %d", k)) {
			t.Fatalf("cut at byte %d: %q does not name the byte", k, msg)
		}
	}
}

func TestEverySingleByteChangeIsDetected(t *testing.T) {
	b := recording(t, 70)
	c := make([]byte, len(b))
	for i := range b {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			copy(c, b)
			c[i] ^= x
			p, err := Decode(bytes.NewReader(c))
			if err == nil {
				t.Fatalf("byte %d ^ %#x: decoded without error", i, x)
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("byte %d ^ %#x: got %v, want a *FormatError", i, x, err)
			}
			if p != nil && !errors.Is(err, ErrNotFinalised) {
				t.Fatalf("byte %d ^ %#x: got a Player with %v", i, x, err)
			}
		}
	}
}

func TestFormatErrors(t *testing.T) {
	good := recording(t, 40)
	patch := func(off int, v ...byte) []byte {
		c := bytes.Clone(good)
		copy(c[off:], v)
		return c
	}
	v3 := binary.LittleEndian.AppendUint16(nil, FormatVersion+1)
	for _, tc := range []struct {
		name   string
		data   []byte
		kind   error
		offset int64
		words  []string
	}{
		{"empty", nil, ErrTruncated, 0, []string{"recording truncated at byte 0", "magic"}},
		{"not a recording", []byte("PK\x03\x04 a zip file"), ErrNotRecording, 0, []string{"not a recording at byte 0", `"PK\x03\x04`}},
		{"text", []byte("hello"), ErrNotRecording, 0, []string{"not a recording"}},
		{"newer version", patch(offVersion, v3...), ErrVersion, int64(offVersion), []string{"format version 4", "reads versions 1 to 3"}},
		{"version 0", patch(offVersion, 0, 0), ErrVersion, int64(offVersion), []string{"format version 0", "reads versions 1 to 3"}},
		{"unknown state", patch(offState, 7), ErrCorrupt, int64(offState), []string{"state byte 0x07"}},
		{"header checksum", patch(prefixLen+3, good[prefixLen+3]^1), ErrCorrupt, int64(prefixLen), []string{"checksum mismatch in the header chunk"}},
		{"bytes after the trailer", append(bytes.Clone(good), 0), ErrCorrupt, int64(len(good)), []string{"1 unexpected bytes after the trailer"}},
		{"tick checksum", patch(len(good)-30, good[len(good)-30]^0x10), ErrCorrupt, -1, []string{"checksum mismatch", "(tick 30)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, fe := decodeErr(t, tc.data)
			if fe == nil {
				t.Fatal("no error")
			}
			if p != nil {
				t.Errorf("got a Player with %v", fe)
			}
			if !errors.Is(fe, tc.kind) {
				t.Errorf("got %v, want kind %v", fe, tc.kind)
			}
			if tc.offset >= 0 && fe.Offset != tc.offset {
				t.Errorf("offset: got %d, want %d (%v)", fe.Offset, tc.offset, fe)
			}
			for _, w := range tc.words {
				if !strings.Contains(fe.Error(), w) {
					t.Errorf("got %q, want it to contain %q", fe, w)
				}
			}
		})
	}
}

// forge builds a recording from raw chunk payloads with correct checksums,
// to reach the checks behind them.
func forge(h Header, state byte, chunks ...[]byte) []byte {
	e := newEncoder(h)
	b := bytes.Clone(e.prefix()[:prefixLen])
	b[offState] = state
	for _, c := range chunks {
		b = e.frame(b, c[0], c[1:])
	}
	return b
}

func uv(vs ...uint64) []byte {
	var b []byte
	for _, v := range vs {
		b = binary.AppendUvarint(b, v)
	}
	return b
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestCorruptValuesBehindGoodChecksums(t *testing.T) {
	h := Header{Format: FormatVersion, Engine: "x", TickRate: 30, HashEvery: 2, HashScheme: 2}
	hash := make([]byte, 8)
	ev := func(kind byte) []byte { return []byte{kind, 0} } // flags, time delta 0
	trailer := func(n uint64) []byte {
		if n == 0 {
			return cat([]byte{chunkTrailer}, uv(n))
		}
		return cat([]byte{chunkTrailer}, uv(n), hash)
	}
	for _, tc := range []struct {
		name   string
		chunks [][]byte
		words  string
	}{
		{"event kind 0", [][]byte{cat([]byte{chunkTicks}, uv(0, 2, 0<<1|recHash), hash, uv(1<<1|recEvents, 1), ev(0))}, "(tick 1): event kind 0 unknown"},
		{"missing hash", [][]byte{cat([]byte{chunkTicks}, uv(0, 1))}, "state hash of tick 0 is missing"},
		{"hash at an unhashed tick", [][]byte{cat([]byte{chunkTicks}, uv(0, 3, 0<<1|recHash), hash, uv(1<<1|recHash), hash)}, "(tick 1): a state hash for tick 1, which is not the next hashed tick 2"},
		{"events after the hash", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recHash), hash, uv(0<<1|recEvents, 1), ev(1))}, "records out of order"},
		{"record past the chunk", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recHash), hash, uv(5<<1|recEvents, 1), ev(1))}, "past the chunk's last tick 0"},
		{"chunk gap", [][]byte{cat([]byte{chunkTicks}, uv(3, 1))}, "starts at tick 3, want tick 0"},
		{"no ticks", [][]byte{cat([]byte{chunkTicks}, uv(0, 0))}, "tick count 0 out of range"},
		{"event count", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recEvents, 1000), ev(1))}, "event count 1000 out of range"},
		{"key out of range", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recEvents, 1), []byte{1 | evKey, 0}, binary.AppendVarint(nil, 40000), uv(0<<1|recHash), hash)}, "key code 40000 out of range"},
		{"short event", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recEvents, 1), []byte{1 | evButton, 0, 0})}, "inside the modifiers"},
		{"trailer count", [][]byte{trailer(5)}, "the trailer counts 5 ticks, the chunks hold 0"},
		{"second header", [][]byte{{chunkHeader}}, "unexpected header chunk"},
		{"unknown chunk", [][]byte{{'Z', 1, 2}}, "unexpected unknown (type 0x5a) chunk"},
		{"final hash", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recHash), hash), cat([]byte{chunkTrailer}, uv(1), []byte{1}, []byte{1, 0, 0, 0, 0, 0, 0, 0})}, "final state hash 0000000000000001 differs"},
		{"final hash flag", [][]byte{cat([]byte{chunkTicks}, uv(0, 1, 0<<1|recHash), hash), cat([]byte{chunkTrailer}, uv(1), []byte{7})}, "final state hash flag 0x07 unknown"},
		{"trailer tail", [][]byte{cat(trailer(0), []byte{9})}, "1 unexpected bytes at the end of the chunk"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chunks := append([][]byte{cat([]byte{chunkHeader}, headerPayload(h))}, tc.chunks...)
			_, fe := decodeErr(t, forge(h, stateFinal, chunks...))
			if fe == nil {
				t.Fatal("no error")
			}
			if !errors.Is(fe, ErrCorrupt) || !strings.Contains(fe.Error(), tc.words) {
				t.Fatalf("got %v, want ErrCorrupt containing %q", fe, tc.words)
			}
		})
	}
}

func TestCorruptHeaderValues(t *testing.T) {
	for _, tc := range []struct {
		h     Header
		words string
	}{
		{Header{Format: 1, TickRate: 0, HashEvery: 30}, "tick rate 0 out of range"},
		{Header{Format: 1, TickRate: 30, HashEvery: 0}, "hash interval 0 out of range"},
		{Header{Format: 1, TickRate: 30, HashEvery: 30, Engine: "\xfe"}, "engine version is not UTF-8"},
	} {
		b := forge(tc.h, stateFinal, cat([]byte{chunkHeader}, headerPayload(tc.h)))
		_, fe := decodeErr(t, b)
		if fe == nil || !strings.Contains(fe.Error(), tc.words) {
			t.Errorf("header %+v: got %v, want an error containing %q", tc.h, fe, tc.words)
		}
	}
}

// headerPayload returns the payload of h's header chunk.
func headerPayload(h Header) []byte {
	e := newEncoder(h)
	b := e.prefix()[prefixLen:]
	_, k := binary.Uvarint(b[1:])
	return bytes.Clone(b[1+k : len(b)-4])
}

func TestUnfinishedRecordingOffersItsReadableTicks(t *testing.T) {
	good := recording(t, 100) // chunks of 30 ticks: 0-29, 30-59, 60-89, 90-99
	// What a crash leaves: the state byte still open, no trailer.
	open := bytes.Clone(good)
	open[offState] = stateOpen
	ends := chunkEnds(t, open)
	if len(ends) != 6 { // header, four tick chunks, trailer
		t.Fatalf("chunks: got %d, want 6", len(ends))
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		ticks uint64
		words []string
	}{
		{"after the header", open[:ends[0]], 0, []string{"0 ticks are readable"}},
		{"after two chunks", open[:ends[2]], 60, []string{"never finalised", "(tick 60)", "did not close it", "60 ticks are readable"}},
		{"inside the third chunk", open[:ends[2]+17], 60, []string{"60 ticks are readable", "then the data is incomplete or damaged at byte"}},
		{"damaged third chunk", append(bytes.Clone(open[:ends[2]]), bytes.Repeat([]byte{0}, 40)...), 60, []string{"60 ticks are readable", "checksum mismatch"}},
		{"all ticks, no trailer", open[:ends[4]], 100, []string{"100 ticks are readable"}},
		{"state byte flipped on a finalised file", open, 100, []string{"it has a trailer"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, fe := decodeErr(t, tc.data)
			if fe == nil || !errors.Is(fe, ErrNotFinalised) {
				t.Fatalf("got %v, want ErrNotFinalised", fe)
			}
			for _, w := range tc.words {
				if !strings.Contains(fe.Error(), w) {
					t.Errorf("got %q, want it to contain %q", fe, w)
				}
			}
			if p == nil {
				t.Fatal("no Player for the readable ticks")
			}
			if p.Ticks() != tc.ticks {
				t.Fatalf("Ticks: got %d, want %d", p.Ticks(), tc.ticks)
			}
			if _, ok := p.FinalHash(); ok {
				t.Fatal("an unfinished recording has a final hash")
			}
			if tc.ticks > 0 {
				if _, err := replayRun(t, p, nil, &arena{}); err != nil {
					t.Fatalf("replaying the readable ticks: %v", err)
				}
			}
		})
	}
}

// chunkEnds returns the offsets where each chunk of b ends.
func chunkEnds(t *testing.T, b []byte) []int {
	var ends []int
	for off := prefixLen; off < len(b); {
		n, k := binary.Uvarint(b[off+1:])
		if k <= 0 {
			t.Fatalf("bad chunk length at %d", off)
		}
		off += 1 + k + int(n) + 4
		ends = append(ends, off)
	}
	return ends
}
