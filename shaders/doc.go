// Package shaders holds the GLSL sources of the built-in renderer
// (#version 410 core, OpenGL 4.1 core profile) and describes each program
// as data: which files it is built from, the uniforms the renderer sets and
// the vertex attribute locations it binds.
//
// The sources are embedded with go:embed, so the package is pure Go: it
// builds and is tested with CGO_ENABLED=0, and the test checks without a GL
// context that every file starts with the version line and declares every
// uniform and attribute listed here. The renderer (package gfx/gl41) takes
// uniform names and attribute locations from this package and nowhere else,
// so a renamed uniform fails that test rather than a frame.
//
// Everything here is read-only data, safe to use from any goroutine.
package shaders
