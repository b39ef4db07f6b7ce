package audio

import (
	"fmt"
	"io"
	"math"

	"github.com/go-audio/wav"
)

// MaxClipSeconds bounds a clip decoded whole. Longer sounds (music) are
// for streaming, which clips are not.
const MaxClipSeconds = 600

// DecodeWAV decodes a WAV file (PCM of 8, 16, 24 or 32 bits, or 32-bit
// float; mono or stereo; 8 to 192 kHz) into a clip at Rate, resampling
// linearly when the file's rate differs. name labels the clip and the
// errors, which say what is wrong with the file.
func DecodeWAV(name string, r io.ReadSeeker) (*Clip, error) {
	d := wav.NewDecoder(r)
	if !d.IsValidFile() {
		return nil, fmt.Errorf("audio: %s: not a WAV file (or a damaged header)", name)
	}
	ch, bits, rate := int(d.NumChans), int(d.BitDepth), int(d.SampleRate)
	float := d.WavAudioFormat == 3
	switch {
	case ch != 1 && ch != 2:
		return nil, fmt.Errorf("audio: %s: %d channels: mono or stereo only", name, ch)
	case rate < 8000 || rate > 192000:
		return nil, fmt.Errorf("audio: %s: %d Hz: allowed 8000 to 192000", name, rate)
	case float && bits != 32:
		return nil, fmt.Errorf("audio: %s: %d-bit float samples: 32-bit float only", name, bits)
	case d.WavAudioFormat != 1 && d.WavAudioFormat != 3 && d.WavAudioFormat != 0xFFFE:
		return nil, fmt.Errorf("audio: %s: WAV format %#x: PCM (1) or float (3) only (compressed WAV is not read)", name, d.WavAudioFormat)
	case bits != 8 && bits != 16 && bits != 24 && bits != 32:
		return nil, fmt.Errorf("audio: %s: %d-bit samples: 8, 16, 24 or 32 only", name, bits)
	}
	buf, err := d.FullPCMBuffer()
	if err != nil {
		return nil, fmt.Errorf("audio: %s: reading the samples: %w", name, err)
	}
	frames := len(buf.Data) / ch
	if frames == 0 {
		return nil, fmt.Errorf("audio: %s: no samples", name)
	}
	if frames > MaxClipSeconds*rate {
		return nil, fmt.Errorf("audio: %s: %d s long: clips up to %d s", name, frames/rate, MaxClipSeconds)
	}
	// Samples to [-1, 1], stereo.
	scale := 1 / float64(int64(1)<<(bits-1))
	sample := func(v int) float64 {
		switch {
		case float:
			f := float64(math.Float32frombits(uint32(int32(v))))
			if f != f {
				return 0
			}
			return min(max(f, -1), 1)
		case bits == 8:
			return float64(v-128) / 128 // 8-bit WAV is unsigned
		}
		return float64(v) * scale
	}
	src := make([]float64, 2*frames)
	for i := range frames {
		l := sample(buf.Data[i*ch])
		rr := l
		if ch == 2 {
			rr = sample(buf.Data[i*ch+1])
		}
		src[2*i], src[2*i+1] = l, rr
	}
	return &Clip{Name: name, Samples: resample(src, rate)}, nil
}

// resample converts stereo frames at rate to Rate by linear
// interpolation, in float64 so the same file gives the same samples.
func resample(src []float64, rate int) []float32 {
	n := len(src) / 2
	if rate == Rate {
		out := make([]float32, len(src))
		for i, v := range src {
			out[i] = float32(v)
		}
		return out
	}
	m := int(int64(n) * Rate / int64(rate))
	out := make([]float32, 2*m)
	for j := range m {
		pos := float64(j) * float64(rate) / Rate
		i := int(pos)
		f := pos - float64(i)
		i1 := min(i+1, n-1)
		for c := range 2 {
			out[2*j+c] = float32(src[2*i+c]*(1-f) + src[2*i1+c]*f)
		}
	}
	return out
}
