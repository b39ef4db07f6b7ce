package gl41_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/shaders"
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

// TestShaderDirCopyWithoutMaterialMapsDrawsTextures: a game's copy of
// mesh.frag made before the variant without maps existed (testdata: the
// file as it shipped then, which samples every map unconditionally) still
// draws a textured PBR material with its textures and an untextured one
// as before: what the built-in shaders draw, encoding in the shader as
// that copy does.
func TestShaderDirCopyWithoutMaterialMapsDrawsTextures(t *testing.T) {
	const size = 64
	old, err := os.ReadFile(filepath.Join("testdata", "mesh-frag-0.5", "mesh.frag"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(old), shaders.DefineMaterialMaps) {
		t.Fatal("the old copy already knows the maps define: it tests nothing")
	}
	dir := shaderDir(t)
	if err := os.WriteFile(filepath.Join(dir, shaders.Mesh().Fragment), old, 0o644); err != nil {
		t.Fatal(err)
	}
	var lib asset.Library
	checks := must(lib.AddImage("checks", solidImage(2, 2, asset.SRGB, func(x, y int) [4]byte {
		if (x+y)%2 == 0 {
			return [4]byte{230, 40, 30, 255}
		}
		return [4]byte{30, 200, 60, 255}
	})))
	textured := must(lib.AddMaterial("textured", &asset.Material{Shading: gfx.PBR, BaseColor: white, BaseTexture: checks,
		Roughness: 0.6, Sampler: asset.Sampler{Min: asset.FilterNearest, Mag: asset.FilterNearest, NoMipmaps: true}}))
	plain := must(lib.AddMaterial("plain", &asset.Material{Shading: gfx.PBR, BaseColor: gfx.RGB(0.3, 0.4, 0.9), Roughness: 0.5}))
	builtin := openWindow(t, size, size, gl41.Options{Assets: &lib})
	mainthread.Call(func() { gl41.SetShaderEncodeForTest(builtin.Renderer(), true) })
	copied := openWindow(t, size, size, gl41.Options{Assets: &lib, ShaderDir: dir})
	for _, mat := range []gfx.MaterialID{textured, plain} {
		f := assetFrame(size)
		m := mgl32.Scale3D(4, 1, 4)
		f.Scenes[0].AddWith(gfx.MeshPlane, mat, &m, white)
		f.Scenes[0].Camera.LookAt(mgl32.Vec3{0, 2.5, 0.01}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		want, _ := render(t, builtin, f)
		got, _ := render(t, copied, f)
		if d := maxDiff(got, want); d > 2 {
			t.Errorf("material %d: drawn with the old copy the frame differs from the built-in one by up to %d levels, want ≤ 2", mat, d)
		}
		if mat == textured {
			c := got.RGBAAt(size/4, size/4)
			d := got.RGBAAt(size/4+size/2, size/4)
			if c == d {
				t.Errorf("the textured plane shows one colour %v at two squares of its checks: its texture is not sampled", c)
			}
		}
	}
}
