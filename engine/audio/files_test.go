package audio_test

import (
	"bytes"
	. "github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/mp3"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
	"github.com/tickwork/tickwork/engine/audio/wav"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

// The files under testdata are made by cmd/internal/assetgen: a sine of
// 440 Hz at amplitude 0.5 lasting one second (5 ms fades at both ends),
// encoded by oggenc and lame. These tests check the decoded signal against
// that description, not against earlier output.
const (
	toneFreq    = 440.0
	toneAmp     = 0.5
	toneSeconds = 1.0
)

// codecs are the formats the tests read.
var codecs = []Codec{wav.Codec{}, vorbis.Codec{}, mp3.Codec{}}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// channel returns channel c (0 left, 1 right) of stereo samples.
func channel(s []float32, c int) []float64 {
	out := make([]float64, len(s)/2)
	for i := range out {
		out[i] = float64(s[2*i+c])
	}
	return out
}

func rms(x []float64) float64 {
	sum := 0.0
	for _, v := range x {
		sum += v * v
	}
	return math.Sqrt(sum / float64(len(x)))
}

// goertzel returns the power of x at freq Hz (x at Rate).
func goertzel(x []float64, freq float64) float64 {
	w := 2 * math.Cos(2*math.Pi*freq/Rate)
	var s1, s2 float64
	for _, v := range x {
		s1, s2 = v+w*s1-s2, s1
	}
	return s1*s1 + s2*s2 - w*s1*s2
}

// dominant returns the frequency, in 5 Hz steps from 100 to 2000 Hz, with
// the most power in x.
func dominant(x []float64) float64 {
	best, bestP := 0.0, -1.0
	for f := 100.0; f <= 2000; f += 5 {
		if p := goertzel(x, f); p > bestP {
			best, bestP = f, p
		}
	}
	return best
}

func TestDecodeFilesMatchTheTone(t *testing.T) {
	tests := []struct {
		file     string
		leftOnly bool
	}{
		{"tone-left.ogg", true},
		{"tone-mono-22k.ogg", false},
		{"tone-left.mp3", true},
		{"tone-mono-22k.mp3", false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			c, err := Decode(tt.file, bytes.NewReader(readTestdata(t, tt.file)), codecs...)
			if err != nil {
				t.Fatal(err)
			}
			// Encoders pad: up to about 0.1 s more (MP3's delay and last
			// frame), never less than the tone.
			secs := float64(c.Len()) / Rate
			if secs < toneSeconds-0.001 || secs > toneSeconds+0.1 {
				t.Errorf("got %.4f s, want %.1f s plus the encoder's padding (at most 0.1 s)", secs, toneSeconds)
			}
			left, right := channel(c.Samples, 0), channel(c.Samples, 1)
			// The middle half second: clear of fades and encoder delay.
			mid := func(x []float64) []float64 { return x[Rate/4 : 3*Rate/4] }
			if f := dominant(mid(left)); math.Abs(f-toneFreq) > 5 {
				t.Errorf("dominant frequency %v Hz, want %v", f, toneFreq)
			}
			// Lossy coding changes the level a little: lame leaves this
			// tone about 5% quieter (lame --decode measures the same).
			want := toneAmp / math.Sqrt2
			if got := rms(mid(left)); math.Abs(got-want) > 0.08*want {
				t.Errorf("left RMS %.4f, want %.4f (±8%%)", got, want)
			}
			r := rms(mid(right))
			switch {
			case tt.leftOnly && r > 0.02*want:
				t.Errorf("right RMS %.4f of a left-only tone, want under %.4f", r, 0.02*want)
			case !tt.leftOnly && math.Abs(r-want) > 0.08*want:
				t.Errorf("right RMS %.4f of a mono tone, want %.4f (±8%%)", r, want)
			}
		})
	}
}

