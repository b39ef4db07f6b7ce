package assetgen

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
)

// The test tones: a sine of ToneFreq Hz at amplitude ToneAmp for
// ToneSeconds, with 5 ms fades so the encoders see no click. Decoder
// tests compare what they decode with these numbers.
const (
	ToneFreq    = 440.0
	ToneAmp     = 0.5
	ToneSeconds = 1.0
)

// MusicSeconds is the music loop's length; MusicRate its sample rate.
const (
	MusicSeconds = 8
	MusicRate    = 44100
)

// Tone synthesises the test tone as interleaved stereo float64 frames at
// rate; leftOnly leaves the right channel silent.
func Tone(rate int, leftOnly bool) []float64 {
	n := int(ToneSeconds * float64(rate))
	out := make([]float64, 2*n)
	ramp := 0.005 * float64(rate)
	for i := range n {
		env := min(1, float64(i)/ramp, float64(n-1-i)/ramp)
		v := ToneAmp * env * math.Sin(2*math.Pi*ToneFreq*float64(i)/float64(rate))
		out[2*i] = v
		if !leftOnly {
			out[2*i+1] = v
		}
	}
	return out
}

// Music synthesises the sample's music loop: MusicSeconds of a soft
// arpeggio over the chords C, A minor, F and G (two seconds each) with a
// quiet pad beneath, as stereo float64 frames at MusicRate. Every note
// ends before the loop does, so it repeats without a seam.
func Music() []float64 {
	const rate = MusicRate
	n := MusicSeconds * rate
	out := make([]float64, 2*n)
	midi := func(k int) float64 { return 440 * math.Pow(2, float64(k-69)/12) }
	chords := [][3]int{{60, 64, 67}, {57, 60, 64}, {53, 57, 60}, {55, 59, 62}}
	// note adds a decaying tone of freq Hz from second at for dur seconds.
	note := func(freq, at, dur, gain, pan float64) {
		i0, i1 := int(at*rate), int((at+dur)*rate)
		for i := i0; i < i1 && i < n; i++ {
			t := float64(i-i0) / rate
			env := min(1, t/0.01) * math.Exp(-3*t/dur) * min(1, (dur-t)/0.05)
			v := gain * env * (math.Sin(2*math.Pi*freq*t) + 0.2*math.Sin(4*math.Pi*freq*t))
			out[2*i] += v * (1 - pan) / 2
			out[2*i+1] += v * (1 + pan) / 2
		}
	}
	for c, ch := range chords {
		at := float64(2 * c)
		for k := range ch { // the pad: the chord held, low and quiet
			note(midi(ch[k]-12), at, 1.95, 0.06, float64(k-1)*0.5)
		}
		for s := range 8 { // the arpeggio: eighths up and down
			k := []int{0, 1, 2, 1, 0, 1, 2, 1}[s]
			oct := 0
			if s == 2 || s == 6 {
				oct = 12
			}
			note(midi(ch[k]+oct), at+0.25*float64(s), 0.45, 0.12, 0.6*math.Sin(float64(s)))
		}
	}
	return out
}

// pcm16WAV encodes stereo (or, with mono, the left channel's) float64
// frames as a 16-bit PCM WAV file at rate.
func pcm16WAV(frames []float64, rate int, mono bool) []byte {
	ch := 2
	if mono {
		ch = 1
	}
	n := len(frames) / 2
	data := 2 * ch * n
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(36+data))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(ch), uint32(rate), uint32(rate * 2 * ch), uint16(2 * ch), uint16(16)} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	binary.Write(&b, binary.LittleEndian, uint32(data))
	for i := range n {
		for c := range ch {
			v := math.Round(min(max(frames[2*i+c], -1), 1) * 32767)
			binary.Write(&b, binary.LittleEndian, int16(v))
		}
	}
	return b.Bytes()
}

// SoundFile is an encoded sound the generator makes with Debian's oggenc
// (vorbis-tools) or lame: Dir is relative to the module's root.
type SoundFile struct {
	Dir, Name string
	Make      func() ([]byte, error)
}

// SoundFiles lists the encoded sounds GenerateSounds writes. Unlike Files
// they need the encoders, so tests never remake them: they decode the
// committed files and compare them with Tone and Music.
func SoundFiles() []SoundFile {
	const testdata = "engine/audio/testdata"
	return []SoundFile{
		{"cmd/internal/demo/assets", "music.ogg", func() ([]byte, error) { return oggenc(pcm16WAV(Music(), MusicRate, false), 2) }},
		{testdata, "tone-left.ogg", func() ([]byte, error) { return oggenc(pcm16WAV(Tone(48000, true), 48000, false), 3) }},
		{testdata, "tone-mono-22k.ogg", func() ([]byte, error) { return oggenc(pcm16WAV(Tone(22050, false), 22050, true), 3) }},
		{testdata, "tone-left.mp3", func() ([]byte, error) { return lame(pcm16WAV(Tone(44100, true), 44100, false), 128) }},
		{testdata, "tone-mono-22k.mp3", func() ([]byte, error) { return lame(pcm16WAV(Tone(22050, false), 22050, true), 48) }},
	}
}

// GenerateSounds encodes every SoundFiles file into its directory under
// root (the module's root), atomically. It needs oggenc and lame
// (apt-get install vorbis-tools lame); run it through
//
//	go test ./cmd/internal/assetgen -run TestSounds -update-sounds
func GenerateSounds(root string) error {
	for _, f := range SoundFiles() {
		data, err := f.Make()
		if err != nil {
			return fmt.Errorf("generate %s: %w", f.Name, err)
		}
		if err := writeFileAtomic(filepath.Join(root, f.Dir, f.Name), data); err != nil {
			return err
		}
	}
	return nil
}

// oggenc encodes a WAV file as Ogg Vorbis at quality q, with a fixed
// serial number so the same input gives the same bytes.
func oggenc(wav []byte, q int) ([]byte, error) {
	return runEncoder(wav, "oggenc", "-Q", "-q", fmt.Sprint(q), "-s", "1", "--discard-comments", "-o", "-", "-")
}

// lame encodes a WAV file as MP3 at kbps, without the LAME/Xing tag frame.
func lame(wav []byte, kbps int) ([]byte, error) {
	return runEncoder(wav, "lame", "--quiet", "-t", "--cbr", "-b", fmt.Sprint(kbps), "-", "-")
}

func runEncoder(wav []byte, tool string, args ...string) ([]byte, error) {
	if _, err := exec.LookPath(tool); err != nil {
		return nil, fmt.Errorf("%s not found: install it (apt-get install -y vorbis-tools lame): %w", tool, err)
	}
	cmd := exec.Command(tool, args...)
	cmd.Stdin = bytes.NewReader(wav)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w: %s", tool, err, errb.String())
	}
	return out.Bytes(), nil
}
