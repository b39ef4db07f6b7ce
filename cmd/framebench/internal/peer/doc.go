// Package peer is what cmd/framebench shares with the peer engines it
// measures tickwork against: the cube scene every engine draws (where each
// cube sits, the axis it turns about, the camera, the light) and the
// report a peer binary prints after a run.
//
// The scene is the comparison from the performance issue: N unit cubes on a
// square grid, each turning about its own axis at Speed, one directional
// light with Lambert shading, 1280×720, vsync off. tickwork turns its cubes
// in fixed ticks and interpolates them every frame; a peer sets every
// cube's matrix from the clock every frame (Scene.Matrices). Both start
// from the same orientations and turn at the same rate, so the pictures
// match.
//
// The package is pure Go: it builds and tests with CGO_ENABLED=0.
package peer
