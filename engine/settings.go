package engine

import (
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// TimeControls is the game's time: the tick rate, the time scale, pause
// and single steps, the ticks run so far, a view of the scheduler, and how
// scenes are drawn between ticks. Get it with Game.Time; it is a small
// value that allocates nothing, so fetch it where it is used, every frame
// if need be.
//
// Its methods run on the main goroutine, typically from a state's Tick in
// answer to a key. None of the settings breaks the simulation's
// determinism: a change made by tick n applies from tick n+1, whatever the
// frame rate, so the same input gives the same ticks (index, time, step)
// and the same hash at any pacing.
type TimeControls struct{ g *Game }

// Time returns the game's time controls. Call it on the main goroutine.
func (g *Game) Time() TimeControls { return TimeControls{g} }

// SetTickRate changes the tick rate (Hz). The interpolation phase is kept, so
// the picture does not jump. Called from a tick, it applies from the next
// tick, also when more ticks are due in the same frame.
func (t TimeControls) SetTickRate(hz int) error { return t.g.sched.SetRate(hz) }

// TickRate returns the tick rate in Hz.
func (t TimeControls) TickRate() int { return t.g.sched.Rate() }

// SetTimeScale makes game time flow slower (slow motion) or faster than real
// time. The step is unchanged: fewer or more ticks run per second.
func (t TimeControls) SetTimeScale(f float64) error { return t.g.sched.SetTimeScale(f) }

// TimeScale returns the time scale.
func (t TimeControls) TimeScale() float64 { return t.g.sched.TimeScale() }

// Pause stops game time for every state: no ticks, alpha frozen. Input is
// queued until Resume. Called from a tick, no further tick runs in that
// frame. To pause gameplay under a menu that keeps running,
// push an Overlay state instead.
func (t TimeControls) Pause() { t.g.sched.Pause() }

// Resume restarts game time after Pause, without a burst of ticks.
func (t TimeControls) Resume() { t.g.sched.Resume() }

// Paused reports whether game time is paused.
func (t TimeControls) Paused() bool { return t.g.sched.Paused() }

// Step runs exactly one tick at the next frame while paused.
func (t TimeControls) Step() error { return t.g.sched.Step() }

// Ticks returns the number of ticks run so far.
func (t TimeControls) Ticks() uint64 { return t.g.sched.Ticks() }

// View returns a read-only view of the game's fixed-step scheduler: its
// configuration, statistics, game time and rates. Change time through
// TimeControls (SetTickRate, Pause…), which apply at tick boundaries; the
// scheduler itself is the engine's.
func (t TimeControls) View() timing.View { return t.g.sched.View() }

// SetInterpolation sets how every scene of every state on the stack is
// drawn between ticks (interpolated, extrapolated or as ticked), and the
// mode later states' scenes get.
func (t TimeControls) SetInterpolation(m scene.Mode) {
	g := t.g
	g.mode = m
	for _, e := range g.stack {
		if e.scenes != nil {
			for _, sm := range scenesOf(e.scenes, &g.sbMode) {
				sm.SetMode(m)
			}
		}
	}
}

// Interpolation returns how scenes are drawn between ticks.
func (t TimeControls) Interpolation() scene.Mode { return t.g.mode }

// DebugControls is the game's debugging aids: the overlay (TPS, FPS, frame
// time, alpha, dropped time and a frame-time graph), where it sits, the
// latest frame's profile and the running statistics. Get it with
// Game.Debug; it is a small value that allocates nothing, so fetch it where
// it is used, every frame if need be. Its methods run on the main
// goroutine: from a state's hooks or between frames.
type DebugControls struct{ g *Game }

// Debug returns the game's debugging aids. Call it on the main goroutine.
func (g *Game) Debug() DebugControls { return DebugControls{g} }

// ToggleOverlay shows or hides the debug overlay. It sits in the HUD's
// top-left corner, drawn over every state's HUD; SetOverlayCorner moves it.
func (d DebugControls) ToggleOverlay() { d.g.overlay.on = !d.g.overlay.on }

// OverlayShown reports whether the debug overlay is shown.
func (d DebugControls) OverlayShown() bool { return d.g.overlay.on }

// Stats are the game's statistics: the scheduler's (ticks and frames per
// second, frame time mean and p99, dropped time, running slowly) and the
// frame pacer's.
type Stats struct {
	timing.Stats

	Alpha        float64       // the latest frame's interpolation factor
	VSync        bool          // vsync requested
	VSyncIgnored bool          // the driver returns from swaps far faster than the refresh rate
	Pacing       timing.Micros // the frame interval paced to in software (0: none)
	PaceErrorP99 timing.Micros // 99th-percentile lateness of paced frames over the window

	// UnknownEvents counts the input events of an unknown kind (KindNone,
	// or past the last kind this engine knows) that a tick source
	// (Headless.Inject, a replay) or the window delivered since the game
	// started: each was dropped before any state or tick sink saw it.
	UnknownEvents uint64
}

// Stats returns the game's statistics. It does not allocate.
func (d DebugControls) Stats() Stats {
	g := d.g
	return Stats{
		Stats:         g.sched.Stats(),
		Alpha:         g.lastFrame.Alpha,
		VSync:         g.pace.vsync,
		VSyncIgnored:  g.pace.ignored,
		Pacing:        g.pace.interval(),
		PaceErrorP99:  g.pace.errorP99(),
		UnknownEvents: g.unknownEvents,
	}
}
