package engine

import (
	"time"

	"github.com/tickwork/tickwork/timing"
)

// Clock is the game's monotonic clock, in microseconds from any fixed
// origin. The game reads it once per frame for the simulation; the window
// backend reads it to stamp input events and the frame pacer to wait.
type Clock interface {
	Now() timing.Micros
}

// RealClock is the system's monotonic clock, counting from its creation.
type RealClock struct{ start time.Time }

// NewRealClock returns a clock that reads 0 now.
func NewRealClock() *RealClock { return &RealClock{start: time.Now()} }

// Now returns the microseconds elapsed since the clock was made.
func (c *RealClock) Now() timing.Micros {
	return timing.Micros(time.Since(c.start) / time.Microsecond)
}

// ManualClock is a clock that moves only when told: it drives a game
// headless, in tests and in replays, with any frame-time sequence.
type ManualClock struct{ t timing.Micros }

// Now returns the clock's time.
func (c *ManualClock) Now() timing.Micros { return c.t }

// Set sets the clock's time.
func (c *ManualClock) Set(t timing.Micros) { c.t = t }

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d timing.Micros) { c.t += d }
