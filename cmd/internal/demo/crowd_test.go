package demo

import (
	"testing"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// cubeTicker ticks one crowd cube as a per-actor Ticker, as the crowd was
// ticked before crowdTicker: the reference crowdTicker must reproduce.
type cubeTicker struct{ c *ringCube }

func (t cubeTicker) Tick(a *scene.Actor, _ timing.TickInfo, _ *scene.Manager) error {
	t.c.place(&a.Local)
	return nil
}

// TestCrowdBulkMatchesPerCube: the crowd ticked by one crowdTicker hashes,
// tick after tick, like the same cubes each ticked by its own Ticker.
func TestCrowdBulkMatchesPerCube(t *testing.T) {
	var g Gameplay
	bulk := new(scene.Manager)
	if err := g.spawnCrowd(bulk, 700); err != nil {
		t.Fatal(err)
	}
	perCube := new(scene.Manager)
	for _, a := range bulk.All() {
		l := a.Local
		_, err := perCube.Spawn(scene.Spec{
			Pos: l.Pos, Rot: l.Rot, Scale: l.Scale, Mesh: a.Mesh, Color: a.Color(),
			Behavior: cubeTicker{a.Behavior().(*ringCube)},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	const rate = 60
	for i := range uint64(120) {
		ti := timing.TickInfo{Index: i, Rate: rate, Delta: 1.0 / rate}
		for _, r := range g.rings {
			r.advance(ti.Delta)
		}
		if err := bulk.Tick(ti); err != nil {
			t.Fatal(err)
		}
		if err := perCube.Tick(ti); err != nil {
			t.Fatal(err)
		}
		if got, want := bulk.Hash(), perCube.Hash(); got != want {
			t.Fatalf("tick %d: got hash %016x with the crowd ticker, want %016x as with a Ticker per cube", i, got, want)
		}
	}
}
