package timing

import "fmt"

// Micros is an absolute time or a duration in whole microseconds. Absolute
// times count from the start of the game (or from any fixed origin: only
// differences are ever taken, so a raw counter that wraps around 2^64 is
// harmless). Never store time in a float; floats are for small deltas.
type Micros uint64

// Common durations.
const (
	Microsecond Micros = 1
	Millisecond Micros = 1000
	Second      Micros = 1000000
)

// Since returns the time elapsed from then to now. It is correct across a
// wrap of the counter at 2^64, as long as less than 2^63 µs (292,000 years)
// passed.
func Since(now, then Micros) Micros { return now - then }

// Seconds returns d in seconds as a float64, for small deltas only.
func (d Micros) Seconds() float64 { return float64(d) / 1e6 }

// String formats d as a duration, e.g. "33.334ms".
func (d Micros) String() string {
	switch {
	case d < Millisecond:
		return fmt.Sprintf("%dµs", uint64(d))
	case d < Second:
		return fmt.Sprintf("%gms", float64(d)/1e3)
	}
	return fmt.Sprintf("%gs", float64(d)/1e6)
}

// TickInfo describes one fixed tick. A tick is told everything it may know
// about time: it must never read a clock.
type TickInfo struct {
	// Index counts ticks from 0 (the first tick of the game) and never
	// repeats or skips, whatever the frame rate, pauses or dropped time.
	Index uint64

	// Time is the simulated time at which this tick starts: the tick
	// advances the simulation from Time to Time + one step. It is the sum of
	// the steps of all earlier ticks (exactly floor(Index·1e6/Rate) µs when
	// the rate never changed), independent of real time.
	Time Micros

	// Rate is the tick rate in Hz. Ticks are exactly 1/Rate s apart.
	Rate int

	// Delta is the fixed step in seconds, exactly 1/Rate. Integrators use it.
	Delta float64

	// DeltaMicros is the step rounded down to whole microseconds
	// (33333 at 30 Hz). It is nominal: the scheduler keeps exact time in
	// units of 1/Rate µs, so ticks never drift although 1e6/30 is no integer.
	DeltaMicros Micros

	// Overdue is how late this tick runs, in game time, relative to its ideal
	// deadline (the "overdue" of the article "Game loops – Not to be taken
	// lightly", after Koen Witters' loop). Within a frame that runs several ticks
	// the earlier ones are more overdue.
	Overdue Micros

	// Step is true for a tick run by single-stepping while paused.
	Step bool
}
