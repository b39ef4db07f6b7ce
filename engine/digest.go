package engine

import (
	"fmt"
	"strings"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
)

// Digest is the game's state, part by part, as Game.Digest takes it: what
// Hash summarises in one number, kept so that two runs can be compared and
// the first difference named (see Diff). Taking one allocates; it is a
// diagnostic, not something to do every tick.
type Digest struct {
	States []StateDigest // bottom first
	Rand   uint64        // the random source's state, hashed
}

// StateDigest is one state on the stack.
type StateDigest struct {
	Name   string
	Hash   uint64 // the state's own Hash when it is a Hasher, else its fields.Hash when it is a fields.Describer
	Hasher bool   // Hash is set: the state is a Hasher or a fields.Describer
	Scenes [][]scene.ActorDigest
	Fields string // fields.Dump of a fields.Describer state that is not a Hasher, so that Diff can name the field
}

// Digest returns the game's state part by part. Call it between ticks on
// the main goroutine (a tick sink's TickDone is a good place).
func (g *Game) Digest() Digest {
	var d Digest
	for _, e := range g.stack {
		sd := StateDigest{Name: e.name}
		if so, ok := e.state.(SceneOwner); ok {
			for _, m := range so.Scenes(nil) {
				sd.Scenes = append(sd.Scenes, m.Digest(nil))
			}
		}
		if hs, ok := e.state.(Hasher); ok {
			sd.Hash, sd.Hasher = hs.Hash(), true
		} else if ds, ok := e.state.(fields.Describer); ok {
			sd.Hash, sd.Hasher, sd.Fields = fields.Hash(ds), true, fields.Dump(ds)
		}
		d.States = append(d.States, sd)
	}
	if g.pcg != nil {
		b, _ := g.pcg.AppendBinary(nil)
		d.Rand = hashString(string(b))
	}
	return d
}

// Diff describes the first difference between two digests of the same
// game: which state, which scene, which actor and which field ("state
// gameplay, scene 0, actor 12v3: world transform differs"), a state's own
// Hash, the stack or the random source. It returns "" when they are equal.
func Diff(a, b Digest) string {
	if len(a.States) != len(b.States) {
		return fmt.Sprintf("the stack holds %d states in the first run and %d in the second", len(a.States), len(b.States))
	}
	for i := range a.States {
		x, y := &a.States[i], &b.States[i]
		if x.Name != y.Name {
			return fmt.Sprintf("state %d is %s in the first run and %s in the second", i, x.Name, y.Name)
		}
		if len(x.Scenes) != len(y.Scenes) {
			return fmt.Sprintf("state %s has %d scenes in the first run and %d in the second", x.Name, len(x.Scenes), len(y.Scenes))
		}
		for j := range x.Scenes {
			if d := scene.Diff(x.Scenes[j], y.Scenes[j]); d != "" {
				return fmt.Sprintf("state %s, scene %d, %s", x.Name, j, d)
			}
		}
		if x.Hasher && x.Hash != y.Hash && x.Fields != y.Fields {
			return fmt.Sprintf("state %s: %s", x.Name, firstLineDiff(x.Fields, y.Fields))
		}
		if x.Hasher && x.Hash != y.Hash {
			return fmt.Sprintf("state %s: its own Hash differs (%016x, %016x): state kept outside its scenes", x.Name, x.Hash, y.Hash)
		}
	}
	if a.Rand != b.Rand {
		return "the random source differs: the runs drew a different number of random values"
	}
	return ""
}

// firstLineDiff names the first line that differs between two fields.Dump
// texts: "field hp differs (hp = 10, hp = 9)".
func firstLineDiff(a, b string) string {
	for a != "" || b != "" {
		var la, lb string
		la, a, _ = strings.Cut(a, "\n")
		lb, b, _ = strings.Cut(b, "\n")
		if la != lb {
			path, _, _ := strings.Cut(la, " = ")
			if la == "" {
				path, _, _ = strings.Cut(lb, " = ")
			}
			return fmt.Sprintf("field %s differs (%q in the first run, %q in the second)", path, la, lb)
		}
	}
	return "its described fields differ"
}
