// Package assetgen makes the project's own sample assets: the textures and
// glTF 2.0 models under cmd/internal/demo/assets, drawn and built by code so the
// repository ships only files it can regenerate, under the project's own
// licence.
//
// Every function returns the same bytes on every run: nothing depends on
// the clock, on map iteration order or on randomness that is not seeded
// by a constant. The test TestAssetsUpToDate regenerates every file in
// memory and compares it with the committed one; after changing the
// generator, rewrite the files with
//
//	go test ./cmd/internal/assetgen -update
//
// The package also builds large models for loading benchmarks (BigGLB);
// those are made in memory and never committed.
//
// Geometry follows glTF's conventions: metres, +Y up, counter-clockwise
// front faces, outward unit normals, texture coordinates with (0, 0) at
// the image's top-left corner.
package assetgen
