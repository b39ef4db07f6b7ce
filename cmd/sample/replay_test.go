package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/replay"
)

func TestRecordAndReplayHeadless(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.tw")
	rec := sample(t, nil, "-headless", "-ticks", "200", "-record", file)
	if rec.code != 0 || !regexp.MustCompile(`^ticks=200 hash=[0-9a-f]{16}$`).MatchString(rec.lastLine()) {
		t.Fatalf("recording: status %d, last line %q\n%s", rec.code, rec.lastLine(), rec.stderr)
	}
	for _, args := range [][]string{
		{"-headless", "-replay", file, "-fps", "7"},
		{"-headless", "-replay", file, "-fps", "144", "-jitter", "0.7", "-seed", "9"},
		{"-headless", "-replay", file, "-ticks", "200", "-tick-rate", "30"},
	} {
		r := sample(t, nil, args...)
		if r.code != 0 || r.lastLine() != rec.lastLine() {
			t.Errorf("%v: status %d, last line %q, want %q\n%s", args, r.code, r.lastLine(), rec.lastLine(), r.stderr)
		}
	}
	for _, tt := range []struct {
		args []string
		flag string
	}{
		{[]string{"-headless", "-replay", file, "-tick-rate", "60"}, "-tick-rate"},
		{[]string{"-headless", "-replay", file, "-ticks", "100"}, "-ticks"},
		{[]string{"-headless", "-replay", file, "-actors", "10"}, "-actors"},
	} {
		r := sample(t, nil, tt.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.flag) {
			t.Errorf("%v: status %d, stderr %q; want 2 and an error naming %s", tt.args, r.code, r.stderr, tt.flag)
		}
	}
}

func TestRecordAndReplayWithActors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "crowd.tw")
	rec := sample(t, nil, "-headless", "-ticks", "90", "-actors", "300", "-tick-rate", "60", "-record", file)
	if rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	r := sample(t, nil, "-headless", "-replay", file, "-fps", "50")
	if r.code != 0 || r.lastLine() != rec.lastLine() {
		t.Errorf("replay: status %d, %q, want %q\n%s", r.code, r.lastLine(), rec.lastLine(), r.stderr)
	}
}

func TestReplayBadFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tw")
	if err := os.WriteFile(bad, []byte("not a recording"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{bad, filepath.Join(dir, "missing.tw")} {
		r := sample(t, nil, "-headless", "-replay", path)
		if r.code != 1 || !strings.Contains(r.stderr, "replay") || r.stdout != "" {
			t.Errorf("-replay %s: status %d, stdout %q, stderr %q; want 1 and an error", path, r.code, r.stdout, r.stderr)
		}
	}
}

// TestWindowedRecordingReplays: a run recorded in a window, from its
// title screen, replays headless to the same hashes (the replay checks
// them every 30 ticks and at the end).
func TestWindowedRecordingReplays(t *testing.T) {
	needDisplay(t)
	file := filepath.Join(t.TempDir(), "window.tw")
	rec := sample(t, nil, "-frames", "40", "-start", "title", "-record", file)
	if rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	r := sample(t, nil, "-headless", "-replay", file)
	if r.code != 0 || !regexp.MustCompile(`^ticks=\d+ hash=[0-9a-f]{16}$`).MatchString(r.lastLine()) {
		t.Errorf("replay: status %d, last line %q\n%s", r.code, r.lastLine(), r.stderr)
	}
}

// TestReplayInWindow: a short headless recording watched in a window ends
// with the recording's hash.
func TestReplayInWindow(t *testing.T) {
	needDisplay(t)
	file := filepath.Join(t.TempDir(), "short.tw")
	rec := sample(t, nil, "-headless", "-ticks", "20", "-record", file)
	if rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	r := sample(t, nil, "-replay", file, "-frames", "150")
	want := "replay finished: " + rec.lastLine()
	if r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Errorf("watching: status %d, stdout %q; want a line %q\n%s", r.code, r.stdout, want, r.stderr)
	}
}

// TestReplayPartialRecording: the .partial file a killed game leaves
// replays its readable ticks after a one-line notice saying where it stops.
func TestReplayPartialRecording(t *testing.T) {
	h, p := headlessSample(t)
	rec, err := replay.Create(filepath.Join(t.TempDir(), "killed.tw"), replay.Header{
		TickRate: h.Game.Time().TickRate(), Seed: h.Game.Options().Seed, InitialState: p.start, HashEvery: hashEvery,
	})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.AddTickSink(rec)
	if err := h.RunTicks(75, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	// The game is killed here: the recorder is never closed. Its
	// temporary file holds the ticks of each whole second written so far.
	partial := rec.TempPath()
	r := sample(t, nil, "-headless", "-replay", partial, "-fps", "7")
	if r.code != 0 || !regexp.MustCompile(`^ticks=60 hash=[0-9a-f]{16}$`).MatchString(r.lastLine()) {
		t.Fatalf("replaying %s: status %d, last line %q, want ticks=60\n%s", partial, r.code, r.lastLine(), r.stderr)
	}
	if n := strings.Count(r.stderr, "never finalised"); n != 1 || !strings.Contains(r.stderr, "stops at tick 60") {
		t.Errorf("got stderr %q, want one notice saying the replay stops at tick 60", r.stderr)
	}
	want := sample(t, nil, "-headless", "-ticks", "60", "-fps", "60")
	if r.lastLine() != want.lastLine() {
		t.Errorf("got %q, want %q: the partial replay must match a 60-tick run", r.lastLine(), want.lastLine())
	}
}

// TestBisectFlag: -bisect on a recording of the deterministic sample finds
// nothing and exits 0; without -replay it is a usage error.
func TestBisectFlag(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.tw")
	if rec := sample(t, nil, "-headless", "-ticks", "120", "-record", file); rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	r := sample(t, nil, "-replay", file, "-bisect")
	if r.code != 0 || !strings.Contains(r.stdout, "the same game at both frame rates") || strings.Contains(r.stdout, "differs from the recording") {
		t.Errorf("-bisect: status %d, stdout %q, want 0 and no divergence\n%s", r.code, r.stdout, r.stderr)
	}
	if r := sample(t, nil, "-bisect"); r.code != 2 || !strings.Contains(r.stderr, "-bisect") {
		t.Errorf("-bisect without -replay: status %d, stderr %q, want a usage error", r.code, r.stderr)
	}
}
