package gl41_test

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// TestShadowCullingKeepsThePicture draws a long field of cubes, most of
// them beyond the shadow distance, with each shadow quality, with casters
// culled per cascade and without: the pictures must be the same, and
// culling must upload fewer casters.
func TestShadowCullingKeepsThePicture(t *testing.T) {
	const size = 128
	win := openWindow(t, size, size, gl41.Options{})
	dl := &gfx.DrawList{Light: gfx.Light{Dir: mgl32.Vec3{-0.5, -1, -0.3}, Color: gfx.Color{R: 1, G: 1, B: 1, A: 1},
		Ambient: gfx.Color{R: 0.2, G: 0.2, B: 0.25, A: 1}}}
	dl.Camera.LookAt(mgl32.Vec3{0, 4, 8}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
	dl.Camera.Far = 200
	floor := mgl32.Scale3D(200, 1, 200)
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.6, 0.6, 0.6))
	for i := range 400 { // 20 × 20 cubes, 4 apart, from the camera out to 80 away
		m := mgl32.Translate3D(float32(i%20-10)*4, 0.5+float32(i%3)*0.5, 4-float32(i/20)*4).Mul4(mgl32.HomogRotate3DY(float32(i)))
		dl.Add(gfx.MeshCube, &m, gfx.RGB(0.9, 0.6, 0.3))
	}
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	for _, q := range []gfx.ShadowQuality{gfx.ShadowLow, gfx.ShadowMedium, gfx.ShadowHigh} {
		t.Run(fmt.Sprint(q), func(t *testing.T) {
			set := func(cull bool) {
				mainthread.Call(func() {
					r := win.Renderer()
					if err := r.SetGraphics(gfx.Graphics{Shadows: q, MSAA: 1}); err != nil {
						t.Fatal(err)
					}
					gl41.SetShadowCullForTest(r, cull)
				})
			}
			defer mainthread.Call(func() {
				gl41.SetShadowCullForTest(win.Renderer(), true)
				_ = win.Renderer().SetGraphics(gfx.Graphics{})
			})
			set(false)
			want, all := render(t, win, f)
			set(true)
			got, culled := render(t, win, f)
			bad := 0
			for i := range got.Pix {
				if got.Pix[i] != want.Pix[i] {
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("%d channels differ with casters culled per cascade", bad)
			}
			if culled.ShadowBytes >= all.ShadowBytes {
				t.Errorf("culled, the shadow pass uploaded %d bytes; unculled %d: want fewer", culled.ShadowBytes, all.ShadowBytes)
			}
		})
	}
}

// TestCascadeKeepsCastersReachingIt: a caster is left out of a cascade only
// when its bounding sphere (the unit cube's, radius √3/2, scaled by its
// matrix) lies wholly outside the cascade's clip box; a cascade whose
// projection is not orthographic keeps every caster.
func TestCascadeKeepsCastersReachingIt(t *testing.T) {
	win := openWindow(t, 32, 32, gl41.Options{})
	at := func(x, y, z, scale float32) gfx.Instance {
		return gfx.Instance{Model: mgl32.Translate3D(x, y, z).Mul4(mgl32.Scale3D(scale, scale, scale))}
	}
	ortho := mgl32.Ident4() // the clip box is the cube [-1, 1]³ in world space
	cases := []struct {
		name string
		ins  gfx.Instance
		vp   mgl32.Mat4
		keep bool
	}{
		{"inside", at(0, 0, 0, 1), ortho, true},
		{"centre outside, sphere reaching in", at(1.5, 0, 0, 1), ortho, true},
		{"beyond the sphere's reach in x", at(2, 0, 0, 1), ortho, false},
		{"beyond in -y", at(0, -1.9, 0, 1), ortho, false},
		{"beyond in z", at(0, 0, 1.9, 1), ortho, false},
		{"scaled so that it reaches in", at(2.5, 0, 0, 2), ortho, true},
		{"perspective: never culled", at(50, 0, 0, 1), mgl32.Perspective(1, 1, 0.1, 10), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var n int
			var err error
			mainthread.Call(func() {
				n, err = gl41.CascadeCastersForTest(win.Renderer(), gfx.MeshCube, []gfx.Instance{at(0, 0, 0, 1), c.ins}, c.vp)
			})
			if err != nil {
				t.Fatal(err)
			}
			if want := map[bool]int{true: 2, false: 1}[c.keep]; n != want {
				t.Errorf("kept %d of 2 casters (one inside, one %s), want %d", n, c.name, want)
			}
		})
	}
}
