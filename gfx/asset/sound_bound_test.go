package asset

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// wavFile is a PCM WAV file of the given format holding data; dataSize,
// when not 0, is written as the data chunk's size instead of len(data).
func wavFile(channels, rate, bits int, data []byte, dataSize uint32) []byte {
	if dataSize == 0 {
		dataSize = uint32(len(data))
	}
	block := channels * bits / 8
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(36+len(data)))
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)
	b = binary.LittleEndian.AppendUint16(b, 1)
	b = binary.LittleEndian.AppendUint16(b, uint16(channels))
	b = binary.LittleEndian.AppendUint32(b, uint32(rate))
	b = binary.LittleEndian.AppendUint32(b, uint32(rate*block))
	b = binary.LittleEndian.AppendUint16(b, uint16(block))
	b = binary.LittleEndian.AppendUint16(b, uint16(bits))
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, dataSize)
	return append(b, data...)
}

// Sound loading reads the file once and decodes it into a clip of 32-bit
// float stereo at the mixer's rate (48 kHz, 8 bytes a frame), allocating
// at most frameCost bytes a decoded frame (the clip, its growth and the
// decoder's buffers) plus soundSlack. A WAV gives at most 6 frames a byte
// (8-bit mono at 8 kHz), so a WAV costs at most 240 times its size plus
// soundSlack, whatever its header claims; a compressed clip is bounded by
// its length (audio.MaxClipSeconds).
const (
	frameCost  = 40
	soundSlack = 4 << 20
)

// TestSoundLoadingIsBounded: LoadSound allocates within the bounds above.
func TestSoundLoadingIsBounded(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"WAV 8-bit mono 8 kHz", wavFile(1, 8000, 8, make([]byte, 5*8000), 0)},
		{"WAV 16-bit stereo 48 kHz", wavFile(2, 48000, 16, make([]byte, 4*48000), 0)},
		{"WAV claiming 2 GB", wavFile(2, 48000, 16, make([]byte, 4*4800), 0x7fffff00)},
	}
	for _, f := range []string{"tone-left.mp3", "tone-left.ogg", "tone-mono-22k.mp3", "tone-mono-22k.ogg"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "engine", "audio", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		tests = append(tests, struct {
			name string
			data []byte
		}{f, b})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var l Library
			var err error
			got := allocated(func() { _, err = l.LoadSound(fstest.MapFS{"s": {Data: tc.data}}, "s") })
			if err != nil {
				t.Fatal(err)
			}
			c, _ := l.Sound(1)
			if tc.data[0] == 'R' && c.Frames() > 6*len(tc.data) {
				t.Errorf("a %d-byte WAV gave %d frames: want at most 6 a byte", len(tc.data), c.Frames())
			}
			if limit := uint64(frameCost*c.Frames() + soundSlack); got > limit {
				t.Errorf("a %d-byte file (%d frames) allocated %d bytes: want at most %d", len(tc.data), c.Frames(), got, limit)
			}
		})
	}
}
