// Package asset is tickwork's asset layer: the meshes, images and materials
// a game loads, as pure data registered under names with stable IDs. It
// builds with CGO_ENABLED=0: a headless game loads the same assets, gets
// the same IDs and the same Hash as the windowed one, and its logic names
// assets by ID. A renderer turns the data into GPU objects when a frame
// first uses them; nothing here holds a GL name. The data types are package
// gfx's (Mesh, Material, Image and what they use), named here too, so the
// renderer reads a Library through gl41.Assets without importing this
// package, which sits above scene and engine/audio.
//
// IDs are handed out in the order assets are added, so the same loads in
// the same order give the same IDs on every run. Meshes share gfx.MeshID's
// space: the built-in meshes keep their IDs (gfx.MeshCube…) and a
// library's meshes follow them, so a scene's actors name either kind the
// same way. Adding an asset under a name already used returns the ID it
// has when the data is the same, and an error when it differs.
//
// Every Add checks its data and returns an error naming the asset and what
// is wrong (an index past the vertex count, a non-finite position, arrays
// of different lengths, an image too large); nothing here panics on bad
// input. A Library is used from one goroutine at a time: the main one, or
// a loader that hands it over.
//
// LoadModel reads a glTF 2.0 scene (.gltf or .glb) into a Library and
// returns its Model: the node hierarchy, naming the meshes it registered,
// and its animations. Its offsets and counts are checked against the data
// the file really holds before anything is allocated, and a file that
// fails to load registers nothing. ReadInfo counts what a file holds
// without decoding it.
//
// Every file is opened through package gfx/fsx: only regular files are
// read (a FIFO, a device such as /dev/zero or a directory is refused at
// once, naming it), each up to the size it had when opened, and what
// loading it allocates is bounded by a stated multiple of what the files
// really hold (see LoadModel, DecodeImageBytes and LoadSound).
package asset
