package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// TestNoAllocationsInSteadyState: once a scene has reached its size, a
// tick, a frame's interpolation, UpdateEffects and the draw list allocate nothing,
// with moving actors, a hierarchy, behaviours and a camera.
func TestNoAllocationsInSteadyState(t *testing.T) {
	var m Manager
	var parents []Handle
	for i := range 300 {
		s := Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Mesh: gfx.MeshID(1 + i%3)}
		switch {
		case i%3 == 0:
			s.Behavior = &mover{step: mgl32.Vec3{0, 0.1, 0}, turn: deg(5, yAxis)}
		case i%7 == 0:
			s.Behavior = &mover{turn: deg(70, xAxis)} // the slerp path
		case i%5 == 0:
			s.Behavior = &sparks{}
		}
		if i%4 == 3 {
			s.Parent = parents[len(parents)-1]
		}
		h := spawn(t, &m, s)
		if i%4 == 0 {
			parents = append(parents, h)
		}
	}
	if err := m.SetCamera(parents[2]); err != nil {
		t.Fatal(err)
	}
	i := uint64(0)
	frame := func() {
		if err := m.Tick(tickInfo(i)); err != nil {
			t.Fatal(err)
		}
		i++
		m.Interpolate(0.3)
		m.UpdateEffects(0.016)
		m.BuildDrawList()
	}
	for range 3 {
		frame() // reach the steady state
	}
	tests := []struct {
		name string
		f    func()
	}{
		{"Tick", func() {
			if err := m.Tick(tickInfo(i)); err != nil {
				t.Fatal(err)
			}
			i++
		}},
		{"Interpolate", func() { m.Interpolate(0.7) }},
		{"Interpolate extrapolating", func() { m.SetMode(ModeExtrapolate); m.Interpolate(0.7); m.SetMode(ModeInterpolate) }},
		{"Interpolate none", func() { m.SetMode(ModeNone); m.Interpolate(0.7); m.SetMode(ModeInterpolate) }},
		{"UpdateEffects", func() { m.UpdateEffects(0.016) }},
		{"BuildDrawList", func() { m.BuildDrawList() }},
		{"Hash", func() { m.Hash() }},
		{"whole frame", frame},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(20, tt.f); got != 0 {
			t.Errorf("%s: got %v allocations per run, want 0", tt.name, got)
		}
	}
}
