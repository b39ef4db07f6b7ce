package asset

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// Instance is one spawned copy of a Model: the root actor placed where
// Spawn was told, and one actor per node of the model, parented as in the
// file.
type Instance struct {
	Root  scene.Handle
	Nodes []scene.Handle // by node index
	model *Model
}

// Spawn spawns md into m as actors: a root actor from at (its position,
// rotation, scale, parent, colour and behaviour; at.Mesh is ignored), then
// one actor per node under it, each with the node's transform and first
// mesh; a node's further meshes (the other primitives of its glTF mesh)
// are child actors at the node's origin; a node with a light gets a
// *scene.Light behaviour. Every actor takes at.Color, opaque
// white when at.Color is zero. Spawning many times shares the model's
// meshes and materials. Call it where spawning is allowed: from a state's
// Enter or Tick, or a behaviour's Tick. On error, what was spawned is
// removed. The cost is linear in the model's nodes however deep its tree
// (one scene.Manager.SpawnTree call, no recursion).
func (md *Model) Spawn(m *scene.Manager, at scene.Spec) (*Instance, error) {
	return md.spawn(m, at, nil)
}

// spawn is Spawn; the meshes of nodes marked in bare (when not nil) are
// left off their actors (a Character draws them).
func (md *Model) spawn(m *scene.Manager, at scene.Spec, bare []bool) (*Instance, error) {
	if err := md.Validate(); err != nil {
		return nil, fmt.Errorf("asset: spawning model %q: %w", md.Name, err)
	}
	col := at.Color
	if col == (gfx.Color{}) {
		col = gfx.RGB(1, 1, 1)
	}
	root := at
	root.Mesh, root.Color = gfx.MeshNone, col
	rh, err := m.Spawn(root)
	if err != nil {
		return nil, fmt.Errorf("asset: spawning model %q: %w", md.Name, err)
	}
	in := &Instance{Root: rh, Nodes: make([]scene.Handle, len(md.Nodes)), model: md}
	specs, up, node := md.tree(rh, col)
	for k := range specs {
		n := node[k]
		if n < 0 {
			n = node[up[k]] // a further mesh: its node's spec is its parent
		}
		if bare != nil && bare[n] {
			specs[k].Mesh = gfx.MeshNone
		}
	}
	hs, err := m.SpawnTree(specs, up)
	if err != nil {
		m.Remove(rh)
		return nil, fmt.Errorf("asset: spawning model %q: %w", md.Name, err)
	}
	for k, h := range hs {
		if n := node[k]; n >= 0 {
			in.Nodes[n] = h
		}
	}
	return in, nil
}

// tree lists the actors Spawn makes under root, depth first from each
// root node in order: a node, the child actors of its further meshes,
// then its children. up[k] is the index of spec k's parent spec (-1: the
// root actor); node[k] is the node spec k is (-1: a further mesh, whose
// node's spec is its parent). A SpawnTree error names spec k. The walk keeps its own stack: no recursion,
// however deep the model.
func (md *Model) tree(root scene.Handle, col gfx.Color) (specs []scene.Spec, up, node []int) {
	type item struct{ node, parent int }
	stack := make([]item, 0, len(md.Roots))
	for i := len(md.Roots) - 1; i >= 0; i-- {
		stack = append(stack, item{md.Roots[i], -1})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &md.Nodes[it.node]
		s := scene.Spec{Pos: n.Pos, Rot: n.Rot, Scale: n.Scale, Color: col}
		if it.parent < 0 {
			s.Parent = root
		}
		if len(n.Meshes) > 0 {
			s.Mesh = n.Meshes[0]
		}
		if n.Light != nil {
			s.Behavior = &scene.Light{Light: *n.Light}
		}
		k := len(specs)
		specs, up, node = append(specs, s), append(up, it.parent), append(node, it.node)
		for _, mesh := range n.Meshes[min(1, len(n.Meshes)):] {
			specs, up, node = append(specs, scene.Spec{Mesh: mesh, Color: col}), append(up, k), append(node, -1)
		}
		for c := len(n.Children) - 1; c >= 0; c-- {
			stack = append(stack, item{n.Children[c], k})
		}
	}
	return specs, up, node
}

