package engine

import (
	"testing"
	"time"

	"github.com/tickwork/tickwork/timing"
)

// simClock is a fake clock in which every reading takes 2 µs and a sleep
// wakes `over` late, like time.Sleep.
type simClock struct {
	t      timing.Micros
	over   timing.Micros
	sleeps int
}

// simRead is what one reading of a simClock costs: a sleep measured with
// two readings looks simRead longer than it was.
const simRead = 2

func (c *simClock) Now() timing.Micros { c.t += simRead; return c.t }
func (c *simClock) sleep(d time.Duration) {
	c.sleeps++
	c.t += timing.Micros(d/time.Microsecond) + c.over
}

// simulate runs n frames of `work` µs each, the swap taking `swap` µs, and
// returns the intervals between frame starts.
func simulate(p *pacer, c *simClock, n int, work, swap timing.Micros) []timing.Micros {
	var starts []timing.Micros
	for range n {
		start := p.startFrame()
		starts = append(starts, start)
		c.t += work + swap
		p.endFrame(start)
		p.wait(false)
	}
	out := make([]timing.Micros, 0, n)
	for i := 1; i < len(starts); i++ {
		out = append(out, starts[i]-starts[i-1])
	}
	return out
}

func newSimPacer(vsync bool, fpsCap, refresh int, over timing.Micros) (*pacer, *simClock) {
	c := &simClock{over: over}
	p := &pacer{}
	p.init(c, vsync, fpsCap, 0)
	p.sleep = c.sleep
	p.setRefresh(refresh)
	return p, c
}

func TestPacerDetectsIgnoredVSyncAndPaces(t *testing.T) {
	for _, tc := range []struct {
		name    string
		refresh int
		want    timing.Micros
	}{
		{"unknown refresh (Xvfb)", 0, 16666},
		{"144 Hz", 144, 6944},
	} {
		// The swap returns at once: the driver ignores the swap interval.
		p, c := newSimPacer(true, 0, tc.refresh, 600)
		iv := simulate(p, c, 200, 300, 5)
		if !p.ignored {
			t.Fatalf("%s: vsync ignored not detected", tc.name)
		}
		for i, d := range iv[40:] {
			if diff := int64(d) - int64(tc.want); diff < -5 || diff > 60 {
				t.Fatalf("%s: frame %d interval %v, want %v (paced)", tc.name, i+40, d, tc.want)
			}
		}
		if p.interval() != tc.want {
			t.Errorf("%s: interval %v, want %v", tc.name, p.interval(), tc.want)
		}
		if p.errorP99() > 50 {
			t.Errorf("%s: pacing error p99 %v, want well under 0.2 ms", tc.name, p.errorP99())
		}
		if want := 600 + marginGuard; p.margin < want {
			t.Errorf("%s: spin margin %v after sleeps waking 600 µs late, want ≥ %v", tc.name, p.margin, want)
		}
	}
}

func TestPacerLeavesHonouredVSyncAlone(t *testing.T) {
	p, c := newSimPacer(true, 0, 60, 600)
	iv := simulate(p, c, 100, 2000, 14600) // the swap blocks until the refresh
	if p.ignored || c.sleeps != 0 {
		t.Errorf("honoured vsync: ignored %v, %d sleeps; want false and 0", p.ignored, c.sleeps)
	}
	for _, d := range iv {
		if d < 16600 || d > 16620 {
			t.Fatalf("interval %v, want the swap's own 16.6 ms", d)
		}
	}
}

func TestPacerFPSCapAndNoPacing(t *testing.T) {
	p, c := newSimPacer(false, 100, 60, 900)
	iv := simulate(p, c, 100, 1000, 10)
	for _, d := range iv[5:] {
		if d < 9995 || d > 10060 {
			t.Fatalf("FPS cap 100: interval %v, want 10ms", d)
		}
	}
	p, c = newSimPacer(false, 0, 60, 900)
	simulate(p, c, 50, 1000, 10)
	if c.sleeps != 0 {
		t.Errorf("vsync off without a cap: %d sleeps, want 0", c.sleeps)
	}
	p, c = newSimPacer(true, 0, 0, 900)
	p.off = true
	simulate(p, c, 50, 100, 10)
	if c.sleeps != 0 || p.interval() != 0 {
		t.Errorf("pacer off: %d sleeps, interval %v; want none", c.sleeps, p.interval())
	}
}

