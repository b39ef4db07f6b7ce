package engine

import "testing"

// drawer draws from the game's random source at one tick, changing nothing
// else.
type drawer struct {
	one
	at uint64
}

func (d *drawer) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == d.at {
		ctx.Rand().Uint64()
	}
	return nil
}

// TestHashCoversTheRandomSource: a game that draws one more random number
// hashes differently from the tick it drew, though no scene changed
// (HashScheme 2).
func TestHashCoversTheRandomSource(t *testing.T) {
	a, err := NewHeadless(Options{}, &drawer{at: 1 << 62})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewHeadless(Options{}, &drawer{at: 5})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if err := a.RunTicks(1, nil); err != nil {
			t.Fatal(err)
		}
		if err := b.RunTicks(1, nil); err != nil {
			t.Fatal(err)
		}
		if same := a.Game.Hash() == b.Game.Hash(); same != (i < 5) {
			t.Errorf("after tick %d: got equal hashes %v, want %v", i, same, i < 5)
		}
	}
}

// pauseMenu is an overlay that keeps the game below drawn and frozen.
type pauseMenu struct{}

func (pauseMenu) Tick(*TickContext) error { return nil }
func (pauseMenu) Draw(*DrawContext)       {}
func (pauseMenu) Below() Below            { return Below{Draw: true} }

// pauser pushes a pause menu at its fifth tick.
type pauser struct{ one }

func (p *pauser) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == 4 {
		ctx.Push(pauseMenu{})
	}
	return nil
}

// TestPausedGameHashIsFrozen: under a pause menu, gameplay is frozen and so
// is the hash, however many ticks the menu runs.
func TestPausedGameHashIsFrozen(t *testing.T) {
	h, err := NewHeadless(Options{}, &pauser{})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(6, nil); err != nil {
		t.Fatal(err)
	}
	frozen := h.Game.Hash()
	if err := h.RunTicks(100, Steady(60)); err != nil {
		t.Fatal(err)
	}
	if got := h.Game.Hash(); got != frozen {
		t.Errorf("got hash %016x after 100 ticks of the pause menu, want %016x: the paused game did not change", got, frozen)
	}
}
