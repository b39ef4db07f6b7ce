package audio

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Codec reads one sound file format. The decoders live in packages of
// their own, so a game links only those it imports: engine/audio/wav
// (wav.Codec{}), engine/audio/vorbis (vorbis.Codec{}) and engine/audio/mp3
// (mp3.Codec{}). Whoever decodes is given the codecs to try (Decode,
// NewStream, StreamFS, StreamBytes); there is no registry. A Codec holds
// no state: one value serves every file, on any goroutine.
type Codec interface {
	// Name names the format in messages: "WAV", "Ogg Vorbis", "MP3".
	Name() string
	// Sniff reports whether head, a file's first SniffBytes bytes (fewer
	// for a shorter file), starts a file of this format.
	Sniff(head []byte) bool
	// Open starts decoding r, which is at the file's start; it reads the
	// header. Errors say what is wrong with the file (io.ErrUnexpectedEOF
	// for one that ends early). Open may panic on corrupt data: the
	// callers in this package turn that into an error.
	Open(r io.ReadSeeker) (Decoder, error)
}

// SniffBytes is how many of a file's first bytes Codec.Sniff is given.
const SniffBytes = 12

// Decoder is an open sound file, decoded in order as it is read. It is
// used from one goroutine at a time.
type Decoder interface {
	// Channels returns the file's channel count. This package plays mono
	// and stereo files and refuses others before reading.
	Channels() int
	// Rate returns the file's rate in samples per second (8000 to 192000
	// are played; others are refused).
	Rate() int
	// Read fills p (an even length) with whole stereo samples at Rate,
	// left then right, mono doubled, values in [-1, 1], and returns how
	// many. At the end it returns 0 samples and io.EOF.
	Read(p []float32) (int, error)
	// Rewind goes back to the first sample, for a looping stream.
	Rewind() error
}

// Sized is implemented by a Decoder whose header tells the file's length:
// Decode refuses a file too long for a clip from it, before decoding.
type Sized interface {
	// Len returns the file's length in samples at the file's Rate.
	Len() int64
}

// pick reads the first bytes of r, seeks back to where it was, and returns
// the first codec that recognises them.
func pick(name string, r io.ReadSeeker, codecs []Codec) (Codec, error) {
	if len(codecs) == 0 {
		return nil, fmt.Errorf("audio: %s: no codecs given: pass those of the formats the game reads (wav.Codec{} of engine/audio/wav, vorbis.Codec{} of engine/audio/vorbis, mp3.Codec{} of engine/audio/mp3)", name)
	}
	pos, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, fmt.Errorf("audio: %s: %w", name, err)
	}
	var buf [SniffBytes]byte
	n, err := io.ReadFull(r, buf[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, fmt.Errorf("audio: %s: reading its first bytes: %w", name, err)
	}
	if _, err := r.Seek(pos, io.SeekStart); err != nil {
		return nil, fmt.Errorf("audio: %s: %w", name, err)
	}
	names := make([]string, 0, len(codecs))
	for _, c := range codecs {
		if c == nil {
			return nil, fmt.Errorf("audio: %s: a nil codec among those given", name)
		}
		if c.Sniff(buf[:n]) {
			return c, nil
		}
		names = append(names, c.Name())
	}
	return nil, fmt.Errorf("audio: %s: not a sound file this game reads (it starts % x; want %s)", name, buf[:n], strings.Join(names, ", "))
}

// openDecoder starts decoding r with c and checks the channel count and the
// rate. A panic of the decoder is an error naming the format.
func openDecoder(name string, c Codec, r io.ReadSeeker) (dec Decoder, err error) {
	var ch, rate int
	func() {
		defer func() {
			if p := recover(); p != nil {
				dec, err = nil, fmt.Errorf("corrupt %s data (the decoder failed: %v)", c.Name(), p)
			}
		}()
		if dec, err = c.Open(r); err == nil {
			ch, rate = dec.Channels(), dec.Rate()
		}
	}()
	switch {
	case err != nil:
		return nil, fmt.Errorf("audio: %s: %w", name, describe(err))
	case dec == nil:
		return nil, fmt.Errorf("audio: %s: the %s codec gave no decoder", name, c.Name())
	case ch != 1 && ch != 2:
		return nil, fmt.Errorf("audio: %s: %d channels: mono or stereo only", name, ch)
	case rate < 8000 || rate > 192000:
		return nil, fmt.Errorf("audio: %s: %d Hz: allowed 8000 to 192000", name, rate)
	}
	return dec, nil
}

// describe names a truncated file as such.
func describe(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return fmt.Errorf("truncated: the file ends inside its header or its data (%w)", err)
	}
	return err
}

// safeReader is a sampleReader over a Decoder that turns the decoder's
// panics on corrupt data into errors, and checks the count it returns.
type safeReader struct {
	c   Codec
	dec Decoder
}

func (s safeReader) read(p []float32) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = 0, fmt.Errorf("corrupt %s data (the decoder failed: %v)", s.c.Name(), r)
		}
	}()
	n, err = s.dec.Read(p)
	if n < 0 || 2*n > len(p) {
		return 0, fmt.Errorf("corrupt %s data (the decoder gave %d samples for %d)", s.c.Name(), n, len(p)/2)
	}
	return n, err
}

// rewind is safeReader's Rewind, with the same care.
func (s safeReader) rewind() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("corrupt %s data (the decoder failed going back to the start: %v)", s.c.Name(), r)
		}
	}()
	return s.dec.Rewind()
}
