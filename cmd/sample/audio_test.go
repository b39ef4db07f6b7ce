package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
