package main

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// Each cube of tickwork's side of the comparison has its own behaviour
// (a scene.Ticker per actor), and ticked for 1.5 s its cubes stand where
// the peers draw them at 1.5 s.
func TestCubeStateTicksEachActorAsThePeersTurn(t *testing.T) {
	const n, rate, ticks = 12, 30, 45
	s, err := newCubeState(n)
	if err != nil {
		t.Fatal(err)
	}
	w := s.Scene()
	seen := map[scene.Ticker]bool{}
	for _, a := range w.All() {
		tk, ok := a.Behavior().(scene.Ticker)
		if !ok {
			t.Fatalf("actor %v: behaviour %T is not a scene.Ticker", a.Handle(), a.Behavior())
		}
		seen[tk] = true
	}
	if len(seen) != n {
		t.Fatalf("%d actors have %d distinct behaviours, want one each", n, len(seen))
	}
	for i := range ticks {
		ti := timing.TickInfo{Index: uint64(i), Rate: rate, Delta: 1.0 / rate, Time: timing.Micros(i * 1e6 / rate)}
		if err := w.Tick(ti); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := peer.NewScene(n)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]mgl32.Mat4, n)
	sc.Matrices(float64(ticks)/rate, want)
	i := 0
	for _, a := range w.All() {
		if got := a.WorldMatrix(); !got.ApproxEqualThreshold(want[i], 1e-4) {
			t.Errorf("cube %d after %d ticks: got %v, want the peers' %v", i, ticks, got, want[i])
		}
		i++
	}
}
