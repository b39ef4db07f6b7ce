//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/replay"
)

// TestInterruptFinalisesEverything: Ctrl-C (SIGINT) during a windowed run
// with -record, -screenshot and an enormous -frames ends the game through
// the normal quit path: status 0, the frames line printed, the recording
// finalised and replayable, the screenshot written.
func TestInterruptFinalisesEverything(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	rec, shot := filepath.Join(dir, "run.tw"), filepath.Join(dir, "last.png")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "-frames", "9223372036854775807", "-record", rec, "-screenshot", shot)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Let it record for a while: a recording chunk is written each
		// second of game time. Wait for the first chunk rather than a
		// fixed time, so a slow start on a busy machine is not mistaken
		// for a recording that lost its ticks.
		waitForGrowth(t, filepath.Join(dir, "*.partial"), 20*time.Second)
		time.Sleep(500 * time.Millisecond)
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%v: got %v, want status 0\nstderr: %s", sig, err, errb.String())
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: the game did not end within 20 s", sig)
		}
		if !strings.Contains(out.String(), "frames=") {
			t.Errorf("%v: got stdout %q, want the frames line", sig, out.String())
		}
		p, err := replay.Open(rec)
		if err != nil {
			t.Fatalf("%v: the recording: got %v, want it finalised", sig, err)
		}
		if p.Ticks() < 10 {
			t.Errorf("%v: got %d ticks recorded, want the ticks run until the signal", sig, p.Ticks())
		}
		if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
			t.Errorf("%v: the screenshot: %v, want it written", sig, err)
		}
		if m, _ := filepath.Glob(filepath.Join(dir, "*.partial")); len(m) != 0 {
			t.Errorf("%v: got temporary files %v left, want none", sig, m)
		}
		os.Remove(rec)
		os.Remove(shot)
	}
}

// TestBadOutputPathsRefusedFirst: -screenshot, -record and -audio-out into
// a missing directory, under a regular file, into a directory that cannot
// take a new file, onto a directory or over a read-only file are refused
// before the game starts, naming the flag; the read-only file is left as
// it was.
func TestBadOutputPathsRefusedFirst(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.png")
	if err := os.WriteFile(ro, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-headless", "-record", filepath.Join(dir, "no", "such", "x.tw")}, "does not exist"},
		{[]string{"-headless", "-record", dir}, "is a directory"},
		{[]string{"-headless", "-record", ro}, "read-only"},
		{[]string{"-frames", "5", "-screenshot", ro}, "read-only"},
		{[]string{"-frames", "5", "-screenshot", dir}, "is a directory"},
		{[]string{"-headless", "-audio-out", filepath.Join(ro, "x.wav")}, "not a directory"},
	}
	if fi, err := os.Stat("/proc/self"); err == nil && fi.IsDir() { // a directory no one can add a file to
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"-headless", "-audio-out", "/proc/tickwork-mix.wav"}, "cannot take a new file"})
	}
	for _, c := range cases {
		r := sample(t, nil, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || !strings.Contains(r.stderr, c.args[len(c.args)-2]) {
			t.Errorf("%v: got status %d, stderr %q; want 2 and an error naming %s saying %q",
				c.args, r.code, r.stderr, c.args[len(c.args)-2], c.want)
		}
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep" {
		t.Errorf("the read-only file: got %q, want it untouched", b)
	}
}

// TestWindowedAudioOutIsWrittenOnEveryCleanEnd: a windowed run with
// -audio-out and no -frames (the game runs until closed) that ends by a
// signal saves the mix, as -frames does; it wrote nothing before.
func TestWindowedAudioOutIsWrittenOnEveryCleanEnd(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	conf := filepath.Join(dir, "asound.conf")
	if err := os.WriteFile(conf, []byte("pcm.!default { type null }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wav := filepath.Join(dir, "mix.wav")
	cmd := exec.Command(bin, "-audio-out", wav)
	cmd.Env = append(os.Environ(), "ALSA_CONFIG_PATH="+conf)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("got %v, want status 0\nstderr: %s", err, errb.String())
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the game did not end within 20 s")
	}
	b, err := os.ReadFile(wav)
	if err != nil {
		t.Fatalf("the mix: %v, want it written\nstderr: %s", err, errb.String())
	}
	// At least the half second of tail after the last tick, 16-bit stereo.
	if len(b) < 44+4*24000 || string(b[:4]) != "RIFF" {
		t.Errorf("the mix is %d bytes, want a WAV file of half a second or more", len(b))
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.partial")); len(m) != 0 {
		t.Errorf("got temporary files %v left, want none", m)
	}
}

// waitForGrowth waits until a file matching pattern has grown past the
// size it had when first seen with something in it (the game has run and
// written: for a recording, past its header, by a chunk of ticks), or fails
// the test after limit. A file seen empty, just created, is not yet a size
// to grow from: its header would count as growth.
func waitForGrowth(t *testing.T, pattern string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	first := int64(-1)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(pattern); len(m) == 1 {
			if fi, err := os.Stat(m[0]); err == nil && fi.Size() > 0 {
				if first < 0 {
					first = fi.Size()
				} else if fi.Size() > first {
					return
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no file matching %s grew within %v: the game did not start recording", pattern, limit)
}
