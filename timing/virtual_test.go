package timing

import (
	"errors"
	"math"
	"testing"
)

// run advances s from `from` to `to` in steps of `frame` µs and returns the
// ticks run.
func run(s *Scheduler, from, to, frame Micros) (ticks int) {
	for now := from + frame; now <= to; now += frame {
		ticks += s.Advance(now).Ticks
	}
	return ticks
}

func TestPauseFreezesAndResumeNeverBursts(t *testing.T) {
	for _, pause := range []Micros{50 * Millisecond, 10 * Second, 3600 * Second} {
		s := mustNew(t, Config{})
		s.Advance(0)
		run(s, 0, 1010*Millisecond, 10*Millisecond) // 30 ticks, phase 0.3
		before := s.Ticks()
		alpha := s.Alpha()
		s.Pause()
		// While paused: frames keep coming (or the game stalls), no ticks,
		// the alpha stays put.
		f := s.Advance(1010*Millisecond + pause/2)
		if f.Ticks != 0 || f.Alpha != alpha || !f.Paused {
			t.Errorf("pause %v: paused frame got %d ticks alpha %v paused %v, want 0 ticks alpha %v paused",
				pause, f.Ticks, f.Alpha, f.Paused, alpha)
		}
		now := 1010*Millisecond + pause
		s.Advance(now)
		s.Resume()
		f = s.Advance(now + 16*Millisecond) // the frame of the resume counts as paused
		if f.Ticks != 0 || f.Alpha != alpha {
			t.Errorf("pause %v: first frame after resume got %d ticks alpha %v, want 0 and %v", pause, f.Ticks, f.Alpha, alpha)
		}
		// Then time flows normally from the same phase: 0.3 + 1.0 = one tick
		// after 33.3 ms, not a burst.
		got := run(s, now+16*Millisecond, now+16*Millisecond+100*Millisecond, 10*Millisecond)
		if got != 3 {
			t.Errorf("pause %v: ticks in the 100 ms after resume: got %d, want 3", pause, got)
		}
		if s.Ticks() != before+3 {
			t.Errorf("pause %v: total ticks got %d, want %d", pause, s.Ticks(), before+3)
		}
		if s.Dropped() != 0 {
			t.Errorf("pause %v: dropped %v, want 0 (paused time is not dropped time)", pause, s.Dropped())
		}
	}
}

func TestSingleStep(t *testing.T) {
	s := mustNew(t, Config{})
	s.Advance(0)
	run(s, 0, 50*Millisecond, 10*Millisecond) // 1 tick, phase 0.5
	alpha, game := s.Alpha(), s.GameTime()
	if err := s.Step(); !errors.Is(err, ErrNotPaused) {
		t.Errorf("Step while running: got %v, want ErrNotPaused", err)
	}
	s.Pause()
	if err := s.Step(); err != nil {
		t.Fatalf("Step while paused: %v", err)
	}
	f := s.Advance(60 * Millisecond)
	if f.Ticks != 1 || !f.Tick(0).Step || f.Tick(0).Index != 1 {
		t.Fatalf("stepped frame: got %d ticks (step %v index %d), want 1 step tick with index 1",
			f.Ticks, f.Ticks > 0 && f.Tick(0).Step, f.Tick(0).Index)
	}
	if f.Alpha != alpha {
		t.Errorf("alpha after a step: got %v, want it unchanged at %v", f.Alpha, alpha)
	}
	if d := s.GameTime() - game; d != 33333 && d != 33334 {
		t.Errorf("game time after a step: advanced %v, want one step (33333µs)", d)
	}
	if f := s.Advance(70 * Millisecond); f.Ticks != 0 {
		t.Errorf("paused frame after the step: got %d ticks, want 0", f.Ticks)
	}
	for range 7 {
		_ = s.Step()
	}
	if f := s.Advance(80 * Millisecond); f.Ticks != 5 {
		t.Errorf("7 queued steps: first frame got %d ticks, want 5 (the cap)", f.Ticks)
	}
	if f := s.Advance(90 * Millisecond); f.Ticks != 2 {
		t.Errorf("7 queued steps: second frame got %d ticks, want 2", f.Ticks)
	}
}

