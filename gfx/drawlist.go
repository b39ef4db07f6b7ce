package gfx

import "github.com/go-gl/mathgl/mgl32"

// DrawList is what one scene draws in one frame: a camera, a light and one
// batch of instances per mesh. A scene manager owns its DrawList and refills
// it every frame (Reset, then Add for every visible actor); the slices are
// reused, so a steady scene allocates nothing.
//
// The zero value is an empty list with a zero camera; set Camera before use.
type DrawList struct {
	Camera Camera
	Light  Light

	batches []Batch // indexed by MeshID
	count   int
}

// Reset empties the list, keeping its memory, camera and light.
func (d *DrawList) Reset() {
	for i := range d.batches {
		d.batches[i].Instances = d.batches[i].Instances[:0]
	}
	d.count = 0
}

// Add appends one instance of mesh with the given model matrix and colour.
// MeshNone is ignored. The matrix is copied; m is only read.
func (d *DrawList) Add(mesh MeshID, m *mgl32.Mat4, c Color) {
	if int(mesh) >= len(d.batches) || mesh == MeshNone {
		if mesh == MeshNone {
			return
		}
		d.batch(mesh)
	}
	// Write the instance in place: appending a composite literal builds it
	// on the stack first and copies it twice.
	b := &d.batches[mesh]
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

// Reserve makes room for n more instances of mesh without reallocating, so a
// scene that knows its size can avoid growth during its first frames.
func (d *DrawList) Reserve(mesh MeshID, n int) {
	if mesh == MeshNone || n <= 0 {
		return
	}
	b := d.batch(mesh)
	if cap(b.Instances)-len(b.Instances) < n {
		grown := make([]Instance, len(b.Instances), len(b.Instances)+n)
		copy(grown, b.Instances)
		b.Instances = grown
	}
}

func (d *DrawList) batch(mesh MeshID) *Batch {
	if int(mesh) >= len(d.batches) {
		n := int(mesh) + 1
		if n < int(NumBuiltinMeshes) {
			n = int(NumBuiltinMeshes)
		}
		grown := make([]Batch, n)
		copy(grown, d.batches)
		for i := len(d.batches); i < n; i++ {
			grown[i].Mesh = MeshID(i)
		}
		d.batches = grown
	}
	return &d.batches[mesh]
}

// Batches returns the list's batches, indexed by MeshID. Batches with no
// instances are included (a renderer skips them); the slice is only valid
// until the next Reset or Add.
func (d *DrawList) Batches() []Batch { return d.batches }

// Len reports the number of instances in the list.
func (d *DrawList) Len() int { return d.count }
