package audio

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tickwork/tickwork/timing"
)

// lockSim drives a Feeder the way a game and a sound card would, in
// simulated time: frames of the game loop at jittered intervals, each
// reading the clock once, running the fixed ticks of a timing.Scheduler
// and feeding; a device whose crystal runs ppm fast (or slow) taking
// bursts of samples from the queue, a little early or late each time.
// Every tenth tick starts a one-sample click on the game lane; the device's
// stream is scanned for the clicks, and for each one the moment it is
// played is compared with the moment the picture shows its tick.
type lockSim struct {
	ppm      float64 // the device clock's error
	fps      float64 // the game loop's mean frame rate
	jitter   float64 // ± seconds of frame-time jitter
	burst    int     // samples per device read
	seconds  float64 // simulated length
	hitchAt  float64 // a frame this long stalls at hitchAt seconds (0: none)
	hitchLen float64
	scaleAt  float64 // the time scale changes to scale at scaleAt seconds (0: never)
	scale    float64
}

// lockResult is what a run measured.
type lockResult struct {
	offsets []float64 // per click: played − shown, seconds, in order
	levels  []float64 // per click: the queue's level when it started, seconds
	clicks  int       // clicks started
	stats   FeederStats
	maxCorr float64
}

func (s lockSim) run(t testing.TB) lockResult {
	t.Helper()
	sched, err := timing.New(timing.Config{})
	if err != nil {
		t.Fatal(err)
	}
	game, err := NewMixer(64)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFeeder(FeederConfig{})
	if err != nil {
		t.Fatal(err)
	}
	click := &Clip{Name: "click", Samples: []float32{1, 1}}
	rng := rand.New(rand.NewPCG(7, uint64(s.ppm*10+1000)))
	devRate := Rate * (1 + s.ppm*1e-6)
	// The device reads ahead of what it plays by its own buffer: two bursts
	// (oto's player) and 20 ms (ALSA's buffer, as engine/audio/device asks).
	bufAhead := float64(2*s.burst+Rate/50) / devRate

	var res lockResult
	var starts []int64 // timeline samples of the clicks, in order
	// The device's stream, scanned for clicks: a click is a run of
	// nonzero samples; its centroid is where the lane passed its sample.
	var sumW, sumWI float64
	var inClick bool
	var found []float64 // device sample positions
	chunk := make([]float32, 2*s.burst)
	var devSamples int64
	nextRead := -bufAhead // true time of the next burst

	step := timing.Micros(1e6) / 30
	frameT := 0.0
	sched.Advance(0)
	for frameT < s.seconds {
		// A jittered frame interval (and the hitch, once).
		d := 1/s.fps + (rng.Float64()*2-1)*s.jitter
		if s.hitchAt > 0 && frameT < s.hitchAt && frameT+d >= s.hitchAt {
			d += s.hitchLen
		}
		frameT += d
		// The device reads every burst due before this frame.
		for nextRead <= frameT {
			f.Read(chunk)
			for i := 0; i < s.burst; i++ {
				v := float64(chunk[2*i])
				if v != 0 {
					sumW += v
					sumWI += v * float64(devSamples+int64(i))
					inClick = true
				} else if inClick {
					found = append(found, sumWI/sumW)
					sumW, sumWI, inClick = 0, 0, false
				}
			}
			devSamples += int64(s.burst)
			nextRead = float64(devSamples)/devRate - bufAhead + (rng.Float64()*2-1)*0.001
		}
		if s.scaleAt > 0 && frameT >= s.scaleAt && sched.TimeScale() != s.scale {
			if err := sched.SetTimeScale(s.scale); err != nil {
				t.Fatal(err)
			}
		}
		now := timing.Micros(frameT * 1e6)
		due := sched.Advance(now)
		for i := 0; i < due.Ticks; i++ {
			ti := due.Tick(i)
			if ti.Index%10 == 5 && frameT < s.seconds-0.2 { // heard before the end
				at := SampleOfTick(ti.Time, ti.DeltaMicros, 0)
				if _, err := game.Start(at, Play{Clip: click, Volume: 1}); err != nil {
					t.Fatal(err)
				}
				starts = append(starts, at)
				res.levels = append(res.levels, float64(f.Stats().Level)/devRate)
			}
		}
		f.Feed(game, GameClock{Sample: SampleOfTick(sched.GameTime(), 0, 0), Scale: sched.TimeScale()})
		if c := math.Abs(f.Stats().Correction); c > res.maxCorr {
			res.maxCorr = c
		}
		if g := SampleOfTick(sched.GameTime(), 0, 0); game.Cursor() > g {
			t.Fatalf("at %.3f s the game lane was rendered to sample %d, past the clock's %d", frameT, game.Cursor(), g)
		}
	}
	res.clicks = len(starts)
	res.stats = f.Stats()
	if s.scaleAt > 0 || s.hitchAt > 0 {
		res.offsets = nil // the comparison below assumes scale 1 and no drop
	}
	// The picture shows timeline sample S when game time is S/Rate + one
	// step (interpolation shows the state one tick behind); game time is
	// real time here.
	for k, pos := range found {
		if k >= len(starts) {
			break
		}
		shown := float64(starts[k])/Rate + float64(step)/1e6
		played := pos / devRate
		res.offsets = append(res.offsets, played-shown)
	}
	if len(found) > len(starts) {
		t.Fatalf("found %d clicks in the device's stream, more than the %d started", len(found), len(starts))
	}
	return res
}

