package asset

import (
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/mesh"
)

// BuiltinMesh returns a built-in mesh (gfx.MeshCube, gfx.MeshPlane,
// gfx.MeshSphere) as a Mesh with the default material, so a renderer
// uploads built-in and loaded meshes the same way; false for gfx.MeshNone
// and IDs past the built-ins. Each call builds a new Mesh (see
// mesh.Data.Mesh).
func BuiltinMesh(id gfx.MeshID) (*Mesh, bool) {
	d, ok := mesh.Builtin(id)
	if !ok {
		return nil, false
	}
	return d.Mesh(), true
}
