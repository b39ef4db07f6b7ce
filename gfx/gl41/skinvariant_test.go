package gl41_test

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// TestSkinnedDrawsAsTheMeshProgram: a skinned mesh is drawn with the
// variant of the program the same mesh unskinned is drawn with (the
// scene's lighting, PBR only for a PBR material), not always with the one
// that has every feature, and with a rest palette it draws the same
// pixels as unskinned.
func TestSkinnedDrawsAsTheMeshProgram(t *testing.T) {
	const size = 96
	var lib asset.Library
	lambert := must(lib.AddMaterial("lambert", &asset.Material{}))
	pbr := must(lib.AddMaterial("pbr", &asset.Material{Shading: gfx.PBR, Roughness: 0.6}))
	mesh := must(lib.AddMesh("bar", bar(lambert)))
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	var err error
	mainthread.Call(func() { err = win.Renderer().SetGraphics(gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}) })
	if err != nil {
		t.Fatal(err)
	}
	lamp := gfx.PunctualLight{Kind: gfx.PointLight, Position: mgl32.Vec3{0.3, 0.2, 1}, Intensity: 2, Range: 5}
	model := mgl32.HomogRotate3DY(0.4)
	rest := []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}
	for _, tc := range []struct {
		name  string
		mat   gfx.MaterialID
		lamps int
		want  int // plain 0, full (lights, shadows, fog) 1, PBR +2
	}{
		{"lambert, sun", lambert, 0, 0},
		{"lambert, sun and a lamp", lambert, 1, 1},
		{"pbr, sun", pbr, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			picture := func(skinned bool) *gfx.Picture {
				dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
				for range tc.lamps {
					dl.AddLight(lamp)
				}
				if skinned {
					dl.AddSkinned(mesh, tc.mat, &model, cubeColor, rest, nil)
				} else {
					dl.AddWith(mesh, tc.mat, &model, cubeColor)
				}
				f := &gfx.Picture{}
				f.Reset(size, size, clearColor)
				f.AddScene(dl)
				return f
			}
			plain, _ := render(t, win, picture(false))
			skin, st := render(t, win, picture(true))
			if st.Instances != 1 {
				t.Fatalf("the skinned picture drew %d instances, want 1", st.Instances)
			}
			var built []int
			mainthread.Call(func() { built = gl41.SkinVariantsForTest(win.Renderer()) })
			if !slices.Contains(built, tc.want) {
				t.Errorf("skinned program variants built %v: want %d, the mesh program's for this material and scene", built, tc.want)
			}
			drawn, differ := 0, 0
			bg := rgba8(clearColor)
			for y := range size {
				for x := range size {
					a, b := plain.RGBAAt(x, y), skin.RGBAAt(x, y)
					if !near(a, bg, 2) {
						drawn++
					}
					if !near(a, b, 2) {
						differ++
						if differ == 1 {
							t.Errorf("pixel (%d, %d): skinned %v, unskinned %v", x, y, b, a)
						}
					}
				}
			}
			if drawn < 200 {
				t.Fatalf("the bar covers %d pixels: the picture shows too little to compare", drawn)
			}
			if differ > 0 {
				t.Errorf("%d of %d pixels differ by more than 2 levels", differ, size*size)
			}
		})
	}
}
