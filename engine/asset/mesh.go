package asset

import "github.com/tickwork/tickwork/gfx"

// The meshes a Library holds are package gfx's, which a renderer reads
// without importing this package; these names are the same types and
// values (as ImageID and MaterialID are gfx's).
type (
	// Primitive is gfx.Primitive: how a mesh's vertices form shapes.
	Primitive = gfx.Primitive
	// Mesh is gfx.Mesh: one drawable piece of geometry.
	Mesh = gfx.Mesh
	// Bounds is gfx.Bounds: a box and a sphere around a mesh.
	Bounds = gfx.Bounds
)

// The primitive modes (gfx.Triangles…).
const (
	Triangles     = gfx.Triangles
	TriangleStrip = gfx.TriangleStrip
	TriangleFan   = gfx.TriangleFan
	Lines         = gfx.Lines
	LineStrip     = gfx.LineStrip
	LineLoop      = gfx.LineLoop
	Points        = gfx.Points
)

// MaxVertices bounds a mesh's vertex and index counts (gfx.MaxVertices).
const MaxVertices = gfx.MaxVertices

// finite reports whether every v is neither infinite nor NaN.
func finite(vs ...float32) bool {
	for _, v := range vs {
		if v-v != 0 {
			return false
		}
	}
	return true
}
