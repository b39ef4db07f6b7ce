package audio

import (
	"fmt"
	"io"
)

// MaxClipSeconds bounds a clip decoded whole. Longer sounds (music) are
// for streaming (NewStream), which clips are not.
const MaxClipSeconds = 600

// Decode decodes a sound file whole into a clip at Rate, with the first of
// codecs that recognises its first bytes (Codec.Sniff): pass those of the
// formats the game reads, for example wav.Codec{} and vorbis.Codec{}.
// Mono or stereo at 8 to 192 kHz; other rates are resampled linearly to
// Rate. name labels the clip and the errors, which say what is wrong: no
// codecs given, not a sound file of theirs, truncated, corrupt, an
// unsupported channel count or rate, or too long for a clip. It never
// panics on bad input. Call it while loading, on any goroutine.
func Decode(name string, r io.ReadSeeker, codecs ...Codec) (*Clip, error) {
	c, err := pick(name, r, codecs)
	if err != nil {
		return nil, err
	}
	dec, err := openDecoder(name, c, r)
	if err != nil {
		return nil, err
	}
	const limit = MaxClipSeconds * Rate
	if sz, ok := dec.(Sized); ok {
		if n := sz.Len(); n/int64(dec.Rate()) > MaxClipSeconds {
			return nil, fmt.Errorf("audio: %s: %d s long (its header says): longer than %d s: too long for a clip (stream it instead)", name, n/int64(dec.Rate()), MaxClipSeconds)
		}
	}
	rs := newResampler(&safeReader{c: c, dec: dec}, dec.Rate(), 4096, nil)
	var out []float32
	chunk := make([]float32, 2*4096)
	for {
		n, err := rs.read(chunk)
		out = append(out, chunk[:2*n]...)
		if len(out)/2 > limit {
			return nil, fmt.Errorf("audio: %s: longer than %d s: too long for a clip (stream it instead)", name, MaxClipSeconds)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("audio: %s: %w", name, describe(err))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("audio: %s: no samples", name)
	}
	return &Clip{Name: name, Samples: out}, nil
}
