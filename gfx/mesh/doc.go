// Package mesh generates the vertex data of the built-in meshes (cube,
// plane, UV sphere) in plain Go, so their geometry is tested without a GL
// context: unit-length normals, indices in range, counter-clockwise
// triangles facing outwards.
//
// Every mesh is centred on the origin and fits in the unit cube
// [-0.5, 0.5]³, as gfx.MeshID documents. The renderer (gfx/gl41) uploads the
// data once, when it starts. The functions are pure and safe to call from
// any goroutine.
package mesh
