package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// An actor out of view but up-sun of it within the shadow reach is kept
// (it may shadow what is in view); one beyond the reach, or beside the
// view, is culled.
func TestShadowReachKeepsCastersUpSun(t *testing.T) {
	tests := []struct {
		name  string
		reach float32
		pos   mgl32.Vec3
		drawn bool
	}{
		{"above the view, no reach", 0, mgl32.Vec3{0, 30, 0}, false},
		{"above the view, within reach", 40, mgl32.Vec3{0, 30, 0}, true},
		{"above the view, beyond reach", 20, mgl32.Vec3{0, 30, 0}, false},
		{"beside the view, within reach", 40, mgl32.Vec3{60, 0, 0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Manager{}
			m.SetAspect(1)
			m.SetShadowReach(tt.reach)
			// Looking along −Z from z = 10; the sun shines straight down.
			m.SetView(mgl32.LookAtV(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
			m.SetLight(gfx.Light{Dir: mgl32.Vec3{0, -1, 0}, Color: gfx.RGB(1, 1, 1)})
			if _, err := m.Spawn(Spec{Pos: tt.pos, Mesh: gfx.MeshCube}); err != nil {
				t.Fatal(err)
			}
			m.Interpolate(0)
			if got := m.BuildDrawList().Len() == 1; got != tt.drawn {
				t.Errorf("drawn %v, want %v", got, tt.drawn)
			}
		})
	}
}
