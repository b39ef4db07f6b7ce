package gl41_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// TestSkinnedMeshCastsShadow: the skinned bar standing 0.7 to 2.3 above a
// floor, under a sun shining down and towards −Z at 45°, shadows the floor
// from z = −0.7 to −2.3 (seen from straight above), and only with shadows
// on; the floor beside it stays lit.
func TestSkinnedMeshCastsShadow(t *testing.T) {
	const size = 128
	var lib asset.Library
	mat := must(lib.AddMaterial("lit", &asset.Material{}))
	mesh := must(lib.AddMesh("bar", bar(mat)))
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	frame := func() *gfx.Picture {
		dl := &gfx.DrawList{Light: gfx.Light{Dir: mgl32.Vec3{0, -1, -1}, Color: gfx.RGB(1, 1, 1), Ambient: gfx.Color{R: 0.1, G: 0.1, B: 0.1, A: 1}}}
		dl.Camera.LookAt(mgl32.Vec3{0, 10, 0}, mgl32.Vec3{}, mgl32.Vec3{0, 0, -1})
		floor := mgl32.Scale3D(20, 1, 20)
		dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.8, 0.8, 0.8))
		m := mgl32.Translate3D(0, 1.5, 0)
		dl.AddSkinned(mesh, 0, &m, white, []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}, nil)
		f := &gfx.Picture{}
		f.Reset(size, size, clearColor)
		f.AddScene(dl)
		return f
	}
	// The pixel showing floor point (x, 0, z) from above.
	px := func(x, z float64) (int, int) {
		s := 10 * math.Tan(math.Pi/6)
		return int((x/s + 1) / 2 * size), int((1 + z/s) / 2 * size)
	}
	for _, tt := range []struct {
		name   string
		g      gfx.Graphics
		shadow bool
	}{
		{"shadows on", gfx.Graphics{}, true},
		{"shadows off", gfx.Graphics{Shadows: gfx.ShadowOff}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			setGraphics(t, win, tt.g)
			img, st := render(t, win, frame())
			if tt.shadow && st.ShadowDrawCalls < 2 {
				t.Errorf("%d shadow draw calls, want the floor's and the bar's", st.ShadowDrawCalls)
			}
			lx, ly := px(1.2, -1.5)
			sx, sy := px(0, -1.5)
			lit, under := img.RGBAAt(lx, ly).R, img.RGBAAt(sx, sy).R
			if got := under+40 < lit; got != tt.shadow {
				t.Errorf("floor under the bar's shadow %d, beside it %d: shadowed %v, want %v", under, lit, got, tt.shadow)
			}
		})
	}
}
