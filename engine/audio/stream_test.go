package audio_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	. "github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
)

// rampWAV is a 16-bit stereo WAV file of n samples at rate whose left
// channel counts up and right channel down.
func rampWAV(n int, rate uint32) []byte {
	var data []byte
	for i := range n {
		data = binary.LittleEndian.AppendUint16(data, uint16(int16(i%3000)))
		data = binary.LittleEndian.AppendUint16(data, uint16(-int16(i%3000)))
	}
	return wavFile(1, 2, rate, 16, data)
}

func streamOf(t testing.TB, name string, data []byte) *Stream {
	t.Helper()
	s, err := StreamBytes(name, data, codecs...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStreamsAreTheSameInAnyChunks(t *testing.T) {
	files := []struct {
		name string
		data []byte
	}{
		{"ramp-44k.wav", rampWAV(30000, 44100)},
		{"tone-left.ogg", readTestdata(t, "tone-left.ogg")},
		{"tone-mono-22k.mp3", readTestdata(t, "tone-mono-22k.mp3")},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			s := streamOf(t, f.name, f.data)
			var want []float32
			for _, chunks := range [][]int{{4800}, {1}, {37}, {1, 37, 4800, 480}} {
				m := MixerFor(t, 4)
				// A looping stream, and a second one begun before the cursor.
				if _, err := m.Start(100, Play{Stream: s, Loop: true, Pan: -0.5, FadeIn: 500, Volume: 1}); err != nil {
					t.Fatal(err)
				}
				got := RenderChunks(m, 2*Rate+123, chunks...)
				if m.Err() != nil {
					t.Fatal(m.Err())
				}
				if want == nil {
					want = got
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("chunks %v: samples differ from 4800-sample chunks", chunks)
				}
			}
			// More than one second of a one-second file: the loop went on.
			if r := rms(channel(want[2*(Rate+Rate/2):], 0)); r < 0.01 {
				t.Errorf("after the file's end the looping stream's RMS is %v, want it playing", r)
			}
		})
	}
}

func TestStreamMatchesTheDecodedClip(t *testing.T) {
	// Clips and streams share the decoders and the resampler: the same
	// file gives the same samples.
	for _, name := range []string{"tone-mono-22k.ogg", "tone-left.mp3"} {
		data := readTestdata(t, name)
		c, err := Decode(name, bytes.NewReader(data), codecs...)
		if err != nil {
			t.Fatal(err)
		}
		m := MixerFor(t, 2)
		m.Start(0, Play{Stream: streamOf(t, name, data), Pan: -1, Volume: 1})
		m.Start(0, Play{Clip: c, Pan: 1, Volume: 1})
		out := RenderChunks(m, c.Len()+100, 333)
		for i := range c.Len() {
			// Hard left plays the stream's left, hard right the clip's right:
			// compare the stream's left with the clip's left via the same gain.
			if out[2*i] != c.Samples[2*i]*float32(math.Cos(0)) {
				t.Fatalf("%s sample %d: stream %v, clip %v", name, i, out[2*i], c.Samples[2*i])
			}
		}
		if m.Voices() != 0 {
			t.Errorf("%s: %d voices after the end, want 0", name, m.Voices())
		}
	}
}

// failAfter is a file that reads normally up to n bytes, then fails.
type failAfter struct {
	*bytes.Reader
	n int64
}

func (f *failAfter) Read(p []byte) (int, error) {
	pos, _ := f.Seek(0, io.SeekCurrent)
	if pos >= f.n {
		return 0, errors.New("disk on fire")
	}
	p = p[:min(int64(len(p)), f.n-pos)]
	return f.Reader.Read(p)
}

func (f *failAfter) Close() error { return nil }

func TestStreamErrorStopsTheVoice(t *testing.T) {
	// (The Ogg test file is two pages: a read error in it fails the open,
	// which TestStreamRefusesBadFiles covers.)
	for _, name := range []string{"ramp.wav", "tone-left.mp3"} {
		data := rampWAV(Rate, Rate)
		if name != "ramp.wav" {
			data = readTestdata(t, name)
		}
		opens := 0
		s, err := NewStream(name, func() (io.ReadSeekCloser, error) {
			opens++
			if opens == 1 {
				return nopCloser{bytes.NewReader(data)}, nil // the check
			}
			return &failAfter{bytes.NewReader(data), int64(len(data) / 3)}, nil
		}, codecs...)
		if err != nil {
			t.Fatal(err)
		}
		m := MixerFor(t, 2)
		if _, err := m.Start(0, Play{Stream: s, Loop: true, Volume: 1}); err != nil {
			t.Fatal(err)
		}
		out := RenderChunks(m, Rate, 480)
		if m.StreamErrors() != 1 || m.Err() == nil || !strings.Contains(m.Err().Error(), "disk on fire") || !strings.Contains(m.Err().Error(), name) {
			t.Errorf("%s: %d errors, last %v; want 1, naming the stream and the cause", name, m.StreamErrors(), m.Err())
		}
		if m.Voices() != 0 {
			t.Errorf("%s: %d voices after the error, want 0", name, m.Voices())
		}
		// What decoded before the error plays; then silence, no garbage.
		if rms(channel(out[2*Rate/16:2*Rate/8], 0)) < 0.01 {
			t.Errorf("%s: the first eighth of a second is silent, want the tone", name)
		}
		if r := rms(channel(out[2*(Rate-100):], 0)); r != 0 {
			t.Errorf("%s: RMS %v after the error, want 0", name, r)
		}
	}
}

