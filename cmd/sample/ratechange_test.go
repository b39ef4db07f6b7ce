package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// TestRateChangeRecordingReplaysAtAnyPace: a sample recording in which the
// tick rate is changed with + and - (from ticks, mid-frame at slow paces)
// replays at 7, 60 and 240±50% fps with identical hashes, equal to the
// recording's.
func TestRateChangeRecordingReplaysAtAnyPace(t *testing.T) {
	h, p := headlessSample(t)
	path := filepath.Join(t.TempDir(), "rates.tw")
	if err := record(h.Game, path, p.start, p.cfg); err != nil {
		t.Fatal(err)
	}
	tap := func(tick uint64, k input.Key) {
		h.Inject(tick, input.Event{Kind: input.KeyPress, Key: k}, input.Event{Kind: input.KeyRelease, Key: k})
	}
	tap(10, input.KeyEqual)  // 30 → 60 Hz
	tap(70, input.KeyEqual)  // 60 → 120 Hz
	tap(200, input.KeyMinus) // 120 → 60 Hz
	tap(260, input.KeyMinus) // 60 → 30 Hz
	if err := h.RunTicks(300, engine.Steady(7)); err != nil {
		t.Fatal(err)
	}
	if got := h.Game.Time().TickRate(); got != 30 {
		t.Fatalf("got %d Hz after the presses, want 30 (they were applied)", got)
	}
	want := h.Game.Hash()
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^ticks=300 hash=([0-9a-f]{16})$`)
	var firstHash string
	for _, args := range [][]string{
		{"-headless", "-replay", path, "-fps", "7"},
		{"-headless", "-replay", path, "-fps", "60"},
		{"-headless", "-replay", path, "-fps", "240", "-jitter", "0.5"},
	} {
		r := sample(t, nil, args...)
		m := line.FindStringSubmatch(r.lastLine())
		if r.code != 0 || m == nil {
			t.Fatalf("%v: status %d, last line %q\n%s", args, r.code, r.lastLine(), r.stderr)
		}
		if firstHash == "" {
			firstHash = m[1]
		}
		if m[1] != firstHash {
			t.Errorf("%v: got hash %s, want %s (the same at every pace)", args, m[1], firstHash)
		}
	}
	if w := fmt.Sprintf("%016x", want); firstHash != w {
		t.Errorf("replays give %s, the recorded game ended at %s", firstHash, w)
	}
}

// headlessSample builds the sample's game headless, with the flags'
// defaults, as -headless would, and returns it with its plan.
func headlessSample(t *testing.T) (*engine.Headless, *plan) {
	t.Helper()
	var f demo.Flags
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	f.Register(fs)
	if err := fs.Parse([]string{"-headless"}); err != nil {
		t.Fatal(err)
	}
	p, err := makePlan(&f)
	if err != nil {
		t.Fatal(err)
	}
	first, err := demo.NewState(p.start, p.cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.NewHeadless(p.opts, first)
	if err != nil {
		t.Fatal(err)
	}
	return h, p
}
