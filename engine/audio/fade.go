package audio

import (
	"fmt"
	"io"
)

// FadeOut ends voice id with a linear fade that lasts the given number of
// samples and begins at timeline sample at (the next sample to render when at is already past):
// the voice is silent and dropped at at+samples. samples ≤ 0 stops it at at,
// like Stop. Call it where Stop is called (the engine's main goroutine).
func (m *Mixer) FadeOut(id VoiceID, at int64, samples int) {
	for i := range m.voices {
		v := &m.voices[i]
		if v.id == id {
			at = max(at, m.cursor)
			if samples <= 0 {
				v.stop = at
				return
			}
			v.stop, v.fadeTo = at+int64(samples), int64(samples)
			return
		}
	}
}

// SetBusVolumeAt sets a bus's volume (0 to 4) from timeline sample at (the
// next sample to render when at is already past), so a change the
// simulation makes in a tick lands at the tick's sample whatever frame ran
// it, and a recording replays to the same samples. Changes wait in the
// order they were set; at most 64 wait at once.
func (m *Mixer) SetBusVolumeAt(b Bus, v float32, at int64) error {
	switch {
	case b >= NumBuses || !(v >= 0 && v <= 4):
		return fmt.Errorf("audio: bus %d volume %v: want a bus below %d and a volume from 0 to 4", b, v, NumBuses)
	case len(m.busAt) == cap(m.busAt):
		return fmt.Errorf("audio: bus %d volume at sample %d: %d changes already wait: render the timeline first", b, at, len(m.busAt))
	}
	m.busAt = append(m.busAt, busChange{at: max(at, m.cursor), bus: b, vol: v})
	return nil
}

// applyBusChanges applies the waiting bus volumes due at sample t.
func (m *Mixer) applyBusChanges(t int64) {
	for i := 0; i < len(m.busAt); {
		if c := m.busAt[i]; c.at <= t {
			m.bus[c.bus] = c.vol
			m.busAt = append(m.busAt[:i], m.busAt[i+1:]...)
			continue
		}
		i++
	}
}

// Err returns the last error that stopped a stream voice (a corrupt or
// unreadable file met while playing), or nil; StreamErrors counts them.
// The voice that failed plays what decoded before the error, then
// silence.
func (m *Mixer) Err() error { return m.err }

// StreamErrors returns how many stream voices decoding errors stopped.
func (m *Mixer) StreamErrors() int { return m.errs }

// fading reports whether a fade touches samples [lo, hi) of v.
func (v *voice) fading(lo, hi int64) bool {
	return lo-v.start < v.fadeIn || v.fadeTo > 0 && hi > v.stop-v.fadeTo
}

// amp is v's fade gain at timeline sample t: 1 outside its fades.
func (v *voice) amp(t int64) float32 {
	a := float32(1)
	if k := t - v.start; k < v.fadeIn {
		a = float32(k) / float32(v.fadeIn)
	}
	if v.fadeTo > 0 {
		if r := v.stop - t; r < v.fadeTo {
			a *= float32(r) / float32(v.fadeTo)
		}
	}
	return a
}

// mixFaded is mix for a clip voice inside a fade: the gain is computed per
// sample. Outside the fades it gives the same samples as mix's plain loop
// (the gain is then exactly 1 × the bus's).
func (m *Mixer) mixFaded(v *voice, dst []float32, from, lo, hi int64) {
	samples := int64(v.clip.Len())
	k := lo - v.start
	if v.loop {
		k %= samples
	} else if k >= samples {
		return
	}
	g := m.bus[v.bus] * m.master
	src := v.clip.Samples
	for t := lo; t < hi; t++ {
		if k == samples {
			if !v.loop {
				return
			}
			k = 0
		}
		a := v.amp(t) * g
		i := 2 * (t - from)
		dst[i] += src[2*k] * (v.gl * a)
		dst[i+1] += src[2*k+1] * (v.gr * a)
		k++
	}
}

// mixStream is mix for a stream voice: it decodes the samples [lo, hi) of
// the timeline as it goes, into the voice's own buffers.
func (m *Mixer) mixStream(v *voice, dst []float32, from, lo, hi int64) {
	g := m.bus[v.bus] * m.master
	fade := v.fading(lo, hi)
	for t := lo; t < hi; {
		src, err := v.st.next(t-v.start, int(hi-t))
		if err != nil {
			return // Render drops the voice and reports the error
		}
		n := int64(len(src) / 2)
		gl, gr := v.gl*g, v.gr*g
		out := dst[2*(t-from) : 2*(t-from+n)]
		for i := int64(0); i < n; i++ {
			if fade {
				a := v.amp(t+i) * g
				gl, gr = v.gl*a, v.gr*a
			}
			out[2*i] += src[2*i] * gl
			out[2*i+1] += src[2*i+1] * gr
		}
		t += n
	}
}

// streamEnded reports a stream voice's error when it was not the end of
// its file.
func (m *Mixer) streamEnded(v *voice) {
	if err := v.st.err; err != nil && err != io.EOF {
		m.errs++
		m.err = fmt.Errorf("audio: stream %s stopped: %w", v.st.s.Name, describe(err))
	}
}
