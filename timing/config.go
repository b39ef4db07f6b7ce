package timing

import (
	"fmt"
	"math"
)

// Policy says what the scheduler does when frames fall behind: when more
// time passed since the previous frame than the tick cap lets it simulate.
// The seeds disagree on this, each for a reason, so it is a choice.
type Policy uint8

const (
	// Drop (the default) runs at most MaxTicksPerFrame ticks and simulates at
	// most MaxFrameTime of real time per frame. Time beyond that is dropped:
	// the game slows down instead of spiralling, and the dropped time is never
	// banked for a later burst.
	Drop Policy = iota

	// Reset behaves like Drop, except that when more than MaxFrameTime of
	// game time waits to be simulated (after a load, a debugger pause, a
	// dragged window) it resumes with exactly one tick and a zero
	// interpolation phase, as Jon Watte's "Game Loop" does.
	Reset

	// CatchUp runs at most MaxTicksPerFrame ticks per frame but keeps the
	// debt and pays it over the following frames, up to MaxDebt; only time
	// beyond MaxDebt is dropped. It is for games that must stay in step with
	// a peer (Koen Witters, "deWiTTERS Game Loop"). MaxFrameTime does not apply.
	CatchUp

	numPolicies
)

var policyNames = [...]string{Drop: "drop", Reset: "reset", CatchUp: "catchup"}

// String returns the policy's name: "drop", "reset" or "catchup".
func (p Policy) String() string {
	if p < numPolicies {
		return policyNames[p]
	}
	return fmt.Sprintf("policy#%d", uint8(p))
}

// ParsePolicy returns the policy named s ("drop", "reset" or "catchup").
func ParsePolicy(s string) (Policy, error) {
	for p, name := range policyNames {
		if s == name {
			return Policy(p), nil
		}
	}
	return 0, fmt.Errorf("timing: unknown overload policy %q: want drop, reset or catchup", s)
}

// Limits of Config values.
const (
	DefaultRate             = 30
	MaxRate                 = 1000
	DefaultMaxTicksPerFrame = 5
	MaxMaxTicksPerFrame     = 1000
	DefaultMaxFrameTime     = 250 * Millisecond
	MaxMaxFrameTime         = 60 * Second
	DefaultMaxDebt          = Second
	MaxMaxDebt              = 60 * Second
	MinTimeScale            = 1.0 / 64
	MaxTimeScale            = 64.0
)

// Config configures a Scheduler. The zero value means the defaults: 30 Hz,
// at most 5 ticks and 250 ms per frame, policy Drop, time scale 1.
type Config struct {
	// Rate is the tick rate in Hz, 1 to MaxRate. 0 means DefaultRate.
	Rate int

	// MaxTicksPerFrame caps the ticks run in one frame, 1 to
	// MaxMaxTicksPerFrame. 0 means DefaultMaxTicksPerFrame.
	MaxTicksPerFrame int

	// MaxFrameTime caps the real time one frame may simulate (policy Drop)
	// or the game time that may wait to be simulated before a reset (policy
	// Reset). It must be at least one tick (1/Rate s) and at most
	// MaxMaxFrameTime. 0 means DefaultMaxFrameTime, or two ticks when that
	// is longer (below 8 Hz), and follows the rate when it changes.
	MaxFrameTime Micros

	// Policy is the overload policy; the zero value is Drop.
	Policy Policy

	// MaxDebt caps the game time policy CatchUp may owe (beyond the tick
	// in progress), at most MaxMaxDebt. 0 means DefaultMaxDebt.
	MaxDebt Micros

	// TimeScale is how fast game time flows relative to real time, from
	// MinTimeScale to MaxTimeScale. 0 means 1. It never changes the step.
	TimeScale float64
}

// ConfigError reports an invalid configuration value: which field, the value
// given and the range allowed.
type ConfigError struct {
	Field   string // e.g. "Rate"
	Value   string // the value given, formatted
	Allowed string // the allowed range, e.g. "1 to 1000 Hz"
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("timing: %s = %s is invalid: allowed %s", e.Field, e.Value, e.Allowed)
}

// withDefaults returns c with zero fields replaced by their defaults, or an
// error naming the first invalid field.
func (c Config) withDefaults() (Config, error) {
	if c.Rate == 0 {
		c.Rate = DefaultRate
	}
	if c.MaxTicksPerFrame == 0 {
		c.MaxTicksPerFrame = DefaultMaxTicksPerFrame
	}
	if c.MaxFrameTime == 0 {
		c.MaxFrameTime = defaultFrameTime(max(c.Rate, 1))
	}
	if c.MaxDebt == 0 {
		c.MaxDebt = DefaultMaxDebt
	}
	if c.TimeScale == 0 {
		c.TimeScale = 1
	}
	if err := checkRate(c.Rate); err != nil {
		return c, err
	}
	if c.MaxTicksPerFrame < 1 || c.MaxTicksPerFrame > MaxMaxTicksPerFrame {
		return c, &ConfigError{"MaxTicksPerFrame", fmt.Sprint(c.MaxTicksPerFrame),
			fmt.Sprintf("1 to %d (0 means %d)", MaxMaxTicksPerFrame, DefaultMaxTicksPerFrame)}
	}
	if err := checkFrameTime(c.MaxFrameTime, c.Rate); err != nil {
		return c, err
	}
	if c.Policy >= numPolicies {
		return c, &ConfigError{"Policy", c.Policy.String(), "Drop, Reset or CatchUp"}
	}
	if c.MaxDebt > MaxMaxDebt {
		return c, &ConfigError{"MaxDebt", c.MaxDebt.String(), "at most " + MaxMaxDebt.String() + " (0 means 1s)"}
	}
	if err := checkScale(c.TimeScale); err != nil {
		return c, err
	}
	return c, nil
}

func checkRate(rate int) error {
	if rate < 1 || rate > MaxRate {
		return &ConfigError{"Rate", fmt.Sprintf("%d Hz", rate), fmt.Sprintf("1 to %d Hz (0 means %d)", MaxRate, DefaultRate)}
	}
	return nil
}

// defaultFrameTime is MaxFrameTime's default at rate: DefaultMaxFrameTime,
// or two ticks when that is longer, so that every rate from 1 to MaxRate
// works with the defaults.
func defaultFrameTime(rate int) Micros {
	return max(DefaultMaxFrameTime, Micros(2*(uint64(Second)+uint64(rate)-1)/uint64(rate)))
}

func checkFrameTime(t Micros, rate int) error {
	step := (uint64(Second) + uint64(rate) - 1) / uint64(rate) // one tick, rounded up
	if uint64(t) < step || t > MaxMaxFrameTime {
		return &ConfigError{"MaxFrameTime", t.String(),
			fmt.Sprintf("one tick (%v at %d Hz) to %v (0 means %v)", Micros(step), rate, MaxMaxFrameTime, DefaultMaxFrameTime)}
	}
	return nil
}

func checkScale(s float64) error {
	if math.IsNaN(s) || math.IsInf(s, 0) || s < MinTimeScale || s > MaxTimeScale {
		return &ConfigError{"TimeScale", fmt.Sprint(s), fmt.Sprintf("%g to %g", MinTimeScale, MaxTimeScale)}
	}
	return nil
}
