package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// lightMover moves its actor 1 unit along +X each tick.
type lightMover struct{}

func (lightMover) Tick(a *Actor, _ timing.TickInfo, _ *Manager) error {
	a.Local.Pos[0]++
	return nil
}

// A light actor's light is drawn where the actor is drawn: interpolated
// between ticks, under its parent, pointing along the actor's −Z; a
// hidden actor's light is off.
func TestLightFollowsItsActor(t *testing.T) {
	m := &Manager{}
	carrier, err := m.Spawn(Spec{Pos: mgl32.Vec3{0, 2, 0}, Behavior: lightMover{}})
	if err != nil {
		t.Fatal(err)
	}
	turned := mgl32.QuatRotate(-mgl32.DegToRad(90), mgl32.Vec3{1, 0, 0}) // −Z turned to −Y: shining down
	lamp, err := m.Spawn(Spec{Parent: carrier, Pos: mgl32.Vec3{0, 1, 0}, Rot: turned,
		Behavior: &Light{Light: gfx.PunctualLight{Kind: gfx.SpotLight, Intensity: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Tick(timing.TickInfo{Index: 1, Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}); err != nil {
		t.Fatal(err)
	}
	m.Interpolate(0.25)
	ls := m.BuildDrawList().Lights()
	if len(ls) != 1 {
		t.Fatalf("%d lights drawn, want 1", len(ls))
	}
	if got, want := ls[0].Position, (mgl32.Vec3{0.25, 3, 0}); got.Sub(want).Len() > 1e-5 {
		t.Errorf("light at %v, want %v (a quarter of the tick's move)", got, want)
	}
	if got := ls[0].Dir; got.Sub(mgl32.Vec3{0, -1, 0}).Len() > 1e-5 {
		t.Errorf("light shines along %v, want down", got)
	}
	a, err := m.Actor(lamp)
	if err != nil {
		t.Fatal(err)
	}
	a.Hidden = true
	m.Interpolate(0.5)
	if n := len(m.BuildDrawList().Lights()); n != 0 {
		t.Errorf("%d lights drawn with the actor hidden, want 0", n)
	}
}
