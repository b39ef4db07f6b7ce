package gl41_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// cullWorld is a cloud of moving cubes and spheres around the camera, many
// of them off screen or across its edges, seen after a tick at alpha 0.4.
func cullWorld(tb testing.TB, w, h int, culling bool) *gfx.DrawList {
	tb.Helper()
	m := &scene.Manager{}
	m.SetAspect(float32(w) / float32(h))
	m.SetCulling(culling)
	m.SetShadowReach(gfx.DefaultShadowDistance) // off-screen casters shadow what is in view
	m.SetView(mgl32.LookAtV(mgl32.Vec3{0, 2, 12}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0}))
	m.SetLight(testLight)
	r := rand.New(rand.NewPCG(5, 5))
	f := func(lo, hi float32) float32 { return lo + (hi-lo)*r.Float32() }
	for i := range 400 {
		if _, err := m.Spawn(scene.Spec{
			Pos:   mgl32.Vec3{f(-25, 25), f(-15, 15), f(-30, 20)},
			Rot:   mgl32.QuatRotate(f(0, 6), mgl32.Vec3{f(-1, 1), 1, f(-1, 1)}.Normalize()),
			Scale: mgl32.Vec3{f(0.3, 2), f(0.3, 2), f(0.3, 2)},
			Mesh:  []gfx.MeshID{gfx.MeshCube, gfx.MeshSphere}[i%2],
			Color: gfx.RGB(f(0.2, 1), f(0.2, 1), f(0.2, 1)),
		}); err != nil {
			tb.Fatal(err)
		}
	}
	for _, a := range m.All() {
		a.Local.Pos = a.Local.Pos.Add(mgl32.Vec3{f(-2, 2), f(-2, 2), f(-2, 2)})
		a.Local.Rot = mgl32.QuatRotate(f(0, 0.5), mgl32.Vec3{0, 1, 0}).Mul(a.Local.Rot)
	}
	if err := m.Tick(timing.TickInfo{Index: 1, Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}); err != nil {
		tb.Fatal(err)
	}
	m.Interpolate(0.4)
	return m.BuildDrawList()
}

// Frustum culling leaves fewer instances and the same pixels.
func TestCullingKeepsPixels(t *testing.T) {
	const w, h = 320, 180
	win := openWindow(t, w, h, gl41.Options{})
	var imgs [2][]uint8
	var inst [2]int
	for k, culling := range []bool{false, true} {
		f := &gfx.Picture{}
		f.Reset(w, h, clearColor)
		f.AddScene(cullWorld(t, w, h, culling))
		img, st := render(t, win, f)
		imgs[k], inst[k] = img.Pix, st.Instances
	}
	if inst[1] >= inst[0] || inst[1] == 0 {
		t.Errorf("got %d instances culled of %d, want fewer but some", inst[1], inst[0])
	}
	diff, drawn := 0, 0
	bg := rgba8(clearColor)
	for i := range imgs[0] {
		if imgs[0][i] != imgs[1][i] {
			diff++
		}
		if i%4 == 0 && (imgs[0][i] != bg.R || imgs[0][i+1] != bg.G || imgs[0][i+2] != bg.B) {
			drawn++
		}
	}
	if drawn < w*h/10 {
		t.Errorf("got %d pixels drawn over the clear colour, want a scene covering at least a tenth of the image", drawn)
	}
	if diff != 0 {
		t.Errorf("culling changed %d bytes of the %dx%d image, want none", diff, w, h)
	}
}
