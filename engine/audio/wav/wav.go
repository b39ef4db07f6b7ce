// Package wav reads WAV files for engine/audio: pass Codec{} to
// audio.Decode, audio.NewStream, audio.StreamFS or audio.StreamBytes. PCM
// of 8, 16, 24 or 32 bits or 32-bit float, mono or stereo (others are
// named and refused), plain or WAVE_FORMAT_EXTENSIBLE. The samples are
// read from the file as it plays, through one buffer: a stream of a WAV
// file allocates nothing while it plays, looping included.
package wav

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/tickwork/tickwork/engine/audio"
)

// Codec is the WAV format's audio.Codec. Its zero value is ready, and it
// holds no state.
type Codec struct{}

var (
	_ audio.Codec = Codec{}
	_ audio.Sized = (*decoder)(nil)
)

// Name returns "WAV".
func (Codec) Name() string { return "WAV" }

// Sniff recognises RIFF....WAVE.
func (Codec) Sniff(head []byte) bool {
	return len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WAVE"
}

// Decode decodes a WAV file whole into a clip (audio.Decode with this
// codec only).
func Decode(name string, r io.ReadSeeker) (*audio.Clip, error) {
	return audio.Decode(name, r, Codec{})
}

// decoder reads the data chunk's PCM bytes itself.
type decoder struct {
	r     io.ReadSeeker
	data  int64 // the file offset of the first sample byte
	size  int64 // bytes of samples
	left  int64 // bytes of samples not read yet
	ch    int
	bits  int
	rate  int
	float bool
	raw   []byte
}

// Open reads the header: it walks the chunks up to the data chunk,
// checking each size against the file's, so a damaged size cannot make it
// allocate or read gigabytes.
func (Codec) Open(r io.ReadSeeker) (audio.Decoder, error) {
	d := &decoder{r: r}
	if err := d.parse(); err != nil {
		return nil, err
	}
	if d.ch != 1 && d.ch != 2 {
		return d, nil // the caller names the channel count
	}
	if _, err := r.Seek(d.data, io.SeekStart); err != nil {
		return nil, err
	}
	d.left = d.size
	d.raw = make([]byte, 4096*d.ch*d.bits/8)
	return d, nil
}

// parse reads the format chunk and finds the data chunk.
func (d *decoder) parse() error {
	start, err := d.r.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	end, err := d.r.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	if _, err := d.r.Seek(start, io.SeekStart); err != nil {
		return err
	}
	head := make([]byte, 12)
	if n, _ := io.ReadFull(d.r, head); !(Codec{}).Sniff(head[:n]) {
		return errors.New("not a WAV file (no RIFF/WAVE header)")
	}
	var format uint16
	seen := false     // a format chunk
	pos := start + 12 // after RIFF, its size and WAVE
	head = head[:8]
	for {
		if _, err := d.r.Seek(pos, io.SeekStart); err != nil {
			return err
		}
		if _, err := io.ReadFull(d.r, head); err != nil {
			return fmt.Errorf("no data chunk: %w", io.ErrUnexpectedEOF)
		}
		id, size := string(head[:4]), int64(binary.LittleEndian.Uint32(head[4:]))
		body := pos + 8
		switch {
		case id == "data":
			if !seen {
				return errors.New("corrupt: the data chunk comes before the format chunk")
			}
			d.data = body
			// A short data chunk is read up to the file's end; so is one
			// whose size is 0 or 0xFFFFFFFF, which a recorder that never
			// went back to fill the size in leaves (players read on).
			d.size = min(size, end-body)
			if size == 0 || size == 0xFFFFFFFF {
				d.size = end - body
			}
			return d.check(format)
		case id == "fmt " && (size < 16 || size > 64):
			return fmt.Errorf("corrupt: a format chunk of %d bytes (want 16 to 64)", size)
		case body+size > end:
			return fmt.Errorf("truncated: chunk %q of %d bytes runs past the file's end", id, size)
		case id == "fmt ":
			f := make([]byte, size)
			if _, err := io.ReadFull(d.r, f); err != nil {
				return err
			}
			format = binary.LittleEndian.Uint16(f[0:])
			d.ch = int(binary.LittleEndian.Uint16(f[2:]))
			d.rate = int(binary.LittleEndian.Uint32(f[4:]))
			d.bits = int(binary.LittleEndian.Uint16(f[14:]))
			if format == 0xFFFE && size >= 40 {
				format = binary.LittleEndian.Uint16(f[24:]) // the sub-format GUID's first two bytes
			}
			seen = true
		}
		pos = body + size + size&1 // chunks are padded to even sizes
	}
}

// check refuses what the decoder cannot read.
func (d *decoder) check(format uint16) error {
	d.float = format == 3
	switch {
	case d.ch != 1 && d.ch != 2:
		return nil // the caller names the channel count
	case d.float && d.bits != 32:
		return fmt.Errorf("%d-bit float samples: 32-bit float only", d.bits)
	case format != 1 && format != 3 && format != 0xFFFE:
		return fmt.Errorf("WAV format %#x: PCM (1) or float (3) only (compressed WAV is not read)", format)
	case d.bits != 8 && d.bits != 16 && d.bits != 24 && d.bits != 32:
		return fmt.Errorf("%d-bit samples: 8, 16, 24 or 32 only", d.bits)
	}
	return nil
}

// Len returns the data chunk's length in samples (audio.Sized), from
// the header.
func (d *decoder) Len() int64 { return d.size / int64(d.ch*d.bits/8) }

func (d *decoder) Channels() int { return d.ch }
func (d *decoder) Rate() int     { return d.rate }

// Rewind seeks back to the first sample: nothing is allocated.
func (d *decoder) Rewind() error {
	if _, err := d.r.Seek(d.data, io.SeekStart); err != nil {
		return err
	}
	d.left = d.size
	return nil
}

func (d *decoder) Read(p []float32) (int, error) {
	size := d.ch * d.bits / 8 // bytes per sample
	samples := int(min(int64(min(len(p)/2, len(d.raw)/size)), d.left/int64(size)))
	if samples == 0 {
		return 0, io.EOF
	}
	n, err := io.ReadFull(d.r, d.raw[:samples*size])
	d.left -= int64(n)
	samples = n / size // a partial last sample is dropped
	if samples == 0 {
		if err == nil || err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		return 0, err
	}
	b := d.raw
	scale := 1 / float64(int64(1)<<(d.bits-1))
	for i := range samples * d.ch {
		var v float64
		switch {
		case d.float:
			v = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
			if v != v {
				v = 0
			}
			v = min(max(v, -1), 1)
		case d.bits == 8:
			v = float64(int(b[i])-128) / 128 // 8-bit WAV is unsigned
		case d.bits == 16:
			v = float64(int16(binary.LittleEndian.Uint16(b[2*i:]))) * scale
		case d.bits == 24:
			x := int32(uint32(b[3*i])<<8|uint32(b[3*i+1])<<16|uint32(b[3*i+2])<<24) >> 8
			v = float64(x) * scale
		default:
			v = float64(int32(binary.LittleEndian.Uint32(b[4*i:]))) * scale
		}
		if d.ch == 1 {
			p[2*i], p[2*i+1] = float32(v), float32(v)
		} else {
			p[i] = float32(v)
		}
	}
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil // the samples first; io.EOF on the next call
	}
	return samples, err
}
