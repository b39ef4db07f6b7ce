package gfx

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// MeshID names a mesh the renderer knows. The zero value names no mesh: an
// actor with MeshNone is simulated but not drawn. The built-in meshes are
// generated in code by every renderer; a renderer may register more meshes
// after them.
type MeshID uint16

// The built-in meshes. Each is centred on the origin and fits in the unit
// cube [-0.5, 0.5]³, with outward normals and counter-clockwise front faces.
const (
	MeshNone   MeshID = iota // not drawn
	MeshCube                 // unit cube, flat-shaded faces
	MeshPlane                // unit square in the XZ plane, facing +Y
	MeshSphere               // UV sphere of diameter 1

	// NumBuiltinMeshes is one past the last built-in mesh.
	NumBuiltinMeshes
)

// String returns the mesh's name, for logs and errors.
func (m MeshID) String() string {
	switch m {
	case MeshNone:
		return "none"
	case MeshCube:
		return "cube"
	case MeshPlane:
		return "plane"
	case MeshSphere:
		return "sphere"
	}
	return fmt.Sprintf("mesh#%d", uint16(m))
}

// Color is an RGBA colour with components in [0, 1], its RGB
// sRGB-encoded as colours are picked in a paint program (0.5 is the grey a
// screen shows as half-way): actor, clear and HUD colours. The renderer
// decodes them to linear light to multiply them with textures and to light
// them. Light colours (Light) are linear intensities; materials and vertex
// colours (Material, Mesh) are linear, as glTF defines them. Alpha is
// coverage, never encoded.
type Color struct{ R, G, B, A float32 }

// RGB returns an opaque colour.
func RGB(r, g, b float32) Color { return Color{r, g, b, 1} }

// Instance is one drawn copy of a mesh: its model (render) matrix and colour.
// Its memory layout (16 + 4 float32, 80 bytes) is the per-instance vertex
// data the renderer uploads, so a batch's instances go to the GPU as they are.
type Instance struct {
	Model mgl32.Mat4
	Color Color
}

// InstanceSize is the size of an Instance in bytes, the stride of the
// per-instance buffer.
const InstanceSize = 80

// MaterialID names a material of the game's asset library (package
// engine/asset). The zero value means "the mesh's own material"; the
// built-in meshes' own material is plain, lit and untextured, coloured by
// each instance's Color.
type MaterialID uint16

// Batch is every instance of one mesh drawn with one material in a draw
// list: one instanced draw call.
type Batch struct {
	Mesh      MeshID
	Material  MaterialID // 0: the mesh's own
	Instances []Instance
}
