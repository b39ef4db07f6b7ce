package replay

import (
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// twoEvents is a tick with a couple of events: a key tap and a cursor move.
func twoEvents() []input.Event {
	return []input.Event{
		{Time: 1000, Kind: input.KeyPress, Key: input.KeySpace},
		{Time: 1500, Kind: input.CursorMove, X: 640, Y: 360.5},
	}
}

// quietGame is a started game whose hash the sinks take; ticks are driven
// by calling the sinks directly.
func quietGame(t testing.TB) *engine.Game {
	hl, err := engine.NewHeadless(engine.Options{}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	return hl.Game
}

func TestRecordingAllocatesNothingPerTick(t *testing.T) {
	g := quietGame(t)
	r, err := Create(filepath.Join(t.TempDir(), "a.twr"), Header{TickRate: 30, HashEvery: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	evs := twoEvents()
	tick := uint64(0)
	step := func() {
		if err := r.TickInput(tick, evs); err != nil {
			t.Fatal(err)
		}
		if err := r.TickDone(tick, g); err != nil {
			t.Fatal(err)
		}
		tick++
	}
	for range 300 { // grow the buffers to a chunk's size
		step()
	}
	// 1000 ticks: 33 chunks written, a hash every third tick.
	if got := testing.AllocsPerRun(1000, step); got != 0 {
		t.Fatalf("allocations per recorded tick: got %v, want 0", got)
	}
}

func TestReplayingAllocatesNothingPerTick(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.twr")
	g := quietGame(t)
	r, err := Create(path, Header{TickRate: 30, HashEvery: 3})
	if err != nil {
		t.Fatal(err)
	}
	const ticks = 600
	evs := twoEvents()
	for i := range uint64(ticks) {
		r.TickInput(i, evs[:i%3])
		r.TickDone(i, g)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]input.Event, 0, 8)
	tick := uint64(0)
	step := func() {
		var err error
		if dst, err = p.TickEvents(tick%ticks, dst[:0]); err != nil {
			t.Fatal(err)
		}
		if err := p.TickDone(tick%ticks, g); err != nil {
			t.Fatal(err)
		}
		tick++
	}
	if got := testing.AllocsPerRun(2000, step); got != 0 {
		t.Fatalf("allocations per replayed tick: got %v, want 0", got)
	}
}

// BenchmarkRecordTick measures a recorded tick with two events, without
// the game's hash (a game without actors).
func BenchmarkRecordTick(b *testing.B) {
	g := quietGame(b)
	r, err := Create(filepath.Join(b.TempDir(), "a.twr"), Header{TickRate: 30})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	evs := twoEvents()
	b.ReportAllocs()
	var tick uint64
	for b.Loop() {
		r.TickInput(tick, evs)
		r.TickDone(tick, g)
		tick++
	}
}

// BenchmarkGameHash measures what the Recorder adds to every tick besides
// the events: Game.Hash, for a scene of 10,000 actors.
func BenchmarkGameHash(b *testing.B) {
	s := &crowd{}
	hl, err := engine.NewHeadless(engine.Options{}, s)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 10000 {
		if _, err := s.world.Spawn(scene.Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Mesh: gfx.MeshCube}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		hl.Game.Hash()
	}
}

// crowd is a state with one scene and nothing else.
type crowd struct {
	world  scene.Manager
	scenes []*scene.Manager
}

func (c *crowd) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &c.world) }
func (c *crowd) Tick(*engine.TickContext) error               { return nil }
func (c *crowd) Draw(*engine.DrawContext)                     {}
