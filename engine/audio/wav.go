package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// MaxWAVSamples is the most samples a WAV file written here holds: its sizes
// are 32-bit, so 4 GiB of 16-bit stereo, about 6 hours 12 minutes at Rate.
const MaxWAVSamples = 1_073_741_812 // (2³² − 1 − the 44-byte header) ÷ 4 bytes per sample

// The limit and the header agree.
var _ = [1]int{}[(math.MaxUint32-wavHeader)/4-MaxWAVSamples]

// wavHeader is the size of a WAV file's header as written here.
const wavHeader = 44

// WriteWAV writes samples (interleaved stereo at Rate: two values each) as a 16-bit PCM
// WAV file. Values are clipped to [-1, 1] and rounded to the nearest step,
// so the same samples give the same bytes.
func WriteWAV(w io.Writer, samples []float32) error {
	if len(samples)%2 != 0 {
		return fmt.Errorf("audio: WriteWAV: %d values is not a whole number of stereo samples (two values each)", len(samples))
	}
	if len(samples)/2 > MaxWAVSamples {
		return fmt.Errorf("audio: WriteWAV: %d samples are too many for a WAV file (at most %d, %s)", len(samples)/2, MaxWAVSamples, wavLimit)
	}
	b := appendWAVHeader(make([]byte, 0, wavHeader+2*len(samples)), int64(len(samples)/2))
	_, err := w.Write(appendPCM16(b, samples))
	return err
}

// wavLimit says what MaxWAVSamples is in words.
const wavLimit = "4 GiB, about 6 h 12 min of 48 kHz stereo"

// appendWAVHeader appends the header of a 16-bit stereo PCM WAV file that
// holds the given number of samples at Rate.
func appendWAVHeader(b []byte, samples int64) []byte {
	data := uint32(4 * samples)
	b = append(b, "RIFF"...)
	b = binary.LittleEndian.AppendUint32(b, wavHeader-8+data)
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)       // fmt chunk size
	b = binary.LittleEndian.AppendUint16(b, 1)        // PCM
	b = binary.LittleEndian.AppendUint16(b, 2)        // channels
	b = binary.LittleEndian.AppendUint32(b, Rate)     // samples per second
	b = binary.LittleEndian.AppendUint32(b, Rate*2*2) // bytes per second
	b = binary.LittleEndian.AppendUint16(b, 4)        // bytes per sample
	b = binary.LittleEndian.AppendUint16(b, 16)       // bits per sample
	b = append(b, "data"...)
	return binary.LittleEndian.AppendUint32(b, data)
}

// appendPCM16 appends samples as 16-bit little-endian PCM.
func appendPCM16(b []byte, samples []float32) []byte {
	for _, s := range samples {
		if s != s {
			s = 0 // NaN: silence rather than an undefined conversion
		}
		v := math.Round(float64(min(max(s, -1), 1)) * 32767)
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(v)))
	}
	return b
}

// ErrWAVFull is WAVWriter.Write's error once the file holds MaxWAVSamples.
var ErrWAVFull = errors.New("audio: the WAV file is full: it holds at most " + wavLimit)

// WAVWriter writes a 16-bit stereo PCM WAV file at Rate as the samples
// come (from Mixer.SetTap, say), so a recording of any length takes a
// fixed amount of memory; the bytes are those WriteWAV writes for the same
// samples. Close writes the sizes into the header. Use it from one
// goroutine.
type WAVWriter struct {
	w       io.WriteSeeker
	start   int64 // the header's offset in w
	written int64 // samples written
	buf     []byte
	err     error
}

// wavChunk is how many bytes WAVWriter gathers before writing them.
const wavChunk = 64 << 10

// NewWAVWriter starts a WAV file at w's current position (the start of an
// empty file), writing its header now.
func NewWAVWriter(w io.WriteSeeker) (*WAVWriter, error) {
	start, err := w.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, fmt.Errorf("audio: starting a WAV file: %w", err)
	}
	ww := &WAVWriter{w: w, start: start, buf: make([]byte, 0, wavChunk+4096)}
	if _, err := w.Write(appendWAVHeader(nil, 0)); err != nil {
		return nil, fmt.Errorf("audio: writing a WAV header: %w", err)
	}
	return ww, nil
}

// Write appends samples (interleaved stereo: an even number of values), clipped and
// rounded as WriteWAV does. Past MaxWAVSamples it writes what fits and
// returns ErrWAVFull; after an error it writes nothing more and returns
// that error again. It allocates nothing.
func (w *WAVWriter) Write(samples []float32) error {
	if w.err != nil {
		return w.err
	}
	if len(samples)%2 != 0 {
		return fmt.Errorf("audio: WAVWriter: %d values is not a whole number of stereo samples (two values each)", len(samples))
	}
	full := false
	if room := 2 * (MaxWAVSamples - w.written); int64(len(samples)) > room {
		samples, full = samples[:room], true
	}
	for len(samples) > 0 {
		n := min(len(samples), (cap(w.buf)-len(w.buf))/2&^1) // whole samples
		w.buf = appendPCM16(w.buf, samples[:n])
		w.written += int64(n / 2)
		samples = samples[n:]
		if len(w.buf) >= wavChunk {
			if w.flush(); w.err != nil {
				return w.err
			}
		}
	}
	if full {
		w.err = ErrWAVFull
	}
	return w.err
}

func (w *WAVWriter) flush() {
	if w.err == nil && len(w.buf) > 0 {
		if _, err := w.w.Write(w.buf); err != nil {
			w.err = fmt.Errorf("audio: writing a WAV file: %w", err)
		}
	}
	w.buf = w.buf[:0]
}

// Len returns how many samples have been written.
func (w *WAVWriter) Len() int64 { return w.written }

// Close writes what is gathered and the sizes into the header, leaving the
// file complete (it holds what fit when Write returned ErrWAVFull). It
// does not close w. It returns the first write error.
func (w *WAVWriter) Close() error {
	if w.err != nil && w.err != ErrWAVFull {
		return w.err
	}
	full := w.err
	w.err = nil
	w.flush()
	if w.err != nil {
		return w.err
	}
	end, err := w.w.Seek(0, io.SeekCurrent)
	if err == nil {
		_, err = w.w.Seek(w.start, io.SeekStart)
	}
	if err == nil {
		_, err = w.w.Write(appendWAVHeader(nil, w.written))
	}
	if err == nil {
		_, err = w.w.Seek(end, io.SeekStart)
	}
	if err != nil {
		return fmt.Errorf("audio: writing a WAV file's sizes: %w", err)
	}
	w.err = full
	return nil
}
