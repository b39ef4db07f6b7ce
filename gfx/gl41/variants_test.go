package gl41_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// TestPBRWithoutMapsDrawsAsWithWhiteMaps: a PBR material without textures
// is drawn by a program variant that samples none, and must show exactly
// what the same material shows with white base colour, metallic-roughness,
// occlusion and emissive textures (drawn by the variant that samples them), lit by the sun,
// a point light and the hemisphere ambient, emissive and tone mapped.
func TestPBRWithoutMapsDrawsAsWithWhiteMaps(t *testing.T) {
	const size = 96
	var lib asset.Library
	whiteTexel := func(int, int) [4]byte { return [4]byte{255, 255, 255, 255} }
	lin := must(lib.AddImage("white-linear", solidImage(1, 1, asset.Linear, whiteTexel)))
	srgb := must(lib.AddImage("white-srgb", solidImage(1, 1, asset.SRGB, whiteTexel)))
	base := asset.Material{Shading: gfx.PBR, BaseColor: gfx.Color{R: 0.8, G: 0.5, B: 0.3, A: 1}, Metallic: 0.6, Roughness: 0.4,
		OcclusionStrength: 0.7, Emissive: gfx.Color{R: 0.05, G: 0.02, B: 0, A: 1}}
	mapped := base
	mapped.BaseTexture, mapped.MetalRoughTexture, mapped.OcclusionTexture, mapped.EmissiveTexture = srgb, lin, lin, srgb
	plain := must(lib.AddMaterial("plain", &base))
	withMaps := must(lib.AddMaterial("mapped", &mapped))
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	draw := func(mat gfx.MaterialID) []byte {
		dl := &gfx.DrawList{Light: gfx.Light{Dir: mgl32.Vec3{-0.3, -1, -0.4}, Color: gfx.Color{R: 1, G: 1, B: 1, A: 1},
			Ambient: gfx.Color{R: 0.2, G: 0.25, B: 0.3, A: 1}, Ground: gfx.Color{R: 0.1, G: 0.08, B: 0.05, A: 1}},
			Env: gfx.Environment{ToneMap: gfx.ToneNeutral}}
		dl.Camera.LookAt(mgl32.Vec3{0, 1.5, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		m := mgl32.Ident4()
		dl.AddWith(gfx.MeshSphere, mat, &m, white)
		dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{1, 1, 1.5}, Color: gfx.Color{R: 0.4, G: 0.6, B: 1, A: 1}, Intensity: 5, Range: 6})
		f := &gfx.Picture{}
		f.Reset(size, size, clearColor)
		f.AddScene(dl)
		img, _ := render(t, win, f)
		return img.Pix
	}
	got, want := draw(plain), draw(withMaps)
	bad := 0
	for i := range got {
		if got[i] != want[i] {
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d channels differ between the material without maps and the same with white maps", bad)
	}
	if r := got[4*(size/2*size+size/2)]; r < 60 {
		t.Errorf("the centre's red is %d: the lit orange sphere is not drawn there", r)
	}
}
