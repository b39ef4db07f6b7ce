package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/go-audio/wav"
	"github.com/hajimehoshi/go-mp3"
	"github.com/jfreymuth/oggvorbis"
)

// Format is an encoding Decode recognises from a file's first bytes.
type Format uint8

// The formats.
const (
	Unknown Format = iota
	WAV            // RIFF/WAVE, PCM or float
	Ogg            // Ogg Vorbis
	MP3            // MPEG-1/2/2.5 layer III, with or without an ID3v2 tag
)

func (f Format) String() string {
	switch f {
	case WAV:
		return "WAV"
	case Ogg:
		return "Ogg Vorbis"
	case MP3:
		return "MP3"
	}
	return "unknown"
}

// Sniff recognises a sound file's format from its first bytes (12 are
// enough): RIFF....WAVE, OggS, ID3, or an MPEG layer III frame sync.
func Sniff(head []byte) Format {
	switch {
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WAVE":
		return WAV
	case len(head) >= 4 && string(head[:4]) == "OggS":
		return Ogg
	case len(head) >= 3 && string(head[:3]) == "ID3":
		return MP3
	case len(head) >= 2 && head[0] == 0xFF && head[1]&0xE0 == 0xE0 && head[1]&0x06 == 0x02:
		return MP3 // 11 sync bits, layer III
	}
	return Unknown
}

// sniff reads the first bytes of r and seeks back to where it was.
func sniff(name string, r io.ReadSeeker) (Format, error) {
	pos, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return Unknown, fmt.Errorf("audio: %s: %w", name, err)
	}
	head := make([]byte, 12)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return Unknown, fmt.Errorf("audio: %s: reading its first bytes: %w", name, err)
	}
	if _, err := r.Seek(pos, io.SeekStart); err != nil {
		return Unknown, fmt.Errorf("audio: %s: %w", name, err)
	}
	f := Sniff(head[:n])
	if f == Unknown {
		return Unknown, fmt.Errorf("audio: %s: not a sound file this engine reads (it starts % x; want WAV, Ogg Vorbis or MP3)", name, head[:n])
	}
	return f, nil
}

// openFormat starts decoding r as format f: a reader of stereo frames and
// the file's rate. It checks the channel count and the rate.
func openFormat(name string, f Format, r io.ReadSeeker) (frameReader, int, error) {
	var (
		fr   frameReader
		ch   int
		rate int
		err  error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("corrupt %s data (the decoder failed: %v)", f, p)
			}
		}()
		switch f {
		case WAV:
			fr, ch, rate, err = openWAV(r)
		case Ogg:
			fr, ch, rate, err = openOgg(r)
		case MP3:
			fr, ch, rate, err = openMP3(r)
		default:
			err = errors.New("not WAV, Ogg Vorbis or MP3")
		}
	}()
	switch {
	case err != nil:
		return nil, 0, fmt.Errorf("audio: %s: %w", name, describe(err))
	case ch != 1 && ch != 2:
		return nil, 0, fmt.Errorf("audio: %s: %d channels: mono or stereo only", name, ch)
	case rate < 8000 || rate > 192000:
		return nil, 0, fmt.Errorf("audio: %s: %d Hz: allowed 8000 to 192000", name, rate)
	}
	return fr, rate, nil
}

// describe names a truncated file as such.
func describe(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return fmt.Errorf("truncated: the file ends inside its header or its data (%w)", err)
	}
	return err
}

// safeRead calls fr.read, turning a decoder's panic on corrupt data into
// an error.
func safeRead(f Format, fr frameReader, p []float32) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = 0, fmt.Errorf("corrupt %s data (the decoder failed: %v)", f, r)
		}
	}()
	n, err = fr.read(p)
	if n < 0 || 2*n > len(p) {
		return 0, fmt.Errorf("corrupt %s data (the decoder gave %d frames for %d)", f, n, len(p)/2)
	}
	return n, err
}

// wavReader reads PCM bytes from a WAV file's data chunk itself, through
// a buffer allocated once, so streaming a WAV file allocates nothing.
type wavReader struct {
	r     io.Reader // the data chunk
	ch    int
	bits  int
	float bool
	raw   []byte
}