// Play starts animation anim of the instance's model from its first key:
// it spawns an actor under the root whose behaviour, an *Animator, poses
// the nodes every tick. It returns the Animator, to pause, seek or stop
// it. Call it where spawning is allowed.
func (in *Instance) Play(m *scene.Manager, anim int, loop bool) (*Animator, error) {
	if anim < 0 || anim >= len(in.model.Animations) {
		return nil, fmt.Errorf("asset: model %q has no animation %d (it has %d)", in.model.Name, anim, len(in.model.Animations))
	}
	a := &Animator{in: in, anim: &in.model.Animations[anim], Loop: loop, Speed: 1}
	h, err := m.Spawn(scene.Spec{Parent: in.Root, Behavior: a})
	if err != nil {
		return nil, fmt.Errorf("asset: playing animation %q: %w", a.anim.Name, err)
	}
	a.self = h
	a.pose(m)
	return a, nil
}

// Animator plays one animation of a spawned model. It is a scene.Ticker:
// each tick advances its time by the tick's step × Speed and poses the
// nodes, so the animation runs on game time counted in ticks, never on the
// clock: it replays identically and is interpolated between ticks like
// every other motion. Change its fields between ticks or from a tick.
type Animator struct {
	Loop   bool    // start again after the end; else hold the last pose
	Paused bool    // hold the current pose
	Speed  float64 // 1 plays at the file's pace; 0 holds

	in   *Instance
	anim *Animation
	t    float64 // seconds into the animation
	self scene.Handle
}

var (
	_ scene.Ticker      = (*Animator)(nil)
	_ fields.Describer  = (*Animator)(nil)
	_ scene.MeshBounder = (*Library)(nil)
)

// Describe lists the animator's state for hashes, snapshots and the debug
// view (package scene/fields): Loop, Paused, Speed and the time. The
// instance and the animation it plays are not in it: they are chosen when
// it is made and do not change with ticks.
func (a *Animator) Describe(v *fields.Visitor) {
	v.Bool("loop", &a.Loop)
	v.Bool("paused", &a.Paused)
	v.Float64("speed", &a.Speed)
	v.Float64("t", &a.t)
}

// Time returns the animation time the current pose shows, in seconds.
func (a *Animator) Time() float64 { return a.t }

// Animation returns the animation being played.
func (a *Animator) Animation() *Animation { return a.anim }

// Stop removes the animator's actor: the nodes keep their current pose.
func (a *Animator) Stop(m *scene.Manager) error { return m.Remove(a.self) }

// Seek moves the animation to t seconds; the pose follows at the next
// tick.
func (a *Animator) Seek(t float64) { a.t = max(t, 0) }

// Tick advances the animation by one tick and poses the nodes. The scene
// calls it once per tick.
func (a *Animator) Tick(_ *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	if !a.Paused {
		a.t += t.Delta * a.Speed
		d := float64(a.anim.Duration)
		switch {
		case d <= 0:
			a.t = 0
		case a.Loop && a.t >= d:
			a.t = math.Mod(a.t, d)
		case !a.Loop && a.t > d:
			a.t = d
		}
	}
	return a.pose(m)
}

// pose sets every animated node's local transform to the channels' values
// at the current time. It allocates nothing.
func (a *Animator) pose(m *scene.Manager) error {
	t := float32(a.t)
	var v [4]float32
	for i := range a.anim.Channels {
		c := &a.anim.Channels[i]
		h := a.in.Nodes[c.Node]
		if h == scene.NoHandle {
			continue
		}
		act, err := m.Actor(h)
		if err != nil {
			continue // the node's actor was removed: nothing to pose
		}
		c.Sample(t, &v)
		switch c.Path {
		case PathTranslation:
			act.Local.Pos = mgl32.Vec3{v[0], v[1], v[2]}
		case PathRotation:
			act.Local.Rot = mgl32.Quat{W: v[3], V: mgl32.Vec3{v[0], v[1], v[2]}}
		case PathScale:
			act.Local.Scale = mgl32.Vec3{v[0], v[1], v[2]}
		}
	}
	return nil
}
