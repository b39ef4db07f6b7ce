package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// tickLog keeps every tick's events and hash, to be recorded later.
type tickLog struct {
	events [][]input.Event
	hashes []uint64
}

func (l *tickLog) TickInput(tick uint64, evs []input.Event) error {
	l.events = append(l.events, slices.Clone(evs))
	return nil
}
func (l *tickLog) TickDone(tick uint64, g *engine.Game) error {
	l.hashes = append(l.hashes, g.Hash())
	return nil
}
func (l *tickLog) Close() error { return nil }

// TestTickDoneHashWritesTheSameRecording: a recording written after the
// ticks ran, from their events and hashes (TickInput, TickDoneHash), is
// the same file as one the engine wrote while they ran, and replays.
func TestTickDoneHashWritesTheSameRecording(t *testing.T) {
	const ticks = 61 // the last tick is hashed: the final hash needs no GameEnd
	dir := t.TempDir()
	live, later := filepath.Join(dir, "live.twr"), filepath.Join(dir, "later.twr")
	hdr := Header{TickRate: 30, InitialState: "arena", HashEvery: 10}
	h, err := engine.NewHeadless(engine.Options{}, &arena{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Create(live, hdr)
	if err != nil {
		t.Fatal(err)
	}
	log := &tickLog{}
	h.Game.AddTickSink(rec)
	h.Game.AddTickSink(log)
	for tick := uint64(3); tick < ticks; tick += 9 {
		if err := h.Inject(tick, input.Event{Kind: input.KeyPress, Key: input.KeySpace}, input.Event{Kind: input.KeyRelease, Key: input.KeySpace}); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.RunTicks(ticks, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	rec2, err := Create(later, hdr)
	if err != nil {
		t.Fatal(err)
	}
	for tick := range uint64(ticks) {
		if err := rec2.TickInput(tick, log.events[tick]); err != nil {
			t.Fatal(err)
		}
		if err := rec2.TickDoneHash(tick, log.hashes[tick]); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec2.Close(); err != nil {
		t.Fatal(err)
	}
	a, err := os.ReadFile(live)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(later)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("the recording written later differs from the live one (%d and %d bytes)", len(b), len(a))
	}
	if err := rec2.TickDoneHash(ticks, 0); err == nil {
		t.Error("TickDoneHash after Close: no error")
	}
}
