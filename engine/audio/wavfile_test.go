package audio_test

import (
	"bytes"
	"encoding/binary"
	. "github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/wav"
	"math"
	"runtime"
	"strings"
	"testing"
)

// wavFile builds a WAV file: format 1 (PCM) or 3 (float), with the given
// channels, rate and bits, and samples already encoded as little-endian
// bytes per sample.
func wavFile(format, channels uint16, rate uint32, bits uint16, data []byte) []byte {
	var b []byte
	b = append(b, "RIFF"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(36+len(data)))
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)
	b = binary.LittleEndian.AppendUint16(b, format)
	b = binary.LittleEndian.AppendUint16(b, channels)
	b = binary.LittleEndian.AppendUint32(b, rate)
	b = binary.LittleEndian.AppendUint32(b, rate*uint32(channels)*uint32(bits/8))
	b = binary.LittleEndian.AppendUint16(b, channels*bits/8)
	b = binary.LittleEndian.AppendUint16(b, bits)
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	return append(b, data...)
}

func TestDecodeWAVFormats(t *testing.T) {
	// Each file holds the values 0.5 and -0.25 (left and right, or two mono
	// samples) in its own encoding.
	i16 := func(v float64) []byte { return binary.LittleEndian.AppendUint16(nil, uint16(int16(v*32768))) }
	i24 := func(v float64) []byte {
		x := int32(v * (1 << 23))
		return []byte{byte(x), byte(x >> 8), byte(x >> 16)}
	}
	i32 := func(v float64) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(int32(v*(1<<31)))) }
	f32 := func(v float64) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(v))) }
	u8 := func(v float64) []byte { return []byte{byte(int(v*128) + 128)} }
	tests := []struct {
		name     string
		format   uint16
		channels uint16
		bits     uint16
		enc      func(float64) []byte
		want     []float32 // left, right of the first samples
	}{
		{"16-bit stereo", 1, 2, 16, i16, []float32{0.5, -0.25}},
		{"24-bit stereo", 1, 2, 24, i24, []float32{0.5, -0.25}},
		{"32-bit stereo", 1, 2, 32, i32, []float32{0.5, -0.25}},
		{"float stereo", 3, 2, 32, f32, []float32{0.5, -0.25}},
		{"8-bit stereo", 1, 2, 8, u8, []float32{0.5, -0.25}},
		{"16-bit mono", 1, 1, 16, i16, []float32{0.5, 0.5, -0.25, -0.25}},
	}
	for _, tt := range tests {
		data := append(tt.enc(0.5), tt.enc(-0.25)...)
		c, err := wav.Decode(tt.name, bytes.NewReader(wavFile(tt.format, tt.channels, Rate, tt.bits, data)))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for i, w := range tt.want {
			if math.Abs(float64(c.Samples[i]-w)) > 1e-6 {
				t.Errorf("%s: samples %v, want %v", tt.name, c.Samples[:len(tt.want)], tt.want)
				break
			}
		}
	}
}

func TestDecodeWAVResamples(t *testing.T) {
	// One second at 24 kHz becomes one second at 48 kHz, a ramp stays a ramp.
	var data []byte
	for i := range 24000 {
		v := int16(i % 1000)
		data = binary.LittleEndian.AppendUint16(data, uint16(v))
	}
	c, err := wav.Decode("ramp.wav", bytes.NewReader(wavFile(1, 1, 24000, 16, data)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != Rate {
		t.Errorf("got %d samples, want %d", c.Len(), Rate)
	}
	// Sample 3 at 48 kHz is halfway between source samples 1 and 2.
	if got, want := c.Samples[2*3], float32(1.5/32768); math.Abs(float64(got-want)) > 1e-9 {
		t.Errorf("sample 3: %v, want %v", got, want)
	}
}

func TestDecodeWAVRefusesBadFiles(t *testing.T) {
	good := wavFile(1, 2, Rate, 16, make([]byte, 400))
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"text.wav", []byte("hello, not a sound"), "not a sound file"},
		{"surround.wav", wavFile(1, 6, Rate, 16, make([]byte, 120)), "6 channels"},
		{"slow.wav", wavFile(1, 2, 4000, 16, make([]byte, 40)), "4000 Hz"},
		{"12bit.wav", wavFile(1, 2, Rate, 12, make([]byte, 40)), "12-bit"},
		{"double.wav", wavFile(3, 2, Rate, 64, make([]byte, 64)), "64-bit float"},
		{"adpcm.wav", wavFile(2, 2, Rate, 16, make([]byte, 40)), "format 0x2"},
		{"empty.wav", wavFile(1, 2, Rate, 16, nil), "no samples"},
		{"cut.wav", good[:30], "cut.wav"},
	}
	for _, tt := range tests {
		_, err := wav.Decode(tt.name, bytes.NewReader(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.name) {
			t.Errorf("%s: got %v, want an error naming the file and saying %q", tt.name, err, tt.want)
		}
	}
}

// A WAV file whose data chunk's size is 0 or 0xFFFFFFFF (written by a
// recorder that never went back to fill it in) is read to the file's end,
// as players do, rather than decoded as no samples.
func TestDecodeWAVUnsetDataSizeReadsToTheEnd(t *testing.T) {
	pcm := make([]byte, 4*Rate) // one second of 16-bit stereo
	for i := range pcm {
		pcm[i] = byte(i * 7)
	}
	for _, size := range []uint32{0, 0xFFFFFFFF} {
		f := wavFile(1, 2, Rate, 16, pcm)
		binary.LittleEndian.PutUint32(f[40:], size)
		c, err := wav.Decode("unset.wav", bytes.NewReader(f))
		if err != nil {
			t.Errorf("data size %#x: %v", size, err)
			continue
		}
		if c.Len() != Rate {
			t.Errorf("data size %#x: %d samples, want %d (the file's one second)", size, c.Len(), Rate)
		}
	}
}

// A WAV file too long for a clip is refused from its header, before its
// samples are decoded: a 700 s file of 5.6 MB took 1.3 GB and a second.
func TestDecodeWAVTooLongIsRefusedFromTheHeader(t *testing.T) {
	long := wavFile(1, 1, 8000, 8, make([]byte, 700*8000)) // 700 s of 8-bit mono at 8 kHz
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := wav.Decode("long.wav", bytes.NewReader(long))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "long.wav") || !strings.Contains(err.Error(), "too long for a clip") {
		t.Errorf("got %v, want an error naming the file and saying it is too long for a clip", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("refusing it allocated %d bytes, want under 1 MiB (decided from the header)", got)
	}
}
