package audio

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/timing"
)

// impulse is a clip of n samples whose first sample is (1, 1).
func impulse(n int) *Clip {
	c := &Clip{Name: "impulse", Samples: make([]float32, 2*n)}
	c.Samples[0], c.Samples[1] = 1, 1
	return c
}

func ramp(n int) *Clip {
	c := &Clip{Name: "ramp", Samples: make([]float32, 2*n)}
	for i := range n {
		c.Samples[2*i], c.Samples[2*i+1] = float32(i+1), -float32(i+1)
	}
	return c
}

func mixer(t testing.TB, voices int) *Mixer {
	m, err := NewMixer(voices)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// render pulls n samples in chunks of the given sizes (cycled).
func render(m *Mixer, n int, chunks ...int) []float32 {
	out := make([]float32, 0, 2*n)
	buf := make([]float32, 2*slices.Max(chunks))
	for i := 0; len(out) < 2*n; i++ {
		n := min(chunks[i%len(chunks)], n-len(out)/2)
		m.Render(buf[:2*n])
		out = append(out, buf[:2*n]...)
	}
	return out
}

func TestStartsAreSampleExactHoweverTheOutputIsPulled(t *testing.T) {
	var want []float32
	for _, chunks := range [][]int{{3000}, {7}, {480, 1024, 13}, {1}} {
		m := mixer(t, 8)
		for _, at := range []int64{1000, 1003, 2999} {
			if _, err := m.Start(at, Play{Clip: impulse(4), Pan: -1, Volume: 1}); err != nil {
				t.Fatal(err)
			}
		}
		m.Start(500, Play{Clip: ramp(50), Loop: true, Volume: 0.25})
		got := render(m, 3000, chunks...)
		for _, at := range []int{1000, 1003, 2999} {
			if got[2*at] < 0.99 {
				t.Errorf("chunks %v: the impulse started at sample %d is %v there", chunks, at, got[2*at])
			}
		}
		if want == nil {
			want = got
		} else if !slices.Equal(got, want) {
			t.Errorf("chunks %v: samples differ from one 3000-sample render", chunks)
		}
	}
}

func TestSampleOfTick(t *testing.T) {
	tests := []struct {
		tick, step, origin timing.Micros
		want               int64
	}{
		{0, 33333, 0, 1599}, // 33333 µs × 48 kHz = 1599.98: rounded down
		{33333, 33333, 0, 3199},
		{1_000_000, 16666, 0, 48799},
		{500_000, 10000, 500_000, 480},
	}
	for _, tt := range tests {
		if got := SampleOfTick(tt.tick, tt.step, tt.origin); got != tt.want {
			t.Errorf("SampleOfTick(%d, %d, %d) = %d, want %d", tt.tick, tt.step, tt.origin, got, tt.want)
		}
	}
}

func TestLoopStopPanAndBus(t *testing.T) {
	m := mixer(t, 4)
	id, _ := m.Start(0, Play{Clip: ramp(3), Loop: true, Volume: 1})
	m.Stop(id, 7)
	got := render(m, 10, 10)
	left := []float32{}
	for i := 0; i < len(got); i += 2 {
		left = append(left, got[i])
	}
	s := float32(math.Sqrt2 / 2) // centre pan: constant power
	want := []float32{1 * s, 2 * s, 3 * s, 1 * s, 2 * s, 3 * s, 1 * s, 0, 0, 0}
	for i := range want {
		if math.Abs(float64(left[i]-want[i])) > 1e-6 {
			t.Fatalf("looped then stopped at 7: left %v, want %v", left, want)
		}
	}
	if m.Voices() != 0 {
		t.Errorf("after its stop: %d voices, want 0", m.Voices())
	}
	m.Start(m.Cursor(), Play{Clip: impulse(1), Pan: 1, Bus: Music, Volume: 1})
	if err := m.SetBusVolume(Music, 0.5); err != nil {
		t.Fatal(err)
	}
	got = render(m, 1, 1)
	if math.Abs(float64(got[0])) > 1e-6 || math.Abs(float64(got[1]-0.5)) > 1e-6 {
		t.Errorf("hard right on a bus at 0.5: (%v, %v), want (0, 0.5)", got[0], got[1])
	}
}

func TestVoiceStealing(t *testing.T) {
	m := mixer(t, 2)
	quiet, _ := m.Start(0, Play{Clip: ramp(100), Volume: 0.1})
	loud, _ := m.Start(0, Play{Clip: ramp(100), Volume: 1})
	third, err := m.Start(0, Play{Clip: ramp(100), Volume: 0.5})
	if err != nil || m.Stolen() != 1 || m.Voices() != 2 {
		t.Fatalf("a third voice of two: %v, %d stolen, %d voices; want it started, 1 stolen, 2 voices", err, m.Stolen(), m.Voices())
	}
	for _, v := range m.voices {
		if v.id == quiet {
			t.Errorf("the quietest voice %d was kept; %d and %d should play", quiet, loud, third)
		}
	}
}

func TestStartRefusesBadInput(t *testing.T) {
	m := mixer(t, 2)
	tests := []struct {
		p    Play
		want string
	}{
		{Play{}, "no clip"},
		{Play{Clip: &Clip{Name: "x"}, Volume: 1}, "empty"},
		{Play{Clip: ramp(1), Volume: 9}, "volume 9"},
		{Play{Clip: ramp(1), Pan: 2, Volume: 1}, "pan 2"},
		{Play{Clip: ramp(1), Bus: 7, Volume: 1}, "bus 7"},
		{Play{Clip: ramp(1), Volume: float32(math.NaN())}, "volume NaN"},
	}
	for _, tt := range tests {
		if _, err := m.Start(0, tt.p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Start(%+v): got %v, want an error saying %q", tt.p, err, tt.want)
		}
	}
	for _, n := range []int{0, 5000} {
		if _, err := NewMixer(n); err == nil {
			t.Errorf("NewMixer(%d): got nil error", n)
		}
	}
}

func TestRenderAllocatesNothing(t *testing.T) {
	m := mixer(t, 64)
	for i := range 64 {
		m.Start(int64(i*10), Play{Clip: ramp(4800), Loop: true, Pan: float32(i%3-1) / 2, Volume: 1})
	}
	buf := make([]float32, 2*480)
	if a := testing.AllocsPerRun(100, func() { m.Render(buf) }); a != 0 {
		t.Errorf("Render allocates %v times, want 0", a)
	}
}

// BenchmarkMix64Voices mixes 64 looping voices; the figure is CPU time per
// second of audio (ms/s) and allocations (0).
func BenchmarkMix64Voices(b *testing.B) {
	m := mixer(b, 64)
	for i := range 64 {
		m.Start(0, Play{Clip: ramp(48000), Loop: true, Pan: float32(i%5-2) / 2, Volume: 1})
	}
	buf := make([]float32, 2*480) // 10 ms chunks, as a device pulls them
	b.ReportAllocs()
	for b.Loop() {
		m.Render(buf)
	}
	perSecond := float64(b.Elapsed().Nanoseconds()) / float64(b.N) * (Rate / 480) / 1e6
	b.ReportMetric(perSecond, "cpu-ms/s")
}

// A tap sees every rendered sample once, in timeline order, however the
// timeline is cut into calls: what it collects equals one whole render.
func TestTapRecordsWhatRenderMixed(t *testing.T) {
	start := func(m *Mixer) {
		for i, at := range []int64{0, 700, 2000} {
			if _, err := m.Start(at, Play{Clip: sine(300+100*float64(i), 0.02), Pan: float32(i-1) / 2, Volume: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	whole, _ := NewMixer(8)
	start(whole)
	want := make([]float32, 2*3000)
	whole.Render(want)

	m, _ := NewMixer(8)
	start(m)
	var got []float32
	m.SetTap(func(samples []float32) { got = append(got, samples...) })
	for _, n := range []int{1, 37, 480, 1000, 1482} {
		m.Render(make([]float32, 2*n))
	}
	if len(got) != len(want) {
		t.Fatalf("got %d tapped samples, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sample %d: got %v, want %v", i, got[i], want[i])
		}
	}
	m.SetTap(nil)
	m.Render(make([]float32, 20))
	if len(got) != len(want) {
		t.Errorf("after SetTap(nil): got %d samples, want still %d", len(got), len(want))
	}
}

// Volume 0 starts a voice silent (a muted start, or one a fade brings up
// later); 1 plays the clip as recorded.
func TestVolumeZeroIsSilence(t *testing.T) {
	for _, tc := range []struct {
		name   string
		volume float32
		want   float32
	}{
		{"zero is silence", 0, 0},
		{"one is the clip as recorded", 1, 1},
		{"a half", 0.5, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mixer(t, 2)
			if _, err := m.Start(0, Play{Clip: impulse(4), Pan: -1, Volume: tc.volume}); err != nil {
				t.Fatal(err)
			}
			if got := render(m, 4, 4); math.Abs(float64(got[0]-tc.want)) > 1e-6 {
				t.Errorf("volume %v: the first left sample is %v, want %v", tc.volume, got[0], tc.want)
			}
		})
	}
}
