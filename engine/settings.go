package engine

import (
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// The settings below may be changed at any time on the main goroutine,
// typically from a state's Tick in answer to a key. None of them breaks the
// simulation's determinism: a change made by tick n applies from tick n+1,
// whatever the frame rate, so the same input gives the same ticks (index,
// time, step) and the same hash at any pacing.

// SetTickRate changes the tick rate (Hz). The interpolation phase is kept, so
// the picture does not jump. Called from a tick, it applies from the next
// tick, also when more ticks are due in the same frame.
func (g *Game) SetTickRate(hz int) error { return g.sched.SetRate(hz) }

// TickRate returns the tick rate in Hz.
func (g *Game) TickRate() int { return g.sched.Rate() }

// SetTimeScale makes game time flow slower (slow motion) or faster than real
// time. The step is unchanged: fewer or more ticks run per second.
func (g *Game) SetTimeScale(f float64) error { return g.sched.SetTimeScale(f) }

// TimeScale returns the time scale.
func (g *Game) TimeScale() float64 { return g.sched.TimeScale() }

// Pause stops game time for every state: no ticks, alpha frozen. Input is
// queued until Resume. Called from a tick, no further tick runs in that
// frame. To pause gameplay under a menu that keeps running,
// push an Overlay state instead.
func (g *Game) Pause() { g.sched.Pause() }

// Resume restarts game time after Pause, without a burst of ticks.
func (g *Game) Resume() { g.sched.Resume() }

// Paused reports whether game time is paused.
func (g *Game) Paused() bool { return g.sched.Paused() }

// Step runs exactly one tick at the next frame while paused.
func (g *Game) Step() error { return g.sched.Step() }

// SetMode sets how every scene of every state on the stack is drawn between
// ticks, and the mode later states' scenes get.
func (g *Game) SetMode(m scene.Mode) {
	g.mode = m
	for _, e := range g.stack {
		if e.scenes != nil {
			for _, sm := range scenesOf(e.scenes, &g.sbMode) {
				sm.SetMode(m)
			}
		}
	}
}

// Mode returns the render mode given to scenes.
func (g *Game) Mode() scene.Mode { return g.mode }

// SetVSync turns vsync on or off. When the driver ignores it, frames are
// paced in software to the display's refresh rate.
func (g *Game) SetVSync(on bool) {
	if vs, ok := g.win.(VSyncSetter); ok {
		vs.SetVSync(on)
	}
	g.pace.setVSync(on)
}

// VSync reports whether vsync is requested.
func (g *Game) VSync() bool { return g.pace.vsync }

// SetFullscreen switches the window to fullscreen or back, when the window
// can.
func (g *Game) SetFullscreen(on bool) error {
	if fs, ok := g.win.(Fullscreener); ok {
		return fs.SetFullscreen(on)
	}
	return nil
}

// Fullscreen reports whether the window is fullscreen.
func (g *Game) Fullscreen() bool {
	if fs, ok := g.win.(Fullscreener); ok {
		return fs.Fullscreen()
	}
	return false
}

// ToggleOverlay shows or hides the debug overlay (TPS, FPS, frame time,
// alpha, dropped time and a frame-time graph). It sits in the HUD's
// top-left corner, drawn over every state's HUD; SetOverlayCorner moves it.
func (g *Game) ToggleOverlay() { g.overlay.on = !g.overlay.on }

// OverlayShown reports whether the debug overlay is shown.
func (g *Game) OverlayShown() bool { return g.overlay.on }

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
func (g *Game) Stats() Stats {
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
