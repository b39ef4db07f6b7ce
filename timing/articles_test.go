package timing

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The loops of seeds 000, 001, 003 and 004, written as small models that
// follow each article's code, run side by side with a Scheduler configured
// to reproduce them. On the same frame trace both must run the same ticks
// per frame.
//
// The seeds disagree on whether a frame landing exactly on a tick deadline
// runs that tick (">=" in 000, ">" in 001, 003 and 004); the scheduler runs
// it. The traces below avoid exact deadlines for the ">" seeds, and use
// rates whose step is a whole number of microseconds where the seed's code
// is integer, so the comparison is exact.

// watteLoop is Jon Watte's "Game Loop" with its MAX_ALLOWED_FRAMETIME reset.
type watteLoop struct {
	step, maxFrame uint64
	now            uint64
}

func (m *watteLoop) frame(cur uint64) (ticks int, alpha float64) {
	if cur-m.now > m.maxFrame {
		m.now = cur - m.step // pause, load time, etc.: reset progress
	}
	for cur-m.now >= m.step {
		m.now += m.step
		ticks++
	}
	return ticks, float64(cur-m.now) / float64(m.step)
}

// spiroLoop is L. Spiro's loop ("Fixed-Time-Step Implementation"): while (cur - updated > step) { update; updated += step }.
type spiroLoop struct{ step, updated uint64 }

func (m *spiroLoop) frame(cur uint64) (ticks int, alpha float64) {
	for cur-m.updated > m.step {
		m.updated += m.step
		ticks++
	}
	return ticks, float64(cur-m.updated) / float64(m.step)
}

// tutorialLoop is the float loop of the "Fixed Timestep Tutorial" (seconds, leftover carried, the
// update interval capped at MAX_CYCLES_PER_FRAME steps).
type tutorialLoop struct {
	interval, maxCycles float64
	last, leftover      float64
}

func (m *tutorialLoop) frame(cur float64) (ticks int) {
	it := (cur - m.last) + m.leftover
	if it > m.maxCycles*m.interval {
		it = m.maxCycles * m.interval
	}
	for it > m.interval {
		it -= m.interval
		ticks++
	}
	m.leftover = it
	m.last = cur
	return ticks
}

// wittersLoop is Koen Witters' loop ("deWiTTERS Game Loop") as the article
// "Game loops – Not to be taken lightly" gives it, with max_frameskip.
type wittersLoop struct {
	skip, next uint64
	maxSkip    int
}

func (m *wittersLoop) frame(cur uint64) (ticks int, alpha float64) {
	for cur > m.next && ticks < m.maxSkip {
		m.next += m.skip
		ticks++
	}
	return ticks, float64(cur+m.skip-m.next) / float64(m.skip)
}

// mixedTrace is frame times with steady stretches, jitter and stalls.
func mixedTrace(rng *rand.Rand, start Micros, frames int, stalls bool) []Micros {
	out := make([]Micros, 0, frames)
	now := start
	for i := range frames {
		var d float64
		switch (i / 50) % 4 {
		case 0:
			d = 16667
		case 1:
			d = 6944 // 144 fps
		case 2:
			d = 5000 + 45000*rng.Float64()
		case 3:
			d = 1000 + 120000*rng.Float64()
		}
		if stalls && rng.IntN(60) == 0 {
			d = 200000 + 2e6*rng.Float64()
		}
		now += Micros(d)
		out = append(out, now)
	}
	return out
}

// avoidDeadlines moves frame times that land exactly on a deadline
// origin + k·step by one microsecond.
func avoidDeadlines(tr []Micros, origin, step Micros) {
	for i := range tr {
		if (tr[i]-origin)%step == 0 {
			tr[i]++
		}
	}
}

func TestWatteLoopReset(t *testing.T) {
	for _, rate := range []int{25, 50, 100} {
		for seed := range uint64(5) {
			step := Second / Micros(rate)
			maxFrame := 250 * Millisecond
			s := mustNew(t, Config{Rate: rate, Policy: Reset, MaxFrameTime: maxFrame,
				MaxTicksPerFrame: int(maxFrame/step) + 1})
			m := &watteLoop{step: uint64(step), maxFrame: uint64(maxFrame)}
			start := Micros(1234567)
			s.Advance(start)
			m.now = uint64(start)
			resets := 0
			for i, now := range mixedTrace(rand.New(rand.NewPCG(seed, 0)), start, 1000, true) {
				wantN, wantA := m.frame(uint64(now))
				f := s.Advance(now)
				if f.Ticks != wantN || math.Abs(f.Alpha-wantA) > 1e-9 {
					t.Fatalf("rate %d seed %d frame %d (t=%v): got %d ticks alpha %.6f, Watte's loop: %d ticks alpha %.6f",
						rate, seed, i, now, f.Ticks, f.Alpha, wantN, wantA)
				}
				if f.Dropped > 0 {
					resets++
				}
			}
			if resets == 0 {
				t.Errorf("rate %d seed %d: the trace never reset; want stalls that do", rate, seed)
			}
		}
	}
}

