// Package replay records a game's input tick by tick and plays it back.
//
// With a fixed step, a game is a function of its input: the same events
// delivered at the same ticks, from the same random seed, give the same
// game at any frame rate. So a replay saves the input, not the state. A
// Recorder writes down every event the top state receives, with the index
// of the tick it was delivered to, and the game's state hash (Game.Hash)
// every HashEvery ticks. A Player feeds those events to the same ticks of a
// new game and compares the hashes, reporting the first tick that differs.
//
// # Recording
//
//	rec, err := replay.Create("last.twr", replay.Header{
//		TickRate: g.Time().TickRate(), Seed: opts.Seed, InitialState: "gameplay"})
//	...
//	g.AddTickSink(rec) // before the first tick; the engine closes it at the end
//
// The engine calls Recorder.TickInput and Recorder.TickDone on the main
// goroutine once per tick, and Recorder.Close when the game ends.
//
// # Replaying
//
//	p, err := replay.Open("last.twr")
//	...
//	g, err := engine.New(engine.Options{TickRate: p.Header().TickRate, Seed: p.Header().Seed})
//	if err := p.Check(g); err != nil { ... } // tick rate and seed must match
//	g.SetTickSource(p) // the recorded events replace live input
//	g.AddTickSink(p)   // hashes are checked after each tick
//
// The game ignores live input while the Player is its source, except that
// closing the window still ends it. After the last recorded tick (Ticks)
// the Player supplies no events; the caller decides to stop there. A state
// hash that differs ends the game with a *DivergenceError naming the tick.
//
// # Making a game replayable
//
//   - Change game state only in ticks (State.Tick, actor behaviours), never
//     in Draw or in frame callbacks.
//   - Draw randomness only from ctx.Rand() (the game's source, seeded from
//     engine.Options.Seed), in ticks, never from math/rand's global
//     functions, crypto/rand or map iteration order.
//   - Never read a clock: use the tick's index and fixed step
//     (ctx.Tick), not time.Now or the frame delta.
//   - Take all input through the tick (ctx.Input); an event's Time is
//     recorded and replayed, but which tick it reaches is what counts.
//   - Keep state outside scenes in the hash (engine.Hasher, or describe
//     the state's and behaviours' fields with package scene/fields), so
//     that a divergence there is caught too.
//
// The hash covers what engine.HashScheme says (every scene, Hasher and
// described state on the stack, the states' names and the random source's
// state); it is exact
// on the same architecture and Go version. Floating point may differ
// elsewhere. A recording stores its scheme: one made with another scheme
// still replays its input, unchecked (Player.HashesComparable), instead of
// reporting a false divergence.
//
// # The game's settings
//
// A replay must rebuild the same game: the tick rate and seed are in the
// Header, and Header.Meta holds the game's own settings as key/value pairs
// (a level, a difficulty, a scene size). Store them when recording; read
// them with Header.Get when replaying, and refuse command-line settings
// that contradict them, as the sample does.
//
// # Guarantees
//
// The Recorder writes to "<name>.<random>.partial" next to the target and
// writes the ticks of each second of game time (every TickRate ticks) as
// one chunk, so a crash of the game loses at most the last second. (The
// chunks are not synced to disk one by one: a crash of the whole system
// may lose what it had not yet written out.) Close writes the rest and the
// trailer, marks the file finalised, syncs it, renames it over the target
// in one step and syncs the directory where the system allows: the target
// is either the old file, untouched, or the whole new recording.
//
// Open and Decode check everything and never panic. A bad file gives a
// *FormatError with the byte offset, the tick when known and the kind of
// problem (errors.Is: ErrNotRecording, ErrVersion, ErrTruncated,
// ErrCorrupt). A recording that was never finalised (the .partial file of
// a game that crashed) gives ErrNotFinalised, saying how many ticks are
// readable, together with a Player for those ticks: callers that check only
// err != nil refuse it, and one that wants it checks errors.Is.
//
// Recording and replaying a tick allocate nothing in steady state. The
// state hash (Game.Hash, about 22 ns per actor, BenchmarkGameHash) is taken
// every HashEvery ticks and once when the game ends (engine.GameEnder), not
// every tick.
//
// # File format, version 3
//
// All integers are little-endian; "uvarint" and "varint" are
// encoding/binary's (zigzag for varint). A recording is:
//
//	offset  size  field
//	0       8     magic 89 54 57 52 45 43 0D 0A ("\x89TWREC\r\n")
//	8       2     format version, uint16 (3; 2 and 1 are read too)
//	10      1     state: 00 being written (or crashed), 01 finalised
//	11      ...   header chunk, then tick chunks, then the trailer chunk
//
// Every chunk is framed the same way, so that damage is found and located
// chunk by chunk:
//
//	size     field
//	1        type: 'H' header, 'T' ticks, 'E' trailer (end)
//	uvarint  n, the payload's length
//	n        payload
//	4        CRC-32C (Castagnoli) of the type, length and payload bytes
//
// The header chunk's payload:
//
//	uvarint + bytes  engine version (engine.Version), UTF-8, at most 1024 bytes
//	uvarint          tick rate, 1 to 1000
//	8                random seed, uint64
//	uvarint + bytes  initial state name, UTF-8, at most 1024 bytes
//	uvarint          hash interval HashEvery, 1 to 2^20
//	uvarint          hash scheme (engine.HashScheme), 1 to 65536
//	uvarint          n, metadata pairs (Header.Meta), at most 64
//	n times          uvarint + bytes key (1 to 64 bytes), uvarint + bytes value (at most 1024 bytes), UTF-8
//
// Version 1, written before metadata and hash schemes existed, is the same
// except that its header ends after HashEvery; it reads as hash scheme 1
// with no metadata. Version 2 is version 3 without the kinds after
// input.LastKindV2 (character, mouse-motion and gamepad events): a version
// 1 or 2 file that holds one is refused as corrupt. Every version up to FormatVersion is
// read.
//
// A tick chunk covers consecutive ticks, usually one second of game time;
// the first starts at tick 0 and each starts where the previous ended.
// Ticks without events cost nothing inside it:
//
//	uvarint  first tick of the chunk
//	uvarint  number of ticks covered (at least 1)
//	records, until the end of the payload
//
// A record is a uvarint r, then its data. r>>1 is the tick minus the tick of
// the previous record of the chunk (or minus the chunk's first tick), and
// r&1 the kind. Kind 0: the events of that tick, as a uvarint count (at
// least 1) then the events. Kind 1: the state hash after that tick, 8
// bytes. Records are in tick order, a tick's events before its hash. Every
// tick t with t % HashEvery == 0 has a hash; no other tick has one.
//
// An event is a flags byte, then the fields it announces:
//
//	bits 0-3  the input.Kind (1 to 15), every value but 0 (a new kind needs a new format version)
//	          varint: Time minus the previous event's Time in the chunk (0 before the first)
//	bit 4     varint: Key (int16)
//	bit 5     2 bytes: Button, Mods
//	bit 6     uvarint: X, its float64 bits byte-reversed (whole pixels take 3 or 4 bytes)
//	bit 7     uvarint: Y, likewise
//
// A field that is absent is zero. The trailer's payload is a uvarint, the
// number of ticks recorded, then, if it is not 0, a flag byte: 1 followed by
// the state hash after the last tick (8 bytes), or 0 when it is unknown (the
// game ended inside a tick that failed). Nothing may follow the trailer. A finalised file has
// state 01 and a trailer; a file with state 00 and no trailer is the
// readable prefix of a recording that never finished.
//
// Two minutes at 30 Hz with four key events a second take about 6 KB; with
// the cursor moving every tick as well, about 54 KB.
package replay
