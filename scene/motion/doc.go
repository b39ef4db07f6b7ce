// Package motion integrates the motion of point masses over one fixed tick:
// the integrators of "Fix your timestep" and its follow-ups, as small pure
// functions on a State (position and velocity).
//
// Which one to use:
//
//   - Ballistic, when the acceleration is constant over the tick (gravity, a
//     thruster held down): p += v·dt + ½·a·dt², v += a·dt is then exact, so
//     a jump reaches the same height at any tick rate.
//   - SemiImplicitEuler (velocity first, then position with the new
//     velocity): one acceleration per tick, first order, but symplectic:
//     orbits and springs keep their energy on average. The usual game
//     default.
//   - Verlet (velocity Verlet): second order and symplectic for forces that
//     depend on position only (springs, gravity wells); energy stays bounded
//     over any number of ticks.
//   - RK4, when the acceleration changes quickly within a tick and depends
//     on velocity too (drag, damped springs): fourth order, four evaluations
//     a tick, but it slowly gains or loses energy over very long runs.
//   - Euler (explicit, position first with the old velocity) is here for
//     comparison: it gains energy every step and should not be used for
//     anything that oscillates.
//
// Every function advances the state by exactly dt, the tick's fixed step
// (timing.TickInfo.Delta), and is meant to be called from a behaviour's Tick,
// never with a frame's variable delta. They never allocate.
//
// Numbers are float64, although the scene stores float32 transforms:
// positions accumulate many small increments over a game, and in float32 a
// step of 1e-5 at x = 1000 (where one float32 ulp is 6e-5) is lost entirely.
// Integrate in float64 and convert the result for the actor (Vec32). Go may
// fuse a multiply and an add into one instruction on some architectures, so
// results are bit-identical run to run on one architecture, not across them.
package motion
