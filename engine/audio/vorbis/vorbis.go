// Package vorbis reads Ogg Vorbis files for engine/audio, through
// github.com/jfreymuth/oggvorbis: pass Codec{} to audio.Decode,
// audio.NewStream, audio.StreamFS or audio.StreamBytes. Mono or stereo.
package vorbis

import (
	"io"

	"github.com/jfreymuth/oggvorbis"

	"github.com/tickwork/tickwork/engine/audio"
)

// Codec is Ogg Vorbis's audio.Codec. Its zero value is ready, and it holds
// no state.
type Codec struct{}

var _ audio.Codec = Codec{}

// Name returns "Ogg Vorbis".
func (Codec) Name() string { return "Ogg Vorbis" }

// Sniff recognises an Ogg page ("OggS").
func (Codec) Sniff(head []byte) bool { return len(head) >= 4 && string(head[:4]) == "OggS" }

// Decode decodes an Ogg Vorbis file whole into a clip (audio.Decode with
// this codec only).
func Decode(name string, r io.ReadSeeker) (*audio.Clip, error) {
	return audio.Decode(name, r, Codec{})
}

// decoder reads through oggvorbis; mono is read into a buffer of its own
// and doubled.
type decoder struct {
	src   io.ReadSeeker
	start int64
	r     *oggvorbis.Reader
	ch    int
	mono  []float32
}

// Open reads the Vorbis headers.
func (Codec) Open(r io.ReadSeeker) (audio.Decoder, error) {
	start, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, err
	}
	d := &decoder{src: r, start: start}
	if err := d.open(); err != nil {
		return nil, err
	}
	if d.ch == 1 {
		d.mono = make([]float32, 4096)
	}
	return d, nil
}

func (d *decoder) open() error {
	// A plain reader: oggvorbis would otherwise seek to the end first.
	or, err := oggvorbis.NewReader(struct{ io.Reader }{d.src})
	if err != nil {
		return err
	}
	d.r, d.ch = or, or.Channels()
	return nil
}

func (d *decoder) Channels() int { return d.ch }
func (d *decoder) Rate() int     { return d.r.SampleRate() }

// Rewind opens the file again from its start (the Vorbis decoder's state
// is made anew: it allocates, once per loop).
func (d *decoder) Rewind() error {
	if _, err := d.src.Seek(d.start, io.SeekStart); err != nil {
		return err
	}
	return d.open()
}

func (d *decoder) Read(p []float32) (int, error) {
	for {
		var n int
		var err error
		if d.ch == 2 {
			n, err = d.r.Read(p[:len(p)&^1])
			n /= 2
		} else {
			n, err = d.r.Read(d.mono[:min(len(d.mono), len(p)/2)])
			for i := range n {
				p[2*i], p[2*i+1] = d.mono[i], d.mono[i]
			}
		}
		if n > 0 {
			if err == io.EOF {
				err = nil
			}
			return n, err
		}
		if err != nil {
			return 0, err
		}
	}
}
