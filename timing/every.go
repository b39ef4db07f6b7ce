package timing

import "fmt"

// Every is a timer for logic slower than the tick rate (a 2 Hz AI inside
// 30 Hz ticks, as in L. Spiro's "Fixed-Time-Step Implementation"). It is
// advanced by ticks, never by a clock, and counts
// in integers, so after n ticks it has fired exactly floor(n·step/period)
// times, with no drift; a rate change keeps its phase.
//
// Make one with EveryPeriod or EveryHz, keep it in your state or behaviour,
// and call Tick once per tick. The zero value never fires.
type Every struct {
	num, den uint64 // period = num/den µs
	acc      uint64 // progress, in units of 1/(rate·den) µs
	rate     uint64 // rate the progress was last counted at
}

// EveryPeriod returns a timer that fires once per period of game time.
func EveryPeriod(period Micros) (Every, error) {
	if period == 0 || period > 24*3600*Second {
		return Every{}, fmt.Errorf("timing: EveryPeriod(%v): the period must be between 1µs and 24h", period)
	}
	return Every{num: uint64(period), den: 1}, nil
}

// EveryHz returns a timer that fires hz times per second of game time,
// exactly, even when 1e6/hz is not a whole number of microseconds.
func EveryHz(hz int) (Every, error) {
	if hz < 1 || hz > 1_000_000 {
		return Every{}, fmt.Errorf("timing: EveryHz(%d): the frequency must be between 1 and 1000000 Hz", hz)
	}
	return Every{num: uint64(Second), den: uint64(hz)}, nil
}

// Tick advances the timer by one tick and returns how many times it fires
// during that tick: 0 or 1 when the period is longer than a step, more when
// it is shorter. Call it once per tick with the tick's info.
func (e *Every) Tick(t *TickInfo) int {
	if e.num == 0 || t.Rate <= 0 {
		return 0
	}
	r := uint64(t.Rate)
	if e.rate != r {
		if e.rate != 0 {
			e.acc = mulDiv(e.acc, r, e.rate)
		}
		e.rate = r
	}
	// Counted in units of 1/(r·den) µs, one tick (1e6/r µs) is 1e6·den
	// units and the period (num/den µs) is num·r units: both integers.
	e.acc += unitsPerTick * e.den
	threshold := e.num * r
	n := e.acc / threshold
	e.acc -= n * threshold
	return int(n)
}

// Reset restarts the timer's period from now.
func (e *Every) Reset() { e.acc = 0 }

// Progress returns the timer's progress towards its next firing and the
// tick rate it was counted at, for saving the timer with a game's
// snapshot; SetProgress puts them back.
func (e *Every) Progress() (acc, rate uint64) { return e.acc, e.rate }

// SetProgress restores what Progress returned.
func (e *Every) SetProgress(acc, rate uint64) { e.acc, e.rate = acc, rate }
