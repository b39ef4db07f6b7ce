package asset

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/scene"
)

// Pose is the animated state of one character: the local transform of
// every node of its Model for the last two ticks, sampled from clips by
// its Layers in ticks, and, per frame, the nodes' world matrices and each
// skinned node's bone palette interpolated between those two ticks. Tick
// runs in a tick, Interpolate in a frame; neither allocates. A Pose is
// used by one goroutine at a time (the game loop's).
//
// The two ticks are blended node by node in local space (positions and
// scales along straight lines, rotations along the shortest arc) and then
// composed down the hierarchy, as the scene blends a child actor relative
// to its parent: a limb swinging between ticks keeps its length.
type Pose struct {
	model *Model
	order []int32 // node indices, every parent before its children
	up    []int32 // by node: its parent, -1 for a root

	prev, cur []scene.Transform // local transforms of the last two ticks, by node
	world     []mgl32.Mat4      // the current tick's world matrices (model space), by node
	frame     []mgl32.Mat4      // the last Interpolate's world matrices, by node
	palettes  [][]mgl32.Mat4    // by skin use (see Palette)
	uses      []skinUse
	scratch   [3][]scene.Transform // sampling space for layers and cross-fades; [2] the rest pose

	// Layers are blended in order over the rest pose: the first is the
	// base, later ones override (or, additive, add to) the nodes of their
	// mask.
	Layers []Layer
	fired  []Fired
	ticks  uint64

	// Morph target weights, flat: node i's are at wOff[i] (-1: none).
	wOff                []int32
	wcur, wprev, wframe []float32
	worldOK             bool // world matches cur (false after a Load)
}

// skinUse is one skinned node and its skin.
type skinUse struct{ node, skin int }