func openWAV(r io.ReadSeeker) (frameReader, int, int, error) {
	if err := checkRIFF(r); err != nil {
		return nil, 0, 0, err
	}
	d := wav.NewDecoder(r)
	if !d.IsValidFile() {
		if err := d.Err(); err != nil {
			return nil, 0, 0, fmt.Errorf("not a WAV file (or a damaged header): %w", err)
		}
		return nil, 0, 0, errors.New("not a WAV file (or a damaged header)")
	}
	ch, bits, rate := int(d.NumChans), int(d.BitDepth), int(d.SampleRate)
	float := d.WavAudioFormat == 3
	switch {
	case ch != 1 && ch != 2:
		return nil, ch, rate, nil // the caller names the channel count
	case float && bits != 32:
		return nil, 0, 0, fmt.Errorf("%d-bit float samples: 32-bit float only", bits)
	case d.WavAudioFormat != 1 && d.WavAudioFormat != 3 && d.WavAudioFormat != 0xFFFE:
		return nil, 0, 0, fmt.Errorf("WAV format %#x: PCM (1) or float (3) only (compressed WAV is not read)", d.WavAudioFormat)
	case bits != 8 && bits != 16 && bits != 24 && bits != 32:
		return nil, 0, 0, fmt.Errorf("%d-bit samples: 8, 16, 24 or 32 only", bits)
	}
	if err := d.FwdToPCM(); err != nil {
		return nil, 0, 0, fmt.Errorf("finding the samples: %w", err)
	}
	if d.PCMChunk == nil || d.PCMChunk.R == nil {
		return nil, 0, 0, errors.New("no data chunk")
	}
	return &wavReader{r: d.PCMChunk.R, ch: ch, bits: bits, float: float, raw: make([]byte, 4096*ch*bits/8)}, ch, rate, nil
}

// checkRIFF walks a WAV file's chunks up to its data chunk, checking each
// size against the file's, so a damaged size cannot make the WAV decoder
// allocate or read gigabytes. It leaves r where it was.
func checkRIFF(r io.ReadSeeker) error {
	start, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	end, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	defer r.Seek(start, io.SeekStart)
	if _, err := r.Seek(start, io.SeekStart); err != nil {
		return err
	}
	head := make([]byte, 12)
	if n, _ := io.ReadFull(r, head); Sniff(head[:n]) != WAV {
		return errors.New("not a WAV file (no RIFF/WAVE header)")
	}
	pos := start + 12 // after RIFF, its size and WAVE
	head = head[:8]
	for {
		if _, err := r.Seek(pos, io.SeekStart); err != nil {
			return err
		}
		if _, err := io.ReadFull(r, head); err != nil {
			return fmt.Errorf("no data chunk: %w", io.ErrUnexpectedEOF)
		}
		id, size := string(head[:4]), int64(binary.LittleEndian.Uint32(head[4:]))
		switch {
		case id == "data":
			return nil // a short data chunk is read up to the file's end
		case id == "fmt " && (size < 16 || size > 64):
			return fmt.Errorf("corrupt: a format chunk of %d bytes (want 16 to 64)", size)
		case pos+8+size > end:
			return fmt.Errorf("truncated: chunk %q of %d bytes runs past the file's end", id, size)
		}
		pos += 8 + size + size&1 // chunks are padded to even sizes
	}
}

