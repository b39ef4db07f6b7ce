package asset

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/tickwork/tickwork/gfx"
)

// Skin is a glTF skin: the nodes whose transforms deform the vertices of
// the meshes drawn by Nodes. A vertex's Joints index Joints; joint k's
// bone matrix is its node's world matrix times InverseBind[k].
type Skin struct {
	Name        string
	Joints      []int        // indices into Model.Nodes, at most gfx.MaxJoints
	InverseBind []mgl32.Mat4 // one per joint, invertible
	Skeleton    int          // the common root the file names, or -1
	Nodes       []int        // the nodes whose meshes this skin deforms, in file order
}

// weightTolerance is how far from one a vertex's weights may sum before
// they are normalised (with one notice for the file).
const weightTolerance = 2e-3

// skinData reads the JOINTS_0/WEIGHTS_0 (and JOINTS_1/WEIGHTS_1) of a
// primitive into m. Of eight influences the four heaviest are kept;
// weights are normalised to sum to one (counted in ld.repaired).
func (ld *loader) skinData(p *gltf.Primitive, m *Mesh) error {
	j0, ok0 := p.Attributes[gltf.JOINTS_0]
	w0, okw := p.Attributes[gltf.WEIGHTS_0]
	if !ok0 && !okw {
		return nil
	}
	if ok0 != okw {
		return fmt.Errorf("JOINTS_0 and WEIGHTS_0 must come together")
	}
	n := len(m.Positions)
	joints, err := ld.joints(j0, "JOINTS_0", n)
	if err != nil {
		return err
	}
	weights, _, err := ld.attribute(w0, "WEIGHTS_0", n, unsignedNorm(), gltf.AccessorVec4)
	if err != nil {
		return err
	}
	var joints1 []uint16
	var wts1 []float32
	if j1, ok := p.Attributes["JOINTS_1"]; ok {
		w1, ok := p.Attributes["WEIGHTS_1"]
		if !ok {
			return fmt.Errorf("JOINTS_1 without WEIGHTS_1")
		}
		if joints1, err = ld.joints(j1, "JOINTS_1", n); err != nil {
			return err
		}
		if wts1, _, err = ld.attribute(w1, "WEIGHTS_1", n, unsignedNorm(), gltf.AccessorVec4); err != nil {
			return err
		}
	}
	if err := ld.spend(j0, n, 8+16); err != nil {
		return err
	}
	m.Joints, m.Weights = make([]gfx.Joints4, n), make([]mgl32.Vec4, n)
	for i := range n {
		var js [8]uint16
		var ws [8]float32
		copy(js[:4], joints[4*i:4*i+4])
		copy(ws[:4], weights[4*i:4*i+4])
		if joints1 != nil {
			copy(js[4:], joints1[4*i:4*i+4])
			copy(ws[4:], wts1[4*i:4*i+4])
			if ws[4]+ws[5]+ws[6]+ws[7] > 0 {
				ld.dropped++
				strongest(&js, &ws)
			}
		}
		sum := float32(0)
		for c := range 4 {
			if !(ws[c] >= 0) || math.IsInf(float64(ws[c]), 0) {
				return fmt.Errorf("WEIGHTS_0 accessor %d: vertex %d has weight %v: want finite and non-negative", w0, i, ws[c])
			}
			sum += ws[c]
		}
		switch {
		case sum == 0:
			ws[0], sum = 1, 1 // bound to its first joint
			ld.repaired++
		case math.Abs(float64(sum)-1) > weightTolerance:
			ld.repaired++
		}
		for c := range 4 {
			ws[c] /= sum
		}
		m.Joints[i] = gfx.Joints4{js[0], js[1], js[2], js[3]}
		m.Weights[i] = mgl32.Vec4{ws[0], ws[1], ws[2], ws[3]}
	}
	return nil
}

// strongest moves the four heaviest of eight influences to the front
// (a stable selection: ties keep the file's order).
func strongest(js *[8]uint16, ws *[8]float32) {
	for c := range 4 {
		best := c
		for d := c + 1; d < 8; d++ {
			if ws[d] > ws[best] {
				best = d
			}
		}
		for d := best; d > c; d-- {
			js[d], js[d-1] = js[d-1], js[d]
			ws[d], ws[d-1] = ws[d-1], ws[d]
		}
	}
}

