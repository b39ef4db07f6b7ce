package replay

import (
	"errors"
	"fmt"
	"hash/crc32"
	"unicode/utf8"
)

// FormatVersion is the version of the file format this package writes.
// It reads every version from 1 to FormatVersion (version 1 has no hash
// scheme, which is then 1, and no metadata; versions 1 and 2 hold no
// character, mouse-motion or gamepad events, which came with version 3); another
// version is refused with a *FormatError naming both.
const FormatVersion = 3

// The byte layout (doc.go has the full table).
// MaxFileSize is the largest recording Open and Decode read: 1 GiB, about
// nine days of a 60 Hz game with input on every tick. Larger input, or a
// path that is not a regular file (a device such as /dev/zero, a FIFO, a
// directory), is refused before anything is read.
const MaxFileSize = 1 << 30

const (
	magic      = "\x89TWREC\r\n" // PNG-style: catches 7-bit transfers and line-ending conversion
	offVersion = len(magic)      // uint16, little-endian
	offState   = offVersion + 2  // stateOpen or stateFinal
	prefixLen  = offState + 1    // where the header chunk starts

	stateOpen  byte = 0x00 // being written, or abandoned by a crash
	stateFinal byte = 0x01 // set by Recorder.Close just before the rename

	chunkHeader  byte = 'H'
	chunkTicks   byte = 'T'
	chunkTrailer byte = 'E'

	recEvents = 0 // low bit of a record's uvarint: the tick's events follow
	recHash   = 1 // low bit of a record's uvarint: the tick's state hash follows

	// Event flags, in the byte that also holds the kind (low 4 bits).
	evKey    = 0x10 // Key follows (zigzag varint)
	evButton = 0x20 // Button and Mods follow (one byte each)
	evX      = 0x40 // X follows (byte-reversed float64 bits, uvarint)
	evY      = 0x80 // Y follows
	evKind   = 0x0f // every value but 0 is a kind since format 3: a later kind needs another format

	defaultHashEvery = 30
	maxTickRate      = 1000    // engine.Options.TickRate's range
	maxHashEvery     = 1 << 20 // about 9.7 hours at 30 Hz
	maxText          = 1024    // bytes of Header.Engine and Header.InitialState
	maxChunkBytes    = 64 << 10
	maxFileBytes     = MaxFileSize
)

// castagnoli returns the CRC-32C table (crc32 builds it once per process
// and uses the CPU's instruction where there is one).
func castagnoli() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) }

// Header describes a recording: what a replay must reproduce before the
// first tick. Create fills Format and Engine; the game fills the rest.
type Header struct {
	Format       uint16 // filled by Create
	Engine       string // engine.Version, filled by Create
	TickRate     int    // ticks per second of the recorded game
	Seed         uint64 // the random seed the game asked the engine for (engine.Options.Seed)
	InitialState string // name of the first state (free text, e.g. "gameplay")
	HashEvery    int    // a state hash (Game.Hash) is stored every HashEvery ticks; 0 means 30
	// HashScheme is engine.HashScheme of the game that recorded, filled by
	// Create; 1 for version 1 recordings. Hashes of another scheme cannot
	// be compared: the input still replays (see Player.Check).
	HashScheme int
	// Meta is the game's own settings, as key/value pairs in the order
	// given: what a replay must restore for the game to be the same (a
	// difficulty, a level, a scene size). At most MaxMeta pairs, keys of
	// 1 to 64 bytes, values of at most 1024 bytes, UTF-8, keys unique.
	Meta []Meta
}

// Meta is one key/value pair of a recording's metadata.
type Meta struct{ Key, Value string }

// MaxMeta is the most metadata pairs a recording holds.
const MaxMeta = 64

// Get returns the value of key in h.Meta and whether it is there.
func (h Header) Get(key string) (string, bool) {
	for _, m := range h.Meta {
		if m.Key == key {
			return m.Value, true
		}
	}
	return "", false
}

