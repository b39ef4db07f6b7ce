package engine

import (
	"runtime"
	"testing"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// scaledWindow is a null window with the optional abilities the engine
// asks about every frame: a content scale and an iconified flag.
type scaledWindow struct {
	nullWindow
	scale float32
}

func (w *scaledWindow) ContentScale() float32 { return w.scale }
func (w *scaledWindow) Iconified() bool       { return false }

// ground is a gameplay state with one actor that pushes a see-through
// overlay over itself when entered.
type ground struct{ world scene.Manager }

func (s *ground) Enter(ctx *Context) error {
	ctx.Push(&seeThrough{})
	_, err := s.world.Spawn(scene.Spec{Mesh: gfx.MeshCube})
	return err
}
func (s *ground) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }
func (s *ground) Tick(*TickContext) error                      { return nil }
func (s *ground) Draw(*DrawContext)                            {}

// seeThrough is an overlay with a scene and a hash of its own that lets
// the state below it tick and show.
type seeThrough struct {
	world scene.Manager
	ticks uint64
}

func (s *seeThrough) Enter(*Context) error {
	_, err := s.world.Spawn(scene.Spec{Mesh: gfx.MeshSphere})
	return err
}
func (s *seeThrough) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }
func (s *seeThrough) Tick(*TickContext) error                      { s.ticks++; return nil }
func (s *seeThrough) Draw(*DrawContext)                            {}
func (s *seeThrough) Below() Below                                 { return Below{Draw: true, Tick: true} }
func (s *seeThrough) Hash() uint64                                 { return s.ticks }

var (
	_ ContentScaler = (*scaledWindow)(nil)
	_ Iconifier     = (*scaledWindow)(nil)
	_ Enterer       = (*ground)(nil)
	_ SceneOwner    = (*ground)(nil)
	_ SceneOwner    = (*seeThrough)(nil)
	_ Overlay       = (*seeThrough)(nil)
	_ Hasher        = (*seeThrough)(nil)
)

// TestManyFramesAllocateNothing counts every allocation over 20,000 frames
// that use each optional ability of a window and of states the engine
// looks for during a frame (content scale, iconified, scenes, overlay,
// Hasher). An allocation made once in about a thousand calls, such as the
// runtime filling a type assertion's per-site cache, averages to zero in
// testing.AllocsPerRun, whose warm-up call would also fill the cache
// before counting: so the total over one long run is read here, and must
// be 0.
func TestManyFramesAllocateNothing(t *testing.T) {
	clk := &ManualClock{}
	g, err := New(Options{Clock: clk, NoPacing: true, Signals: SignalsIgnore})
	if err != nil {
		t.Fatal(err)
	}
	r := &NullRenderer{}
	if err := g.Start(&scaledWindow{nullWindow{640, 360}, 2}, r, &ground{}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	step := func() {
		clk.Advance(frame60)
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
		g.Hash()
	}
	for range 60 { // the buffers reach their size
		step()
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // as AllocsPerRun does
	const frames = 20_000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range frames {
		step()
	}
	runtime.ReadMemStats(&after)
	if got := after.Mallocs - before.Mallocs; got != 0 {
		t.Errorf("%d frames: got %d allocations (%d B), want 0", frames, got, after.TotalAlloc-before.TotalAlloc)
	}
	// Both states ticked and were drawn, with the HUD at the window's scale.
	if len(g.stack) != 2 || r.Scenes != 2 || r.Instances != 2 {
		t.Errorf("got %d states, %d scenes and %d instances drawn, want 2, 2 and 2", len(g.stack), r.Scenes, r.Instances)
	}
	if got := g.stack[1].state.(*seeThrough).ticks; got < frames/2-1 {
		t.Errorf("the overlay ticked %d times in %d frames at 60 fps, want about %d", got, frames+60, (frames+60)/2)
	}
	if g.dctx.Scale != 2 {
		t.Errorf("the HUD's scale: got %v, want the window's 2", g.dctx.Scale)
	}
}