// spread returns the minimum, maximum, mean and standard deviation of xs.
func spread(xs []float64) (lo, hi, mean, sd float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo, hi, mean = min(lo, x), max(hi, x), mean+x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	return lo, hi, mean, math.Sqrt(sd / float64(len(xs)))
}

// TestClockLockKeepsSoundOnThePicture runs ten simulated minutes with the
// device clock 300 ppm fast and 300 ppm slow, frames jittered by ±4 ms:
// every click must be heard (no resync) at a bounded offset from the
// picture of its tick. The offset is the queue's level plus a constant;
// net of the level (which steps, rarely, when frames come further apart
// than before) it must hold within 1 ms peak to peak once the lock has
// settled (after 30 s), and the correction must have learnt the drift.
func TestClockLockKeepsSoundOnThePicture(t *testing.T) {
	if testing.Short() {
		t.Skip("ten simulated minutes")
	}
	for _, tc := range []struct {
		ppm, fps float64
	}{{300, 60}, {-300, 60}, {300, 144}, {-300, 37}} {
		r := lockSim{ppm: tc.ppm, fps: tc.fps, jitter: 0.004, burst: 256, seconds: 600}.run(t)
		settle := 30 * 3 // clicks in the first 30 s (3 a second)
		if len(r.offsets) != r.clicks {
			t.Errorf("%+.0f ppm, %.0f fps: heard %d clicks, want all %d", tc.ppm, tc.fps, len(r.offsets), r.clicks)
			continue
		}
		net := make([]float64, len(r.offsets))
		for k := range net {
			net[k] = r.offsets[k] - r.levels[k]
		}
		lo, hi, mean, _ := spread(r.offsets)
		slo, shi, _, ssd := spread(r.offsets[settle:])
		nlo, nhi, _, nsd := spread(net[settle:])
		t.Logf("%+.0f ppm, %.0f fps: offset mean %.2f ms, all %.2f..%.2f ms, settled %.2f..%.2f ms (p-p %.3f, sd %.3f); net of the level: p-p %.3f ms, sd %.3f; level %d samples; correction %.0f ppm (peak %.0f); underrun %d samples, resyncs %d",
			tc.ppm, tc.fps, mean*1e3, lo*1e3, hi*1e3, slo*1e3, shi*1e3, (shi-slo)*1e3, ssd*1e3, (nhi-nlo)*1e3, nsd*1e3,
			r.stats.Level, r.stats.Correction*1e6, r.maxCorr*1e6, r.stats.Underrun, r.stats.Resyncs)
		if r.stats.Resyncs != 0 {
			t.Errorf("%+.0f ppm, %.0f fps: %d resyncs, want none", tc.ppm, tc.fps, r.stats.Resyncs)
		}
		if nhi-nlo > 0.001 {
			t.Errorf("%+.0f ppm, %.0f fps: settled offset net of the level varies by %.3f ms peak to peak, want under 1 ms", tc.ppm, tc.fps, (nhi-nlo)*1e3)
		}
		if hi > 0.080 || lo < 0 {
			t.Errorf("%+.0f ppm, %.0f fps: offset %.2f..%.2f ms, want within 0..80 ms", tc.ppm, tc.fps, lo*1e3, hi*1e3)
		}
		// The lock has learnt the drift: the correction undoes it.
		if want := -tc.ppm * 1e-6; math.Abs(r.stats.Correction-want) > 60e-6 {
			t.Errorf("%+.0f ppm: correction %.0f ppm, want about %.0f", tc.ppm, r.stats.Correction*1e6, want*1e6)
		}
	}
}

// BenchmarkClockLock reports what TestClockLockKeepsSoundOnThePicture
// checks, for make bench: two simulated minutes of a device 300 ppm fast
// under a 60 fps loop with ±4 ms of jitter; the offset of a tick's sound
// after its picture (mean) and its spread once settled (peak to peak).
func BenchmarkClockLock(b *testing.B) {
	var r lockResult
	for b.Loop() {
		r = lockSim{ppm: 300, fps: 60, jitter: 0.004, burst: 256, seconds: 120}.run(b)
	}
	if len(r.offsets) < 100 {
		b.Fatalf("heard %d clicks, want over 100", len(r.offsets))
	}
	_, _, mean, _ := spread(r.offsets)
	lo, hi, _, _ := spread(r.offsets[90:])
	b.ReportMetric(mean*1e3, "offset-ms")
	b.ReportMetric((hi-lo)*1e3, "jitter-ms")
}
