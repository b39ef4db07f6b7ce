package engine

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

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

// TestCullingLeavesTheHashAlone: a camera looking away culls every actor
// (no instance drawn) and changes nothing simulated: the same frames give
// the same hash as a camera looking at the scene, which draws them all.
func TestCullingLeavesTheHashAlone(t *testing.T) {
	var hashes [2]uint64
	for k, target := range []mgl32.Vec3{{50, 50, 0}, {50, 50, 300}} {
		w := newWorld(t, 500, &journal{})
		w.scenes[0].SetView(mgl32.LookAtV(mgl32.Vec3{50, 50, 150}, target, mgl32.Vec3{0, 1, 0}))
		h, err := NewHeadless(Options{}, w)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.RunTicks(90, Steady(144)); err != nil {
			t.Fatal(err)
		}
		if want := []int{500, 0}[k]; h.Renderer.Instances != want {
			t.Errorf("looking at %v: got %d instances, want %d", target, h.Renderer.Instances, want)
		}
		hashes[k] = h.Game.Hash()
	}
	if hashes[0] != hashes[1] {
		t.Errorf("got hash %x looking away, want %x as looking at the scene", hashes[1], hashes[0])
	}
}
