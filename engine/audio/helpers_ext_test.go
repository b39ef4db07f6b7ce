package audio_test

import (
	"bytes"
	"slices"
	"testing"

	. "github.com/tickwork/tickwork/engine/audio"
)

// The helpers of the tests that read files through the codecs, which
// import this package and so test it from outside.

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

// nopCloser is a file in memory.
type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }
