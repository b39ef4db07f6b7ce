package scene

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// churner is a described behaviour that moves its actor, spawns, removes
// and reparents actors from its ticks: everything a snapshot must undo.
type churner struct {
	n    int
	kids []Handle
}

func (c *churner) Describe(v *fields.Visitor) {
	v.Int("n", &c.n)
	fields.Integers(v, "kids", &c.kids)
}

func (c *churner) Tick(a *Actor, t timing.TickInfo, m *Manager) error {
	c.n++
	a.Local.Pos[0] += 0.5
	a.Local.Rot = deg(float32(c.n*7), yAxis)
	switch {
	case c.n%3 == 0:
		h, err := m.Spawn(Spec{Parent: a.Handle(), Pos: mgl32.Vec3{0, float32(c.n), 0}, Behavior: &walker{speed: 0.25}})
		if err != nil {
			return err
		}
		c.kids = append(c.kids, h)
	case c.n%4 == 0 && len(c.kids) > 0:
		if err := m.Remove(c.kids[0]); err != nil {
			return err
		}
		c.kids = c.kids[1:]
	case c.n%5 == 0 && len(c.kids) > 1:
		if err := m.SetParent(c.kids[1], NoHandle, KeepWorld); err != nil {
			return err
		}
		c.kids = append(c.kids[:1], c.kids[2:]...)
	}
	return nil
}

// bulkMover moves its members; it describes its own counter.
type bulkMover struct{ steps int }

func (b *bulkMover) Describe(v *fields.Visitor) { v.Int("steps", &b.steps) }

func (b *bulkMover) TickBulk(actors []*Actor, _ timing.TickInfo, _ *Manager) error {
	b.steps++
	for _, a := range actors {
		a.Local.Pos[2] -= 0.125
	}
	return nil
}

// churnScene builds a scene of roots with churners, a hierarchy and a bulk
// group.
func churnScene(t testing.TB, roots int) *Manager {
	m := new(Manager)
	bm := &bulkMover{}
	for i := range roots {
		h, err := m.Spawn(Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: &churner{}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Spawn(Spec{Parent: h, Pos: mgl32.Vec3{0, 0, 1}, Bulk: bm}); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func digestsEqual(a, b []ActorDigest) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSnapshotRoundTrip: restoring a snapshot gives the saved hash and
// digest back, whatever the ticks in between spawned, removed and
// reparented (handles, generations, free list, hierarchy, bulk groups and
// described behaviours), and the ticks run again from it give the same
// hashes as the first time.
func TestSnapshotRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name        string
		roots, at   int
		then, after int
	}{
		{"small", 3, 2, 12, 0},
		{"grows a chunk", 300, 1, 8, 0},
		{"restore twice", 40, 5, 9, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := churnScene(t, tc.roots)
			for i := range tc.at {
				tick(t, m, uint64(i))
			}
			var s Snapshot
			if err := m.Save(&s); err != nil {
				t.Fatal(err)
			}
			wantHash, wantDig := m.Hash(), m.Digest(nil)
			var later []uint64
			for i := tc.at; i < tc.at+tc.then; i++ {
				tick(t, m, uint64(i))
				later = append(later, m.Hash())
			}
			for range tc.after + 1 {
				if err := m.Restore(&s); err != nil {
					t.Fatal(err)
				}
				if h, d := m.Hash(), m.Digest(nil); h != wantHash || !digestsEqual(d, wantDig) {
					t.Fatalf("after restore: hash %x digest diff %q, want hash %x", h, Diff(wantDig, d), wantHash)
				}
				for j, i := 0, tc.at; i < tc.at+tc.then; i, j = i+1, j+1 {
					tick(t, m, uint64(i))
					if h := m.Hash(); h != later[j] {
						t.Fatalf("tick %d run again after restore: hash %x, want %x", i, h, later[j])
					}
				}
			}
		})
	}
}

// TestSnapshotRestoresColours: an actor's colour lives in a column of its
// own, not in the record a snapshot copies; a colour set after the save
// (by a tick or between ticks) is undone by the restore, and the actors
// keep their own colours through a second chunk.
func TestSnapshotRestoresColours(t *testing.T) {
	var m Manager
	const n = chunkSize + 3 // two chunks
	hs := make([]Handle, n)
	for i := range hs {
		h, err := m.Spawn(Spec{Mesh: 1, Color: gfx.RGB(float32(i)/n, 0.5, 1)})
		if err != nil {
			t.Fatal(err)
		}
		hs[i] = h
	}
	var s Snapshot
	if err := m.Save(&s); err != nil {
		t.Fatal(err)
	}
	for _, h := range hs {
		actor(t, &m, h).SetColor(gfx.RGB(0, 0, 0))
	}
	if err := m.Restore(&s); err != nil {
		t.Fatal(err)
	}
	for i, h := range hs {
		if got, want := actor(t, &m, h).Color(), gfx.RGB(float32(i)/n, 0.5, 1); got != want {
			t.Fatalf("actor %d after restore: colour %v, want the saved %v", i, got, want)
		}
	}
}