// NewPose prepares a Pose of md with layers layers (at least one), every
// node at its rest transform, nothing playing. It allocates everything the
// pose will use. Call it where the model is loaded or spawned.
func NewPose(md *Model, layers int) (*Pose, error) {
	if err := md.Validate(); err != nil {
		return nil, fmt.Errorf("asset: pose of model %q: %w", md.Name, err)
	}
	if layers < 1 || layers > 16 {
		return nil, fmt.Errorf("asset: pose of model %q: %d layers: want 1 to 16", md.Name, layers)
	}
	n := len(md.Nodes)
	p := &Pose{model: md, up: make([]int32, n), prev: make([]scene.Transform, n), cur: make([]scene.Transform, n),
		world: make([]mgl32.Mat4, n), frame: make([]mgl32.Mat4, n), Layers: make([]Layer, layers)}
	for i := range p.scratch {
		p.scratch[i] = make([]scene.Transform, n)
	}
	for i, nd := range md.Nodes {
		p.up[i] = int32(nd.Parent)
		p.cur[i] = scene.Transform{Pos: nd.Pos, Rot: nd.Rot, Scale: nd.Scale}
		p.scratch[2][i] = p.cur[i]
	}
	// Parents first: a walk from each parentless node, with its own stack.
	stack := make([]int, 0, n)
	for i := n - 1; i >= 0; i-- {
		if md.Nodes[i].Parent < 0 {
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p.order = append(p.order, int32(i))
		for c := len(md.Nodes[i].Children) - 1; c >= 0; c-- {
			stack = append(stack, md.Nodes[i].Children[c])
		}
	}
	p.wOff = make([]int32, n)
	for i, nd := range md.Nodes {
		p.wOff[i] = -1
		if len(nd.Weights) > 0 {
			p.wOff[i] = int32(len(p.wcur))
			p.wcur = append(p.wcur, nd.Weights...)
		}
	}
	p.wprev = append([]float32(nil), p.wcur...)
	p.wframe = append([]float32(nil), p.wcur...)
	for si, s := range md.Skins {
		for _, nd := range s.Nodes {
			p.uses = append(p.uses, skinUse{nd, si})
			p.palettes = append(p.palettes, make([]mgl32.Mat4, len(s.Joints)))
		}
	}
	for i := range p.Layers {
		p.Layers[i] = Layer{clip: -1, from: -1, Weight: 1, Speed: 1}
	}
	p.fired = make([]Fired, 0, 16)
	copy(p.prev, p.cur)
	p.worlds(p.cur, p.world)
	p.worldOK = true
	p.Interpolate(1, scene.ModeNone)
	return p, nil
}

// Model returns the model posed.
func (p *Pose) Model() *Model { return p.model }

// Local returns node i's local transform at the current tick.
func (p *Pose) Local(i int) scene.Transform { return p.cur[i] }

// World returns node i's world matrix at the current tick, relative to
// the model's root (the actor it was spawned under).
func (p *Pose) World(i int) *mgl32.Mat4 {
	if !p.worldOK {
		p.worlds(p.cur, p.world)
		p.worldOK = true
	}
	return &p.world[i]
}

// Frame returns node i's world matrix as the last Interpolate drew it.
func (p *Pose) Frame(i int) *mgl32.Mat4 { return &p.frame[i] }

// Teleport makes the last tick's pose equal the current one, so the next
// frames show no blend from where the character was (after a seek or a
// snap to another clip).
func (p *Pose) Teleport() {
	copy(p.prev, p.cur)
	copy(p.wprev, p.wcur)
}

// Tick advances every layer by dt seconds of game time (the tick's step)
// times its speed, fires the clip events the step crosses (see Events),
// samples the clips into the nodes' local transforms (World composes the
// world matrices when first asked). The previous tick's transforms are kept for
// Interpolate. Call it once per tick. It allocates nothing.
func (p *Pose) Tick(dt float64) {
	p.ticks++
	p.fired = p.fired[:0]
	p.prev, p.cur = p.cur, p.prev
	copy(p.cur, p.scratch[2])
	copy(p.wprev, p.wcur) // weights set from a tick hold until a clip animates them
	for li := range p.Layers {
		l := &p.Layers[li]
		l.advance(p, li, dt)
		l.apply(p)
		l.applyWeights(p)
	}
	p.worldOK = false // World composes them when first asked
}

// Weights returns the morph target weights of node i at the current tick
// (nil when its mesh has none), one per target, starting from its
// default weights. Clips' weights channels set them each tick; a tick may
// change them after Tick (they hold until a clip animates them). The
// slice is the pose's.
func (p *Pose) Weights(i int) []float32 {
	o := p.wOff[i]
	if o < 0 {
		return nil
	}
	return p.wcur[o : int(o)+len(p.model.Nodes[i].Weights)]
}

// FrameWeights returns node i's morph weights as the last Interpolate
// blended them.
func (p *Pose) FrameWeights(i int) []float32 {
	o := p.wOff[i]
	if o < 0 {
		return nil
	}
	return p.wframe[o : int(o)+len(p.model.Nodes[i].Weights)]
}

// worlds composes local transforms into world matrices, parents first.
func (p *Pose) worlds(local []scene.Transform, dst []mgl32.Mat4) {
	var m mgl32.Mat4
	for _, i := range p.order {
		if up := p.up[i]; up < 0 {
			local[i].Matrix(&dst[i])
		} else {
			local[i].Matrix(&m)
			mul4(&dst[i], &dst[up], &m)
		}
	}
}

// Interpolate computes the frame's world matrices and bone palettes from
// the last two ticks: alpha in [0, 1] between them in ModeInterpolate,
// alpha ticks past the newest in ModeExtrapolate, the newest as it is in
// ModeNone. Call it once per frame, after the frame's ticks. It allocates
// nothing.
func (p *Pose) Interpolate(alpha float32, mode scene.Mode) {
	alpha = min(max(alpha, 0), 1)
	if alpha != alpha {
		alpha = 0
	}
	var t float32
	switch mode {
	case scene.ModeNone:
		t = 1
	case scene.ModeExtrapolate:
		t = 1 + alpha
	default:
		t = alpha
	}
	var m mgl32.Mat4
	var r scene.Transform
	for _, i := range p.order {
		blend(&r, &p.prev[i], &p.cur[i], t)
		r.Matrix(&m)
		if up := p.up[i]; up < 0 {
			p.frame[i] = m
		} else {
			mul4(&p.frame[i], &p.frame[up], &m)
		}
	}
	for k := range p.wframe {
		p.wframe[k] = p.wprev[k] + (p.wcur[k]-p.wprev[k])*t
	}
	var inv, jm mgl32.Mat4
	for u, use := range p.uses {
		invert(&inv, &p.frame[use.node])
		s := &p.model.Skins[use.skin]
		pal := p.palettes[u]
		for k, j := range s.Joints {
			mul4(&jm, &p.frame[j], &s.InverseBind[k])
			mul4(&pal[k], &inv, &jm)
		}
	}
}

// Palettes returns how many bone palettes the pose draws: one per node
// drawing a skinned mesh (Skin.Nodes of each skin, in order).
func (p *Pose) Palettes() int { return len(p.uses) }

// Palette returns palette u (0 ≤ u < Palettes) as the last Interpolate
// computed it: the node it deforms and one matrix per joint of its skin,
// which moves a vertex of the node's mesh, in the node's space, from its
// bind pose to the frame's pose (inverse(node world) · joint world ·
// inverse bind). The slice is the pose's: read it before the next
// Interpolate.
func (p *Pose) Palette(u int) (node int, bones []mgl32.Mat4) {
	return p.uses[u].node, p.palettes[u]
}

// PaletteOf returns the palette of the skinned node node, or nil.
func (p *Pose) PaletteOf(node int) []mgl32.Mat4 {
	for u, use := range p.uses {
		if use.node == node {
			return p.palettes[u]
		}
	}
	return nil
}
