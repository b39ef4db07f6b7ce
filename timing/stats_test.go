package timing

import (
	"math"
	"testing"
)

func TestStatsRates(t *testing.T) {
	for _, tc := range []struct {
		fps  float64
		rate int
	}{{60, 30}, {144, 30}, {30, 60}, {20, 120}, {240, 60}} {
		s := mustNew(t, Config{Rate: tc.rate, MaxTicksPerFrame: 10})
		period := Micros(math.Round(1e6 / tc.fps))
		var now Micros
		s.Advance(now)
		for now < 5*Second {
			now += period
			s.Advance(now)
		}
		st := s.Stats()
		if math.Abs(st.FPS-tc.fps)/tc.fps > 0.01 {
			t.Errorf("%g fps, %d Hz: FPS got %.2f, want %g", tc.fps, tc.rate, st.FPS, tc.fps)
		}
		if math.Abs(st.TPS-float64(tc.rate))/float64(tc.rate) > 0.05 {
			t.Errorf("%g fps, %d Hz: TPS got %.2f, want %d", tc.fps, tc.rate, st.TPS, tc.rate)
		}
		if st.FrameMean != period || st.FrameP99 != period {
			t.Errorf("%g fps: frame mean/p99 got %v/%v, want %v/%v", tc.fps, st.FrameMean, st.FrameP99, period, period)
		}
		if st.Frames != uint64(now/period)+1 || st.Ticks != s.Ticks() {
			t.Errorf("%g fps: frames %d ticks %d, want %d and %d", tc.fps, st.Frames, st.Ticks, now/period+1, s.Ticks())
		}
		want := int(math.Ceil(float64(tc.rate) / tc.fps))
		if st.MaxTicks != want {
			t.Errorf("%g fps, %d Hz: MaxTicks got %d, want %d", tc.fps, tc.rate, st.MaxTicks, want)
		}
	}
}

func TestStatsP99SeesSpikes(t *testing.T) {
	s := mustNew(t, Config{})
	var now Micros
	s.Advance(now)
	for i := range 120 { // 2 s; the window holds the last second
		d := Micros(10 * Millisecond)
		if i%50 == 49 {
			d = 40 * Millisecond
		}
		now += d
		s.Advance(now)
	}
	st := s.Stats()
	if st.FrameP99 != 40*Millisecond {
		t.Errorf("p99 with a 40 ms spike in the window: got %v, want 40ms", st.FrameP99)
	}
	if st.FrameMean <= 10*Millisecond || st.FrameMean > 12*Millisecond {
		t.Errorf("mean: got %v, want just above 10ms", st.FrameMean)
	}
}

func TestRunningSlowly(t *testing.T) {
	s := mustNew(t, Config{})
	var now Micros
	s.Advance(now)
	step := func(d Micros) bool { now += d; s.Advance(now); return s.RunningSlowly() }
	for range 10 {
		if step(16 * Millisecond) {
			t.Fatal("running slowly at 60 fps")
		}
	}
	if step(Second) {
		t.Error("one hitch made RunningSlowly true, want false (a single hitch is not slow)")
	}
	step(16 * Millisecond)
	step(300 * Millisecond)
	if !step(300 * Millisecond) {
		t.Error("two capped frames in a row: RunningSlowly false, want true")
	}
	if !s.Stats().RunningSlowly {
		t.Error("Stats.RunningSlowly disagrees with RunningSlowly")
	}
	for i := range 7 {
		if !step(16 * Millisecond) {
			t.Errorf("RunningSlowly cleared after %d good frames, want it kept for 8", i+1)
		}
	}
	if step(16 * Millisecond) {
		t.Error("RunningSlowly still true after 8 good frames, want false")
	}
}

func TestStatsWithFramesOverASecondApart(t *testing.T) {
	s := mustNew(t, Config{MaxFrameTime: 5 * Second, MaxTicksPerFrame: 1000})
	var now Micros
	s.Advance(now)
	for range 3 {
		now += 2 * Second
		s.Advance(now)
	}
	st := s.Stats()
	if st.FPS != 0.5 || st.FrameMean != 2*Second || math.Abs(st.TPS-30) > 1e-9 {
		t.Errorf("frames 2 s apart: FPS %v TPS %v mean %v, want 0.5, 30 and 2s", st.FPS, st.TPS, st.FrameMean)
	}
}
