package engine

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/collide"
	"github.com/tickwork/tickwork/timing"
)

// scaledWindow is a null window that is a Display: the engine asks it for
// a content scale and an iconified flag every frame.
type scaledWindow struct {
	nullWindow
	scale float32
}

func (w *scaledWindow) ContentScale() float32 { return w.scale }
func (w *scaledWindow) Iconified() bool       { return false }
func (w *scaledWindow) SetVSync(bool)         {}
func (w *scaledWindow) RefreshRate() int      { return 0 }

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
	_ Display    = (*scaledWindow)(nil)
	_ Enterer    = (*ground)(nil)
	_ SceneOwner = (*ground)(nil)
	_ SceneOwner = (*seeThrough)(nil)
	_ Overlay    = (*seeThrough)(nil)
	_ Hasher     = (*seeThrough)(nil)
)

// TestManyFramesAllocateNothing counts every allocation made by 20,000
// frames that use each optional ability of a window and of states the
// engine looks for during a frame (content scale, iconified, scenes,
// overlay, Hasher). An allocation made once in about a thousand calls, such
// as the runtime filling a type assertion's per-site cache, averages to
// zero in testing.AllocsPerRun, whose warm-up call would also fill the
// cache before counting: so the total over one long run is counted here,
// and must be 0. It is read from the allocation profile, recording every
// allocation, and only stacks through this test count: runtime.MemStats
// would also count what other goroutines of the test binary allocate
// meanwhile (a timer, a goroutine another test left running).
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
	const frames = 20_000
	if n, bytes, where := profiledAllocs(frames, step, "engine.TestManyFramesAllocateNothing"); n != 0 {
		t.Errorf("%d frames: got %d allocations (%d B), want 0; first at\n%s", frames, n, bytes, where)
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

// steadyToucher is a contact handler no other test uses, so that the
// runtime meets its type for the first time in this test.
type steadyToucher struct{ heard int }

func (s *steadyToucher) Contact(*scene.Actor, collide.Event, *scene.Manager) { s.heard++ }

// TestContactsAllocateNothingOverManyTicks: a sensor resting in a box hears
// a contact every tick; over 20,000 ticks the collision world's step and
// its contact dispatch allocate nothing. (Asserting each behaviour's type
// at every dispatch did, once the runtime chose to grow the assertion's
// cache of types: it does so for about one miss in a thousand.) Counted as
// TestManyFramesAllocateNothing counts, through this test's stacks only:
// the runtime's scavenger growing a processor's timer heap meanwhile is
// not the world's.
func TestContactsAllocateNothingOverManyTicks(t *testing.T) {
	var m scene.Manager
	w := collide.New(collide.Config{})
	toucher := &steadyToucher{}
	box, _ := m.Spawn(scene.Spec{})
	sensor, _ := m.Spawn(scene.Spec{Behavior: toucher})
	for _, err := range []error{
		w.Attach(&m, box, collide.Collider{Shape: collide.Box(mgl32.Vec3{1, 1, 1})}),
		w.Attach(&m, sensor, collide.Collider{Shape: collide.Sphere(0.5), Sensor: true, Body: collide.Kinematic}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	next := uint64(0)
	step := func() {
		ti := timing.TickInfo{Index: next, Rate: 30, Delta: 1.0 / 30}
		next++
		if err := w.Step(&m, ti); err != nil {
			t.Fatal(err)
		}
		if err := m.Tick(ti); err != nil {
			t.Fatal(err)
		}
	}
	for range 5 { // the world's buffers grow to size
		step()
	}
	const ticks = 20_000
	heard := toucher.heard
	if n, bytes, where := profiledAllocs(ticks, step, "engine.TestContactsAllocateNothingOverManyTicks"); n != 0 {
		t.Errorf("%d ticks of one resting contact: got %d allocations (%d B), want 0; first at\n%s", ticks, n, bytes, where)
	}
	if toucher.heard-heard < ticks {
		t.Fatalf("the sensor heard %d contacts in %d ticks: the test needs one a tick", toucher.heard-heard, ticks)
	}
}

// profiledAllocs calls f n times with every allocation recorded and
// returns allocsThrough of those calls for the test function fn.
func profiledAllocs(n int, f func(), fn string) (count, bytes int64, where string) {
	defer func(r int) { runtime.MemProfileRate = r }(runtime.MemProfileRate)
	runtime.MemProfileRate = 1
	before := allocProfile()
	for range n {
		f()
	}
	runtime.MemProfileRate = 512 * 1024
	return allocsThrough(before, allocProfile(), fn)
}

// allocProfile returns the allocation profile as of a collection made now.
func allocProfile() []runtime.MemProfileRecord {
	runtime.GC() // the profile is as of the latest collection
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs := make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			return recs[:n]
		}
	}
}

// allocsThrough returns the allocations (count and bytes) recorded in after
// but not in before whose stack passes through a function whose name ends
// with fn, and the first such stack. The buffer of the before snapshot,
// published by the after one's collection, is not counted.
func allocsThrough(before, after []runtime.MemProfileRecord, fn string) (n, bytes int64, where string) {
	seen := make(map[[32]uintptr]runtime.MemProfileRecord, len(before))
	for _, r := range before {
		seen[r.Stack0] = r
	}
	for _, r := range after {
		b := seen[r.Stack0]
		grown := r.AllocObjects - b.AllocObjects
		if grown <= 0 {
			continue
		}
		var stack strings.Builder
		through, own := false, false
		frames := runtime.CallersFrames(r.Stack())
		for {
			f, more := frames.Next()
			through = through || strings.HasSuffix(f.Function, fn)
			own = own || strings.HasSuffix(f.Function, "engine.allocProfile")
			fmt.Fprintf(&stack, "\t%s\n", f.Function)
			if !more {
				break
			}
		}
		if through && !own {
			if n == 0 {
				where = stack.String()
			}
			n += grown
			bytes += r.AllocBytes - b.AllocBytes
		}
	}
	return n, bytes, where
}
