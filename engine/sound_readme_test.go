package engine_test

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// Band is the README's sound example: a clip on Space, looping music from
// the first tick, M to mute the music. Every change happens in a tick, so
// it lands at that tick's place on the audio timeline.
type Band struct {
	files fs.FS
	lib   asset.Library
	jump  *audio.Clip
	music *audio.Stream
	muted bool
}

// README:sound:begin

// Enter loads a short sound (decoded whole) and the music (streamed).
func (b *Band) Enter(ctx *engine.Context) error {
	id, err := b.lib.LoadSound(b.files, "tone-left.ogg", vorbis.Codec{})
	if err != nil {
		return err
	}
	b.jump, _ = b.lib.Sound(id)
	b.music, err = b.lib.LoadMusic(b.files, "tone-mono-22k.ogg", vorbis.Codec{})
	return err
}

func (b *Band) Tick(ctx *engine.TickContext) error {
	if ctx.Tick.Index == 0 {
		_, err := ctx.PlaySound(audio.Play{Stream: b.music, Bus: audio.Music, Loop: true, FadeIn: audio.Rate / 10, Volume: 1})
		if err != nil {
			return err
		}
	}
	if ctx.Input.Pressed(input.KeySpace) {
		if _, err := ctx.PlaySound(audio.Play{Clip: b.jump, Pan: -0.5, Volume: 0.8}); err != nil {
			return err
		}
	}
	if ctx.Input.Pressed(input.KeyM) {
		b.muted = !b.muted
		vol := float32(1)
		if b.muted {
			vol = 0
		}
		return ctx.SetBusVolume(audio.Music, vol)
	}
	return nil
}

func (b *Band) Draw(ctx *engine.DrawContext) {}

// README:sound:end

var (
	_ engine.State   = (*Band)(nil)
	_ engine.Enterer = (*Band)(nil)
)

// rms is the root mean square of interleaved samples [from, to).
func rms(s []float32, from, to int64) float64 {
	var sum float64
	for _, v := range s[2*from : 2*to] {
		sum += float64(v) * float64(v)
	}
	return math.Sqrt(sum / float64(2*(to-from)))
}

// The README's example runs: the music is heard from the first tick's
// place, M silences it from the M tick's place (to the sample), and the
// clip on Space comes in at its tick's sample.
func TestReadmeSoundExample(t *testing.T) {
	band := &Band{files: os.DirFS("audio/testdata")}
	h, err := engine.NewHeadless(engine.Options{}, band)
	if err != nil {
		t.Fatal(err)
	}
	key := func(k input.Key) []input.Event {
		return []input.Event{{Kind: input.KeyPress, Key: k}, {Kind: input.KeyRelease, Key: k}}
	}
	h.Inject(10, key(input.KeyM)...)
	h.Inject(20, key(input.KeySpace)...)
	if err := h.RunTicks(30, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	step := timing.Micros(1_000_000 / 30)
	at := func(tick int) int64 { return audio.SampleOfTick(timing.Micros(tick)*step, step, 0) }
	mix := make([]float32, 2*h.Game.Audio().SamplePosition())
	h.Game.Audio().Mixer().Render(mix)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		from, to int64
		loud     bool
	}{
		{"before the first tick's place", 0, at(0), false},
		{"music, after its fade-in", at(0) + audio.Rate/10, at(10), true},
		{"muted by M", at(10), at(20), false},
		{"the clip on Space", at(20), int64(len(mix) / 2), true},
	}
	for _, tt := range tests {
		got := rms(mix, tt.from, tt.to)
		if loud := got > 0.01; loud != tt.loud {
			t.Errorf("%s (samples %d to %d): got RMS %.4f, want loud=%v", tt.name, tt.from, tt.to, got, tt.loud)
		}
	}
	if got := rms(mix, at(10)-100, at(10)); got < 0.01 {
		t.Errorf("the music stopped before the M tick's sample %d: RMS %.4f just before it", at(10), got)
	}
}

// The README shows the example's code between the README:sound markers.
func TestReadmeShowsTheSoundExample(t *testing.T) {
	block := func(path string) string {
		s, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(s), "// README:sound:begin")
		j := strings.Index(string(s), "// README:sound:end")
		if i < 0 || j < i {
			t.Fatalf("%s: no README:sound:begin … README:sound:end block", path)
		}
		return string(s[i : j+len("// README:sound:end")])
	}
	if code, doc := block("sound_readme_test.go"), block("../README.md"); code != doc {
		t.Errorf("README.md's sound example differs from engine/sound_readme_test.go:\n%s", fmt.Sprint(doc))
	}
}
