// Package timing is tickwork's clock: an exact fixed-step scheduler with
// interpolation, overload policies, virtual time and per-tick timers. It
// imports only the standard library, never reads a clock and builds with
// CGO_ENABLED=0; the game loop reads its monotonic clock once per frame and
// passes the time in, so every behaviour here is tested with synthetic frame
// timestamps.
//
// # The model
//
// Game logic runs in ticks of a fixed step (30 Hz by default); the screen is
// drawn as often as the display allows. Each frame the loop calls Advance
// with the current time; the scheduler answers how many ticks to run (0..N)
// and the interpolation factor Alpha in [0, 1): how far the present is
// between the newest tick and the next. Draw with
// render = blend(last-world, world, Alpha), and the picture moves smoothly at
// any frame rate while the simulation is the same on every machine. What the
// player sees lags exactly one step behind.
//
// The worked examples of L. Spiro's article, at 30 Hz from t = 0:
//
//   - at t = 48.0 ms one tick has run (the state of t = 33.3 ms) and Alpha is
//     0.44: the frame is 14.7 ms past that tick, 44% of the way to the next;
//   - a frame that jumps from 0 to 78 ms runs two ticks, not one;
//   - at t = 110 ms the screen shows the state of t ≈ 76.7 ms (Due.Shown).
//
// # Time, exactly
//
// Absolute times are uint64 microseconds (Micros) from any fixed origin; only
// differences are taken, so a counter that wraps at 2^64 is harmless. Floats
// are used only for small deltas (TickInfo.Delta, Alpha).
//
// A step at 30 Hz is 33333.3 µs: a loop that adds 33333 µs per tick runs
// 1/3 µs fast per tick and gains a whole tick every 100,000 ticks (56
// minutes); with a millisecond clock (33 ms steps) it gains one every 3.3 s. The scheduler instead keeps time in units of
// 1/rate µs, in which one tick is exactly 1e6 units at every rate. After T µs
// of game time, exactly floor(T·rate/1e6) ticks have run, forever. A tick
// never reads the clock: it is told its index, its simulated start time and
// the fixed step (TickInfo).
//
// # When frames fall behind
//
// A slow frame would ask for many ticks, which make the next frame slower
// still: the spiral of death. The overload Policy decides what happens:
//
//   - Drop (default): at most MaxTicksPerFrame ticks (5) and MaxFrameTime
//     (250 ms) of real time per frame; the rest is dropped and never banked
//     for a later burst. The game slows down instead of freezing.
//   - Reset (Jon Watte, "Game Loop"): like Drop, but after a frame longer than
//     MaxFrameTime, resume with exactly one tick and a zero phase.
//   - CatchUp (Koen Witters, "deWiTTERS Game Loop"): at most
//     MaxTicksPerFrame per frame, but the debt is kept and paid over later
//     frames, up to MaxDebt.
//
// Every policy reports the time dropped or owed, and RunningSlowly while
// frames keep hitting the cap.
//
// # Virtual time
//
// Pause stops ticks and freezes Alpha; Resume never bursts, however long the
// pause; Step runs exactly one tick while paused. SetTimeScale makes game
// time flow slower or faster (slow motion, fast forward) without changing the
// step, and SetRate changes the tick rate without a jump in phase.
//
// # Slower logic inside ticks
//
// Every fires at a lower frequency inside ticks (a 2 Hz AI inside 30 Hz
// ticks), counted in integers from the ticks themselves.
package timing