func TestTimeScale(t *testing.T) {
	for _, tc := range []struct {
		scale float64
		want  uint64 // ticks in 10 s of real time at 30 Hz
	}{
		{1, 300}, {0.5, 150}, {0.1, 30}, {2, 600}, {8, 2400}, {0.25, 75},
	} {
		s := mustNew(t, Config{MaxTicksPerFrame: 100, TimeScale: tc.scale})
		s.Advance(0)
		var minDelta float64 = math.Inf(1)
		for now := Micros(16667); now <= 10*Second+16667; now += 16667 {
			f := s.Advance(now)
			for i := range f.Ticks {
				minDelta = math.Min(minDelta, f.Tick(i).Delta)
			}
		}
		// 10.000017 s of real time; allow the last partial tick.
		if got := s.Ticks(); got != tc.want {
			t.Errorf("scale %g: got %d ticks in 10 s, want %d", tc.scale, got, tc.want)
		}
		if minDelta != 1.0/30 {
			t.Errorf("scale %g: tick delta got %v, want the fixed step 1/30", tc.scale, minDelta)
		}
	}
	s := mustNew(t, Config{})
	for _, bad := range []float64{0, -1, math.NaN(), math.Inf(1), 100} {
		if err := s.SetTimeScale(bad); err == nil {
			t.Errorf("SetTimeScale(%v): got no error, want one", bad)
		}
	}
	// Changing the scale mid-run: 1 s at 1×, then 1 s at 0.5×, then 1 s at 2×.
	s.Advance(0)
	run(s, 0, Second, 10*Millisecond)
	_ = s.SetTimeScale(0.5)
	run(s, Second, 2*Second, 10*Millisecond)
	_ = s.SetTimeScale(2)
	run(s, 2*Second, 3*Second, 10*Millisecond)
	if got, want := s.GameTime(), 3500*Millisecond; got != want {
		t.Errorf("game time after 1 s at 1×, 0.5×, 2×: got %v, want %v", got, want)
	}
	if got := s.Ticks(); got != 105 {
		t.Errorf("ticks after 3.5 s of game time: got %d, want 105", got)
	}
}

func TestRateChangeKeepsPhase(t *testing.T) {
	s := mustNew(t, noCap(30))
	s.Advance(0)
	f := s.Advance(1050 * Millisecond) // 31 ticks, phase 0.5
	if f.Ticks != 31 || math.Abs(f.Alpha-0.5) > 1e-9 {
		t.Fatalf("before the change: got %d ticks alpha %v, want 31 and 0.5", f.Ticks, f.Alpha)
	}
	if err := s.SetRate(60); err != nil {
		t.Fatal(err)
	}
	if a := s.Alpha(); math.Abs(a-0.5) > 1e-9 {
		t.Errorf("alpha right after the rate change: got %v, want 0.5 (no jump in phase)", a)
	}
	// Half a 60 Hz step (8.33 ms) later the next tick is due.
	f = s.Advance(1050*Millisecond + 8334)
	if f.Ticks != 1 {
		t.Errorf("ticks half a 60 Hz step after the change: got %d, want 1", f.Ticks)
	}
	ti := f.Tick(0)
	if ti.Index != 31 || ti.Time != Micros(mulDiv(31, unitsPerTick, 30)) || ti.Rate != 60 {
		t.Errorf("first 60 Hz tick: got index %d time %v rate %d, want 31, %v, 60", ti.Index, ti.Time, ti.Rate, Micros(mulDiv(31, unitsPerTick, 30)))
	}
	// From here on, exactly floor(T·60/1e6) more ticks after T µs.
	base, t0 := s.Ticks(), 1050*Millisecond+8334
	for now := t0 + 7000; now < t0+5*Second; now += 7000 {
		s.Advance(now)
		// phase at t0 was 0.5 + 8334·60/1e6 − 1 = 0.00004
		want := base + mulDiv(uint64(now-t0), 60, unitsPerTick)
		if d := int64(s.Ticks()) - int64(want); d < 0 || d > 1 {
			t.Fatalf("t=%v after the change: got %d ticks, want %d", now-t0, s.Ticks(), want)
		}
	}
	// Tick times stay consecutive: each tick starts where the previous ended.
	prev := s.Advance(t0 + 5*Second + 50*Millisecond)
	for i := 1; i < prev.Ticks; i++ {
		if d := prev.Tick(i).Time - prev.Tick(i-1).Time; d != 16666 && d != 16667 {
			t.Errorf("60 Hz tick spacing: got %v, want 16.666ms", d)
		}
	}
	for _, bad := range []int{0, -5, MaxRate + 1} {
		if err := s.SetRate(bad); err == nil {
			t.Errorf("SetRate(%d): got no error, want one", bad)
		}
	}
	if err := mustNew(t, Config{MaxFrameTime: 250 * Millisecond}).SetRate(3); err == nil {
		t.Errorf("SetRate(3) with an explicit MaxFrameTime of 250ms (< one 333ms tick): got no error, want one")
	}
	if err := mustNew(t, Config{}).SetRate(3); err != nil {
		t.Errorf("SetRate(3) with the default MaxFrameTime: got %v, want it to follow the rate", err)
	}
}