// joints decodes accessor a as n VEC4s of unsigned 8- or 16-bit joint
// indices.
func (ld *loader) joints(a int, what string, n int) ([]uint16, error) {
	acc, err := ld.accessor(a, gltf.AccessorVec4)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if acc.ComponentType != gltf.ComponentUbyte && acc.ComponentType != gltf.ComponentUshort {
		return nil, fmt.Errorf("%s accessor %d has %v components: want UNSIGNED_BYTE or UNSIGNED_SHORT", what, a, acc.ComponentType)
	}
	if acc.Count != n {
		return nil, fmt.Errorf("%s accessor %d has %d elements for %d positions", what, a, acc.Count, n)
	}
	key := cacheKey{a, "joints"}
	if v, ok := ld.cache[key].([]uint16); ok {
		return v, nil
	}
	cs := componentSize(acc.ComponentType)
	if acc.BufferView != nil { // check before allocating
		if _, _, err := ld.stored(a, *acc.BufferView, acc.ByteOffset, acc.Count, 4*cs, false); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
	if err := ld.spend(a, acc.Count, 8); err != nil {
		return nil, err
	}
	out := make([]uint16, 4*acc.Count)
	err = ld.walk(a, acc, 4*cs, func(e int, b []byte) {
		for k := range 4 {
			out[4*e+k] = uint16(unsigned(b[k*cs:], cs))
		}
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	ld.cache[key] = out
	return out, nil
}

// skins converts the file's skins and checks every skinned node against
// its skin: joint indices in range, a skinned mesh on it.
func (ld *loader) skins(nodes []Node, meshPrims [][]int) ([]Skin, error) {
	doc := ld.doc
	out := make([]Skin, len(doc.Skins))
	for si, gs := range doc.Skins {
		if gs == nil {
			return nil, fmt.Errorf("skin %d is null", si)
		}
		s := &out[si]
		s.Name, s.Skeleton = gs.Name, -1
		switch {
		case len(gs.Joints) == 0:
			return nil, fmt.Errorf("skin %d has no joints", si)
		case len(gs.Joints) > gfx.MaxJoints:
			return nil, fmt.Errorf("skin %d has %d joints: the renderer draws at most %d per skin (split the skeleton)", si, len(gs.Joints), gfx.MaxJoints)
		}
		seen := make(map[int]bool, len(gs.Joints))
		for k, j := range gs.Joints {
			switch {
			case j < 0 || j >= len(nodes):
				return nil, fmt.Errorf("skin %d joint %d: node %d does not exist (%d nodes)", si, k, j, len(nodes))
			case seen[j]:
				return nil, fmt.Errorf("skin %d joint %d: node %d is already joint of this skin", si, k, j)
			}
			seen[j] = true
		}
		s.Joints = append([]int(nil), gs.Joints...)
		if gs.Skeleton != nil {
			if *gs.Skeleton < 0 || *gs.Skeleton >= len(nodes) {
				return nil, fmt.Errorf("skin %d: skeleton node %d does not exist (%d nodes)", si, *gs.Skeleton, len(nodes))
			}
			s.Skeleton = *gs.Skeleton
		}
		s.InverseBind = make([]mgl32.Mat4, len(gs.Joints))
		if gs.InverseBindMatrices == nil {
			for k := range s.InverseBind {
				s.InverseBind[k] = mgl32.Ident4()
			}
		} else {
			a := *gs.InverseBindMatrices
			v, _, err := ld.floats(a, nil, gltf.AccessorMat4)
			if err != nil {
				return nil, fmt.Errorf("skin %d inverse bind matrices: %w", si, err)
			}
			if len(v) != 16*len(gs.Joints) {
				return nil, fmt.Errorf("skin %d: inverse bind matrices accessor %d has %d matrices for %d joints", si, a, len(v)/16, len(gs.Joints))
			}
			for k := range s.InverseBind {
				copy(s.InverseBind[k][:], v[16*k:16*k+16])
				m := s.InverseBind[k]
				if !finite(m[:]...) {
					return nil, fmt.Errorf("skin %d: inverse bind matrix %d is not finite", si, k)
				}
				if d := m.Det(); !(math.Abs(float64(d)) > 1e-12) {
					return nil, fmt.Errorf("skin %d: inverse bind matrix %d is not invertible (determinant %g)", si, k, d)
				}
			}
		}
	}
	for i, gn := range doc.Nodes {
		if gn.Skin == nil {
			continue
		}
		si := *gn.Skin
		if si < 0 || si >= len(out) {
			return nil, fmt.Errorf("node %d: skin %d does not exist (%d skins)", i, si, len(out))
		}
		if gn.Mesh == nil {
			continue // nothing to deform
		}
		out[si].Nodes = append(out[si].Nodes, i)
		for pi, p := range meshPrims[*gn.Mesh] {
			m := ld.plan.meshes[p].v
			if err := ld.check("node", i, len(m.Joints)); err != nil {
				return nil, err
			}
			for v, js := range m.Joints {
				for _, j := range js {
					if int(j) >= len(out[si].Joints) {
						return nil, fmt.Errorf("node %d mesh %d primitive %d: vertex %d names joint %d of skin %d, which has %d joints", i, *gn.Mesh, pi, v, j, si, len(out[si].Joints))
					}
				}
			}
		}
	}
	if ld.repaired > 0 {
		ld.notice("%d vertices' skin weights did not sum to one: normalised", ld.repaired)
	}
	if ld.dropped > 0 {
		ld.notice("%d vertices have more than four skin influences (JOINTS_1): the four heaviest kept, normalised", ld.dropped)
	}
	return out, nil
}