// validate checks h as Create and the decoder accept it.
func (h *Header) validate() error {
	switch {
	case h.TickRate < 1 || h.TickRate > maxTickRate:
		return fmt.Errorf("tick rate %d out of range: want 1 to %d (the game's Game.Time().TickRate())", h.TickRate, maxTickRate)
	case h.HashEvery < 1 || h.HashEvery > maxHashEvery:
		return fmt.Errorf("hash interval %d out of range: want 1 to %d ticks", h.HashEvery, maxHashEvery)
	case len(h.Engine) > maxText || !utf8.ValidString(h.Engine):
		return fmt.Errorf("engine version is not UTF-8 text of at most %d bytes", maxText)
	case len(h.InitialState) > maxText || !utf8.ValidString(h.InitialState):
		return fmt.Errorf("initial state name is not UTF-8 text of at most %d bytes", maxText)
	case h.HashScheme < 1 || h.HashScheme > 1<<16:
		return fmt.Errorf("hash scheme %d out of range: want 1 to 65536 (engine.HashScheme)", h.HashScheme)
	case len(h.Meta) > MaxMeta:
		return fmt.Errorf("%d metadata pairs: want at most %d", len(h.Meta), MaxMeta)
	}
	for i, m := range h.Meta {
		switch {
		case len(m.Key) < 1 || len(m.Key) > 64 || !utf8.ValidString(m.Key):
			return fmt.Errorf("metadata key %d (%q) is not UTF-8 text of 1 to 64 bytes", i, m.Key)
		case len(m.Value) > maxText || !utf8.ValidString(m.Value):
			return fmt.Errorf("metadata value of %q is not UTF-8 text of at most %d bytes", m.Key, maxText)
		}
		for _, o := range h.Meta[:i] {
			if o.Key == m.Key {
				return fmt.Errorf("metadata key %q appears twice", m.Key)
			}
		}
	}
	return nil
}

// hashed reports whether the state hash after tick is stored.
func (h *Header) hashed(tick uint64) bool { return tick%uint64(h.HashEvery) == 0 }

// Kinds of bad recordings, matched with errors.Is on a *FormatError.
var (
	// ErrNotRecording: the data does not start with the recording magic.
	ErrNotRecording = errors.New("not a recording")
	// ErrVersion: the recording's format version is not FormatVersion.
	ErrVersion = errors.New("unsupported recording format")
	// ErrTruncated: a finalised recording ends early.
	ErrTruncated = errors.New("recording truncated")
	// ErrCorrupt: a checksum or a value is wrong.
	ErrCorrupt = errors.New("corrupt recording")
	// ErrNotFinalised: the recording was never closed (the game crashed or
	// was killed while recording). Open and Decode return the readable
	// ticks along with it.
	ErrNotFinalised = errors.New("recording never finalised")
)

// FormatError reports a recording that cannot be read: where (the byte
// offset in the file and, when known, the tick) and what is wrong. Err is
// one of ErrNotRecording, ErrVersion, ErrTruncated, ErrCorrupt or
// ErrNotFinalised, for errors.Is.
type FormatError struct {
	Path    string // the file, when read by Open
	Offset  int64  // byte offset in the file where the problem was found
	Tick    uint64 // the tick being read, 0 if unknown
	Problem string // what is wrong
	Err     error  // the kind of problem
}

func (e *FormatError) Error() string {
	kind := ErrCorrupt
	if e.Err != nil {
		kind = e.Err
	}
	where := "replay: "
	if e.Path != "" {
		where += e.Path + ": "
	}
	if e.Tick != 0 {
		return fmt.Sprintf("%s%v at byte %d (tick %d): %s", where, kind, e.Offset, e.Tick, e.Problem)
	}
	return fmt.Sprintf("%s%v at byte %d: %s", where, kind, e.Offset, e.Problem)
}

// Unwrap returns the kind of problem.
func (e *FormatError) Unwrap() error { return e.Err }

// DivergenceError reports that a replayed game's state hash differs from
// the recording's: the game is not deterministic, or it is not the game
// (or the version of it) that made the recording. Tick is the first hashed
// tick found to differ; the game diverged at or before it, after the
// previous hashed tick.
type DivergenceError struct {
	Tick      uint64
	Want, Got uint64
}

func (e *DivergenceError) Error() string {
	return fmt.Sprintf("replay: the game diverged from the recording at tick %d: state hash %016x, recorded %016x",
		e.Tick, e.Got, e.Want)
}
