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
//   - last-world: the world transform of the tick before (each tick swaps
//     two buffers: nothing is copied);
//   - render: the matrix drawn this frame, a blend of last-world and world.
//
// World and last-world are kept as position, rotation and scale (TRS), so
// the per-frame blend never decomposes a matrix: positions and scales blend
// linearly, rotations along the shortest arc, and the blended TRS becomes
// the render matrix, rigid at every alpha. The world matrix is built from
// the world TRS when something needs it (Actor.WorldMatrix, an actor coming
// to rest, ModeNone). What the player sees is one tick behind, and smooth
// (ModeInterpolate, the default); ModeExtrapolate and ModeNone trade that
// for other artefacts.
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
//     Behaviours (Ticker, then BulkTicker, which ticks many actors of one
//     kind in one call) run inside it with the fixed step; spawns and
//     removals they make take effect at the end of the tick. They reach
//     the game's per-tick services through m.Env(), which the game sets
//     once per tick (Manager.SetEnv; engine.TickContextOf reads it).
//   - Manager.Interpolate(alpha), once per frame after the frame's ticks.
//   - Manager.UpdateEffects(dt), once per frame, for visual-only behaviours (Effect)
//     that may use the real frame time; gameplay must never depend on it.
//   - Manager.BuildDrawList, once per frame, last: it fills the scene's
//     gfx.DrawList with every visible actor's render matrix, batched per mesh,
//     and the view of the camera actor.
//
// Given the framebuffer's aspect ratio (Manager.SetAspect; the engine sets
// it every frame), a frame culls actors whose mesh's bounding sphere lies
// outside the camera's view: they get no instance, and while most of the
// scene is out of view their blend is skipped too. Culling never changes a
// tick or the hash, and never leaves out something that shows a pixel.
//
// Nothing here reads a clock: time comes in through TickInfo, alpha and dt.
// Tick, Interpolate, UpdateEffects and BuildDrawList allocate nothing in steady
// state, and keep non-finite numbers out of the draw list: a tick reverts
// any actor whose transform became NaN or infinite and reports it. Actors
// that do not move cost a tick a comparison and a frame a flag test.
//
// Manager.Hash digests the simulation state bit for bit after a tick, for
// determinism tests and replays.
//
// # Hierarchy
//
// An actor may have a parent; its world transform is then the parent's
// composed with its local one (see Compose), computed parents first from a
// topological order kept between ticks. The composition keeps TRS, so a
// non-uniform parent scale is not inherited as a shear (like Unity's
// lossyScale); with uniform scales it equals the matrix product exactly.
// Each frame a child blends its transform relative to its parent and
// composes it with the parent's render transform, so children move along
// arcs with their parents and attached objects stay attached. Reparenting
// (Manager.SetParent) keeps the world or the local transform, as asked, and
// refuses cycles. Removing an actor removes its descendants too.
//
// Actors are referred to by Handle: a slot index and a generation, so a
// handle to a removed actor is detected (ErrStaleHandle) even after its slot
// has been reused.
//
// # Storage
//
// An Actor is a small record of what gameplay touches (Local, mesh,
// material, colour, Hidden, behaviour). What the manager derives (flags,
// parent slot, world and last-world transforms, render matrix, and colder
// data) lives in dense columns of fixed-size chunks, indexed by slot, so
// the tick, Interpolate and BuildDrawList stream a few arrays instead of
// whole records; the accessors (World, RenderMatrix…) read the columns.
// Chunks never move, so a *Actor stays valid until its actor is removed.
//
// Local stays a field of the record, where a behaviour reads and writes it
// with no lookup: a Local column measured no faster for a tick that moves
// every actor (a behaviour reaches its actor through the record anyway),
// and the per-actor cost is in the chunks' length instead (see chunkSize).
//
// # More than one core
//
// A tick of a large scene (tens of thousands of actors) splits the world
// propagation across cores: the roots chunk by chunk, then the children
// depth by depth, by goroutines the manager keeps. The result, world
// transforms and reports alike, is the one-core result. Behaviours run on
// the main goroutine, except a BulkTicker that declares itself safe to
// split by implementing SplitBulkTicker: with enough members, its parts
// are ticked on several cores at once. Manager.SetMaxCores(1) (or
// GOMAXPROCS=1) keeps a scene's ticks on one core, for hosts whose other
// cores are busy.
package scene