func TestDropStallRunsCapThenNormal(t *testing.T) {
	s := mustNew(t, Config{})
	s.Advance(0)
	run(s, 0, Second, 16667)
	before := s.Ticks()
	f := s.Advance(Second + 10*Second + 1) // a 10-second stall
	if f.Ticks != DefaultMaxTicksPerFrame {
		t.Errorf("stall frame: got %d ticks, want %d (the cap)", f.Ticks, DefaultMaxTicksPerFrame)
	}
	if f.Dropped < 9*Second {
		t.Errorf("stall frame: dropped %v, want ≥ 9.75s", f.Dropped)
	}
	after := s.Advance(Second + 10*Second + 16668)
	if after.Ticks > 1 {
		t.Errorf("frame after the stall: got %d ticks, want at most 1 (nothing banked)", after.Ticks)
	}
	if got := s.Ticks() - before; got > DefaultMaxTicksPerFrame+1 {
		t.Errorf("ticks around the stall: got %d, want ≤ %d", got, DefaultMaxTicksPerFrame+1)
	}
}

func TestResetResumesWithOneTick(t *testing.T) {
	s := mustNew(t, Config{Policy: Reset})
	s.Advance(0)
	run(s, 0, 1010*Millisecond, 10*Millisecond)
	f := s.Advance(1010*Millisecond + 3*Second)
	if f.Ticks != 1 || f.Alpha != 0 {
		t.Errorf("frame after a 3 s stall: got %d ticks alpha %v, want 1 and 0", f.Ticks, f.Alpha)
	}
	if !(f.Dropped > 2900*Millisecond) {
		t.Errorf("dropped: got %v, want ≈3s", f.Dropped)
	}
	// And the phase restarted at the stall: the next tick is a step later.
	if f := s.Advance(1010*Millisecond + 3*Second + 33333); f.Ticks != 0 {
		t.Errorf("33.333 ms after the reset: got %d ticks, want 0", f.Ticks)
	}
	if f := s.Advance(1010*Millisecond + 3*Second + 33334); f.Ticks != 1 {
		t.Errorf("33.334 ms after the reset: got %d ticks, want 1", f.Ticks)
	}
}

func TestCatchUpPaysDebtUpToMax(t *testing.T) {
	s := mustNew(t, Config{Policy: CatchUp, MaxDebt: 500 * Millisecond})
	s.Advance(0)
	f := s.Advance(400 * Millisecond) // 12 ticks due
	if f.Ticks != 5 || s.Owed() != Micros(mulDiv(7, unitsPerTick, 30)) {
		t.Errorf("400 ms frame: got %d ticks owed %v, want 5 and 7 ticks (233.3ms)", f.Ticks, s.Owed())
	}
	if f.Alpha >= 1 || f.Alpha < 0.99 {
		t.Errorf("alpha while owing: got %v, want just below 1 (newest state)", f.Alpha)
	}
	total := f.Ticks
	for now := 400*Millisecond + 1000; now <= 420*Millisecond; now += 1000 {
		total += s.Advance(now).Ticks
	}
	if want := int(floorTicks(420*Millisecond, 30)); total != want {
		t.Errorf("after paying the debt: got %d ticks, want %d (nothing dropped)", total, want)
	}
	if s.Owed() != 0 || s.Dropped() != 0 {
		t.Errorf("after paying: owed %v dropped %v, want 0 and 0", s.Owed(), s.Dropped())
	}
	// A 10 s stall owes at most MaxDebt; the rest is dropped.
	s.Advance(10*Second + 420*Millisecond)
	if owed := s.Owed(); owed > 500*Millisecond || owed < 450*Millisecond {
		t.Errorf("owed after a 10 s stall: got %v, want ≤ MaxDebt 500ms", owed)
	}
	if s.Dropped() < 9*Second {
		t.Errorf("dropped after a 10 s stall: got %v, want ≈9.3s", s.Dropped())
	}
	if !s.RunningSlowly() {
		// Two capped frames in a row (the stall, then paying) make it slow.
		s.Advance(10*Second + 421*Millisecond)
		if !s.RunningSlowly() {
			t.Errorf("RunningSlowly while paying a debt: got false, want true")
		}
	}
	if err := s.SetPolicy(Drop); err != nil {
		t.Fatal(err)
	}
	if s.Owed() != 0 {
		t.Errorf("owed after switching to Drop: got %v, want 0", s.Owed())
	}
}

func TestRateChangeKeepsDebtInTime(t *testing.T) {
	s := mustNew(t, Config{Policy: CatchUp, MaxDebt: Second})
	s.Advance(0)
	s.Advance(500 * Millisecond) // 15 ticks due, 5 run, 10 owed (333 ms)
	before := s.Owed()
	for _, rate := range []int{60, 10, 1} {
		if err := s.SetRate(rate); err != nil {
			t.Fatal(err)
		}
		step := Second / Micros(rate)
		if got := s.Owed(); got > before || before-got >= step {
			t.Errorf("owed after SetRate(%d): got %v, want %v rounded down to a %v step", rate, got, before, step)
		}
		if s.Owed() > Second {
			t.Errorf("owed after SetRate(%d): %v beyond MaxDebt", rate, s.Owed())
		}
	}
}
