package engine

import (
	"errors"
	"fmt"
	"time"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// FocusPolicy says what the game does when its window loses input focus.
type FocusPolicy uint8

const (
	// KeepRunning (the default) keeps the game running without focus.
	KeepRunning FocusPolicy = iota
	// PauseOnFocusLoss pauses game time while the window has no focus and
	// resumes, without a burst of ticks, when focus returns.
	PauseOnFocusLoss
)

// MinimisePolicy says what the game does while its window is minimised
// (iconified).
type MinimisePolicy uint8

const (
	// KeepTicking (the default) keeps game time and ticks running while
	// minimised; nothing is drawn and frames are paced so the loop does
	// not spin.
	KeepTicking MinimisePolicy = iota
	// PauseWhenMinimised pauses game time while minimised and resumes it,
	// without a burst of ticks, when the window is restored.
	PauseWhenMinimised
)

// Options configure a Game. The zero value means the defaults: 30 Hz ticks,
// vsync on, interpolation, at most 5 ticks and 250 ms per frame.
type Options struct {
	// TickRate is the fixed tick rate in Hz (1 to 1000; 0 means 30).
	TickRate int
	// MaxTicksPerFrame caps the ticks run per frame (0 means 5).
	MaxTicksPerFrame int
	// MaxFrameTime caps the real time one frame may simulate (0 means 250 ms).
	MaxFrameTime time.Duration
	// Overload is the policy when frames fall behind (timing.Drop by default).
	Overload timing.Policy
	// MaxDebt caps the time owed under timing.CatchUp (0 means 1 s).
	MaxDebt time.Duration
	// TimeScale is how fast game time flows (0 means 1).
	TimeScale float64

	// Mode is how scenes are drawn between ticks; the zero value is
	// scene.ModeInterpolate. It is applied to every scene of a state when the
	// state is entered, and to all scenes by Game.Time().SetInterpolation.
	Mode scene.Mode

	// NoVSync turns vsync off; by default the swap waits for the display.
	NoVSync bool
	// FPSCap limits the frame rate when vsync is off (0: no limit).
	FPSCap int
	// DefaultRefresh is the display refresh rate assumed when the window
	// cannot report one (Xvfb reports none), used to pace frames when the
	// driver ignores vsync (0 means 60 Hz).
	DefaultRefresh int

	// NoPacing turns the software frame pacer off: frames are never
	// waited for, even when the driver ignores vsync or the window is
	// minimised. Headless runs and benchmarks set it; a game should not.
	NoPacing bool

	// Profile measures every frame's phases (Game.Debug().Profile), for benchmarks
	// and tuning.
	Profile bool

	// FocusLoss is what happens when the window loses focus.
	FocusLoss FocusPolicy

	// PadDeadZone is the share of a gamepad stick's or trigger's travel,
	// from rest, read as 0 (worn sticks never rest at exactly 0); the rest
	// of the travel is rescaled to the full range. 0 means 0.15; allowed 0
	// to 0.9 (set a tiny value such as 1e-9 for none).
	PadDeadZone float64

	// Minimised is what happens while the window is minimised: it keeps
	// ticking (the default) or pauses. Minimised means iconified, as the
	// window reports it, or a 0×0 framebuffer.
	Minimised MinimisePolicy

	// Signals says whether Ctrl-C (SIGINT) and SIGTERM end the game
	// cleanly: the zero value, SignalsAuto, handles them in a game with a
	// window and not headless. A handled signal ends the game through the
	// normal quit path (a recording is finalised, states exit, Run returns
	// nil); a second one exits at once.
	Signals SignalPolicy

	// StrictTransforms makes a non-finite transform (NaN or ±Inf) or a
	// zero rotation written by a behaviour end the game with an error
	// naming the state, scene, actor and tick. By default the scene
	// repairs it (the actor is reverted to its last finite transform, a
	// zero rotation becomes the identity), a warning is logged at most once
	// per actor per second of game time, and the game goes on.
	StrictTransforms bool

	// Seed seeds the game's random source (Game.Rand). The same seed gives
	// the same numbers, which replays rely on. 0 means 1.
	Seed uint64

	// Clear is the background colour (zero: a dark blue-grey).
	Clear gfx.Color

	// Overlay shows the debug overlay from the start (toggle with
	// Game.Debug().ToggleOverlay).
	Overlay bool

	// DebugDraw turns debug drawing (Debug) on from the start; toggle it
	// with Game.Debug().SetDrawing. Off, it costs nothing.
	DebugDraw bool

	// Clock is the monotonic clock read once per frame. nil means the real
	// clock; a ManualClock drives the game headless.
	Clock Clock

	// Logf receives the engine's reports, such as "running slowly". nil
	// means the standard logger.
	Logf func(format string, args ...any)
}

// OptionsError reports an invalid option before anything starts: which
// field, the value given and what is allowed.
type OptionsError struct {
	Field   string
	Value   string
	Allowed string
}

func (e *OptionsError) Error() string {
	return fmt.Sprintf("engine: Options.%s = %s is invalid: allowed %s", e.Field, e.Value, e.Allowed)
}

// timingFields maps timing.Config field names to Options field names.
var timingFields = map[string]string{
	"Rate": "TickRate", "MaxTicksPerFrame": "MaxTicksPerFrame", "MaxFrameTime": "MaxFrameTime",
	"Policy": "Overload", "MaxDebt": "MaxDebt", "TimeScale": "TimeScale",
}

func durationMicros(field string, d time.Duration) (timing.Micros, error) {
	if d < 0 || (d > 0 && d < time.Microsecond) {
		return 0, &OptionsError{field, d.String(), "a positive duration of at least 1µs (0 means the default)"}
	}
	return timing.Micros(d / time.Microsecond), nil
}

// timingConfig validates o and returns the scheduler configuration.
func (o *Options) timingConfig() (timing.Config, error) {
	mft, err := durationMicros("MaxFrameTime", o.MaxFrameTime)
	if err != nil {
		return timing.Config{}, err
	}
	debt, err := durationMicros("MaxDebt", o.MaxDebt)
	if err != nil {
		return timing.Config{}, err
	}
	cfg := timing.Config{
		Rate: o.TickRate, MaxTicksPerFrame: o.MaxTicksPerFrame, MaxFrameTime: mft,
		Policy: o.Overload, MaxDebt: debt, TimeScale: o.TimeScale,
	}
	if _, err := timing.New(cfg); err != nil {
		var ce *timing.ConfigError
		if errors.As(err, &ce) {
			return cfg, &OptionsError{timingFields[ce.Field], ce.Value, ce.Allowed}
		}
		return cfg, fmt.Errorf("engine: %w", err)
	}
	return cfg, nil
}

func (o *Options) validate() error {
	if _, err := o.timingConfig(); err != nil {
		return err
	}
	switch {
	case o.Mode > scene.ModeNone:
		return &OptionsError{"Mode", o.Mode.String(), "scene.ModeInterpolate, scene.ModeExtrapolate or scene.ModeNone"}
	case o.FPSCap < 0 || o.FPSCap > 10000:
		return &OptionsError{"FPSCap", fmt.Sprint(o.FPSCap), "0 (no cap) to 10000"}
	case o.DefaultRefresh < 0 || o.DefaultRefresh > 1000:
		return &OptionsError{"DefaultRefresh", fmt.Sprint(o.DefaultRefresh), "0 (60 Hz) to 1000"}
	case !validColor(o.Clear):
		return &OptionsError{"Clear", fmt.Sprintf("%+v", o.Clear), "components R, G, B, A from 0 to 1 (the zero Color means the default)"}
	case o.Minimised > PauseWhenMinimised:
		return &OptionsError{"Minimised", fmt.Sprint(o.Minimised), "KeepTicking or PauseWhenMinimised"}
	case o.Signals > SignalsIgnore:
		return &OptionsError{"Signals", fmt.Sprint(o.Signals), "SignalsAuto, SignalsHandle or SignalsIgnore"}
	case o.FocusLoss > PauseOnFocusLoss:
		return &OptionsError{"FocusLoss", fmt.Sprint(o.FocusLoss), "KeepRunning or PauseOnFocusLoss"}
	case !(o.PadDeadZone >= 0 && o.PadDeadZone <= 0.9):
		return &OptionsError{"PadDeadZone", fmt.Sprint(o.PadDeadZone), "0 (the default, 0.15) to 0.9"}
	}
	return nil
}

// validColor reports whether every component of c is in [0, 1] (not NaN).
func validColor(c gfx.Color) bool {
	for _, v := range [4]float32{c.R, c.G, c.B, c.A} {
		if !(v >= 0 && v <= 1) {
			return false
		}
	}
	return true
}
