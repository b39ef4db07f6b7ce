package engine

import (
	"math"
	"testing"

	"github.com/tickwork/tickwork/engine/audio"
)

// hummer starts a long 600 Hz hum on the game's timeline in its first tick.
type hummer struct{}

func (hummer) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == 0 {
		_, err := ctx.PlaySound(audio.Play{Clip: tone(600, 20), Volume: 1})
		return err
	}
	return nil
}

func (hummer) Draw(*DrawContext) {}

func tone(freq, seconds float64) *audio.Clip {
	n := int(seconds * audio.Rate)
	c := &audio.Clip{Name: "tone", Samples: make([]float32, 2*n)}
	for i := range n {
		v := float32(0.5 * math.Sin(2*math.Pi*freq*float64(i)/audio.Rate))
		c.Samples[2*i], c.Samples[2*i+1] = v, v
	}
	return c
}

// zeroCrossings counts rising zero crossings of the left channel.
func zeroCrossings(s []float32) int {
	n := 0
	for i := 2; i < len(s); i += 2 {
		if s[i-2] < 0 && s[i] >= 0 {
			n++
		}
	}
	return n
}

// TestAudioOutputFollowsPauseAndTimeScale runs a headless game at 60 fps
// with a feeder as its output, read 800 samples per frame as a device
// would: the game's hum plays at 600 Hz, at 300 Hz in half-speed slow
// motion, not at all while the game is paused, while an interface sound
// started during the pause plays at its own pitch.
func TestAudioOutputFollowsPauseAndTimeScale(t *testing.T) {
	h, err := NewHeadless(Options{}, hummer{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := audio.NewFeeder(audio.FeederConfig{})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.Audio().SetOutput(f)
	buf := make([]float32, 2*800)
	run := func(frames int) []float32 { // 60 fps: 16667 µs, 800 samples
		var out []float32
		for range frames {
			if err := h.RunFrame(16667); err != nil {
				t.Fatal(err)
			}
			f.Read(buf)
			out = append(out, buf...)
		}
		return out
	}
	run(60)
	for _, tc := range []struct {
		name  string
		setup func()
		want  int // rising crossings in one second of device time
	}{
		{"running", func() {}, 600},
		{"slow motion", func() {
			if err := h.Game.Time().SetTimeScale(0.5); err != nil {
				t.Fatal(err)
			}
		}, 300},
		{"paused", func() { h.Game.Time().Pause() }, 0},
		{"paused, an interface sound", func() {
			if _, err := h.Game.Audio().PlayUI(audio.Play{Clip: tone(1000, 2), Volume: 1}); err != nil {
				t.Fatal(err)
			}
		}, 1000},
	} {
		tc.setup()
		run(15) // the queue plays out
		got := zeroCrossings(run(60))
		if math.Abs(float64(got-tc.want)) > float64(tc.want)/50+2 {
			t.Errorf("%s: got %d crossings in a second, want %d", tc.name, got, tc.want)
		}
	}
}

func TestPlayUIWithoutAnOutputDoesNothing(t *testing.T) {
	h, err := NewHeadless(Options{}, hummer{})
	if err != nil {
		t.Fatal(err)
	}
	if id, err := h.Game.Audio().PlayUI(audio.Play{Clip: tone(1000, 0.1), Volume: 1}); id != 0 || err != nil {
		t.Errorf("got %v, %v; want 0, nil", id, err)
	}
}
