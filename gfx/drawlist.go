package gfx

import "github.com/go-gl/mathgl/mgl32"

// DrawList is what one scene draws in one frame: a camera, a light and one
// batch of instances per mesh and material. A scene manager owns its
// DrawList and refills it every frame (Reset, then Add for every visible
// actor); the slices are reused, so a steady scene allocates nothing.
//
// The zero value is an empty list with a zero camera; set Camera before use.
type DrawList struct {
	Camera Camera
	Light  Light
	Env    Environment // exposure, tone mapping, fog; the zero value is today's look

	lights []PunctualLight // this frame's point and spot lights

	batches []Batch          // in the order their first instance was added
	byMesh  []int32          // mesh ID → batch index + 1, for material 0
	byPair  map[uint32]int32 // mesh<<16|material → batch index + 1, for the others
	count   int
	lines   []*LineBuffer // drawn after the meshes, with the same camera

	skinned []SkinnedBatch // see AddSkinned
	bones   []mgl32.Mat4
	morphs  []float32
}

// Reset empties the list, keeping its memory, camera and light.
func (d *DrawList) Reset() {
	for i := range d.batches {
		d.batches[i].Instances = d.batches[i].Instances[:0]
	}
	for i := range d.skinned {
		d.skinned[i].Instances = d.skinned[i].Instances[:0]
	}
	d.bones, d.morphs = d.bones[:0], d.morphs[:0]
	d.count = 0
	d.lights = d.lights[:0]
	clear(d.lines)
	d.lines = d.lines[:0]
}

// AddLines adds a buffer of line segments to draw with the list's camera,
// after its meshes: depth-tested against them, or over them when
// l.OnTop. The renderer reads l when it draws the frame; l must not change
// until then. An empty or nil buffer is ignored.
func (d *DrawList) AddLines(l *LineBuffer) {
	if l != nil && (len(l.v) > 0 || len(l.labels) > 0) {
		d.lines = append(d.lines, l)
	}
}

// AddLight adds a point or spot light to this frame's scene. A renderer
// shades with up to MaxLights of them, the nearest to the camera; more
// are dropped with one notice. Lights are added every frame like
// instances, usually placed from an actor's render matrix
// (PunctualLight.Place), so they are interpolated with the actor.
func (d *DrawList) AddLight(l PunctualLight) { d.lights = append(d.lights, l) }

// Lights returns the lights added since the last Reset.
func (d *DrawList) Lights() []PunctualLight { return d.lights }

// LineBuffers returns the line buffers added since the last Reset, in the order
// added; valid until the next Reset.
func (d *DrawList) LineBuffers() []*LineBuffer { return d.lines }

// Add appends one instance of mesh, drawn with the mesh's own material,
// with the given model matrix and colour. MeshNone is ignored. The matrix
// is copied; m is only read.
func (d *DrawList) Add(mesh MeshID, m *mgl32.Mat4, c Color) {
	if mesh == MeshNone {
		return
	}
	d.push(d.meshBatch(mesh), m, c)
}

// meshBatch returns the batch of mesh with its own material, creating it
// on first use.
func (d *DrawList) meshBatch(mesh MeshID) *Batch {
	if int(mesh) < len(d.byMesh) && d.byMesh[mesh] != 0 {
		return &d.batches[d.byMesh[mesh]-1]
	}
	return d.batch(mesh, 0)
}

// AddWith appends one instance of mesh drawn with material instead of the
// mesh's own (material 0 is the same as Add).
func (d *DrawList) AddWith(mesh MeshID, material MaterialID, m *mgl32.Mat4, c Color) {
	if material == 0 {
		d.Add(mesh, m, c)
		return
	}
	if mesh == MeshNone {
		return
	}
	var b *Batch
	if i := d.byPair[uint32(mesh)<<16|uint32(material)]; i != 0 {
		b = &d.batches[i-1]
	} else {
		b = d.batch(mesh, material)
	}
	d.push(b, m, c)
}

func (d *DrawList) push(b *Batch, m *mgl32.Mat4, c Color) {
	// Write the instance in place: appending a composite literal builds it
	// on the stack first and copies it twice.
	n := len(b.Instances)
	if n == cap(b.Instances) {
		b.Instances = append(b.Instances, Instance{})
	} else {
		b.Instances = b.Instances[:n+1]
	}
	in := &b.Instances[n]
	in.Model = *m
	in.Color = c
	d.count++
}

// Reserve makes room for n more instances of mesh (with its own material)
// without reallocating, so a scene that knows its size can avoid growth
// during its first frames.
func (d *DrawList) Reserve(mesh MeshID, n int) {
	if mesh == MeshNone || n <= 0 {
		return
	}
	b := d.meshBatch(mesh)
	if cap(b.Instances)-len(b.Instances) < n {
		grown := make([]Instance, len(b.Instances), len(b.Instances)+n)
		copy(grown, b.Instances)
		b.Instances = grown
	}
}

// batch creates the batch of mesh and material, which must not exist yet.
func (d *DrawList) batch(mesh MeshID, material MaterialID) *Batch {
	d.batches = append(d.batches, Batch{Mesh: mesh, Material: material})
	i := int32(len(d.batches))
	if material == 0 {
		if int(mesh) >= len(d.byMesh) {
			grown := make([]int32, max(int(mesh)+1, 2*len(d.byMesh), int(NumBuiltinMeshes)))
			copy(grown, d.byMesh)
			d.byMesh = grown
		}
		d.byMesh[mesh] = i
	} else {
		if d.byPair == nil {
			d.byPair = make(map[uint32]int32)
		}
		d.byPair[uint32(mesh)<<16|uint32(material)] = i
	}
	return &d.batches[i-1]
}

// Batches returns the list's batches, one per mesh and material, in the
// order each was first used. Batches with no instances are included (a
// renderer skips them); the slice is only valid until the next Reset or
// Add.
func (d *DrawList) Batches() []Batch { return d.batches }

// Len reports the number of instances in the list.
func (d *DrawList) Len() int { return d.count }