func TestSpiroLoop(t *testing.T) {
	for _, rate := range []int{25, 40, 50} {
		for seed := range uint64(5) {
			step := Second / Micros(rate)
			s := mustNew(t, noCap(rate))
			m := &spiroLoop{step: uint64(step)}
			tr := mixedTrace(rand.New(rand.NewPCG(seed, 1)), 0, 1000, false)
			avoidDeadlines(tr, 0, step)
			s.Advance(0)
			for i, now := range tr {
				wantN, wantA := m.frame(uint64(now))
				f := s.Advance(now)
				if f.Ticks != wantN || math.Abs(f.Alpha-wantA) > 1e-9 {
					t.Fatalf("rate %d seed %d frame %d (t=%v): got %d ticks alpha %.6f, Spiro's loop: %d ticks alpha %.6f",
						rate, seed, i, now, f.Ticks, f.Alpha, wantN, wantA)
				}
			}
		}
	}
}

func TestTutorialLoop(t *testing.T) {
	const maxRate, minRate = 120, 15 // the article's MAXIMUM_FRAME_RATE, MINIMUM_FRAME_RATE
	for seed := range uint64(10) {
		s := mustNew(t, Config{Rate: maxRate, MaxTicksPerFrame: maxRate / minRate, MaxFrameTime: Second / minRate})
		m := &tutorialLoop{interval: 1.0 / maxRate, maxCycles: maxRate / minRate}
		rng := rand.New(rand.NewPCG(seed, 3))
		// Within the loop's design range: frames of at most 1/MINIMUM_FRAME_RATE
		// minus a step, so its cap (which it applies to delta + leftover) never
		// binds differently from the scheduler's.
		var tr []Micros
		var now Micros
		for range 2000 {
			now += Micros(500 + rng.IntN(57500)) // ≤ 58 ms < 1/15 s − 1/120 s
			tr = append(tr, now)
		}
		avoidDeadlines(tr, 0, 25000) // 3 steps at 120 Hz are exactly 25 ms
		s.Advance(0)
		for i, now := range tr {
			want := m.frame(float64(now) / 1e6)
			if f := s.Advance(now); f.Ticks != want {
				t.Fatalf("seed %d frame %d (t=%v): got %d ticks, the tutorial's loop: %d", seed, i, now, f.Ticks, want)
			}
		}
	}
}

func TestWittersLoopCatchUp(t *testing.T) {
	const rate, maxSkip = 25, 5 // the article's updates_per_second and max_frameskip
	step := Second / rate
	for seed := range uint64(10) {
		s := mustNew(t, Config{Rate: rate, Policy: CatchUp, MaxTicksPerFrame: maxSkip, MaxDebt: MaxMaxDebt})
		start := Micros(5 * Second)
		m := &wittersLoop{skip: uint64(step), next: uint64(start), maxSkip: maxSkip}
		// The article's first deadline is the start time itself; that is the
		// scheduler started one step earlier.
		s.Advance(start - step)
		tr := mixedTrace(rand.New(rand.NewPCG(seed, 4)), start, 1000, true)
		avoidDeadlines(tr, start, step)
		owed := 0
		for i, now := range tr {
			wantN, wantA := m.frame(uint64(now))
			f := s.Advance(now)
			if f.Ticks != wantN {
				t.Fatalf("seed %d frame %d (t=%v): got %d ticks, Witters' loop: %d", seed, i, now, f.Ticks, wantN)
			}
			if wantA < 1 && math.Abs(f.Alpha-wantA) > 1e-9 {
				t.Fatalf("seed %d frame %d: got alpha %.6f, Witters' loop: %.6f", seed, i, f.Alpha, wantA)
			}
			if s.Owed() > 0 {
				owed++
			}
		}
		if owed == 0 {
			t.Errorf("seed %d: the trace never fell behind; want stalls that owe ticks", seed)
		}
		if s.Dropped() != 0 {
			t.Errorf("seed %d: CatchUp dropped %v under a 60 s debt limit, want 0", seed, s.Dropped())
		}
	}
}
