package gfx

import "github.com/go-gl/mathgl/mgl32"

// SkinnedInstance is one instance of a skinned or morphed mesh: its model
// matrix and colour, as an Instance, and where its bone palette and morph
// weights start in the DrawList's Bones and MorphWeights.
type SkinnedInstance struct {
	Model  mgl32.Mat4
	Color  Color
	Bones  int32 // index of its first bone matrix in DrawList.Bones; -1: not skinned
	Morphs int32 // index of its first morph weight in DrawList.MorphWeights; -1: none
	_      [2]int32
}

// SkinnedInstanceSize is the size of a SkinnedInstance in bytes, the
// stride of the renderer's per-instance buffer for skinned draws.
const SkinnedInstanceSize = 96

// SkinnedBatch is the skinned instances of one mesh and material (0: the
// mesh's own), drawn together.
type SkinnedBatch struct {
	Mesh      MeshID
	Material  MaterialID
	Instances []SkinnedInstance
}

// AddSkinned appends one instance of mesh deformed by the bone palette
// bones (one matrix per joint of its skin, in the mesh's space: see
// engine/asset's Pose.Palette; nil for a mesh only morphed) and blended by
// the morph target weights (one per target; nil for none), with model
// matrix m and colour c. The palette and weights are copied. Meshes of the
// same ID and material are drawn in one batch, whatever their palettes.
// MeshNone is ignored.
func (d *DrawList) AddSkinned(mesh MeshID, material MaterialID, m *mgl32.Mat4, c Color, bones []mgl32.Mat4, weights []float32) {
	if mesh == MeshNone {
		return
	}
	var b *SkinnedBatch
	for i := range d.skinned {
		if d.skinned[i].Mesh == mesh && d.skinned[i].Material == material {
			b = &d.skinned[i]
			break
		}
	}
	if b == nil {
		d.skinned = append(d.skinned, SkinnedBatch{Mesh: mesh, Material: material})
		b = &d.skinned[len(d.skinned)-1]
	}
	n := len(b.Instances)
	if n == cap(b.Instances) {
		b.Instances = append(b.Instances, SkinnedInstance{})
	} else {
		b.Instances = b.Instances[:n+1]
	}
	in := &b.Instances[n]
	in.Model, in.Color, in.Bones, in.Morphs = *m, c, -1, -1
	if len(bones) > 0 {
		in.Bones = int32(len(d.bones))
		d.bones = append(d.bones, bones...)
	}
	if len(weights) > 0 {
		in.Morphs = int32(len(d.morphs))
		d.morphs = append(d.morphs, weights...)
	}
	d.count++
}

// SkinnedBatches returns the skinned batches, in the order each was first
// used; batches without instances are included. Valid until the next Reset
// or AddSkinned.
func (d *DrawList) SkinnedBatches() []SkinnedBatch { return d.skinned }

// Bones returns every bone matrix added since the last Reset: the
// palettes of the skinned instances, one after the other.
func (d *DrawList) Bones() []mgl32.Mat4 { return d.bones }

// MorphWeights returns every morph weight added since the last Reset.
func (d *DrawList) MorphWeights() []float32 { return d.morphs }
