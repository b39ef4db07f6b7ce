package timing

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func mustNew(t testing.TB, cfg Config) *Scheduler {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	return s
}

// noCap is a configuration whose caps never bind in these tests.
func noCap(rate int) Config {
	return Config{Rate: rate, MaxTicksPerFrame: MaxMaxTicksPerFrame, MaxFrameTime: MaxMaxFrameTime}
}

// The worked examples of L. Spiro's "Fixed-Time-Step Implementation" at 30 Hz.
func TestSeedWorkedExamples(t *testing.T) {
	t.Run("48ms", func(t *testing.T) {
		s := mustNew(t, Config{})
		s.Advance(0)
		f := s.Advance(48 * Millisecond)
		if f.Ticks != 1 {
			t.Errorf("ticks at 48ms: got %d, want 1", f.Ticks)
		}
		// The article rounds the step to 33.3 ms: (48-33.3)/33.3 = 0.441.
		// Exactly: 48/33.333 - 1 = 0.44.
		if math.Abs(f.Alpha-0.44) > 1e-9 || math.Abs(f.Alpha-0.441) > 0.002 {
			t.Errorf("alpha at 48ms: got %.6f, want 0.44 (≈0.441 in the article)", f.Alpha)
		}
	})
	t.Run("0 to 78ms runs two ticks", func(t *testing.T) {
		s := mustNew(t, Config{})
		s.Advance(0)
		if f := s.Advance(78 * Millisecond); f.Ticks != 2 {
			t.Errorf("ticks for a 0→78ms frame: got %d, want 2", f.Ticks)
		}
	})
	t.Run("110ms shows 76.7ms", func(t *testing.T) {
		for _, trace := range [][]Micros{{0, 110000}, {0, 48000, 78000, 110000}, {0, 16667, 33333, 50000, 66667, 83333, 100000, 110000}} {
			s := mustNew(t, Config{})
			var f Due
			for _, now := range trace {
				f = s.Advance(now)
			}
			if got := f.Shown(); got < 76600 || got > 76700 {
				t.Errorf("trace %v: shown at 110ms: got %v, want ≈76.667ms", trace, got)
			}
			if s.Ticks() != 3 {
				t.Errorf("trace %v: ticks at 110ms: got %d, want 3", trace, s.Ticks())
			}
		}
	})
	t.Run("the next tick comes at 66.7ms, not 81.3ms", func(t *testing.T) {
		// The naive loop L. Spiro warns against ("if elapsed > step: update; last = now")
		// schedules the next update a step after the frame, not after the tick.
		s := mustNew(t, Config{})
		s.Advance(0)
		s.Advance(48000)
		if f := s.Advance(66700); f.Ticks != 1 {
			t.Errorf("ticks at 66.7ms after a tick at 48ms: got %d, want 1", f.Ticks)
		}
	})
}

// floorTicks is the exactness formula: the ticks that must have run after T
// µs of game time at rate Hz.
func floorTicks(T Micros, rate int) uint64 { return mulDiv(uint64(T), uint64(rate), unitsPerTick) }

// trace returns frame times for a run at fps frames per second with a
// relative jitter in [0, 1), lasting total µs.
func trace(rng *rand.Rand, fps, jitter float64, total Micros) []Micros {
	period := 1e6 / fps
	out := []Micros{0}
	var now Micros
	for now < total {
		d := period * (1 + jitter*(2*rng.Float64()-1))
		now += Micros(max(1, math.Round(d)))
		out = append(out, now)
	}
	return out
}