func TestPacerMinimisedNeverSpins(t *testing.T) {
	p, c := newSimPacer(false, 0, 0, 500)
	var starts []timing.Micros
	for range 30 {
		starts = append(starts, p.startFrame())
		c.t += 100
		p.wait(true)
	}
	if d := starts[29] - starts[0]; d < 29*16000 {
		t.Errorf("30 minimised frames took %v, want ≈ 29 × 16.7 ms (paced to the refresh rate)", d)
	}
}

func TestPacerRecoversWhenVSyncIsHonouredAgain(t *testing.T) {
	p, c := newSimPacer(true, 0, 60, 300)
	simulate(p, c, 40, 300, 5)
	if !p.ignored {
		t.Fatal("not detected as ignored")
	}
	simulate(p, c, 40, 2000, 14600)
	if p.ignored {
		t.Errorf("still pacing in software after the swap started blocking again")
	}
	p.setVSync(false)
	if p.ignored {
		t.Errorf("turning vsync off kept the ignored flag")
	}
}

// A heavy frame (12 ms of work under llvmpipe) with a swap that returns at
// once is still a driver ignoring vsync: the game must be held to 60 Hz,
// not left at 83 fps.
func TestPacerDetectsIgnoredVSyncUnderLoad(t *testing.T) {
	p, c := newSimPacer(true, 0, 60, 300)
	iv := simulate(p, c, 60, 12000, 5)
	if !p.ignored {
		t.Fatal("12 ms frames with an instant swap: vsync ignored not detected")
	}
	for _, d := range iv[30:] {
		if d < 16600 || d > 16720 {
			t.Fatalf("interval %v, want 16.7 ms (paced)", d)
		}
	}
	// Frames slower than the refresh interval cannot be paced: the pacer
	// never waits on them.
	before := c.sleeps
	iv = simulate(p, c, 40, 20000, 5)
	if c.sleeps != before {
		t.Errorf("frames slower than the refresh interval: %d sleeps, want none", c.sleeps-before)
	}
	for _, d := range iv[1:] {
		if d < 20000 || d > 20100 {
			t.Fatalf("interval %v for a 20 ms frame, want 20 ms", d)
		}
	}
}

// The spin margin follows how late sleeps wake: up after late wake-ups,
// back down once they stop, never outside [minMargin, maxMargin], and a
// lone very late wake-up among punctual ones does not raise it.
func TestPacerMarginAdapts(t *testing.T) {
	p, c := newSimPacer(false, 60, 60, 0)
	for _, step := range []struct {
		name   string
		over   timing.Micros // how late each sleep wakes
		lone   timing.Micros // if set, one sleep in 64 wakes this late instead
		frames int
		want   timing.Micros
	}{
		{"punctual wake-ups: clamped to the minimum", 20, 0, 100, minMargin},
		{"wake-ups 900 µs late: up", 900, 0, 100, 900 + simRead + marginGuard},
		{"punctual again: back down to the minimum", 30, 0, 100, minMargin},
		{"wake-ups 400 µs late: up", 400, 0, 100, 400 + simRead + marginGuard},
		{"wake-ups 10 ms late: clamped to the maximum", 10000, 0, 100, maxMargin},
		{"one wake-up in 64 8 ms late: ignored", 80, 8000, 200, 80 + simRead + marginGuard},
	} {
		for i := range step.frames {
			c.over = step.over
			if step.lone > 0 && i%64 == 0 {
				c.over = step.lone
			}
			simulate(p, c, 1, 500, 5)
		}
		if p.margin != step.want {
			t.Errorf("%s: got margin %v, want %v", step.name, p.margin, step.want)
		}
	}
}

// A paced frame's wait allocates nothing: it runs every frame.
func TestPacerWaitAllocatesNothing(t *testing.T) {
	p, c := newSimPacer(false, 60, 60, 300)
	simulate(p, c, 100, 500, 5)
	allocs := testing.AllocsPerRun(100, func() {
		c.t += 500
		p.wait(false)
	})
	if allocs != 0 {
		t.Errorf("pacer wait: got %v allocations, want 0", allocs)
	}
}
