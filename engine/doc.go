// Package engine runs a game: the fixed-timestep loop, the stack of states,
// input latched per tick, and a headless runner for tests. It builds with
// CGO_ENABLED=0: the window and the OpenGL renderer (engine/window, gfx/gl41)
// plug in through two small interfaces, so a game's logic is tested without
// a window.
//
// # The frame
//
//	poll window events → read the clock once → run 0..N fixed ticks →
//	interpolate the visible states' scenes → draw bottom-up → swap → pace
//
// Game logic runs only in ticks, at a fixed rate (30 Hz by default); the
// screen is drawn every frame, each actor's render matrix blended between
// its last two tick states (package scene). The clock is read once per
// frame; ticks are told their fixed step and never read a clock
// (package timing has the exact model and the overload policies).
//
// # Where your code goes
//
// A State is one screen: Tick(ctx) runs once per tick and is where game
// state changes; Draw(ctx) runs once per frame and only adds HUD items
// and debug drawing.
// Gameplay states own scene managers (SceneOwner): the engine ticks them
// after the state's Tick, teleports them when the state is entered, and
// interpolates and draws them every frame. Optional abilities are separate
// one-method interfaces: Enterer, Exiter, Coverer, Overlay, Named, Hasher,
// and fields.Describer (a state's own fields, described once for its hash,
// snapshot and debug view; package scene/fields).
// An actor's behaviour reaches the tick it runs in through
// TickContextOf(m): the tick's input, sounds, the random source, and Post,
// which sends its state a message read in the state's next Tick
// (TickContext.Messages).
//
// Debug drawing (Debug: lines, arrows, boxes, spheres, grids, axes and
// labels in the world) comes from a tick (TickContext.Debug, DebugOf(m) in
// a behaviour), shown until the state's next tick, or from a frame
// (DrawContext.Debug, DebugOf(a.Manager()) in an Effect or Drawer), shown
// once. Game.Debug().SetDrawing switches it; off, it costs nothing.
//
// States are pushed, popped and replaced from a tick (ctx.Push, ctx.Pop,
// ctx.Replace); changes are applied between ticks. An Overlay says whether
// the states below it are still drawn and still ticked: a pause menu keeps
// gameplay drawn but frozen, interpolation included. Popping the last state,
// ctx.Quit, returning ErrQuit or closing the window ends Run cleanly, every
// state exited top first; a returned error or a panic ends it with an error
// naming the state.
//
// # The Game
//
// A *Game runs the loop and holds the stack: Run (or Start, RunFrame and
// Stop), Top, States, Depth, Hash, Digest, Rand, Options, and the tick
// sources and sinks that record and replay. Everything else is reached
// through five facets, small values fetched without allocating, from a
// state's hooks (ctx.Game()) on the main goroutine:
//
//	g.Time()    tick rate, time scale, pause, step, ticks, interpolation
//	g.Window()  title, size, fullscreen, vsync, icon, cursor, screenshot
//	g.Audio()   mixer, output, UI sounds, sample positions of the ticks
//	g.Debug()   overlay, frame profile, statistics
//	g.Rollback() snapshots of the last ticks, rewind and resimulate, sync test
//
// A window is a Window (events, framebuffer size, swap); it may also be a
// Display (vsync, refresh rate, content scale, minimised) and have
// WindowSettings (title, size, cursor, icon, fullscreen), each found once
// at Start.
//
// # Under faults
//
//   - A panic anywhere in game code (a state's hooks, Scenes or Hash, an
//     actor's behaviour, a tick source or sink) ends the game as a
//     *PanicError naming the state, the hook and, for an actor, its scene
//     and handle; tick sinks see the end (a recording is finalised) and
//     states exit top first.
//   - A change a tick makes to the scheduler (SetTickRate, SetTimeScale,
//     Pause, Step, SetMode) applies from the next tick, whatever the frame
//     rate.
//   - Ctrl-C and SIGTERM end a windowed game through the same path
//     (Options.Signals); a second signal exits at once.
//   - A behaviour's non-finite transform is reverted and logged, at most
//     once per actor per second of game time (Options.StrictTransforms
//     makes it an error).
//   - The stack holds at most MaxDepth states; "running slowly" is logged
//     at most once per SlowLogInterval, with totals.
//   - RunFrame and Stop called from inside the loop return ErrReentered.
//
// # Input
//
// Window events are stamped with the clock as they arrive and delivered to
// the top state at tick boundaries: each event goes to exactly one tick,
// the first whose ideal moment is not before it (or the last tick of the
// frame). ctx.Input answers Pressed, Released and Down for the tick's
// moment, so a key pressed and released within one frame is seen by exactly
// one tick, and a frame that runs two ticks does not deliver it twice.
//
// # Headless
//
// Headless drives the same Game with a manual clock and a null renderer: run
// N ticks or a sequence of frame times, inject input at given ticks, and
// compare Game.Hash across runs. Same input at the same ticks gives the same
// hash at any frame rate.
//
// # Threads
//
// Everything here runs on the main goroutine, the one engine/window locks to
// the main OS thread: a Game is not safe for concurrent use.
package engine