func TestStreamRefusesBadFiles(t *testing.T) {
	ogg := readTestdata(t, "tone-left.ogg")
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"notes.txt", []byte("do re mi"), "not a sound file"},
		{"cut.ogg", ogg[:100], "cut.ogg"},
		{"surround.wav", wavFile(1, 6, Rate, 16, make([]byte, 120)), "6 channels"},
	}
	for _, tt := range tests {
		if _, err := StreamBytes(tt.name, tt.data, codecs...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
	m := MixerFor(t, 1)
	s := streamOf(t, "a.ogg", ogg)
	if _, err := m.Start(0, Play{Stream: s, Clip: Ramp(3), Volume: 1}); err == nil {
		t.Error("a play of a clip and a stream: got nil error")
	}
}

func TestStreamRenderAllocations(t *testing.T) {
	// Steady state: a WAV stream allocates nothing per Render. The
	// decoders allocate inside themselves: jfreymuth/oggvorbis a few times
	// per packet (about 4 per 10 ms), hajimehoshi/go-mp3 a few dozen per
	// frame (about 50 per 10 ms). These bounds keep them from growing.
	tests := []struct {
		name string
		data []byte
		max  float64
	}{
		{"ramp-22k.wav", rampWAV(48000, 22050), 0},
		{"tone-left.ogg", readTestdata(t, "tone-left.ogg"), 8},
		{"tone-left.mp3", readTestdata(t, "tone-left.mp3"), 80},
	}
	for _, tt := range tests {
		m := MixerFor(t, 2)
		m.Start(0, Play{Stream: streamOf(t, tt.name, tt.data), Loop: true, Volume: 1})
		buf := make([]float32, 2*480)
		m.Render(buf)
		a := testing.AllocsPerRun(200, func() { m.Render(buf) })
		t.Logf("%s: %.2f allocations per 480-sample Render", tt.name, a)
		if a > tt.max {
			t.Errorf("%s: %.2f allocations per Render, want at most %v", tt.name, a, tt.max)
		}
	}
}

// ExampleMixer_Start_stream plays an Ogg Vorbis file as looping music that
// fades in over a tenth of a second, decoding it as the timeline renders.
func ExampleMixer_Start_stream() {
	data := mustRead("testdata/tone-left.ogg")
	music, err := StreamBytes("tone-left.ogg", data, vorbis.Codec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := NewMixer(8)
	id, err := m.Start(0, Play{Stream: music, Bus: Music, Loop: true, FadeIn: Rate / 10, Volume: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := make([]float32, 2*480)
	for range 300 { // three seconds: the one-second file loops
		m.Render(buf)
	}
	m.FadeOut(id, m.Cursor(), Rate/10)
	for range 20 {
		m.Render(buf)
	}
	fmt.Println(music.Format(), m.Voices(), m.Err())
	// Output: Ogg Vorbis 0 <nil>
}

// BenchmarkStream decodes and mixes one looping stream in 10 ms chunks;
// the figure is CPU time per second of audio (ms/s).
func BenchmarkStream(b *testing.B) {
	for _, name := range []string{"tone-left.ogg", "tone-left.mp3", "tone-mono-22k.ogg"} {
		b.Run(name, func(b *testing.B) {
			m := MixerFor(b, 2)
			m.Start(0, Play{Stream: streamOf(b, name, readTestdata(b, name)), Loop: true, Volume: 1})
			buf := make([]float32, 2*480)
			b.ReportAllocs()
			for b.Loop() {
				m.Render(buf)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)*(Rate/480)/1e6, "cpu-ms/s")
		})
	}
}

// A looping WAV stream goes back to its first sample by seeking, without
// opening its decoder again: a 13-sample loop played 37 times in a Render
// allocates nothing (it reopened the decoder on every loop, 60 MB per
// second of mix).
func TestLoopingWAVStreamAllocatesNothingPerLoop(t *testing.T) {
	m := MixerFor(t, 1)
	if _, err := m.Start(0, Play{Stream: streamOf(t, "short.wav", rampWAV(13, Rate)), Loop: true, Volume: 1}); err != nil {
		t.Fatal(err)
	}
	buf := make([]float32, 2*480)
	m.Render(buf)
	if a := testing.AllocsPerRun(50, func() { m.Render(buf) }); a != 0 {
		t.Errorf("%.1f allocations per Render of 37 loops, want 0", a)
	}
	if m.Voices() != 1 || m.Err() != nil {
		t.Errorf("%d voices, error %v: want the loop playing on", m.Voices(), m.Err())
	}
}
