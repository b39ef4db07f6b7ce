package gfx

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxJoints is the most joints one skin may have: a renderer's bone
// palette holds this many matrices per skinned instance. A skin with
// more is refused when it loads, naming the limit.
const MaxJoints = 256

// MaxMorphTargets is the most morph targets one mesh may have: a
// renderer blends this many on the GPU.
const MaxMorphTargets = 8

// Joints4 holds the four joints that move a vertex, as indices into its
// skin's joints.
type Joints4 [4]uint16

// MorphTarget is one shape a mesh can blend towards: per-vertex offsets
// added to the base positions (and normals) times the target's weight.
// Normals may be empty.
type MorphTarget struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3
}

// Skinned reports whether m has joints and weights: it is drawn deformed
// by a bone palette.
func (m *Mesh) Skinned() bool { return len(m.Joints) > 0 }

// validateDeform reports skinning and morph data that does not fit m's n
// vertices: joints and weights of other lengths, weights that are not
// finite, negative or all zero, a joint past MaxJoints, morph targets of
// other lengths or more than MaxMorphTargets of them, default weights
// that do not match the targets.
func (m *Mesh) validateDeform(n int) error {
	switch {
	case len(m.Joints) != len(m.Weights):
		return fmt.Errorf("%d joint sets for %d weight sets: want one of each per vertex", len(m.Joints), len(m.Weights))
	case len(m.Joints) != 0 && len(m.Joints) != n:
		return fmt.Errorf("%d joint sets for %d positions: want none or one per vertex", len(m.Joints), n)
	case len(m.Targets) > MaxMorphTargets:
		return fmt.Errorf("%d morph targets: at most %d", len(m.Targets), MaxMorphTargets)
	case len(m.MorphWeights) != 0 && len(m.MorphWeights) != len(m.Targets):
		return fmt.Errorf("%d default morph weights for %d morph targets: want none or one per target", len(m.MorphWeights), len(m.Targets))
	}
	for i, j := range m.Joints {
		w := m.Weights[i]
		if !finite(w[0], w[1], w[2], w[3]) || w[0] < 0 || w[1] < 0 || w[2] < 0 || w[3] < 0 || w[0]+w[1]+w[2]+w[3] <= 0 {
			return fmt.Errorf("vertex %d: weights %v: want finite, non-negative and not all zero", i, w)
		}
		for _, k := range j {
			if k >= MaxJoints {
				return fmt.Errorf("vertex %d: joint %d: at most %d joints", i, k, MaxJoints)
			}
		}
	}
	for t, mt := range m.Targets {
		switch {
		case len(mt.Positions) != n:
			return fmt.Errorf("morph target %d: %d positions for %d vertices: want one per vertex", t, len(mt.Positions), n)
		case len(mt.Normals) != 0 && len(mt.Normals) != n:
			return fmt.Errorf("morph target %d: %d normals for %d vertices: want none or one per vertex", t, len(mt.Normals), n)
		}
		for i, p := range mt.Positions {
			if !finite(p[0], p[1], p[2]) {
				return fmt.Errorf("morph target %d: position %d is not finite", t, i)
			}
		}
		for i, p := range mt.Normals {
			if !finite(p[0], p[1], p[2]) {
				return fmt.Errorf("morph target %d: normal %d is not finite", t, i)
			}
		}
	}
	for i, w := range m.MorphWeights {
		if !finite(w) {
			return fmt.Errorf("default morph weight %d is not finite", i)
		}
	}
	return nil
}

// SkinPosition returns position p of a vertex with joints j and weights w
// moved by the bone palette bones: Σ w[k]·bones[j[k]]·p. It is what the
// GPU's skinning computes, for tests and for drawing without one. A joint
// past the palette counts as the identity.
func SkinPosition(bones []mgl32.Mat4, j Joints4, w mgl32.Vec4, p mgl32.Vec3) mgl32.Vec3 {
	var out mgl32.Vec3
	for k := range 4 {
		if w[k] == 0 {
			continue
		}
		q := p
		if int(j[k]) < len(bones) {
			q = bones[j[k]].Mul4x1(p.Vec4(1)).Vec3()
		}
		out = out.Add(q.Mul(w[k]))
	}
	return out
}

// MorphPosition returns vertex i's position of m with its morph targets
// blended by weights (missing weights count as zero): base + Σ
// weights[t]·Targets[t].Positions[i].
func MorphPosition(m *Mesh, i int, weights []float32) mgl32.Vec3 {
	p := m.Positions[i]
	for t := range m.Targets {
		if t < len(weights) {
			p = p.Add(m.Targets[t].Positions[i].Mul(weights[t]))
		}
	}
	return p
}
