// Package scene holds the actors of a game world and turns fixed-rate
// simulation into smooth pictures.
//
// # The model
//
// Logic runs in fixed ticks (30 Hz by default); the screen is drawn every
// frame, at whatever rate the display runs. Every Actor keeps four
// transforms, after L. Spiro's design:
//
//   - local: its position, rotation and scale relative to its parent
//     (Actor.Local), written by gameplay code;
//   - world: local composed with the parent's world, recomputed at the end
//     of every tick;
//   - last-world: the world transform of the tick before, copied at the
//     start of every tick;
//   - render: the matrix drawn this frame, a blend of last-world and world.
//
// World and last-world are kept as position, rotation and scale (TRS) as
// well as the world matrix, so the per-frame blend never decomposes a
// matrix: positions and scales blend linearly, rotations along the shortest
// arc, and the blended TRS becomes the render matrix. What the player sees is
// therefore one tick behind, and smooth (ModeInterpolate, the default);
// ModeExtrapolate and ModeNone trade that for other artefacts.
//
// Teleport sets last-world to world, so a jump does not smear across the
// screen; Spawn does the same for a new actor, and the engine calls
// TeleportAll when a game state is entered.
//
// # Calls, and when
//
// Everything runs on the game's main goroutine; a Manager is not safe for
// concurrent use.
//
//   - Manager.Tick, once per fixed tick, with the tick's timing.TickInfo.
//     Behaviours (Ticker) run inside it with the fixed step; spawns and
//     removals they make take effect at the end of the tick.
//   - Manager.Interpolate(alpha), once per frame after the frame's ticks.
//   - Manager.Frame(dt), once per frame, for visual-only behaviours (Framer)
//     that may use the real frame time; gameplay must never depend on it.
//   - Manager.BuildDrawList, once per frame, last: it fills the scene's
//     gfx.DrawList with every visible actor's render matrix, batched per mesh,
//     and the view of the camera actor.
//
// Nothing here reads a clock: time comes in through TickInfo, alpha and dt.
// Tick, Interpolate and BuildDrawList allocate nothing in steady state, and
// keep non-finite numbers out of the draw list: a tick reverts any actor
// whose transform became NaN or infinite and reports it.
//
// # Hierarchy
//
// An actor may have a parent; its world transform is then the parent's
// composed with its local one (see Compose), computed parents first from a
// topological order kept between ticks. The composition keeps TRS, so a
// non-uniform parent scale is not inherited as a shear (like Unity's
// lossyScale); with uniform scales it equals the matrix product exactly.
// Removing an actor removes its descendants too.
//
// Actors are referred to by Handle: a slot index and a generation, so a
// handle to a removed actor is detected (ErrStaleHandle) even after its slot
// has been reused.
package scene
