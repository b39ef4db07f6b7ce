package demo

import (
	"math"

	"github.com/tickwork/tickwork/engine/audio"
)

// tone synthesises a clip: a sine at freq Hz falling to glide × freq,
// decaying exponentially over dur seconds, with a 2 ms attack so it starts
// without a click. The sample's sounds are its own, made by code.
func tone(name string, freq, glide, dur, gain float64) *audio.Clip {
	n := int(dur * audio.Rate)
	c := &audio.Clip{Name: name, Samples: make([]float32, 2*n)}
	phase := 0.0
	for i := range n {
		t := float64(i) / audio.Rate
		f := freq * math.Pow(glide, t/dur)
		phase += 2 * math.Pi * f / audio.Rate
		env := math.Exp(-5*t/dur) * min(1, t/0.002)
		v := float32(gain * env * math.Sin(phase))
		c.Samples[2*i], c.Samples[2*i+1] = v, v
	}
	return c
}

// sounds are the gameplay's sounds.
type sounds struct {
	bounce, teleport, step *audio.Clip
}

func makeSounds() sounds {
	return sounds{
		bounce:   tone("bounce", 220, 0.6, 0.18, 0.5),
		teleport: tone("teleport", 660, 2.5, 0.35, 0.35),
		step:     tone("step", 110, 0.7, 0.07, 0.35),
	}
}
