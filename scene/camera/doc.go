// Package camera moves cameras in fixed ticks and draws them smoothly
// between ticks: orbit, free fly, first-person and third-person follow
// (a spring arm with lag, look-ahead and an optional collision test), with
// deterministic shake, timed transitions between two cameras, and the
// screen-to-world ray under the cursor for picking.
//
// # Ticks and frames
//
// A camera is part of the simulation. Its state changes only in Tick, once
// per fixed tick, from that tick's Input (the captured cursor's motion, a
// stick, movement keys, zoom steps) and the fixed step dt; it never reads
// a clock or the frame time. Like every actor it keeps the pose of the last
// two ticks, and what a frame draws is the blend of the two at the frame's
// alpha: Pose(alpha, dst) for the pose, Render(alpha, dst) for a
// gfx.Camera (view matrix and lens). So the picture follows game time only,
// and a camera driven by the same input at the same ticks draws the same
// path at any frame rate. Every camera (and Transition) is a
// fields.Describer: a state names it in its own Describe
// (v.Struct("cam", &s.cam)), and the game's hash, its snapshots for
// rollback and the debug view include it, poses, spring arm and shake
// state, so a restored camera goes on exactly as the saved one would have.
//
// Every camera is a scene.Viewer: scene.Manager.SetViewer(cam) makes the
// scene ask it for the view at each frame's alpha, before culling, so what
// is culled and what is drawn see the same view. Tick the camera once per
// tick after what it follows has moved (in a state's Tick, after moving the
// player), so a follow camera follows where its target is now. Without a
// scene, Render into any gfx.Camera.
//
// Input is plain numbers, so a camera works with raw input (the engine's
// Input.MouseMotion, Scroll and keys) or with input actions:
//
//	in := camera.Input{Look: mgl32.Vec2{float32(dx), float32(dy)}, Zoom: float32(scrollY)}
//	orbit.Tick(in, ctx.Tick.Delta)
//
// # Calls, and when
//
// Everything runs on the game's main goroutine; a camera is not safe for
// concurrent use. Tick, Snap and Shake.Start belong in a tick (a state's
// or behaviour's Tick); Pose, Render and ScreenRay in a frame (a state's
// Draw), or in a tick with alpha 1 for the newest pose. Set a camera's
// fields (target, limits, speeds) in a tick, then Tick it; call Snap after
// moving it by hand, so the jump is not smeared across a frame. The first
// Tick snaps by itself.
//
// Tick, Pose, Render, Hash and ScreenRay allocate nothing. Non-finite input
// counts as zero, and fields that Check refuses (a NaN, a minimum above its
// maximum) leave the camera where it was until they are fixed: a camera
// never hands a NaN to the renderer.
//
// # Conventions
//
// Right-handed, y up, as gfx: yaw 0 looks along −Z, a positive yaw turns
// right (towards +X), a positive pitch looks up; angles are radians.
// Mouse motion is in pixels (positive x right, positive y down), turned
// into radians by LookSpeed; stick and keys give rates in [−1, 1], turned
// into radians per second by TurnSpeed. Move is (right, up, forward) in
// [−1, 1].
//
// The package is pure Go (no cgo) and imports nothing of the engine.
package camera
