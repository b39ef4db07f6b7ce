// Package demo is tickwork's sample game: the states that cmd/sample runs,
// kept out of main so that other commands (a benchmark, a replay viewer)
// can run the same scene.
//
// # What it shows
//
// Logic ticks at a fixed rate (30 Hz by default) and the screen is drawn
// as often as the display allows; every actor is drawn between its last two
// tick states, so motion is smooth at any frame rate. The gameplay scene
// puts that to work:
//
//   - planets orbit a spinning sun and moons orbit the planets: child actors
//     of spinning parents, interpolated along their arcs, not the chords;
//   - a ball bounces under gravity with scene/motion's exact ballistic
//     integrator, each bounce solved at its exact time within the tick, so
//     the path is the same at every tick rate;
//   - a magenta cube teleports every two seconds (a timing.Every timer) and
//     on T, through Manager.Teleport: it jumps without smearing;
//   - the camera is an actor that follows the ball smoothly, interpolated
//     like every other actor;
//   - sparks fly off the ball: visual-only particles advanced on the frame
//     time (an Effect and Drawer behaviour) that never touch the simulation,
//     so they do not change Game.Hash;
//   - Config.Actors adds rings of orbiting cubes for stress tests, with
//     per-actor ticks that share per-ring rotations and allocate nothing;
//   - the controls are input actions (engine/action): the arrows or a
//     gamepad's left stick push the ball, T or Y teleports, Esc or Start
//     pauses, keyboard and pad side by side (controls.go);
//   - F2 turns on the engine's debug drawing: the world's axes, each
//     actor's box, the ball's walls and speed, the camera's target
//     (debugdraw.go).
//
// The model viewer (Viewer) orbits the model with scene/camera's Orbit.
//
// The keys (Keys) switch between interpolation, extrapolation and none,
// change the tick rate and the time scale, pause with an overlay that keeps
// the frozen scene visible and single-steps it. Everything the game does
// happens in ticks, from the game's seeded random source and the input
// delivered to each tick, so a run is reproduced exactly by a replay or by
// the same input at the same ticks at any frame rate.
//
// # States and when things run
//
// Title (no scene) shows the keys and starts the game on Enter; Gameplay
// owns the scene; Pause is an overlay over it. Every State's Tick runs once
// per fixed tick and Draw once per displayed frame, both on the main
// goroutine; behaviours' Tick runs inside the scene's tick, Frame and Draw
// inside the frame.
//
// # Where a new game's code goes
//
// Copy this package: replace the spawns in Gameplay's setup (scene.go)
// with your actors, write behaviours like the ones in behaviours.go for
// what moves (gameplay in Tick with the fixed step, never the frame time),
// and add states next to Title and Pause for your menus. cmd/sample's main
// stays as it is: flags (Flags), a window or a headless run, recording and
// replay.
package demo
