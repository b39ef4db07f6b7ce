package replay

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// framey depends on the frame rate, as a buggy game does: Draw counts
// frames, and at tick moveAt the second actor jumps by that count; from
// tick hashAt on, its own Hash returns it.
type framey struct {
	world          scene.Manager
	scenes         []*scene.Manager
	second         scene.Handle
	frames         int
	moveAt, hashAt uint64
	seen           uint64 // frames counted, as of the last tick from hashAt
}

func (f *framey) Enter(ctx *engine.Context) error {
	f.scenes = []*scene.Manager{&f.world}
	if _, err := f.world.Spawn(scene.Spec{Mesh: gfx.MeshCube}); err != nil {
		return err
	}
	var err error
	f.second, err = f.world.Spawn(scene.Spec{Mesh: gfx.MeshCube})
	return err
}
func (f *framey) Name() string                                 { return "framey" }
func (f *framey) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, f.scenes...) }
func (f *framey) Draw(ctx *engine.DrawContext)                 { f.frames++ }
func (f *framey) Tick(ctx *engine.TickContext) error {
	if ctx.Tick.Index >= f.hashAt {
		f.seen = uint64(f.frames)
	}
	if ctx.Tick.Index == f.moveAt {
		a, err := f.world.Actor(f.second)
		if err != nil {
			return err
		}
		a.Local.Pos[0] = float32(f.frames)
	}
	return nil
}
func (f *framey) Hash() uint64 { return f.seen }

func recordFramey(t *testing.T, g *framey, every int) *Player {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.twr")
	h, err := engine.NewHeadless(engine.Options{TickRate: 30, Seed: 3}, g)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Create(path, Header{TickRate: 30, Seed: 3, InitialState: "framey", HashEvery: every})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.AddTickSink(r)
	if err := h.RunTicks(60, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBisectNamesTheFirstDivergence: a game that depends on the frame rate
// is caught at the exact first tick, with the state, scene, actor and field
// (or the state's own Hash); a deterministic game is reported equal.
func TestBisectNamesTheFirstDivergence(t *testing.T) {
	for _, c := range []struct {
		name           string
		moveAt, hashAt uint64
		wantTick       uint64
		want           []string
	}{
		{"actor field", 20, 1 << 62, 20, []string{"state framey, scene 0, actor", "local transform differs"}},
		{"Hasher", 1 << 62, 33, 33, []string{"state framey", "its own Hash differs"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var last *framey
			newGame := func() (engine.State, error) {
				last = &framey{moveAt: c.moveAt, hashAt: c.hashAt}
				return last, nil
			}
			p := recordFramey(t, &framey{moveAt: c.moveAt, hashAt: c.hashAt}, 1)
			b, err := Bisect(p, engine.Options{}, newGame, engine.Steady(60), engine.Jittered(7, 0.5, 1))
			if err != nil {
				t.Fatal(err)
			}
			if !b.Paced || b.Tick != c.wantTick {
				t.Fatalf("got %+v, want the pacings to differ first after tick %d", b, c.wantTick)
			}
			for _, w := range c.want {
				if !strings.Contains(b.What, w) {
					t.Errorf("got %q, want it to say %q", b.What, w)
				}
			}
			if c.name == "actor field" && !strings.Contains(b.What, "actor "+last.second.String()+":") {
				t.Errorf("got %q, want the second actor, %v, named", b.What, last.second)
			}
			// At 60 fps the game matches the recording, which was made at
			// 60 fps: no recorded divergence.
			if b.Recorded {
				t.Errorf("got a divergence from the recording %+v, want none at the recording's own pace", b)
			}
		})
	}
	// Against the recording: replayed at 7 fps, the game leaves the
	// recording exactly at the tick (hashes every tick) or within the
	// interval (every 10 ticks).
	for _, every := range []int{1, 10} {
		p := recordFramey(t, &framey{moveAt: 20, hashAt: 1 << 62}, every)
		newGame := func() (engine.State, error) { return &framey{moveAt: 20, hashAt: 1 << 62}, nil }
		b, err := Bisect(p, engine.Options{}, newGame, engine.Steady(7), engine.Steady(60))
		if err != nil {
			t.Fatal(err)
		}
		wantBy, wantAfter := int64(20), int64(19)
		if every == 10 {
			wantAfter = 10
		}
		if !b.Recorded || b.By != wantBy || b.After != wantAfter || b.Exact != (every == 1) {
			t.Errorf("HashEvery %d: got %+v, want it to leave the recording by tick %d after tick %d (exact %v)", every, b, wantBy, wantAfter, every == 1)
		}
	}
	// A deterministic game: nothing to report.
	rec := record(t, "", testHeader(), 90)
	p, err := Open(rec.path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bisect(p, engine.Options{}, func() (engine.State, error) { return &arena{}, nil }, engine.Steady(60), engine.Jittered(7, 0.9, 4))
	if err != nil {
		t.Fatal(err)
	}
	if b.Paced || b.Recorded {
		t.Errorf("deterministic game: got %+v, want no divergence", b)
	}
}