// TestSnapshotRestoreErrors: a snapshot of another manager, or none, is
// refused with ErrSnapshotOwner.
func TestSnapshotRestoreErrors(t *testing.T) {
	a, b := churnScene(t, 2), churnScene(t, 2)
	var s Snapshot
	if err := b.Restore(&s); !errors.Is(err, ErrSnapshotOwner) {
		t.Fatalf("empty snapshot: %v, want ErrSnapshotOwner", err)
	}
	if err := a.Save(&s); err != nil {
		t.Fatal(err)
	}
	if err := b.Restore(&s); !errors.Is(err, ErrSnapshotOwner) {
		t.Fatalf("other manager's snapshot: %v, want ErrSnapshotOwner", err)
	}
}

// TestSnapshotAllocatesNothing: once warm, Save and Restore allocate
// nothing.
func TestSnapshotAllocatesNothing(t *testing.T) {
	m := churnScene(t, 600)
	for i := range 4 {
		tick(t, m, uint64(i))
	}
	var s Snapshot
	if err := m.Save(&s); err != nil {
		t.Fatal(err)
	}
	n := testing.AllocsPerRun(20, func() {
		if err := m.Save(&s); err != nil {
			t.Fatal(err)
		}
		if err := m.Restore(&s); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Fatalf("Save+Restore allocates %v times, want 0", n)
	}
}

// BenchmarkSnapshot10k: Save plus Restore of a 10,000-actor scene whose
// actors have no described behaviours (columns only).
func BenchmarkSnapshot10k(b *testing.B) { benchSnapshot(b, 10000, 0) }

// BenchmarkSnapshot10kDescribed: the same with a described behaviour (three
// fields) on every other actor, saved and loaded by fields.Codec.
func BenchmarkSnapshot10kDescribed(b *testing.B) { benchSnapshot(b, 10000, 2) }

// BenchmarkSnapshot100: Save plus Restore of a small scene, 100 actors:
// what copying whole chunks costs a scene that fills a sliver of one.
func BenchmarkSnapshot100(b *testing.B) { benchSnapshot(b, 100, 0) }

func benchSnapshot(b *testing.B, actors, every int) {
	m := new(Manager)
	for i := range actors {
		var beh any
		if every > 0 && i%every == 0 {
			beh = &walker{speed: 0.1}
		}
		if _, err := m.Spawn(Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: beh}); err != nil {
			b.Fatal(err)
		}
	}
	var s Snapshot
	if err := m.Save(&s); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := m.Save(&s); err != nil {
			b.Fatal(err)
		}
		if err := m.Restore(&s); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSnapshotRestoresBehaviours: a behaviour set after a save is undone
// by the restore, also when the snapshot is saved again unchanged in
// between (Save and Restore skip the behaviour columns when nothing
// changed them) and across two snapshots.
func TestSnapshotRestoresBehaviours(t *testing.T) {
	m := churnScene(t, 2)
	h := NoHandle
	for h2 := range m.All() {
		h = h2
		break
	}
	a, _ := m.Actor(h)
	before := a.Behavior()
	var s1, s2 Snapshot
	for _, step := range []func() error{
		func() error { return m.Save(&s1) },
		func() error { return m.Save(&s1) }, // unchanged: skips the behaviour columns
		func() error { a.SetBehavior(&walker{}); return m.Save(&s2) },
		func() error { return m.Restore(&s1) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if a.Behavior() != before {
		t.Fatalf("after restoring the first snapshot: behaviour %T, want %T", a.Behavior(), before)
	}
	if err := m.Restore(&s2); err != nil {
		t.Fatal(err)
	}
	if _, ok := a.Behavior().(*walker); !ok {
		t.Fatalf("after restoring the second snapshot: behaviour %T, want *walker", a.Behavior())
	}
	if err := m.Restore(&s2); err != nil { // the same again: nothing to copy
		t.Fatal(err)
	}
	if err := m.Restore(&s1); err != nil {
		t.Fatal(err)
	}
	if a.Behavior() != before {
		t.Fatalf("back to the first snapshot: behaviour %T, want %T", a.Behavior(), before)
	}
}
