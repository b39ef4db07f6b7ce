package asset

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// TestAttachmentFollowsJoint: an actor attached to joint node 2 with an
// offset sits, at every tick, at the joint's pose world matrix times the
// offset, and between ticks is drawn where the pose's frame puts it.
func TestAttachmentFollowsJoint(t *testing.T) {
	_, md := loadSkinAnim(t)
	var m scene.Manager
	c, err := md.SpawnCharacter(&m, scene.Spec{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c.Pose.Play(0, 0, true, 0) // walk: node 2 turns, node 1 steps
	hat, err := c.Attach(&m, 2, scene.Spec{Pos: mgl32.Vec3{0, 0.5, 0}, Mesh: gfx.MeshCube})
	if err != nil {
		t.Fatal(err)
	}
	offset := mgl32.Translate3D(0, 0.5, 0)
	for i := range 20 {
		if err := m.Tick(timing.TickInfo{Index: uint64(i), Rate: 30, Delta: 1.0 / 30}); err != nil {
			t.Fatal(err)
		}
		a, _ := m.Actor(hat)
		w := a.World()
		var got mgl32.Mat4
		w.Matrix(&got)
		if want := c.Pose.World(2).Mul4(offset); !nearMat(got, want, 1e-5) {
			t.Fatalf("tick %d: attachment at\n%v want the joint's world × offset\n%v", i, got, want)
		}
	}
	m.Interpolate(0.5)
	m.BuildDrawList() // the character interpolates its pose while drawing
	a, _ := m.Actor(hat)
	if got, want := a.RenderMatrix(), c.Pose.Frame(2).Mul4(offset); !nearMat(got, want, 1e-5) {
		t.Errorf("between ticks: attachment drawn at\n%v want the pose's frame × offset\n%v", got, want)
	}
	if _, err := c.Attach(&m, 99, scene.Spec{}); err == nil {
		t.Error("Attach to node 99 of 4: got nil error")
	}
}

// TestCharacterDraws: the skinned mesh nodes are drawn by the character
// with their palettes (one skinned batch of two instances, the two nodes
// sharing the skin), not as plain meshes; a tick and a frame allocate
// nothing.
func TestCharacterDraws(t *testing.T) {
	_, md := loadSkinAnim(t)
	var m scene.Manager
	c, err := md.SpawnCharacter(&m, scene.Spec{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c.Pose.Play(0, 0, true, 0)
	var fired int
	md.Animations[0].Events = []Event{{0.5, "step"}}
	c.OnEvent = func(Fired) { fired++ }
	i := uint64(0)
	frame := func() *gfx.DrawList {
		m.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30})
		i++
		m.Interpolate(0.5)
		return m.BuildDrawList()
	}
	d := frame()
	plain := 0
	for _, b := range d.Batches() {
		plain += len(b.Instances)
	}
	sb := d.SkinnedBatches()
	if plain != 0 || len(sb) != 1 || len(sb[0].Instances) != 2 || len(d.Bones()) != 4 || len(d.MorphWeights()) != 2 {
		t.Fatalf("got %d plain instances, skinned batches %+v, %d bones, %d weights; want 0, one batch of 2, 4, 2", plain, sb, len(d.Bones()), len(d.MorphWeights()))
	}
	if n := testing.AllocsPerRun(50, func() { frame() }); n != 0 {
		t.Errorf("a tick and a frame allocate %v times, want 0", n)
	}
	if fired == 0 {
		t.Error("OnEvent never called in 50 ticks of a 1 s loop with an event at 0.5 s")
	}
}
