package replay

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// faulty panics in its actor's behaviour from tick at on.
type faulty struct{ at uint64 }

func (f *faulty) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	if t.Index >= f.at {
		panic("behaviour fault")
	}
	return nil
}

// TestRecordingFinalisedAfterPanic: a panic in an actor's behaviour ends
// the game with a *engine.PanicError, and the recording is finalised with
// the ticks up to the failure: it opens without ErrNotFinalised.
func TestRecordingFinalisedAfterPanic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crash.twr")
	game := &arena{}
	hl, err := engine.NewHeadless(engine.Options{TickRate: 30, Seed: 42}, game)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Create(path, testHeader())
	if err != nil {
		t.Fatal(err)
	}
	hl.Game.AddTickSink(rec)
	if _, err := game.world.Spawn(scene.Spec{Behavior: &faulty{at: 50}}); err != nil {
		t.Fatal(err)
	}
	err = hl.RunTicks(100, engine.Steady(60))
	var pe *engine.PanicError
	if !errors.As(err, &pe) || pe.In != "actor Tick" || pe.State != "arena" {
		t.Fatalf("got %v, want a *engine.PanicError in arena's actor Tick", err)
	}
	p, err := Open(path)
	if err != nil {
		t.Fatalf("Open after a panic: got %v, want a finalised recording", err)
	}
	if got, want := p.Ticks(), uint64(50); got != want {
		t.Errorf("got %d ticks recorded, want %d (every tick before the failing one)", got, want)
	}
}
