package replay

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
)

// counted is the arena with a Hash that counts its calls (Game.Hash asks
// it) and, when failAt is not 0, a Tick that fails at that tick.
type counted struct {
	arena
	hashes int
	failAt uint64
}

func (c *counted) Hash() uint64 { c.hashes++; return 7 }

func (c *counted) Tick(ctx *engine.TickContext) error {
	if c.failAt != 0 && ctx.Tick.Index == c.failAt {
		return errors.New("tick failed")
	}
	return c.arena.Tick(ctx)
}

func recordCounted(t *testing.T, game *counted, ticks uint64) (string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.twr")
	hl, err := engine.NewHeadless(engine.Options{TickRate: 30, Seed: 42}, game)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Create(path, testHeader()) // HashEvery 10
	if err != nil {
		t.Fatal(err)
	}
	hl.Game.AddTickSink(rec)
	runErr := hl.RunTicks(ticks, engine.Steady(60))
	if err := hl.Close(); err != nil && runErr == nil {
		runErr = err
	}
	return path, runErr
}

func TestRecorderHashesEveryHashEveryTicksAndAtTheEnd(t *testing.T) {
	game := &counted{}
	path, err := recordCounted(t, game, 95)
	if err != nil {
		t.Fatal(err)
	}
	// Ticks 0, 10, …, 90, then once when the game ends: not every tick.
	if game.hashes != 11 {
		t.Errorf("state hashes taken recording 95 ticks with HashEvery 10: %d, want 11", game.hashes)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Ticks() != 95 {
		t.Errorf("ticks recorded: %d, want 95", p.Ticks())
	}
	if _, ok := p.FinalHash(); !ok {
		t.Error("no final hash recorded for a game that ended cleanly")
	}
	if _, err := replayRun(t, p, engine.Steady(7), &counted{}); err != nil {
		t.Errorf("replay: %v", err)
	}
}

func TestRecordingOfAFailedTickHasNoFinalHash(t *testing.T) {
	path, err := recordCounted(t, &counted{failAt: 47}, 100)
	if err == nil || !strings.Contains(err.Error(), "tick failed") {
		t.Fatalf("recording: got %v, want the failed tick's error", err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if p.Ticks() != 47 {
		t.Errorf("ticks recorded: %d, want 47 (ticks 0–46 completed)", p.Ticks())
	}
	if h, ok := p.FinalHash(); ok {
		t.Errorf("final hash %016x recorded for a game that ended inside a failing tick, want none", h)
	}
	// It still replays, checking the periodic hashes.
	if _, err := replayRun(t, p, engine.Steady(7), &counted{}); err != nil {
		t.Errorf("replaying the recording of a failed run: %v", err)
	}
}
