package audio

import (
	"math"
	"slices"
	"testing"
	"time"
)

// sine returns a clip of a sine at freq Hz, seconds long, at amplitude 0.5.
func sine(freq, seconds float64) *Clip {
	n := int(seconds * Rate)
	c := &Clip{Name: "sine", Samples: make([]float32, 2*n)}
	for i := range n {
		v := float32(0.5 * math.Sin(2*math.Pi*freq*float64(i)/Rate))
		c.Samples[2*i], c.Samples[2*i+1] = v, v
	}
	return c
}

// rig is a feeder with a game mixer, driven by frames of 800 device samples
// (60 fps) with the device reading the same amount after each.
type rig struct {
	t     *testing.T
	f     *Feeder
	game  *Mixer
	clock int64 // the game clock, timeline samples
	out   []float32
}

func newRig(t *testing.T) *rig {
	t.Helper()
	f, err := NewFeeder(FeederConfig{})
	if err != nil {
		t.Fatal(err)
	}
	game, err := NewMixer(8)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, f: f, game: game}
}

// frames runs n frames of 800 device samples: the clock moves 800 × scale
// (0 while paused), the feeder feeds, the device reads; it returns what the
// device got.
func (r *rig) frames(n int, scale float64, paused bool) []float32 {
	r.out = r.out[:0]
	buf := make([]float32, 2*800)
	for range n {
		if !paused {
			r.clock += int64(800 * scale)
		}
		r.f.Feed(r.game, GameClock{Sample: r.clock, Scale: scale, Paused: paused})
		r.f.Read(buf)
		r.out = append(r.out, buf...)
	}
	return r.out
}

// crossings counts the rising zero crossings of the left channel.
func crossings(s []float32) int {
	n := 0
	for i := 2; i < len(s); i += 2 {
		if s[i-2] < 0 && s[i] >= 0 {
			n++
		}
	}
	return n
}

func peak(s []float32) float32 {
	var p float32
	for _, v := range s {
		p = max(p, float32(math.Abs(float64(v))))
	}
	return p
}

func TestFeederPlaysTheGameLaneAtTheTimeScale(t *testing.T) {
	for _, tc := range []struct {
		scale float64
		want  int // rising crossings of a 600 Hz sine in 1.2 s of device time
	}{{1, 720}, {0.5, 360}, {0.25, 180}, {2, 1440}} {
		r := newRig(t)
		if _, err := r.game.Start(0, Play{Clip: sine(600, 10), Volume: 1}); err != nil {
			t.Fatal(err)
		}
		r.frames(120, tc.scale, false) // settle: 1.6 s
		got := crossings(r.frames(72, tc.scale, false))
		if math.Abs(float64(got-tc.want)) > float64(tc.want)/100 {
			t.Errorf("scale %v: got %d crossings in 1.2 s, want %d (pitch follows the time scale)", tc.scale, got, tc.want)
		}
		if r.game.Cursor() > r.clock {
			t.Errorf("scale %v: the lane was rendered to %d, past the clock's %d", tc.scale, r.game.Cursor(), r.clock)
		}
	}
}

func TestFeederPausedSilencesTheGameLaneButNotTheUILane(t *testing.T) {
	r := newRig(t)
	if _, err := r.game.Start(0, Play{Clip: sine(600, 10), Volume: 1}); err != nil {
		t.Fatal(err)
	}
	if p := peak(r.frames(60, 1, false)); p < 0.3 {
		t.Fatalf("running: peak %v, want the sine at 0.5·cos(π/4), about 0.354 (constant-power pan)", p)
	}
	r.frames(10, 1, true) // the queue plays out
	if p := peak(r.frames(30, 1, true)); p != 0 {
		t.Errorf("paused: peak %v, want silence", p)
	}
	lane := r.f.Stats().Lane
	if _, err := r.f.PlayUI(Play{Clip: sine(1000, 0.2), Volume: 1}); err != nil {
		t.Fatal(err)
	}
	if got := crossings(r.frames(30, 1, true)); got < 190 || got > 210 {
		t.Errorf("paused: a UI sound of 0.2 s at 1 kHz gave %d crossings, want about 200", got)
	}
	if got := r.f.Stats().Lane; got != lane {
		t.Errorf("paused: the game lane moved from %v to %v", lane, got)
	}
	if p := peak(r.frames(60, 1, false)[2*4000:]); p < 0.3 {
		t.Errorf("resumed: peak %v, want the sine again", p)
	}
}

