package gl41_test

import (
	"bytes"
	"fmt"
	"image/color"
	"log"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// setAssets gives win's renderer the library lib.
func setAssets(win *window.Window, lib *asset.Library) {
	mainthread.Call(func() { win.Renderer().SetAssets(lib) })
}

// headOnSun is a sun shining from the test camera straight down −Z, with
// no ambient light, so a surface facing the camera gets exactly its colour.
var headOnSun = gfx.Light{Dir: mgl32.Vec3{0, 0, -1}, Color: gfx.Color{R: 1, G: 1, B: 1, A: 1}, Ambient: gfx.Color{A: 1}}

// srgb8 encodes a linear value as an 8-bit sRGB level.
func srgb8(v float64) uint8 {
	v = min(max(v, 0), 1)
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return uint8(v*255 + 0.5)
}

// headOnBRDF is the PBR shader's reflected light for a surface lit and
// seen along its normal by a white light of 1 (n = v = l = h), computed
// from the glTF BRDF (appendix B): Schlick's F is F0, GGX's D is
// 1/(π α²), Smith's joint V is 1/4; times π, as the sun's unit is what a
// white Lambert surface facing it shows.
func headOnBRDF(base, metallic, roughness float64) float64 {
	f0 := 0.04*(1-metallic) + base*metallic
	diffuse := base * (1 - metallic)
	a := math.Max(roughness, 0.03)
	a *= a
	d := 1 / (math.Pi * a * a)
	return (1-f0)*diffuse + math.Pi*f0*d*0.25
}

func TestPBRSphereHeadOnMatchesBRDF(t *testing.T) {
	win := openWindow(t, 64, 64, gl41.Options{})
	tests := []struct{ metallic, roughness float64 }{
		{0, 1}, {0, 0.7}, {1, 1}, {1, 0.8}, {0.5, 0.9},
	}
	const base = 0.5
	for _, tt := range tests {
		t.Run(fmt.Sprintf("metallic %v roughness %v", tt.metallic, tt.roughness), func(t *testing.T) {
			var lib asset.Library
			mat := must(lib.AddMaterial("m", &asset.Material{Shading: gfx.PBR, BaseColor: gfx.Color{R: base, G: base, B: base, A: 1},
				Metallic: float32(tt.metallic), Roughness: float32(tt.roughness)}))
			setAssets(win, &lib)
			dl := &gfx.DrawList{Camera: testCamera(), Light: headOnSun}
			m := mgl32.Scale3D(2, 2, 2)
			dl.AddWith(gfx.MeshSphere, mat, &m, white)
			f := &gfx.Picture{}
			f.Reset(64, 64, clearColor)
			f.AddScene(dl)
			img, _ := render(t, win, f)
			got := img.RGBAAt(32, 32)
			w := srgb8(headOnBRDF(base, tt.metallic, tt.roughness))
			if !near(got, color.RGBA{w, w, w, 255}, 3) {
				t.Errorf("centre pixel %v, want %d (BRDF %.4f)", got, w, headOnBRDF(base, tt.metallic, tt.roughness))
			}
		})
	}
}

func TestPBRSphereGridGolden(t *testing.T) {
	const n, size = 5, 200
	win := openWindow(t, size, size, gl41.Options{})
	var lib asset.Library
	dl := &gfx.DrawList{Light: gfx.Light{Dir: mgl32.Vec3{-0.5, -0.6, -1}, Color: gfx.Color{R: 2.5, G: 2.4, B: 2.2, A: 1},
		Ambient: gfx.Color{R: 0.25, G: 0.3, B: 0.4, A: 1}, Ground: gfx.Color{R: 0.08, G: 0.06, B: 0.05, A: 1}},
		Env: gfx.Environment{ToneMap: gfx.ToneNeutral}}
	dl.Camera.LookAt(mgl32.Vec3{0, 0, 7.5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	for row := range n {
		for col := range n {
			mat := must(lib.AddMaterial(fmt.Sprint(row, col), &asset.Material{Shading: gfx.PBR,
				BaseColor: gfx.Color{R: 0.9, G: 0.45, B: 0.2, A: 1},
				Metallic:  float32(col) / (n - 1), Roughness: max(float32(row)/(n-1), 0.05)}))
			m := mgl32.Translate3D(float32(col-2)*1.1, float32(2-row)*1.1, 0)
			dl.AddWith(gfx.MeshSphere, mat, &m, white)
		}
	}
	setAssets(win, &lib)
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	img, st := render(t, win, f)
	if st.LeanBatches != 0 {
		t.Errorf("%d PBR batches drawn lean, want 0 (the lean program is Lambert only)", st.LeanBatches)
	}
	compareGolden(t, "testdata/pbr-spheres.png", img)
}

// TestNormalMappedQuadFollowsTheLight draws a quad whose normal map tilts
// its left half towards +X and its right half towards −X, under a sun
// that moves from the right to the left: the half facing the sun is the
// brighter one, and the unmapped look (a flat normal) lies between.
func TestNormalMappedQuadFollowsTheLight(t *testing.T) {
	const size = 64
	var lib asset.Library
	// Tangent-space normals (±0.6, 0, 0.8), encoded as n·0.5 + 0.5.
	nm := must(lib.AddImage("tilt", solidImage(2, 1, asset.Linear, func(x, _ int) [4]byte {
		if x == 0 {
			return [4]byte{204, 128, 230, 255}
		}
		return [4]byte{51, 128, 230, 255}
	})))
	mat := must(lib.AddMaterial("bumpy", &asset.Material{Shading: gfx.PBR, Roughness: 1, NormalTexture: nm,
		Sampler: asset.Sampler{Min: asset.FilterNearest, Mag: asset.FilterNearest, NoMipmaps: true}}))
	q := quad(mat, nil)
	if err := gfx.GenerateTangents(q); err != nil {
		t.Fatal(err)
	}
	mesh := must(lib.AddMesh("quad", q))
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	for _, tt := range []struct {
		name         string
		dir          mgl32.Vec3
		leftBrighter bool
	}{
		{"sun from the right", mgl32.Vec3{-1, 0, -1}, true},
		{"sun from the left", mgl32.Vec3{1, 0, -1}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := assetFrame(size, placed{mesh, 0, white})
			f.Scenes[0].Light = gfx.Light{Dir: tt.dir, Color: gfx.Color{R: 1, G: 1, B: 1, A: 1}, Ambient: gfx.Color{A: 1}}
			img, _ := render(t, win, f)
			l, r := img.RGBAAt(size/2-10, size/2).R, img.RGBAAt(size/2+10, size/2).R
			ok := r > l+20
			if tt.leftBrighter {
				ok = l > r+20
			}
			if !ok {
				t.Errorf("left half %d, right half %d: want the half facing the sun clearly brighter", l, r)
			}
			if tt.leftBrighter {
				compareGolden(t, "testdata/normal-map.png", img)
			}
		})
	}
}

// TestNormalMapWithoutTangentsDrawsFlat: a normal-mapped material on a
// mesh without tangents draws as without its map, and says so once.
func TestNormalMapWithoutTangentsDrawsFlat(t *testing.T) {
	const size = 32
	var lib asset.Library
	nm := must(lib.AddImage("tilt", solidImage(1, 1, asset.Linear, func(int, int) [4]byte { return [4]byte{204, 128, 230, 255} })))
	bumpy := must(lib.AddMaterial("bumpy", &asset.Material{Shading: gfx.PBR, Roughness: 1, NormalTexture: nm}))
	flat := must(lib.AddMaterial("flat", &asset.Material{Shading: gfx.PBR, Roughness: 1}))
	bare := must(lib.AddMesh("bare", quad(0, nil)))
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	draw := func(mat gfx.MaterialID) []byte {
		f := assetFrame(size)
		m := mgl32.Scale3D(2, 2, 1)
		f.Scenes[0].AddWith(bare, mat, &m, white)
		img, _ := render(t, win, f)
		return img.Pix
	}
	if !bytes.Equal(draw(bumpy), draw(flat)) {
		t.Error("the normal-mapped material without tangents draws differently from the flat one")
	}
	draw(bumpy)
	if n := strings.Count(logged.String(), "has no tangents"); n != 1 {
		t.Errorf("notice logged %d times, want once: %q", n, logged.String())
	}
}
