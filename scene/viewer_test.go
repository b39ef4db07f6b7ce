package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// lookViewer looks from the origin along +Z (behind the default view) and
// records the alphas it was asked for.
type lookViewer struct {
	alphas []float32
	fovY   float32
}

func (v *lookViewer) Render(alpha float32, dst *gfx.Camera) {
	v.alphas = append(v.alphas, alpha)
	dst.View = mgl32.LookAtV(mgl32.Vec3{}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0})
	dst.FovY, dst.Near, dst.Far = v.fovY, 0, 0
}

// A viewer's view is the one culled with and drawn, at the frame's alpha,
// and it takes precedence over the camera actor; nil returns to it.
func TestViewerSetsTheCulledAndDrawnView(t *testing.T) {
	m := &Manager{}
	m.SetAspect(1)
	if err := m.SetLens(1, 0.5, 100); err != nil {
		t.Fatal(err)
	}
	_, err := m.Spawn(Spec{Pos: mgl32.Vec3{0, 0, -20}, Mesh: gfx.MeshCube})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Spawn(Spec{Pos: mgl32.Vec3{0, 0, 20}, Mesh: gfx.MeshCube, Color: gfx.RGB(1, 0, 0)}); err != nil {
		t.Fatal(err)
	}
	cam, err := m.Spawn(Spec{}) // a camera actor at the origin, looking along −Z
	if err != nil {
		t.Fatal(err)
	}
	if err := m.SetCamera(cam); err != nil {
		t.Fatal(err)
	}
	if err := m.Tick(timing.TickInfo{Rate: 30, Delta: 1.0 / 30}); err != nil {
		t.Fatal(err)
	}
	drawn := func(alpha float32) (n int, red bool, d *gfx.DrawList) {
		m.Interpolate(alpha)
		d = m.BuildDrawList()
		for _, b := range d.Batches() {
			for _, in := range b.Instances {
				n++
				red = red || in.Color.R == 1
			}
		}
		return n, red, d
	}
	if n, red, _ := drawn(0.5); n != 1 || red {
		t.Fatalf("camera actor: %d drawn, the one behind drawn %v; want only the one ahead", n, red)
	}
	v := &lookViewer{fovY: 0.9}
	m.SetViewer(v)
	n, red, d := drawn(0.25)
	if n != 1 || !red {
		t.Errorf("viewer looking back: %d drawn, the one behind drawn %v; want only the one behind", n, red)
	}
	if len(v.alphas) != 1 || v.alphas[0] != 0.25 {
		t.Errorf("viewer asked at alphas %v, want once at 0.25", v.alphas)
	}
	if want := mgl32.LookAtV(mgl32.Vec3{}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}); d.Camera.View != want || d.Camera.FovY != 0.9 {
		t.Errorf("draw list camera %+v, want the viewer's view and field of view", d.Camera)
	}
	m.SetViewer(nil)
	if n, red, d := drawn(0.5); n != 1 || red || d.Camera.View != mgl32.Ident4() {
		t.Errorf("viewer removed: %d drawn, behind %v, view %v; want the camera actor's again", n, red, d.Camera.View)
	}
	if c := m.DrawList().Camera; c.FovY != 1 || c.Near != 0.5 || c.Far != 100 {
		t.Errorf("viewer removed: lens %v, %v, %v; want SetLens's 1, 0.5, 100 back", c.FovY, c.Near, c.Far)
	}
	// A lens set while a viewer draws takes effect once it goes.
	m.SetViewer(v)
	if err := m.SetLens(0.7, 1, 50); err != nil {
		t.Fatal(err)
	}
	drawn(0)
	if c := m.DrawList().Camera; c.FovY != 0.9 {
		t.Errorf("SetLens under a viewer: field of view %v, want the viewer's 0.9", c.FovY)
	}
	m.SetViewer(nil)
	if c := m.DrawList().Camera; c.FovY != 0.7 || c.Near != 1 || c.Far != 50 {
		t.Errorf("viewer removed after SetLens: lens %v, %v, %v; want 0.7, 1, 50", c.FovY, c.Near, c.Far)
	}
}
