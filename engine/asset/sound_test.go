package asset

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/mp3"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
	"github.com/tickwork/tickwork/engine/audio/wav"
)

// stereoWAV is a 16-bit stereo WAV file at 48 kHz of the given left and
// right values, one sample each.
func stereoWAV(values ...int16) []byte {
	var data []byte
	for _, v := range values {
		data = binary.LittleEndian.AppendUint16(data, uint16(v))
	}
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(36+len(data)))
	b = append(b, "WAVEfmt "...)
	for _, v := range []uint32{16, 1 | 2<<16, 48000, 48000 * 4, 4 | 16<<16} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	return append(b, data...)
}

func soundFS() fstest.MapFS {
	return fstest.MapFS{
		"beep.wav":  {Data: stereoWAV(16384, -16384, 8192, 0)},
		"boop.wav":  {Data: stereoWAV(100, 100)},
		"song.wav":  {Data: stereoWAV(1, 2, 3, 4, 5, 6)},
		"notes.txt": {Data: []byte("not a sound")},
	}
}

func TestLoadSound(t *testing.T) {
	var l Library
	fsys := soundFS()
	h0 := l.Hash()
	beep, err := l.LoadSound(fsys, "beep.wav", wav.Codec{})
	if err != nil || beep != 1 {
		t.Fatalf("LoadSound(beep.wav) = %d, %v; want 1, nil", beep, err)
	}
	boop, _ := l.LoadSound(fsys, "boop.wav", wav.Codec{})
	again, _ := l.LoadSound(fsys, "beep.wav", wav.Codec{})
	if boop != 2 || again != beep {
		t.Errorf("IDs: boop %d, beep again %d; want 2 and %d", boop, again, beep)
	}
	c, ok := l.Sound(beep)
	if !ok || c.Len() != 2 || c.Samples[0] != 0.5 || c.Samples[1] != -0.5 {
		t.Errorf("Sound(%d) = %v, %v; want 2 samples starting 0.5, -0.5", beep, c, ok)
	}
	if id, ok := l.SoundID("boop.wav"); id != boop || !ok {
		t.Errorf("SoundID(boop.wav) = %d, %v; want %d, true", id, ok, boop)
	}
	if _, ok := l.Sound(3); ok {
		t.Error("Sound(3) of two: got true")
	}
	if l.Hash() == h0 {
		t.Error("Hash did not change with two sounds loaded")
	}
	// The same sounds in the same order: the same hash; another order: another.
	var same, swapped Library
	same.LoadSound(fsys, "beep.wav", wav.Codec{})
	same.LoadSound(fsys, "boop.wav", wav.Codec{})
	swapped.LoadSound(fsys, "boop.wav", wav.Codec{})
	swapped.LoadSound(fsys, "beep.wav", wav.Codec{})
	if same.Hash() != l.Hash() || swapped.Hash() == l.Hash() {
		t.Errorf("hashes: same order %x, swapped %x, want %x and something else", same.Hash(), swapped.Hash(), l.Hash())
	}
}

func TestLoadSoundErrorsNameTheAsset(t *testing.T) {
	var l Library
	fsys := soundFS()
	tests := []struct {
		load func() error
		want string
	}{
		{func() error { _, err := l.LoadSound(fsys, "notes.txt", wav.Codec{}); return err }, "notes.txt: not a sound file"},
		{func() error { _, err := l.LoadSound(fsys, "missing.ogg", wav.Codec{}); return err }, "missing.ogg"},
		{func() error { _, err := l.LoadSoundFile("testdata/none.wav", wav.Codec{}); return err }, "testdata/none.wav"},
		{func() error { _, err := l.LoadMusic(fsys, "notes.txt", wav.Codec{}); return err }, "notes.txt: not a sound file"},
		{func() error { _, err := l.AddSound("empty", &audio.Clip{}); return err }, `sound "empty": no samples`},
	}
	for _, tt := range tests {
		if err := tt.load(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("got %v, want an error saying %q", err, tt.want)
		}
	}
}

func TestLoadMusicStreams(t *testing.T) {
	var l Library
	s, err := l.LoadMusic(soundFS(), "song.wav", wav.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := l.LoadMusic(soundFS(), "song.wav", wav.Codec{}); again != s {
		t.Error("loading the same music again gave another stream")
	}
	h := l.Hash()
	m, _ := audio.NewMixer(1)
	if _, err := m.Start(0, audio.Play{Stream: s, Pan: -1, Volume: 1}); err != nil {
		t.Fatal(err)
	}
	buf := make([]float32, 2*4)
	m.Render(buf)
	for i, want := range []float32{1, 3, 5} {
		if got := buf[2*i] * 32768; got != want {
			t.Errorf("sample %d: left %v/32768, want %v/32768", i, got, want)
		}
	}
	if l.Hash() != h {
		t.Error("playing the music changed the library's hash")
	}
}

// ExampleLibrary_LoadSound loads a sound effect whole and music as a
// stream, then plays both.
func ExampleLibrary_LoadSound() {
	var l Library
	fsys := soundFS()
	beep, err := l.LoadSound(fsys, "beep.wav", wav.Codec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	song, err := l.LoadMusic(fsys, "song.wav", wav.Codec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	clip, _ := l.Sound(beep)
	m, _ := audio.NewMixer(8)
	m.Start(0, audio.Play{Clip: clip, Volume: 1})
	m.Start(0, audio.Play{Stream: song, Bus: audio.Music, Loop: true, Volume: 1})
	fmt.Println(beep, clip.Len(), song.Format(), m.Voices())
	// Output: 1 2 WAV 2
}

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
// float stereo at the mixer's rate (48 kHz, 8 bytes a sample), allocating
// at most sampleCost bytes a decoded sample (the clip, its growth and the
// decoder's buffers) plus soundSlack. A WAV gives at most 6 samples a byte
// (8-bit mono at 8 kHz), so a WAV costs at most 240 times its size plus
// soundSlack, whatever its header claims; a compressed clip is bounded by
// its length (audio.MaxClipSeconds).
const (
	sampleCost = 40
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
		b, err := os.ReadFile(filepath.Join("..", "audio", "testdata", f))
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
			got := allocated(func() {
				_, err = l.LoadSound(fstest.MapFS{"s": {Data: tc.data}}, "s", wav.Codec{}, vorbis.Codec{}, mp3.Codec{})
			})
			if err != nil {
				t.Fatal(err)
			}
			c, _ := l.Sound(1)
			if tc.data[0] == 'R' && c.Len() > 6*len(tc.data) {
				t.Errorf("a %d-byte WAV gave %d samples: want at most 6 a byte", len(tc.data), c.Len())
			}
			if limit := uint64(sampleCost*c.Len() + soundSlack); got > limit {
				t.Errorf("a %d-byte file (%d samples) allocated %d bytes: want at most %d", len(tc.data), c.Len(), got, limit)
			}
		})
	}
}