// Table over frame rates 1–1000 fps with jitter against rates 10–240 Hz.
func TestTickCountIsExact(t *testing.T) {
	rates := []int{10, 24, 25, 30, 60, 90, 120, 144, 240}
	fpss := []float64{1, 7, 15, 24, 30, 59.94, 60, 75, 144, 240, 500, 1000}
	for _, rate := range rates {
		for _, fps := range fpss {
			for _, jitter := range []float64{0, 0.5} {
				rng := rand.New(rand.NewPCG(uint64(rate), math.Float64bits(fps)))
				tr := trace(rng, fps, jitter, 20*Second)

				// Uncapped: every frame, ticks == floor(T·rate/1e6).
				s := mustNew(t, noCap(rate))
				for i, now := range tr {
					f := s.Advance(now)
					if want := floorTicks(now, rate); s.Ticks() != want {
						t.Fatalf("rate %d fps %g jitter %g frame %d (t=%v): got %d ticks, want %d",
							rate, fps, jitter, i, now, s.Ticks(), want)
					}
					if f.Alpha < 0 || f.Alpha >= 1 {
						t.Fatalf("rate %d fps %g frame %d: alpha %v outside [0,1)", rate, fps, i, f.Alpha)
					}
				}

				// Default cap: per-frame ticks bounded; dropped time accounted
				// exactly: simulated + pending + dropped == elapsed.
				s = mustNew(t, Config{Rate: rate})
				for i, now := range tr {
					f := s.Advance(now)
					if f.Ticks > DefaultMaxTicksPerFrame {
						t.Fatalf("rate %d fps %g frame %d: %d ticks in one frame, cap %d",
							rate, fps, i, f.Ticks, DefaultMaxTicksPerFrame)
					}
					if f.Alpha < 0 || f.Alpha >= 1 {
						t.Fatalf("rate %d fps %g frame %d: alpha %v outside [0,1)", rate, fps, i, f.Alpha)
					}
					r := uint64(rate)
					got := s.ticks*unitsPerTick + s.acc + s.dropped.units(r)
					if want := uint64(now) * r; got != want {
						t.Fatalf("rate %d fps %g frame %d: ticks·1e6+phase+dropped = %d units, want %d (elapsed)",
							rate, fps, i, got, want)
					}
					if g := s.game.units(r); g != s.ticks*unitsPerTick+s.acc {
						t.Fatalf("rate %d fps %g frame %d: game time %d units, want ticks·1e6+phase = %d",
							rate, fps, i, g, s.ticks*unitsPerTick+s.acc)
					}
				}
				wantDrop := fps*float64(DefaultMaxTicksPerFrame) < float64(rate) // frames too slow for the cap
				if wantDrop && s.Dropped() == 0 {
					t.Errorf("rate %d fps %g: no time dropped, want some (cap %d ticks/frame)", rate, fps, DefaultMaxTicksPerFrame)
				}
				if float64(rate)/fps < DefaultMaxTicksPerFrame-1 && jitter == 0 && s.Dropped() != 0 {
					t.Errorf("rate %d fps %g: dropped %v, want none", rate, fps, s.Dropped())
				}
			}
		}
	}
}

// A loop that adds a 33333 µs step per tick runs 1/3 µs fast per tick and
// gains a whole tick every 100,000 ticks (55.6 minutes at 30 Hz). The
// scheduler has exactly floor(T·30/1e6) ticks after any T.
func TestNoDriftOverAnHourAt30Hz(t *testing.T) {
	s := mustNew(t, noCap(30))
	var now Micros
	s.Advance(now)
	for now < 3600*Second {
		now += 16667 // ~60 fps
		s.Advance(now)
	}
	if want := floorTicks(now, 30); s.Ticks() != want {
		t.Fatalf("after %v: got %d ticks, want %d", now, s.Ticks(), want)
	}
	naive := uint64(now) / 33333 // a loop adding 33333 µs per tick
	if naive <= s.Ticks() {
		t.Fatalf("the integer-step loop should have drifted ahead: got %d, exact %d", naive, s.Ticks())
	}
	if naive-s.Ticks() != 1 {
		t.Errorf("the integer-step loop gains %d ticks in an hour, want 1 (one per 55.6 min)", naive-s.Ticks())
	}
}

func TestTickInfo(t *testing.T) {
	s := mustNew(t, Config{})
	s.Advance(0)
	f := s.Advance(100*Millisecond + 500) // three ticks due, the last 500 µs late
	if f.Ticks != 3 {
		t.Fatalf("ticks: got %d, want 3", f.Ticks)
	}
	wantTimes := []Micros{0, 33333, 66666}
	wantOverdue := []Micros{66667 + 500, 33333 + 500, 500}
	for i := range f.Ticks {
		ti := f.Tick(i)
		if ti.Index != uint64(i) || ti.Time != wantTimes[i] {
			t.Errorf("tick %d: got index %d time %v, want %d %v", i, ti.Index, ti.Time, i, wantTimes[i])
		}
		if ti.Rate != 30 || ti.Delta != 1.0/30 || ti.DeltaMicros != 33333 {
			t.Errorf("tick %d: got rate %d delta %v (%v), want 30 1/30 (33333µs)", i, ti.Rate, ti.Delta, ti.DeltaMicros)
		}
		if d := int64(ti.Overdue) - int64(wantOverdue[i]); d < -1 || d > 1 {
			t.Errorf("tick %d: overdue got %v, want %v", i, ti.Overdue, wantOverdue[i])
		}
	}
	if got := s.Overdue(); got != 500 {
		t.Errorf("Overdue: got %v, want 500µs", got)
	}
	f = s.Advance(135 * Millisecond)
	if ti := f.Tick(0); ti.Index != 3 || ti.Time != 100000 {
		t.Errorf("fourth tick: got index %d time %v, want 3 100ms", ti.Index, ti.Time)
	}
}

