package scene

import (
	"math"

	"github.com/tickwork/tickwork/scene/fields"
)

// ActorDigest is one live actor's state, field by field, as Digest lists
// it: enough to say which part of which actor differs between two runs.
type ActorDigest struct {
	Actor, Parent Handle
	Local, World  uint64 // FNV-1a of the transform's exact bits
	Mesh          uint16
	Material      uint16
	Color         uint64 // FNV-1a of the colour's exact bits
	Hidden        bool
	Behavior      uint64 // fields.Hash of the behaviour when it is a fields.Describer, else 0
}

// Digest appends to dst one ActorDigest per live actor, in slot order. It
// is for finding what diverged between two runs (see Diff); Hash is the
// cheap check. It allocates only when dst must grow. Call it between
// ticks, on the main goroutine.
func (m *Manager) Digest(dst []ActorDigest) []ActorDigest {
	cur := m.cur & 1
	for h, a := range m.All() {
		col := a.Color()
		dst = append(dst, ActorDigest{
			Actor: h, Parent: a.Parent(),
			Local: transformBits(&a.Local), World: transformBits(&a.ch.wt[a.k()][cur]),
			Mesh: uint16(a.Mesh), Material: uint16(a.Material),
			Color:  wordsHash(col.R, col.G, col.B, col.A),
			Hidden: a.Hidden, Behavior: m.behaviorHash(a),
		})
	}
	return dst
}

// Diff compares two digests of the same scene and describes the first
// difference: "actor 3v1: local transform differs", "actor 7v2 is only in
// the second run"; it returns "" when they are equal.
func Diff(a, b []ActorDigest) string {
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(a):
			return "actor " + b[i].Actor.String() + " is only in the second run"
		case i >= len(b):
			return "actor " + a[i].Actor.String() + " is only in the first run"
		}
		x, y := &a[i], &b[i]
		if x.Actor != y.Actor {
			return "actor " + x.Actor.String() + " of the first run is actor " + y.Actor.String() + " in the second (spawned or removed differently)"
		}
		field := ""
		switch {
		case x.Parent != y.Parent:
			field = "parent"
		case x.Local != y.Local:
			field = "local transform"
		case x.World != y.World:
			field = "world transform"
		case x.Mesh != y.Mesh:
			field = "mesh"
		case x.Material != y.Material:
			field = "material"
		case x.Color != y.Color:
			field = "colour"
		case x.Hidden != y.Hidden:
			field = "hidden"
		case x.Behavior != y.Behavior:
			field = "behaviour (its described fields)"
		default:
			continue
		}
		return "actor " + x.Actor.String() + ": " + field + " differs"
	}
	return ""
}

// behaviorHash is the fields.Hash of a's behaviour when it describes its
// fields, 0 otherwise.
func (m *Manager) behaviorHash(a *Actor) uint64 {
	d := a.ch.desc[a.k()]
	if d == nil {
		return 0
	}
	if m.fc == nil {
		m.fc = new(fields.Codec)
	}
	return m.fc.Hash(d)
}

func transformBits(t *Transform) uint64 {
	return wordsHash(t.Pos[0], t.Pos[1], t.Pos[2], t.Rot.W, t.Rot.V[0], t.Rot.V[1], t.Rot.V[2], t.Scale[0], t.Scale[1], t.Scale[2])
}

func wordsHash(vs ...float32) uint64 {
	h := fnvOffset
	for _, v := range vs {
		h = (h ^ uint64(math.Float32bits(v))) * fnvPrime
	}
	return h
}
