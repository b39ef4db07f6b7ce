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
// Sounds are synthesised here too (Tone, Music) but encoded by Debian's
// oggenc (vorbis-tools) and lame, which the tests and CI do not need or
// have: SoundFiles are written only by
//
//	go test ./cmd/internal/assetgen -run TestSoundsGenerate -update-sounds
//
// after apt-get install -y vorbis-tools lame. Their output is the same for
// the same tool versions (a fixed Ogg serial number, no LAME tag), and the
// tests decode the committed files and compare them with the synthesised
// signal (engine/audio's decoder tests, TestSoundsDecodeToTheirSynthesis).
//
// The package also builds large models for loading benchmarks (BigGLB);
// those are made in memory and never committed.
//
// Geometry follows glTF's conventions: metres, +Y up, counter-clockwise
// front faces, outward unit normals, texture coordinates with (0, 0) at
// the image's top-left corner.
package assetgen