func TestDecodeRecognisesAndRefuses(t *testing.T) {
	ogg := readTestdata(t, "tone-left.ogg")
	mp3File := readTestdata(t, "tone-left.mp3")
	wavData := wavFile(1, 2, Rate, 16, make([]byte, 400))
	tests := []struct {
		name string
		data []byte
		want string // "" for success
	}{
		{"a.wav", wavData, ""},
		{"a.ogg", ogg, ""},
		{"a.mp3", mp3File, ""},
		{"id3.mp3", append([]byte("ID3\x03\x00\x00\x00\x00\x00\x0a0123456789"), mp3File...), ""},
		{"text.ogg", []byte("hello, this is not a sound"), "not a sound file"},
		{"empty.mp3", nil, "not a sound file"},
		{"cut.ogg", ogg[:200], "cut.ogg"},
		{"half.ogg", ogg[:len(ogg)/2], "truncated"},
		{"bigtag.mp3", []byte("ID3\x03\x00\x00\x7f\x7f\x7f\x7f"), "ID3 tag"},
		{"surround.wav", wavFile(1, 6, Rate, 16, make([]byte, 120)), "6 channels"},
		{"noise.mp3", append([]byte{0xFF, 0xFB}, bytes.Repeat([]byte{0x55}, 500)...), "noise.mp3"},
	}
	for _, tt := range tests {
		c, err := Decode(tt.name, bytes.NewReader(tt.data), codecs...)
		switch {
		case tt.want == "" && (err != nil || c.Len() == 0):
			t.Errorf("%s: got %v, want a clip", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.name)):
			t.Errorf("%s: got %v, want an error naming the file and saying %q", tt.name, err, tt.want)
		}
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		head string
		want string // the codec's name, "" for none
	}{
		{"RIFF\x00\x00\x00\x00WAVE", "WAV"},
		{"RIFF\x00\x00\x00\x00AVI ", ""},
		{"OggS\x00\x02", "Ogg Vorbis"},
		{"ID3\x04", "MP3"},
		{"\xff\xfb\x90\x00", "MP3"}, // MPEG-1 layer III
		{"\xff\xf3\x90\x00", "MP3"}, // MPEG-2 layer III
		{"\xff\xfd\x90\x00", ""},    // layer II
		{"fLaC", ""},
		{"", ""},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range codecs {
			if c.Sniff([]byte(tt.head)) {
				got = append(got, c.Name())
			}
		}
		if want := []string{tt.want}; tt.want == "" && len(got) != 0 || tt.want != "" && !slices.Equal(got, want) {
			t.Errorf("Sniff(%q): recognised by %q, want %q", tt.head, got, tt.want)
		}
	}
}

func FuzzDecodeAudio(f *testing.F) {
	for _, name := range []string{"tone-left.ogg", "tone-mono-22k.mp3"} {
		b := readTestdata(f, name)
		f.Add(b[:min(len(b), 3000)])
	}
	f.Add(wavFile(1, 1, 22050, 8, make([]byte, 64)))
	f.Add([]byte("ID3\x03\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Decode("fuzz", bytes.NewReader(data), codecs...)
		if err == nil && c.Len() == 0 {
			t.Fatal("no error and no samples")
		}
		if err != nil && !strings.Contains(err.Error(), "fuzz") {
			t.Fatalf("the error does not name the file: %v", err)
		}
		// The same bytes as a stream: no panic, and the samples it gives
		// are finite.
		s, err := StreamBytes("fuzz", data, codecs...)
		if err != nil {
			return
		}
		m, _ := NewMixer(1)
		if _, err := m.Start(0, Play{Stream: s, Volume: 1}); err != nil {
			return
		}
		buf := make([]float32, 2*1000)
		for range 4 {
			m.Render(buf)
			for _, v := range buf {
				if v != v || math.IsInf(float64(v), 0) {
					t.Fatalf("a stream rendered %v", v)
				}
			}
		}
	})
}

func mustRead(name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}
