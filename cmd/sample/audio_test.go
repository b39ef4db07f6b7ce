package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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
