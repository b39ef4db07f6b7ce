package asset

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// Character is a spawned model animated by a Pose: the behaviour of an
// actor under the model's root that, each tick, advances the pose and
// sets every node actor's local transform from it (so an actor attached
// to a joint follows it, interpolated like any child actor), and, each
// frame, draws the skinned and morphed meshes with the pose's bone
// palettes and weights blended between the last two ticks at the scene's
// alpha and mode. Change its Pose (Play, Layers, Weights) from a tick.
type Character struct {
	Pose *Pose
	// OnEvent, when set, is called from the character's Tick for each
	// event the tick fired (see Pose.Events), on the tick's goroutine.
	OnEvent func(Fired)

	inst  *Instance
	m     *scene.Manager
	self  scene.Handle
	draws []charDraw
}

// charDraw is one deformed mesh the character draws: node's mesh, with
// palette (−1: none) and the node's morph weights.
type charDraw struct {
	node, palette int
	mesh          gfx.MeshID
	morphs        bool
}

var (
	_ scene.Ticker     = (*Character)(nil)
	_ scene.Drawer     = (*Character)(nil)
	_ fields.Describer = (*Character)(nil)
)

// SpawnCharacter spawns md into m as Spawn does, except that the meshes of
// skinned nodes and of nodes with morph targets are drawn by the returned
// Character (an actor under the root whose behaviour it is), deformed,
// instead of as plain actor meshes. Its Pose has layers layers (1 to 16)
// and plays nothing until told. Call it where spawning is allowed.
func (md *Model) SpawnCharacter(m *scene.Manager, at scene.Spec, layers int) (*Character, error) {
	p, err := NewPose(md, layers)
	if err != nil {
		return nil, err
	}
	deformed := make([]bool, len(md.Nodes))
	for _, s := range md.Skins {
		for _, n := range s.Nodes {
			deformed[n] = true
		}
	}
	for i := range md.Nodes {
		deformed[i] = deformed[i] || len(md.Nodes[i].Weights) > 0
	}
	in, err := md.spawn(m, at, deformed)
	if err != nil {
		return nil, err
	}
	c := &Character{Pose: p, inst: in, m: m}
	for i, n := range md.Nodes {
		if !deformed[i] {
			continue
		}
		pal := -1
		for u, use := range p.uses {
			if use.node == i {
				pal = u
			}
		}
		for _, mesh := range n.Meshes {
			c.draws = append(c.draws, charDraw{node: i, palette: pal, mesh: mesh, morphs: len(n.Weights) > 0})
		}
	}
	h, err := m.Spawn(scene.Spec{Parent: in.Root, Behavior: c})
	if err != nil {
		m.Remove(in.Root)
		return nil, fmt.Errorf("asset: spawning character %q: %w", md.Name, err)
	}
	c.self = h
	return c, nil
}

// Instance returns the spawned model: its root and node actors.
func (c *Character) Instance() *Instance { return c.inst }

// Attach spawns an actor from s as a child of node joint's actor (a hand,
// a head), s's transform relative to the joint: it follows the joint and
// is interpolated like any child actor. Call it where spawning is
// allowed.
func (c *Character) Attach(m *scene.Manager, joint int, s scene.Spec) (scene.Handle, error) {
	if joint < 0 || joint >= len(c.inst.Nodes) {
		return scene.NoHandle, fmt.Errorf("asset: attaching to node %d of model %q, which has %d nodes", joint, c.inst.model.Name, len(c.inst.Nodes))
	}
	s.Parent = c.inst.Nodes[joint]
	h, err := m.Spawn(s)
	if err != nil {
		return scene.NoHandle, fmt.Errorf("asset: attaching to node %d of model %q: %w", joint, c.inst.model.Name, err)
	}
	return h, nil
}

// Tick advances the pose by the tick's step, reports its events to
// OnEvent and sets the node actors' local transforms. The scene calls it
// once per tick; it allocates nothing.
func (c *Character) Tick(_ *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	c.Pose.Tick(t.Delta)
	if c.OnEvent != nil {
		for _, e := range c.Pose.Events() {
			c.OnEvent(e)
		}
	}
	for i, h := range c.inst.Nodes {
		if h == scene.NoHandle {
			continue
		}
		if a, err := m.Actor(h); err == nil {
			a.Local = c.Pose.cur[i]
		}
	}
	return nil
}

// Draw interpolates the pose at the scene's alpha and mode and adds the
// deformed meshes, each with its node actor's render matrix and colour.
// BuildDrawList calls it once per frame; it allocates nothing once the
// draw list has grown.
func (c *Character) Draw(_ *scene.Actor, d *gfx.DrawList) {
	c.Pose.Interpolate(c.m.Alpha(), c.m.Mode())
	for i := range c.draws {
		dr := &c.draws[i]
		a, err := c.m.Actor(c.inst.Nodes[dr.node])
		if err != nil || a.Hidden {
			continue
		}
		var bones []mgl32.Mat4
		if dr.palette >= 0 {
			_, bones = c.Pose.Palette(dr.palette)
		}
		var w []float32
		if dr.morphs {
			w = c.Pose.FrameWeights(dr.node)
		}
		rm := a.RenderMatrix()
		d.AddSkinned(dr.mesh, 0, &rm, a.Color(), bones, w)
	}
}

// Describe describes the character's pose (see Pose.Describe), so the
// scene's hash and snapshots cover it.
func (c *Character) Describe(v *fields.Visitor) { c.Pose.Describe(v) }
