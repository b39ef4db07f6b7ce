package timing

import "math/bits"

// unitsPerTick is the length of one tick in the scheduler's internal unit,
// the microsecond multiplied by the tick rate (1 unit = 1/rate µs). One tick
// is 1e6/rate µs, so it is exactly 1e6 units at every rate: time kept in
// units never drifts, although 1e6/30 is not an integer.
const unitsPerTick = 1_000_000

// mulDiv returns a·b/c rounded down, computed with a 128-bit intermediate.
// It saturates at the maximum uint64 instead of overflowing.
func mulDiv(a, b, c uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi >= c {
		return ^uint64(0)
	}
	q, _ := bits.Div64(hi, lo, c)
	return q
}

// exact is a non-negative amount of game time kept without rounding: whole
// microseconds plus a fraction in units (1/rate µs).
type exact struct {
	us   Micros
	frac uint64 // < rate
}

// add adds u units.
func (e *exact) add(u, rate uint64) {
	e.us += Micros(u / rate)
	e.frac += u % rate
	if e.frac >= rate {
		e.frac -= rate
		e.us++
	}
}

// sub subtracts u units, stopping at zero.
func (e *exact) sub(u, rate uint64) {
	q, r := Micros(u/rate), u%rate
	if e.frac < r {
		if e.us == 0 {
			*e = exact{}
			return
		}
		e.frac += rate
		e.us--
	}
	e.frac -= r
	if e.us < q {
		*e = exact{}
		return
	}
	e.us -= q
}

// units returns e in units, saturating.
func (e *exact) units(rate uint64) uint64 {
	hi, lo := bits.Mul64(uint64(e.us), rate)
	lo, c := bits.Add64(lo, e.frac, 0)
	if hi != 0 || c != 0 {
		return ^uint64(0)
	}
	return lo
}

// rescale converts the fraction from rate r1 to rate r2 (rounding down: it
// loses less than one unit).
func (e *exact) rescale(r1, r2 uint64) { e.frac = e.frac * r2 / r1 }
