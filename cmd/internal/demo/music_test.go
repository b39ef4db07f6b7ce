package demo

import (
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
)

// mix renders a game's whole audio timeline up to its last tick.
func mix(g *engine.Game) []float32 {
	buf := make([]float32, 2*(g.Audio().SamplePosition()-g.Audio().Mixer().Cursor()))
	g.Audio().Mixer().Render(buf)
	return buf
}

// A run with M pressed (music off, then on again) is recorded; its replay
// at other frame rates renders the same samples, and the mute silences
// the music from the tick of the press, not before.
func TestMusicMuteReplaysToTheSameAudio(t *testing.T) {
	const n, mute, unmute = 120, 40, 80
	path := filepath.Join(t.TempDir(), "music.twr")
	h, g := play(t, Config{})
	rec, err := replay.Create(path, replay.Header{TickRate: h.Game.Time().TickRate(), Seed: GameSeed, InitialState: StartGameplay, HashEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.AddTickSink(rec)
	tap(h, mute, input.KeyM)
	tap(h, unmute, input.KeyM)
	if err := h.RunTicks(n, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if g.MusicMuted() {
		t.Error("after two presses of M the music is muted, want it on")
	}
	want := mix(h.Game)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}

	// The same run without M: the music is the only difference, and it
	// differs exactly while muted.
	h2, _ := play(t, Config{})
	if err := h2.RunTicks(n, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	plain := mix(h2.Game)
	h2.Close()
	first, last := -1, -1
	for i := 0; i < min(len(plain), len(want)); i += 2 {
		if plain[i] != want[i] || plain[i+1] != want[i+1] {
			if first < 0 {
				first = i / 2
			}
			last = i / 2
		}
	}
	// A tick's changes land one step after its time (SampleOfTick): the
	// mixes differ from about the first press's tick to the second's.
	stepSamples := float64(audio.Rate) / float64(h.Game.Time().TickRate())
	if first < 0 || math.Abs(float64(first)-(mute)*stepSamples) > stepSamples+1 || math.Abs(float64(last)-(unmute)*stepSamples) > stepSamples+1 {
		t.Errorf("the mix with M differs from sample %d to %d, want about %.0f to %.0f (the ticks of the presses)",
			first, last, mute*stepSamples, unmute*stepSamples)
	}
	// The replays, at 7 fps and at a jittered 240, render the same mix.
	for _, frames := range []engine.FrameTimes{engine.Steady(7), engine.Jittered(240, 0.5, 4)} {
		p, err := replay.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		hr, err := engine.NewHeadless(Options(), NewGameplay(Config{}))
		if err != nil {
			t.Fatal(err)
		}
		hr.Game.SetTickSource(p)
		hr.Game.AddTickSink(p)
		if err := hr.RunTicks(p.Ticks(), frames); err != nil {
			t.Fatalf("replay: %v", err)
		}
		if got := mix(hr.Game); !slices.Equal(got, want) {
			t.Errorf("the replay's mix differs from the recorded run's (%d and %d samples)", len(got)/2, len(want)/2)
		}
		hr.Close()
	}
}

func TestMusicPlaysFromTheStart(t *testing.T) {
	h, _ := play(t, Config{})
	ticks(t, h, 60)
	m := h.Game.Audio().Mixer()
	if m.Voices() == 0 {
		t.Fatal("no voice after 60 ticks, want the music")
	}
	out := mix(h.Game)
	sum := 0.0
	for _, v := range out[len(out)/2:] {
		sum += float64(v) * float64(v)
	}
	if rms := math.Sqrt(sum / float64(len(out)/2)); rms < 0.01 {
		t.Errorf("the second half of two seconds has RMS %v, want the music (well above 0.01)", rms)
	}
	if m.Err() != nil {
		t.Errorf("the music stopped: %v", m.Err())
	}
}