func TestConfigValidation(t *testing.T) {
	for _, tc := range []struct {
		cfg   Config
		field string
	}{
		{Config{Rate: -1}, "Rate"},
		{Config{Rate: MaxRate + 1}, "Rate"},
		{Config{MaxTicksPerFrame: -3}, "MaxTicksPerFrame"},
		{Config{MaxTicksPerFrame: MaxMaxTicksPerFrame + 1}, "MaxTicksPerFrame"},
		{Config{MaxFrameTime: 10 * Millisecond}, "MaxFrameTime"},           // shorter than one tick at 30 Hz
		{Config{Rate: 10, MaxFrameTime: 99 * Millisecond}, "MaxFrameTime"}, // 100 ms step
		{Config{MaxFrameTime: MaxMaxFrameTime + 1}, "MaxFrameTime"},
		{Config{Policy: 7}, "Policy"},
		{Config{MaxDebt: MaxMaxDebt + 1}, "MaxDebt"},
		{Config{TimeScale: -1}, "TimeScale"},
		{Config{TimeScale: math.NaN()}, "TimeScale"},
		{Config{TimeScale: math.Inf(1)}, "TimeScale"},
		{Config{TimeScale: 1000}, "TimeScale"},
	} {
		_, err := New(tc.cfg)
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("New(%+v): got %v, want a *ConfigError", tc.cfg, err)
			continue
		}
		if ce.Field != tc.field || ce.Allowed == "" {
			t.Errorf("New(%+v): got field %q allowed %q, want field %q with a range", tc.cfg, ce.Field, ce.Allowed, tc.field)
		}
	}
	for _, ok := range []Config{{}, {Rate: 1, MaxFrameTime: Second}, {Rate: MaxRate}, {MaxTicksPerFrame: 1}, {TimeScale: 0.1}, {TimeScale: 8}, {Policy: CatchUp}} {
		if _, err := New(ok); err != nil {
			t.Errorf("New(%+v): got %v, want no error", ok, err)
		}
	}
	s := mustNew(t, Config{})
	if c := s.Config(); c.Rate != 30 || c.MaxTicksPerFrame != 5 || c.MaxFrameTime != 250*Millisecond || c.Policy != Drop || c.TimeScale != 1 {
		t.Errorf("defaults: got %+v, want 30 Hz, 5 ticks, 250ms, drop, scale 1", c)
	}
}

func TestParsePolicy(t *testing.T) {
	for _, p := range []Policy{Drop, Reset, CatchUp} {
		got, err := ParsePolicy(p.String())
		if err != nil || got != p {
			t.Errorf("ParsePolicy(%q): got %v, %v, want %v", p.String(), got, err, p)
		}
	}
	if _, err := ParsePolicy("fast"); err == nil {
		t.Errorf("ParsePolicy(%q): got no error, want one", "fast")
	}
}

func TestWrapAt2To64(t *testing.T) {
	start := ^Micros(0) - 50*Millisecond // 50 ms before the counter wraps
	s := mustNew(t, Config{})
	s.Advance(start)
	var total uint64
	now := start
	for i := range 20 {
		now += 16667 // wraps during the fourth frame
		f := s.Advance(now)
		total += uint64(f.Ticks)
		if f.Delta != 16667 {
			t.Fatalf("frame %d across the wrap: delta %v, want 16667µs", i, f.Delta)
		}
	}
	if want := floorTicks(20*16667, 30); total != want {
		t.Errorf("ticks across the wrap: got %d, want %d", total, want)
	}
	if Since(5, ^Micros(0)-4) != 10 {
		t.Errorf("Since across the wrap: got %d, want 10", Since(5, ^Micros(0)-4))
	}
}

func TestTimeGoingBackwardsIsClamped(t *testing.T) {
	s := mustNew(t, Config{})
	s.Advance(1 * Second)
	s.Advance(1*Second + 40*Millisecond) // 1 tick
	f := s.Advance(900 * Millisecond)    // backwards
	if f.Ticks != 0 || f.Delta != 0 {
		t.Errorf("backwards frame: got %d ticks, delta %v, want 0 and 0", f.Ticks, f.Delta)
	}
	if st := s.Stats(); st.Backwards != 1 {
		t.Errorf("Stats.Backwards: got %d, want 1", st.Backwards)
	}
	f = s.Advance(900*Millisecond + 30*Millisecond) // continues from the earlier time
	if f.Delta != 30*Millisecond {
		t.Errorf("frame after going backwards: delta %v, want 30ms", f.Delta)
	}
}

func TestUntil(t *testing.T) {
	for _, scale := range []float64{1, 0.1, 0.37, 3} {
		for _, k := range []int{1, 2, 7} {
			s := mustNew(t, Config{TimeScale: scale, MaxTicksPerFrame: 100, MaxFrameTime: MaxMaxFrameTime})
			s.Advance(0)
			s.Advance(12345)
			base := s.Ticks()
			d := s.Until(k)
			if s.Advance(12345 + d - 1); s.Ticks()-base >= uint64(k) {
				t.Errorf("scale %g: %d ticks due at Until(%d)-1µs, want fewer", scale, s.Ticks()-base, k)
			}
			if s.Advance(12345 + d); s.Ticks()-base != uint64(k) {
				t.Errorf("scale %g: ticks at Until(%d) = %d, want %d", scale, k, s.Ticks()-base, k)
			}
		}
	}
}
