package asset

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx"
)

// morphTargets reads a primitive's morph targets: POSITION and NORMAL
// offsets (a target without POSITION moves no vertex; TANGENT offsets
// are not used).
func (ld *loader) morphTargets(p *gltf.Primitive, m *Mesh) error {
	if len(p.Targets) == 0 {
		return nil
	}
	if len(p.Targets) > gfx.MaxMorphTargets {
		return fmt.Errorf("%d morph targets: the renderer blends at most %d", len(p.Targets), gfx.MaxMorphTargets)
	}
	n := len(m.Positions)
	m.Targets = make([]gfx.MorphTarget, len(p.Targets))
	for ti, t := range p.Targets {
		mt := &m.Targets[ti]
		if a, ok := t[gltf.POSITION]; ok {
			v, err := ld.vec3s(a, fmt.Sprintf("morph target %d POSITION", ti), n)
			if err != nil {
				return err
			}
			mt.Positions = v
		} else {
			if err := ld.spend(-1, n, 12); err != nil {
				return fmt.Errorf("morph target %d: %w", ti, err)
			}
			mt.Positions = make([]mgl32.Vec3, n)
		}
		if a, ok := t[gltf.NORMAL]; ok {
			v, err := ld.vec3s(a, fmt.Sprintf("morph target %d NORMAL", ti), n)
			if err != nil {
				return err
			}
			mt.Normals = v
		}
	}
	return nil
}

// morphWeights sets the default weights of primitive pi of gm into m,
// checking that the mesh's weights match its targets: every primitive of a
// mesh has the same number of targets, and weights (when given) one per
// target.
func morphWeights(gm *gltf.Mesh, pi int, m *Mesh) error {
	want := len(gm.Primitives[0].Targets)
	switch {
	case len(m.Targets) != want:
		return fmt.Errorf("%d morph targets, but primitive 0 of the mesh has %d: want the same number in every primitive", len(m.Targets), want)
	case len(gm.Weights) != 0 && len(gm.Weights) != len(m.Targets):
		return fmt.Errorf("the mesh has %d default morph weights for %d morph targets: want one per target", len(gm.Weights), len(m.Targets))
	}
	if len(gm.Weights) > 0 {
		m.MorphWeights = make([]float32, len(gm.Weights))
		for i, w := range gm.Weights {
			m.MorphWeights[i] = float32(w)
		}
	}
	return nil
}

// nodeWeights sets node i's default morph weights: the node's own, else
// its mesh's, else zeros.
func nodeWeights(doc *gltf.Document, i int, n *Node) error {
	gn := doc.Nodes[i]
	gm := doc.Meshes[*gn.Mesh]
	targets := len(gm.Primitives[0].Targets)
	if targets == 0 {
		return nil
	}
	src := gm.Weights
	if len(gn.Weights) > 0 {
		if len(gn.Weights) != targets {
			return fmt.Errorf("node %d has %d morph weights for the %d morph targets of mesh %d: want one per target", i, len(gn.Weights), targets, *gn.Mesh)
		}
		src = gn.Weights
	}
	n.Weights = make([]float32, targets)
	for k := range src {
		n.Weights[k] = float32(src[k])
	}
	return nil
}
