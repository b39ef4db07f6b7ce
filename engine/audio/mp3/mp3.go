// Package mp3 reads MP3 files (MPEG-1, 2 or 2.5 layer III; an ID3v2 tag is
// skipped) for engine/audio, through github.com/hajimehoshi/go-mp3: pass
// Codec{} to audio.Decode, audio.NewStream, audio.StreamFS or
// audio.StreamBytes. A file cut inside its last frame decodes up to the
// cut, as players do.
package mp3

import (
	"encoding/binary"
	"fmt"
	"io"

	gomp3 "github.com/hajimehoshi/go-mp3"

	"github.com/tickwork/tickwork/engine/audio"
)

// Codec is MP3's audio.Codec. Its zero value is ready, and it holds no
// state.
type Codec struct{}

var _ audio.Codec = Codec{}

// Name returns "MP3".
func (Codec) Name() string { return "MP3" }

// Sniff recognises an ID3v2 tag or an MPEG layer III frame sync.
func (Codec) Sniff(head []byte) bool {
	switch {
	case len(head) >= 3 && string(head[:3]) == "ID3":
		return true
	case len(head) >= 2 && head[0] == 0xFF && head[1]&0xE0 == 0xE0 && head[1]&0x06 == 0x02:
		return true // 11 sync bits, layer III
	}
	return false
}

// Decode decodes an MP3 file whole into a clip (audio.Decode with this
// codec only).
func Decode(name string, r io.ReadSeeker) (*audio.Clip, error) {
	return audio.Decode(name, r, Codec{})
}

// decoder reads through go-mp3, which always gives 16-bit stereo (mono
// files doubled).
type decoder struct {
	src        io.ReadSeeker
	start, end int64 // the first frame's offset (after a tag) and the file's end
	d          *gomp3.Decoder
	raw        []byte
}

// Open skips an ID3v2 tag, checking its size against the file's so a
// damaged size cannot make the decoder allocate it, and reads the first
// frame's header.
func (Codec) Open(r io.ReadSeeker) (audio.Decoder, error) {
	start, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, err
	}
	end, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, err
	}
	if _, err := r.Seek(start, io.SeekStart); err != nil {
		return nil, err
	}
	head := make([]byte, 10)
	if n, _ := io.ReadFull(r, head); n == 10 && string(head[:3]) == "ID3" {
		size := int64(head[6]&0x7F)<<21 | int64(head[7]&0x7F)<<14 | int64(head[8]&0x7F)<<7 | int64(head[9]&0x7F)
		if head[5]&0x10 != 0 {
			size += 10 // a footer
		}
		if start+10+size > end {
			return nil, fmt.Errorf("truncated: the ID3 tag says %d bytes, more than the file holds", size)
		}
		start += 10 + size
	}
	d := &decoder{src: r, start: start, end: end, raw: make([]byte, 4*1152)}
	if err := d.Rewind(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *decoder) Channels() int { return 2 }
func (d *decoder) Rate() int     { return d.d.SampleRate() }

// Rewind opens the file again from its first frame (go-mp3's state is made
// anew: it allocates, once per loop).
func (d *decoder) Rewind() error {
	if _, err := d.src.Seek(d.start, io.SeekStart); err != nil {
		return err
	}
	// A plain reader: go-mp3 would otherwise read every frame header first.
	dec, err := gomp3.NewDecoder(struct{ io.Reader }{io.LimitReader(d.src, d.end-d.start)})
	if err != nil {
		return err
	}
	d.d = dec
	return nil
}

func (d *decoder) Read(p []float32) (int, error) {
	want := min(len(p)/2, len(d.raw)/4) * 4
	n, err := io.ReadFull(d.d, d.raw[:want])
	frames := n / 4
	for i := range 2 * frames {
		p[i] = float32(int16(binary.LittleEndian.Uint16(d.raw[2*i:]))) / 32768
	}
	if frames == 0 && (err == nil || err == io.ErrUnexpectedEOF) {
		err = io.EOF
	} else if frames > 0 && (err == io.ErrUnexpectedEOF || err == io.EOF) {
		err = nil
	}
	return frames, err
}
