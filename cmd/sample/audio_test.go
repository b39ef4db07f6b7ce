package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/audio"
)

func TestAudioOutIsTheSameAtAnyPaceAndInAReplay(t *testing.T) {
	dir := t.TempDir()
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	runs := [][]string{{"-fps", "7"}, {"-fps", "60"}, {"-fps", "240", "-jitter", "0.5"}}
	var want []byte
	for i, extra := range runs {
		name := filepath.Join(dir, "a"+string(rune('0'+i))+".wav")
		args := append([]string{"-headless", "-ticks", "600", "-audio-out", name}, extra...)
		if i == 0 {
			args = append(args, "-record", filepath.Join(dir, "run.twr"))
		}
		if r := sample(t, withoutDisplay(), args...); r.code != 0 {
			t.Fatalf("%v: status %d\n%s", extra, r.code, r.stderr)
		}
		got := read(filepath.Base(name))
		if len(got) < 44+4*48000 || bytes.Count(got[44:], []byte{0}) == len(got)-44 {
			t.Fatalf("%v: %d bytes, silent or short: want ten seconds of sound and more", extra, len(got))
		}
		if want == nil {
			want = got
		} else if !bytes.Equal(got, want) {
			t.Errorf("%v: the WAV differs from the one written at 7 fps", extra)
		}
	}
	// The replay of the recording made at 7 fps, at another pace, writes the
	// same file.
	out := filepath.Join(dir, "replay.wav")
	if r := sample(t, withoutDisplay(), "-headless", "-replay", filepath.Join(dir, "run.twr"), "-fps", "144", "-audio-out", out); r.code != 0 {
		t.Fatalf("replay: status %d\n%s", r.code, r.stderr)
	}
	if !bytes.Equal(read("replay.wav"), want) {
		t.Error("the replay's WAV differs from the recorded run's")
	}
}

// In a window the device's feeder renders the timeline while the game
// plays (here through ALSA's null device, a real ALSA path that discards
// the sound); -audio-out records it as rendered, and the headless replay of
// the same run writes the same bytes: feeding a device, resampled and
// locked to its clock, does not change the game's timeline.
func TestWindowedAudioOutWithADeviceMatchesTheReplay(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	conf := filepath.Join(dir, "asound.conf")
	if err := os.WriteFile(conf, []byte("pcm.!default { type null }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "ALSA_CONFIG_PATH="+conf)
	rec, played, replayed := filepath.Join(dir, "run.twr"), filepath.Join(dir, "played.wav"), filepath.Join(dir, "replayed.wav")
	if r := sample(t, env, "-frames", "90", "-record", rec, "-audio-out", played); r.code != 0 {
		t.Fatalf("windowed: status %d\n%s", r.code, r.stderr)
	} else if strings.Contains(r.stderr, "no sound") {
		t.Fatalf("windowed: the null device did not open:\n%s", r.stderr)
	}
	if r := sample(t, withoutDisplay(), "-headless", "-replay", rec, "-fps", "33", "-audio-out", replayed); r.code != 0 {
		t.Fatalf("replay: status %d\n%s", r.code, r.stderr)
	}
	a, err := os.ReadFile(played)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(replayed)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) < 44+4*audio.Rate/2 || bytes.Count(a[44:], []byte{0}) == len(a)-44 {
		t.Fatalf("the windowed run's WAV is %d bytes, short or silent", len(a))
	}
	if !bytes.Equal(a, b) {
		t.Errorf("the WAV recorded while the device played (%d bytes) differs from the replay's (%d bytes)", len(a), len(b))
	}
}

// A headless run whose mix cannot fit a WAV file (4 GiB, about 6 h 12 min)
// is refused before it starts, naming the limit: it ran for minutes and
// then died allocating 16 GB.
func TestAudioOutRefusesAMixLongerThanAWAVHolds(t *testing.T) {
	out := filepath.Join(t.TempDir(), "long.wav")
	start := time.Now()
	r := sample(t, withoutDisplay(), "-headless", "-ticks", "1300000", "-audio-out", out)
	if r.code != 2 || !strings.Contains(r.stderr, "-audio-out") || !strings.Contains(r.stderr, "6h12m") || !strings.Contains(r.stderr, "1300000 ticks") {
		t.Errorf("got status %d, stderr %q; want status 2 and an error naming the ticks and the WAV limit (6h12m)", r.code, r.stderr)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("refusing took %v, want it before the game runs", d)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a file was written")
	}
}
