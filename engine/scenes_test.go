package engine

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// natural is a state written the natural way: two scenes, appended.
type natural struct {
	world, sky scene.Manager
}

func (n *natural) Enter(*Context) error {
	n.world.SetView(mgl32.LookAtV(mgl32.Vec3{25, 0, 80}, mgl32.Vec3{25, 0, 0}, mgl32.Vec3{0, 1, 0})) // all 50 in view
	for i := range 50 {
		if _, err := n.world.Spawn(scene.Spec{Mesh: gfx.MeshCube, Pos: [3]float32{float32(i), 0, 0}, Behavior: &mover{speed: 1}}); err != nil {
			return err
		}
	}
	_, err := n.sky.Spawn(scene.Spec{Mesh: gfx.MeshSphere})
	return err
}
func (n *natural) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &n.world, &n.sky) }
func (n *natural) Tick(*TickContext) error                      { return nil }
func (n *natural) Draw(*DrawContext)                            {}

var (
	_ SceneOwner = (*natural)(nil)
	_ Enterer    = (*natural)(nil)
)

// TestScenesAllocateNothing: with Scenes written the natural way, a frame
// that ticks, interpolates, draws and hashes allocates nothing.
func TestScenesAllocateNothing(t *testing.T) {
	h, err := NewHeadless(Options{}, &natural{})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(30, Steady(60)); err != nil { // warm up the buffers
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(200, func() {
		if err := h.RunFrame(timing.Second / 20); err != nil { // 1–2 ticks a frame
			t.Fatal(err)
		}
		h.Game.Hash()
	})
	if allocs != 0 {
		t.Errorf("got %v allocations per frame, want 0", allocs)
	}
	if h.Renderer.Instances != 51 {
		t.Errorf("got %d instances drawn, want 51 (both scenes)", h.Renderer.Instances)
	}
}

// own returns a slice of its own, ignoring dst.
type own struct {
	world  scene.Manager
	scenes []*scene.Manager
}

func (o *own) Enter(*Context) error {
	o.scenes = make([]*scene.Manager, 1, 8) // room to be overwritten
	o.scenes[0] = &o.world
	_, err := o.world.Spawn(scene.Spec{Mesh: gfx.MeshCube})
	return err
}
func (o *own) Scenes([]*scene.Manager) []*scene.Manager { return o.scenes }
func (o *own) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == 0 {
		ctx.Push(&overlayNatural{})
	}
	return nil
}
func (o *own) Draw(*DrawContext) {}

// overlayNatural is drawn over own and appends its scenes to dst.
type overlayNatural struct{ natural }

func (o *overlayNatural) Below() Below { return Below{Draw: true, Tick: true} }

// TestScenesOfOwnSliceNotOverwritten: a state that returns a slice of its
// own keeps it intact although another state appends to the dst the
// engine passes next.
func TestScenesOfOwnSliceNotOverwritten(t *testing.T) {
	o := &own{}
	h, err := NewHeadless(Options{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(10, Steady(60)); err != nil {
		t.Fatal(err)
	}
	if len(o.scenes) != 1 || o.scenes[0] != &o.world {
		t.Fatalf("got the state's own list %v, want it untouched", o.scenes)
	}
	if h.Renderer.Scenes != 3 {
		t.Errorf("got %d scenes drawn, want 3 (one below, two in the overlay)", h.Renderer.Scenes)
	}
}

// oldForm has Scenes in the form before 0.2.0.
type oldForm struct{ world scene.Manager }

func (o *oldForm) Scenes() []*scene.Manager { return []*scene.Manager{&o.world} }
func (o *oldForm) Tick(*TickContext) error  { return nil }
func (o *oldForm) Draw(*DrawContext)        {}

// TestOldScenesFormIsNamed: a state still written with Scenes() is refused
// with the new form spelt out, instead of silently losing its scenes.
func TestOldScenesFormIsNamed(t *testing.T) {
	_, err := NewHeadless(Options{}, &oldForm{})
	if err == nil || !strings.Contains(err.Error(), "Scenes(dst []*scene.Manager)") {
		t.Errorf("got %v, want an error showing the new form", err)
	}
}