func TestFeederUILaneIgnoresTheTimeScale(t *testing.T) {
	r := newRig(t)
	r.frames(10, 0.25, false)
	if _, err := r.f.PlayUI(Play{Clip: sine(1000, 0.2), Volume: 1}); err != nil {
		t.Fatal(err)
	}
	if got := crossings(r.frames(30, 0.25, false)); got < 190 || got > 210 {
		t.Errorf("at scale 0.25 a UI sound of 0.2 s at 1 kHz gave %d crossings, want about 200", got)
	}
}

func TestFeederUnderrunIsSilenceCountedAndSkipped(t *testing.T) {
	r := newRig(t)
	if _, err := r.game.Start(0, Play{Clip: sine(600, 10), Volume: 1}); err != nil {
		t.Fatal(err)
	}
	r.frames(60, 1, false)
	// A hitch: the game stalls 0.5 s while the device reads on.
	buf := make([]float32, 2*800)
	for range 30 {
		r.f.Read(buf)
	}
	if p := peak(buf); p != 0 {
		t.Errorf("the device read %v past the queue, want silence", p)
	}
	st := r.f.Stats()
	if st.Underrun < 30*800-2*st.Level {
		t.Errorf("underrun %d samples, want at least %d", st.Underrun, 30*800-2*st.Level)
	}
	r.clock += 30 * 800
	r.frames(30, 1, false)
	st = r.f.Stats()
	// The lane follows the clock: it is one queue behind it, not 0.5 s.
	if lag := float64(r.clock) - st.Lane; lag > float64(st.Level)+100 {
		t.Errorf("after the hitch the lane lags the clock by %v samples, want at most the level %d", lag, st.Level)
	}
}

func TestFeederResyncsAfterAStalledDevice(t *testing.T) {
	r := newRig(t)
	r.frames(30, 1, false)
	for range 60 { // the device stops reading for 0.8 s
		r.clock += 800
		r.f.Feed(r.game, GameClock{Sample: r.clock, Scale: 1})
	}
	if got := r.f.Stats().Resyncs; got == 0 {
		t.Errorf("got %d resyncs after a stalled device, want at least 1", got)
	}
	if r.game.Cursor() > r.clock {
		t.Errorf("the lane was rendered to %d, past the clock's %d", r.game.Cursor(), r.clock)
	}
}

func TestFeederFeedAllocatesNothing(t *testing.T) {
	r := newRig(t)
	if _, err := r.game.Start(0, Play{Clip: sine(600, 100), Loop: true, Volume: 1}); err != nil {
		t.Fatal(err)
	}
	buf := make([]float32, 2*800)
	allocs := testing.AllocsPerRun(200, func() {
		r.clock += 800
		r.f.Feed(r.game, GameClock{Sample: r.clock, Scale: 1})
		r.f.Read(buf)
	})
	if allocs != 0 {
		t.Errorf("Feed and Read: got %v allocations per frame, want 0", allocs)
	}
}

func TestNewFeederRejectsBadSizes(t *testing.T) {
	for _, cfg := range []FeederConfig{{Target: 10}, {Target: 1 << 20}, {UIVoices: -1}} {
		if _, err := NewFeeder(cfg); err == nil {
			t.Errorf("NewFeeder(%+v): got no error, want one", cfg)
		}
	}
}

func BenchmarkFeederFrame(b *testing.B) {
	f, _ := NewFeeder(FeederConfig{})
	game, _ := NewMixer(64)
	for i := range 16 {
		_, _ = game.Start(int64(i*100), Play{Clip: sine(200+float64(i)*50, 100), Loop: true, Volume: 0.1})
	}
	buf := make([]float32, 2*800)
	clock := int64(0)
	waits := make([]time.Duration, 0, 1<<16)
	b.ReportAllocs()
	for b.Loop() {
		clock += 800
		t0 := time.Now()
		f.Feed(game, GameClock{Sample: clock, Scale: 1})
		if d := time.Since(t0); len(waits) < cap(waits) {
			waits = append(waits, d)
		}
		f.Read(buf)
	}
	// The game loop's only wait on sound is Feed: its 99th percentile and
	// its longest call (which catches whatever else the machine did).
	slices.Sort(waits)
	b.ReportMetric(float64(waits[len(waits)*99/100].Microseconds()), "p99-feed-µs")
	b.ReportMetric(float64(waits[len(waits)-1].Microseconds()), "max-feed-µs")
}
