package replay

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
)

const precious = "a recording the user made earlier"

// partials returns the temporary files in dir.
func partials(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.partial"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// startRecording runs the scripted arena for n ticks while recording to
// path, and returns the game, still running, and its recorder.
func startRecording(t *testing.T, path string, n uint64) (*engine.Headless, *Recorder) {
	t.Helper()
	hl, err := engine.NewHeadless(engine.Options{Seed: 42}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Create(path, testHeader())
	if err != nil {
		t.Fatal(err)
	}
	hl.Game.AddTickSink(r)
	script(hl)
	if err := hl.RunTicks(n, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	return hl, r
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCloseReplacesTheFileAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.twr")
	if err := os.WriteFile(path, []byte(precious), 0o644); err != nil {
		t.Fatal(err)
	}
	hl, r := startRecording(t, path, 75)
	if got := readFile(t, path); got != precious {
		t.Fatalf("the target changed before Close: %q", got)
	}
	if got := partials(t, dir); len(got) != 1 || got[0] != r.TempPath() {
		t.Fatalf("temporary files: got %v, want [%s]", got, r.TempPath())
	}
	// The game ends: the engine closes the recorder.
	if err := hl.Close(); err != nil {
		t.Fatal(err)
	}
	if got := partials(t, dir); len(got) != 0 {
		t.Fatalf("temporary files left after Close: %v", got)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Ticks() != 75 {
		t.Fatalf("Ticks: got %d, want 75", p.Ticks())
	}
	if err := r.Close(); err != nil {
		t.Fatalf("a second Close: got %v, want nil", err)
	}
	if _, err := Open(path); err != nil {
		t.Fatalf("after a second Close: %v", err)
	}
}

func TestCrashLeavesTheTargetAndTheFlushedTicks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.twr")
	if err := os.WriteFile(path, []byte(precious), 0o644); err != nil {
		t.Fatal(err)
	}
	// 75 ticks at 30 Hz: the file holds the first two seconds (60 ticks);
	// the last 15 ticks, half a second, are still in memory.
	_, r := startRecording(t, path, 75)
	tmp := r.TempPath()
	r.f.Close() // the process dies: neither Close nor the engine runs again

	if got := readFile(t, path); got != precious {
		t.Fatalf("the target changed: %q", got)
	}
	p, err := Open(tmp)
	if !errors.Is(err, ErrNotFinalised) {
		t.Fatalf("Open(temporary file): got %v, want ErrNotFinalised", err)
	}
	for _, w := range []string{tmp, "never finalised", "60 ticks are readable"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("got %q, want it to contain %q", err, w)
		}
	}
	if p == nil || p.Ticks() != 60 {
		t.Fatalf("readable part: got %v, want 60 ticks", p)
	}
	if _, err := replayRun(t, p, engine.Steady(7), &arena{}); err != nil {
		t.Fatalf("replaying the readable part: %v", err)
	}
}

func TestAFailedRecordingLeavesNoFileAndKeepsTheTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.twr")
	if err := os.WriteFile(path, []byte(precious), 0o644); err != nil {
		t.Fatal(err)
	}
	hl, r := startRecording(t, path, 10)
	r.f.Close() // the next write fails, as on a full disk
	err := hl.RunTicks(30, nil)
	if err == nil || !strings.Contains(err.Error(), "writing "+r.TempPath()) {
		t.Fatalf("running on after a write error: got %v, want the write error", err)
	}
	if err := r.Close(); err == nil {
		t.Fatal("Close after a write error: got nil, want the error")
	}
	if got := partials(t, dir); len(got) != 0 {
		t.Fatalf("temporary files left: %v", got)
	}
	if got := readFile(t, path); got != precious {
		t.Fatalf("the target changed: %q", got)
	}
}

func TestAnUnfinishedTickIsLeftOut(t *testing.T) {
	// A tick whose input was recorded but which failed before TickDone is
	// not part of the recording.
	hl, err := engine.NewHeadless(engine.Options{}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.twr")
	r, err := Create(path, Header{TickRate: 30})
	if err != nil {
		t.Fatal(err)
	}
	evs := oddEvents()[:2]
	for i := range uint64(3) {
		if err := r.TickInput(i, evs); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			if err := r.TickDone(i, hl.Game); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Ticks() != 2 || len(p.spans) != 2 {
		t.Fatalf("got %d ticks and %d with events, want 2 and 2", p.Ticks(), len(p.spans))
	}
}
