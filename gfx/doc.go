// Package gfx holds the drawing data that flows from the simulation to a
// renderer: mesh handles, per-instance data, draw lists, cameras, lights,
// debug line buffers and the 2D heads-up display, and the meshes, materials and images a renderer
// uploads (a game loads and names them with package engine/asset). It is
// pure data: it builds and is tested with CGO_ENABLED=0 and never calls
// OpenGL, and it imports nothing of the engine.
//
// The split follows one rule: scenes describe what to draw, a Renderer draws
// it. A scene manager fills a DrawList every frame (one Batch per mesh, ready
// for instanced drawing); the engine collects the draw lists of the visible
// states into a Picture, bottom state first; the renderer in package gfx/gl41
// draws the Picture. Nothing in a Picture points back into game state, so a
// renderer can never change the simulation.
//
// All methods are meant to be called on the game's main goroutine, once per
// frame, while the frame is being built; none of them is safe for concurrent
// use. In steady state (the same number of instances per mesh from frame to
// frame) building a frame allocates nothing: slices are truncated and reused.
package gfx
