package engine

import (
	"testing"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// natural is a state written the natural way: two scenes, appended.
type natural struct {
	world, sky scene.Manager
}

func (n *natural) Enter(*Context) error {
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
