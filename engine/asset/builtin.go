package asset

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/mesh"
)

// BuiltinMesh returns a built-in mesh (gfx.MeshCube, gfx.MeshPlane,
// gfx.MeshSphere) as a Mesh with the default material, so a renderer
// uploads built-in and loaded meshes the same way; false for gfx.MeshNone
// and IDs past the built-ins. Each call builds a new Mesh.
func BuiltinMesh(id gfx.MeshID) (*Mesh, bool) {
	d, ok := mesh.Builtin(id)
	if !ok {
		return nil, false
	}
	m := &Mesh{
		Positions: make([]mgl32.Vec3, len(d.Vertices)),
		Normals:   make([]mgl32.Vec3, len(d.Vertices)),
		UVs:       make([]mgl32.Vec2, len(d.Vertices)),
		Indices:   make([]uint32, len(d.Indices)),
	}
	for i, v := range d.Vertices {
		m.Positions[i], m.Normals[i], m.UVs[i] = v.Position, v.Normal, v.UV
	}
	for i, ix := range d.Indices {
		m.Indices[i] = uint32(ix)
	}
	return m, true
}
