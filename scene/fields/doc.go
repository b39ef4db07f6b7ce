// Package fields lets a type describe its fields once and derives from that
// description its hash, its snapshot (save and restore) and its debug view.
//
// A type implements Describer by naming each field it wants kept, with a
// pointer to it:
//
//	func (p *Player) Describe(v *fields.Visitor) {
//		v.Int("hp", &p.hp)
//		v.Vec3("pos", &p.pos)
//		fields.Integer(v, "weapon", &p.weapon) // an enum or a handle
//		v.Struct("inv", &p.inv)                // a nested Describer
//		fields.Structs(v, "quests", &p.quests) // a slice of them
//	}
//
// The same method then serves every operation, each a function of this
// package (or of a Codec, which keeps its memory between calls):
//
//   - Hash: a 64-bit hash of the described values, the same on every run,
//     platform and Go version (integers by value, floats by their bits with
//     every NaN counted as one, slices and strings with their lengths).
//     Names do not count, so renaming a field keeps hashes.
//   - Save: a compact encoding appended to a buffer: a format byte, then
//     per field a kind byte, a 16-bit hash of its name and its value
//     (integers as varints, floats as their exact bits, little-endian).
//   - Load: restores a value in place from Save's encoding and returns what
//     follows it. Data that does not match the description (truncated,
//     a length that the data cannot hold, fields renamed, reordered, added
//     or removed, a value out of its field's range) is refused with a
//     *LoadError naming the field, never a panic.
//   - Walk and Dump: every field's path and value, for a debug panel.
//
// The engine hashes a state that implements Describer (unless it is also an
// engine.Hasher, whose own Hash wins), and a scene.Manager hashes each
// actor's behaviour that implements it: a game that describes its state
// and behaviours gets them checked by replays and determinism tests without
// writing a hash by hand.
//
// A description must describe the same fields in the same order every time
// (it may depend on the values it describes, such as a kind field read
// before the fields that kind has, but not on anything else), and it must
// not keep v. Hash, Save and Load allocate nothing once warm when called on
// a Codec; Load allocates only to grow a slice or to hold a string that
// changed. Nothing here is safe for concurrent use of one Codec or one
// value; call it where the value is changed (for the engine: the main
// goroutine, between ticks).
package fields
