package assetgen

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
)

// TestSoundsDecodeToTheirSynthesis decodes the committed music loop and
// compares it with Music: the same length (Ogg keeps it exactly) and the
// same loudness within the codec's error.
func TestSoundsDecodeToTheirSynthesis(t *testing.T) {
	f, err := os.Open(filepath.Join(assetsDir, "music.ogg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := vorbis.Decode("music.ogg", f)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Len(), MusicSeconds*audio.Rate; got != want {
		t.Errorf("music.ogg: %d samples, want %d (%d s at %d Hz)", got, want, MusicSeconds, audio.Rate)
	}
	ref := Music()
	rms := func(x []float64) float64 {
		s := 0.0
		for _, v := range x {
			s += v * v
		}
		return math.Sqrt(s / float64(len(x)))
	}
	got := make([]float64, len(c.Samples))
	for i, v := range c.Samples {
		got[i] = float64(v)
	}
	if g, w := rms(got), rms(ref); math.Abs(g-w) > 0.1*w || w < 0.02 || w > 0.3 {
		t.Errorf("music.ogg RMS %.4f, synthesis %.4f: want them within 10%%, soft (0.02 to 0.3)", g, w)
	}
}

// TestSoundFilesSmall keeps the committed sounds small.
func TestSoundFilesSmall(t *testing.T) {
	total := int64(0)
	for _, f := range SoundFiles() {
		st, err := os.Stat(filepath.Join("../../..", f.Dir, f.Name))
		if err != nil {
			t.Fatal(err)
		}
		total += st.Size()
	}
	if total > 150<<10 {
		t.Errorf("the committed sounds total %d bytes, want at most %d", total, 150<<10)
	}
}