func (w *wavReader) read(p []float32) (int, error) {
	size := w.ch * w.bits / 8 // bytes per frame
	frames := min(len(p)/2, len(w.raw)/size)
	n, err := io.ReadFull(w.r, w.raw[:frames*size])
	frames = n / size // a partial last frame is dropped
	if frames == 0 {
		if err == nil || err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		return 0, err
	}
	b := w.raw
	scale := 1 / float64(int64(1)<<(w.bits-1))
	for i := range frames * w.ch {
		var v float64
		switch {
		case w.float:
			v = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
			if v != v {
				v = 0
			}
			v = min(max(v, -1), 1)
		case w.bits == 8:
			v = float64(int(b[i])-128) / 128 // 8-bit WAV is unsigned
		case w.bits == 16:
			v = float64(int16(binary.LittleEndian.Uint16(b[2*i:]))) * scale
		case w.bits == 24:
			x := int32(uint32(b[3*i])<<8|uint32(b[3*i+1])<<16|uint32(b[3*i+2])<<24) >> 8
			v = float64(x) * scale
		default:
			v = float64(int32(binary.LittleEndian.Uint32(b[4*i:]))) * scale
		}
		if w.ch == 1 {
			p[2*i], p[2*i+1] = float32(v), float32(v)
		} else {
			p[i] = float32(v)
		}
	}
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil // the frames first; io.EOF on the next call
	}
	return frames, err
}

// oggReader reads Vorbis through jfreymuth/oggvorbis; mono is read into a
// buffer of its own and doubled.
type oggReader struct {
	r    *oggvorbis.Reader
	ch   int
	mono []float32
}

func openOgg(r io.Reader) (frameReader, int, int, error) {
	// A plain reader: oggvorbis would otherwise seek to the end first.
	or, err := oggvorbis.NewReader(struct{ io.Reader }{r})
	if err != nil {
		return nil, 0, 0, err
	}
	o := &oggReader{r: or, ch: or.Channels()}
	if o.ch == 1 {
		o.mono = make([]float32, 4096)
	}
	return o, o.ch, or.SampleRate(), nil
}

func (o *oggReader) read(p []float32) (int, error) {
	for {
		var n int
		var err error
		if o.ch == 2 {
			n, err = o.r.Read(p[:len(p)&^1])
			n /= 2
		} else {
			n, err = o.r.Read(o.mono[:min(len(o.mono), len(p)/2)])
			for i := range n {
				p[2*i], p[2*i+1] = o.mono[i], o.mono[i]
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

// mp3Reader reads through hajimehoshi/go-mp3, which always gives 16-bit
// stereo (mono files doubled).
type mp3Reader struct {
	d   *mp3.Decoder
	raw []byte
}

func openMP3(r io.ReadSeeker) (frameReader, int, int, error) {
	// Skip an ID3v2 tag here, checking its size against the file's, so a
	// damaged size cannot make the decoder allocate it.
	start, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, 0, 0, err
	}
	end, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, 0, 0, err
	}
	if _, err := r.Seek(start, io.SeekStart); err != nil {
		return nil, 0, 0, err
	}
	head := make([]byte, 10)
	if n, _ := io.ReadFull(r, head); n == 10 && string(head[:3]) == "ID3" {
		size := int64(head[6]&0x7F)<<21 | int64(head[7]&0x7F)<<14 | int64(head[8]&0x7F)<<7 | int64(head[9]&0x7F)
		if head[5]&0x10 != 0 {
			size += 10 // a footer
		}
		if start+10+size > end {
			return nil, 0, 0, fmt.Errorf("truncated: the ID3 tag says %d bytes, more than the file holds", size)
		}
		start += 10 + size
	}
	if _, err := r.Seek(start, io.SeekStart); err != nil {
		return nil, 0, 0, err
	}
	// A plain reader: go-mp3 would otherwise read every frame header first.
	d, err := mp3.NewDecoder(struct{ io.Reader }{io.LimitReader(r, end-start)})
	if err != nil {
		return nil, 0, 0, err
	}
	return &mp3Reader{d: d, raw: make([]byte, 4*1152)}, 2, d.SampleRate(), nil
}

func (m *mp3Reader) read(p []float32) (int, error) {
	want := min(len(p)/2, len(m.raw)/4) * 4
	n, err := io.ReadFull(m.d, m.raw[:want])
	frames := n / 4
	for i := range 2 * frames {
		p[i] = float32(int16(binary.LittleEndian.Uint16(m.raw[2*i:]))) / 32768
	}
	if frames == 0 && (err == nil || err == io.ErrUnexpectedEOF) {
		err = io.EOF
	} else if frames > 0 && (err == io.ErrUnexpectedEOF || err == io.EOF) {
		err = nil
	}
	return frames, err
}
