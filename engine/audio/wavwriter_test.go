package audio

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"
)

// seekBuffer is an in-memory io.WriteSeeker.
type seekBuffer struct {
	b   []byte
	pos int
}

func (s *seekBuffer) Write(p []byte) (int, error) {
	if need := s.pos + len(p); need > len(s.b) {
		s.b = append(s.b, make([]byte, need-len(s.b))...)
	}
	copy(s.b[s.pos:], p)
	s.pos += len(p)
	return len(p), nil
}

func (s *seekBuffer) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
		s.pos = int(off)
	case io.SeekCurrent:
		s.pos += int(off)
	case io.SeekEnd:
		s.pos = len(s.b) + int(off)
	}
	return int64(s.pos), nil
}

// A WAV written as the samples come, in blocks of any size, is the file
// WriteWAV writes of the same samples, and it is written while it grows
// (the memory held is a fixed buffer, whatever the length).
func TestWAVWriterWritesWhatWriteWAVWrites(t *testing.T) {
	samples := make([]float32, 2*100_000)
	for i := range samples {
		samples[i] = float32(math.Sin(float64(i) / 37))
	}
	samples[7] = float32(math.NaN())
	var want bytes.Buffer
	if err := WriteWAV(&want, samples); err != nil {
		t.Fatal(err)
	}
	for _, block := range []int{1, 480, 33333} {
		var got seekBuffer
		w, err := NewWAVWriter(&got)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(samples); i += 2 * block {
			if err := w.Write(samples[i:min(i+2*block, len(samples))]); err != nil {
				t.Fatal(err)
			}
			if w.Len() > 2*wavChunk/4 && len(got.b) < wavHeader+wavChunk {
				t.Fatalf("blocks of %d: %d samples taken, %d bytes written: the file is not written as it grows", block, w.Len(), len(got.b))
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.b, want.Bytes()) {
			t.Errorf("blocks of %d: %d bytes differ from WriteWAV's %d", block, len(got.b), want.Len())
		}
	}
	buf := make([]float32, 2*480)
	var sink seekBuffer
	w, _ := NewWAVWriter(&sink)
	if a := testing.AllocsPerRun(100, func() { w.Write(buf) }); a != 0 {
		t.Errorf("%v allocations per Write, want 0", a)
	}
}

// A WAV file's sizes are 32-bit: the writer keeps what fits and says so.
func TestWAVWriterStopsAtTheFormatsLimit(t *testing.T) {
	var out seekBuffer
	w, err := NewWAVWriter(&out)
	if err != nil {
		t.Fatal(err)
	}
	w.written = MaxWAVSamples - 10 // as if 4 GiB had been written
	if err := w.Write(make([]float32, 2*25)); !errors.Is(err, ErrWAVFull) {
		t.Errorf("writing past the limit: got %v, want ErrWAVFull", err)
	}
	if w.Len() != MaxWAVSamples {
		t.Errorf("%d samples kept, want %d", w.Len(), MaxWAVSamples)
	}
	if err := w.Close(); err != nil {
		t.Errorf("Close of a full file: %v, want nil (it is complete)", err)
	}
}
