package scene

import "math"

// FNV-1a, 64-bit, applied to 32-bit words instead of bytes.
const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

// Hash returns a 64-bit digest of the scene's simulation state: for every
// live actor in slot order, its handle, its parent's handle, the exact
// bits of its local transform and, when its behaviour implements
// fields.Describer, the fields.Hash of its behaviour. It changes when any
// actor moves, turns, scales, is spawned, removed or reparented or a
// described behaviour's field changes, and does not change otherwise
// (render matrices, colours, modes, frames and behaviours that describe
// nothing do not count: a scene without described behaviours hashes as it
// did before they were hashed).
//
// It is meant for determinism tests and replays: two runs fed the same
// inputs tick for tick must give the same hash after every tick, on any
// machine with the same Go version and architecture. Call it between ticks.
// It is FNV-1a over 32-bit words, so a change of any single word always
// changes the hash; it is not a cryptographic hash.
func (m *Manager) Hash() uint64 {
	h := fnvOffset
	mix := func(w uint32) { h = (h ^ uint64(w)) * fnvPrime }
	f := func(v float32) { mix(math.Float32bits(v)) }
	for c, ch := range m.chunks {
		for k, fl := range ch.flags[:m.chunkLen(c)] {
			if fl&flagAlive == 0 {
				continue
			}
			a := &ch.a[k]
			mix(uint32(ch.handle[k]))
			mix(uint32(ch.handle[k] >> 32))
			mix(uint32(ch.parentH[k]))
			mix(uint32(ch.parentH[k] >> 32))
			l := &a.Local
			f(l.Pos[0])
			f(l.Pos[1])
			f(l.Pos[2])
			f(l.Rot.W)
			f(l.Rot.V[0])
			f(l.Rot.V[1])
			f(l.Rot.V[2])
			f(l.Scale[0])
			f(l.Scale[1])
			f(l.Scale[2])
			if ch.desc[k] != nil {
				bh := m.behaviorHash(a)
				mix(uint32(bh))
				mix(uint32(bh >> 32))
			}
		}
	}
	return h
}
