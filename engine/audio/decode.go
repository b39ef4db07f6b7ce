package audio

import (
	"fmt"
	"io"
)

// MaxClipSeconds bounds a clip decoded whole. Longer sounds (music) are
// for streaming (NewStream), which clips are not.
const MaxClipSeconds = 600

// Decode decodes a sound file whole into a clip at Rate, recognising its
// format from its first bytes (Sniff): WAV, Ogg Vorbis or MP3. Mono or
// stereo at 8 to 192 kHz; other rates are resampled linearly to Rate.
// name labels the clip and the errors, which say what is wrong: not a
// sound file, truncated, corrupt, an unsupported channel count or rate,
// or too long for a clip. It never panics on bad input. Call it while
// loading, on any goroutine.
func Decode(name string, r io.ReadSeeker) (*Clip, error) {
	f, err := sniff(name, r)
	if err != nil {
		return nil, err
	}
	return decodeAs(name, f, r)
}

// DecodeWAV decodes a WAV file (PCM of 8, 16, 24 or 32 bits, or 32-bit
// float; mono or stereo; 8 to 192 kHz) into a clip at Rate, like Decode.
func DecodeWAV(name string, r io.ReadSeeker) (*Clip, error) { return decodeAs(name, WAV, r) }

// DecodeOgg decodes an Ogg Vorbis file (mono or stereo, 8 to 192 kHz)
// into a clip at Rate, like Decode.
func DecodeOgg(name string, r io.ReadSeeker) (*Clip, error) { return decodeAs(name, Ogg, r) }

// DecodeMP3 decodes an MP3 file (MPEG-1, 2 or 2.5 layer III; an ID3v2 tag
// is skipped) into a clip at Rate, like Decode. A file cut inside its last
// frame decodes up to the cut, as players do.
func DecodeMP3(name string, r io.ReadSeeker) (*Clip, error) { return decodeAs(name, MP3, r) }

func decodeAs(name string, f Format, r io.ReadSeeker) (*Clip, error) {
	fr, rate, err := openFormat(name, f, r)
	if err != nil {
		return nil, err
	}
	src := formatReader{f: f, fr: fr}
	rs := newResampler(src, rate, 4096, nil)
	const limit = MaxClipSeconds * Rate
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

// formatReader is a frameReader that turns its decoder's panics into
// errors (safeRead).
type formatReader struct {
	f  Format
	fr frameReader
}

func (r formatReader) read(p []float32) (int, error) { return safeRead(r.f, r.fr, p) }
