package gl41_test

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// prepassScene is a lit scene that a depth pre-pass could get wrong: cubes
// listed back to front, a single-sided plane seen from behind (culled, so
// the cube behind it shows), two coplanar planes of different colours (the
// first drawn wins), an alpha-masked and a blended material, and point
// lights (the pre-pass is drawn for scenes with point or spot lights).
func prepassScene(size int, mask, glass gfx.MaterialID) *gfx.Picture {
	dl := &gfx.DrawList{Env: gfx.Environment{ToneMap: gfx.ToneNeutral}}
	dl.Camera.LookAt(mgl32.Vec3{0, 3, 7}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
	for i := range 5 { // back to front
		m := mgl32.Translate3D(float32(i%2)-0.5, 0.5, -4+float32(i)*1.5)
		dl.Add(gfx.MeshCube, &m, gfx.RGB(0.9, 0.5+0.1*float32(i), 0.3))
	}
	// Two coplanar floors: the first, green, must win everywhere.
	floor := mgl32.Scale3D(10, 1, 10)
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.2, 0.7, 0.3))
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.8, 0.1, 0.1))
	// A plane facing away from the camera, in front of a cube: culled.
	back := mgl32.Translate3D(-2, 1, 2).Mul4(mgl32.HomogRotate3DX(-mgl32.DegToRad(90))).Mul4(mgl32.Scale3D(1.5, 1, 1.5))
	dl.Add(gfx.MeshPlane, &back, gfx.RGB(1, 1, 1))
	behind := mgl32.Translate3D(-2, 0.5, 0.5)
	dl.Add(gfx.MeshCube, &behind, gfx.RGB(0.3, 0.3, 0.9))
	masked := mgl32.Translate3D(2, 0.6, 1.5)
	dl.AddWith(gfx.MeshCube, mask, &masked, gfx.Color{R: 1, G: 1, B: 1, A: 0.3})
	glassAt := mgl32.Translate3D(0.5, 0.7, 3)
	dl.AddWith(gfx.MeshCube, glass, &glassAt, gfx.Color{R: 0.5, G: 0.8, B: 1, A: 0.5})
	dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{-2, 2, 2}, Color: gfx.Color{R: 1, G: 0.6, B: 0.4, A: 1}, Intensity: 20, Range: 8})
	dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{2, 2, -1}, Color: gfx.Color{R: 0.4, G: 0.6, B: 1, A: 1}, Intensity: 20, Range: 8})
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	return f
}

// TestPrepassLeavesThePictureUnchanged draws the same lit scene with and
// without the depth pre-pass, with and without shadows and MSAA, and
// wants the same pixels.
func TestPrepassLeavesThePictureUnchanged(t *testing.T) {
	const size = 160
	win := openWindow(t, size, size, gl41.Options{})
	var lib asset.Library
	mask := must(lib.AddMaterial("mask", &asset.Material{Alpha: gfx.Mask, Cutoff: 0.5}))
	glass := must(lib.AddMaterial("glass", &asset.Material{Alpha: gfx.Blend, Shading: gfx.PBR, Roughness: 0.2}))
	setAssets(win, &lib)
	f := prepassScene(size, mask, glass)
	for _, g := range []gfx.Graphics{
		{Shadows: gfx.ShadowOff, MSAA: 1},
		{MSAA: 1},
		{MSAA: 4},
	} {
		t.Run(fmt.Sprintf("shadows=%v,msaa=%d", g.Shadows, g.MSAA), func(t *testing.T) {
			mainthread.Call(func() {
				if err := win.Renderer().SetGraphics(g); err != nil {
					t.Fatal(err)
				}
			})
			defer mainthread.Call(func() { _ = win.Renderer().SetGraphics(gfx.Graphics{}) })
			set := func(on bool) { mainthread.Call(func() { gl41.SetPrepassForTest(win.Renderer(), on) }) }
			defer set(true)
			set(false)
			want, _ := render(t, win, f)
			set(true)
			got, _ := render(t, win, f)
			bad, first := 0, -1
			for i := range got.Pix {
				if got.Pix[i] != want.Pix[i] {
					if first < 0 {
						first = i / 4
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("%d channels differ with the pre-pass, the first at (%d, %d)", bad, first%size, first/size)
			}
		})
	}
}

// BenchmarkPrepass draws BenchmarkLighting's "goal" arena (PBR cubes,
// eight point lights, tone mapping, the default graphics settings: a
// shadowed sun) of 1k and 10k cubes at 1280×720, each frame finished,
// alternately with the depth pre-pass and without. Metrics: each way's
// frames/s and prepass/none, the ratio in the same run.
func BenchmarkPrepass(b *testing.B) {
	var lib asset.Library
	pbr := must(lib.AddMaterial("pbr", &asset.Material{Shading: gfx.PBR, Metallic: 0.3, Roughness: 0.5}))
	win := openWindow(b, 1280, 720, gl41.Options{Assets: &lib})
	ways := abWays{a: "prepass", b: "none", set: gl41.SetPrepassForTest, restore: true, g: &gfx.Graphics{}}
	for _, n := range []int{1000, 10000} {
		f := litScene(n, pbr, 8, gfx.Environment{ToneMap: gfx.ToneNeutral})
		b.Run(fmt.Sprintf("cubes=%d", n), func(b *testing.B) { benchAB(b, win, f, ways, 2, true) })
	}
}
