package gl41_test

import (
	"image/color"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// quad returns a unit square in the XY plane facing +Z with texture
// coordinates (0, 0) at its top-left, drawn with material mat.
func quad(mat asset.MaterialID, colors []gfx.Color) *asset.Mesh {
	return &asset.Mesh{
		Positions: []mgl32.Vec3{{-0.5, 0.5, 0}, {-0.5, -0.5, 0}, {0.5, -0.5, 0}, {0.5, 0.5, 0}},
		Normals:   []mgl32.Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		UVs:       []mgl32.Vec2{{0, 0}, {0, 1}, {1, 1}, {1, 0}},
		Colors:    colors,
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
		Material:  mat,
	}
}

// solidImage returns a w×h image whose pixel (x, y) is f(x, y).
func solidImage(w, h int, space asset.ColorSpace, f func(x, y int) [4]byte) *asset.Image {
	im := &asset.Image{Width: w, Height: h, Space: space, Pix: make([]byte, 4*w*h)}
	for y := range h {
		for x := range w {
			c := f(x, y)
			copy(im.Pix[4*(y*w+x):], c[:])
		}
	}
	return im
}

// assetScene draws the quads of lib in front of the test camera: each
// (mesh, z, colour) one instance scaled to fill most of the view.
type placed struct {
	mesh  gfx.MeshID
	z     float32
	color gfx.Color
}

func assetFrame(size int, items ...placed) *gfx.Picture {
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
	for _, it := range items {
		m := mgl32.Translate3D(0, 0, it.z).Mul4(mgl32.Scale3D(2, 2, 1))
		dl.Add(it.mesh, &m, it.color)
	}
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	return f
}

// must returns id, or panics (failing the test) when adding the asset
// failed: the test's own assets are valid.
func must[T any](id T, err error) T {
	if err != nil {
		panic(err)
	}
	return id
}

var white = gfx.RGB(1, 1, 1)

func TestTexturedUnlitQuadShowsTexelsAsStored(t *testing.T) {
	// A 2×2 texture, nearest filtering: each quarter of the quad shows one
	// texel. Unlit and sRGB, what is stored is what is seen.
	texels := [4][4]byte{{200, 30, 30, 255}, {30, 200, 30, 255}, {30, 30, 200, 255}, {128, 128, 128, 255}}
	var lib asset.Library
	img := must(lib.AddImage("quarters", solidImage(2, 2, asset.SRGB, func(x, y int) [4]byte { return texels[y*2+x] })))
	mat := must(lib.AddMaterial("quarters", &asset.Material{BaseTexture: img, Unlit: true,
		Sampler: asset.Sampler{Min: asset.FilterNearest, Mag: asset.FilterNearest, NoMipmaps: true}}))
	mesh := must(lib.AddMesh("quad", quad(mat, nil)))

	const size = 128
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	img8, st := render(t, win, assetFrame(size, placed{mesh, 0, white}))
	if st.DrawCalls != 1 {
		t.Errorf("got %d draw calls, want 1", st.DrawCalls)
	}
	// The quad spans 2 units at distance 3: pick points well inside each quarter.
	q := size / 8
	points := []struct{ x, y, texel int }{{size/2 - q, size/2 - q, 0}, {size/2 + q, size/2 - q, 1}, {size/2 - q, size/2 + q, 2}, {size/2 + q, size/2 + q, 3}}
	for _, p := range points {
		want := color.RGBA{texels[p.texel][0], texels[p.texel][1], texels[p.texel][2], 255}
		if got := img8.RGBAAt(p.x, p.y); !near(got, want, 1) {
			t.Errorf("pixel (%d, %d): got %v, want texel %d %v", p.x, p.y, got, p.texel, want)
		}
	}
	compareGolden(t, "testdata/textured.png", img8)
}

func TestSRGBAndLinearImages(t *testing.T) {
	// The same stored value 128 reads as sRGB 128 (linear 0.216) from a
	// colour image and as linear 0.502 (sRGB 188) from a data image.
	tests := []struct {
		space asset.ColorSpace
		want  uint8
	}{
		{asset.SRGB, 128},
		{asset.Linear, uint8(linearToSrgb(128.0/255)*255 + 0.5)},
	}
	for _, tt := range tests {
		t.Run(tt.space.String(), func(t *testing.T) {
			var lib asset.Library
			img := must(lib.AddImage("grey", solidImage(4, 4, tt.space, func(int, int) [4]byte { return [4]byte{128, 128, 128, 255} })))
			mat := must(lib.AddMaterial("grey", &asset.Material{BaseTexture: img, Unlit: true}))
			mesh := must(lib.AddMesh("quad", quad(mat, nil)))
			win := openWindow(t, 64, 64, gl41.Options{Assets: &lib})
			got, _ := render(t, win, assetFrame(64, placed{mesh, 0, white}))
			if c := got.RGBAAt(32, 32); !near(c, color.RGBA{tt.want, tt.want, tt.want, 255}, 1) {
				t.Errorf("centre: got %v, want grey %d", c, tt.want)
			}
		})
	}
}

func TestVertexColoursAndFactorMultiply(t *testing.T) {
	// Vertex colours (linear) × material factor (linear) × instance colour
	// (sRGB): with a factor of 0.5 and a white instance, a red vertex
	// colour gives linear 0.5 red, sRGB 188.
	var lib asset.Library
	mat := must(lib.AddMaterial("half", &asset.Material{BaseColor: gfx.Color{R: 0.5, G: 0.5, B: 0.5, A: 1}, Unlit: true}))
	red := gfx.RGB(1, 0, 0)
	mesh := must(lib.AddMesh("red", quad(mat, []gfx.Color{red, red, red, red})))
	win := openWindow(t, 64, 64, gl41.Options{Assets: &lib})
	got, _ := render(t, win, assetFrame(64, placed{mesh, 0, white}))
	want := uint8(linearToSrgb(0.5)*255 + 0.5)
	if c := got.RGBAAt(32, 32); !near(c, color.RGBA{want, 0, 0, 255}, 1) {
		t.Errorf("centre: got %v, want red %d", c, want)
	}

	// Four corners in four colours: a gradient, kept as a golden image.
	var lib2 asset.Library
	mat2 := must(lib2.AddMaterial("unlit", &asset.Material{Unlit: true}))
	mesh2 := must(lib2.AddMesh("corners", quad(mat2, []gfx.Color{gfx.RGB(1, 0, 0), gfx.RGB(0, 1, 0), gfx.RGB(0, 0, 1), gfx.RGB(1, 1, 1)})))
	win2 := openWindow(t, 128, 128, gl41.Options{Assets: &lib2})
	img, _ := render(t, win2, assetFrame(128, placed{mesh2, 0, white}))
	compareGolden(t, "testdata/vertex-colours.png", img)
}

func TestAlphaMaskDiscards(t *testing.T) {
	// Left half of the texture transparent, right half opaque green: the
	// masked quad shows the clear colour on the left, green on the right.
	var lib asset.Library
	img := must(lib.AddImage("half", solidImage(2, 1, asset.SRGB, func(x, _ int) [4]byte {
		if x == 0 {
			return [4]byte{255, 0, 0, 0}
		}
		return [4]byte{0, 255, 0, 255}
	})))
	mat := must(lib.AddMaterial("mask", &asset.Material{BaseTexture: img, Alpha: asset.Mask, Unlit: true,
		Sampler: asset.Sampler{Min: asset.FilterNearest, Mag: asset.FilterNearest, NoMipmaps: true}}))
	mesh := must(lib.AddMesh("quad", quad(mat, nil)))
	const size = 128
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	got, _ := render(t, win, assetFrame(size, placed{mesh, 0, white}))
	if c := got.RGBAAt(size/2-size/8, size/2); !near(c, rgba8(clearColor), 1) {
		t.Errorf("masked half: got %v, want the clear colour %v", c, rgba8(clearColor))
	}
	if c := got.RGBAAt(size/2+size/8, size/2); !near(c, color.RGBA{0, 255, 0, 255}, 1) {
		t.Errorf("opaque half: got %v, want green", c)
	}
	compareGolden(t, "testdata/alpha-mask.png", got)
}

func TestBlendedDrawnBackToFront(t *testing.T) {
	// Two half-transparent quads, the near one added first: drawn back to
	// front, the far one blends over the clear colour and the near one over
	// that. Blending happens on the encoded values.
	var lib asset.Library
	blend := must(lib.AddMaterial("glass", &asset.Material{Alpha: asset.Blend, Unlit: true}))
	mesh := must(lib.AddMesh("quad", quad(blend, nil)))
	near8, far8 := gfx.Color{R: 1, A: 0.5}, gfx.Color{G: 1, A: 0.5}
	const size = 64
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	got, st := render(t, win, assetFrame(size, placed{mesh, 0.5, near8}, placed{mesh, -0.5, far8}))
	over := func(src gfx.Color, dst [3]float32) [3]float32 {
		return [3]float32{src.R*src.A + dst[0]*(1-src.A), src.G*src.A + dst[1]*(1-src.A), src.B*src.A + dst[2]*(1-src.A)}
	}
	c := over(near8, over(far8, [3]float32{clearColor.R, clearColor.G, clearColor.B}))
	want := rgba8(gfx.RGB(c[0], c[1], c[2]))
	if px := got.RGBAAt(size/2, size/2); !near(px, want, 2) {
		t.Errorf("centre: got %v, want far then near blended %v", px, want)
	}
	if st.DrawCalls != 1 || st.Instances != 2 {
		t.Errorf("got %d draw calls of %d instances, want 1 of 2 (one batch, sorted)", st.DrawCalls, st.Instances)
	}
}

func TestOpaqueBeforeBlendedAndMaterialOverride(t *testing.T) {
	// A blended quad added before an opaque one behind it still shows the
	// opaque one through it; an actor's material override draws the same
	// mesh with another material in its own batch.
	var lib asset.Library
	glass := must(lib.AddMaterial("glass", &asset.Material{Alpha: asset.Blend, Unlit: true}))
	mesh := must(lib.AddMesh("quad", quad(0, nil)))
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
	front := mgl32.Translate3D(0, 0, 0.5).Mul4(mgl32.Scale3D(2, 2, 1))
	back := mgl32.Translate3D(0, 0, -0.5).Mul4(mgl32.Scale3D(2, 2, 1))
	dl.AddWith(mesh, glass, &front, gfx.Color{R: 1, A: 0.5})
	dl.Add(mesh, &back, gfx.RGB(0, 0, 1))
	f := &gfx.Picture{}
	f.Reset(64, 64, clearColor)
	f.AddScene(dl)
	win := openWindow(t, 64, 64, gl41.Options{Assets: &lib})
	got, _ := render(t, win, f)
	px := got.RGBAAt(32, 32)
	if px.R < 100 || px.B < 20 || px.G > 10 {
		t.Errorf("centre: got %v, want red glass over the lit blue quad", px)
	}
}

func TestMissingAssetsAreReported(t *testing.T) {
	tests := []struct {
		name   string
		assets gl41.Assets
		want   string
	}{
		{"no library", nil, "no assets"},
		{"unknown mesh", &asset.Library{}, "unknown mesh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			win := openWindow(t, 32, 32, gl41.Options{Assets: tt.assets})
			f := assetFrame(32, placed{gfx.NumBuiltinMeshes + 3, 0, white}, placed{gfx.MeshCube, 0, white})
			var err error
			var st gl41.Stats
			mainthread.Call(func() {
				err = win.Renderer().Render(f)
				st = win.Renderer().Stats()
			})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %v, want one saying %q", err, tt.want)
			}
			if st.DrawCalls != 1 {
				t.Errorf("got %d draw calls, want 1 (the cube still drawn)", st.DrawCalls)
			}
		})
	}
}

func TestRenderWithMaterialsAllocatesNothing(t *testing.T) {
	var lib asset.Library
	img := must(lib.AddImage("grey", solidImage(8, 8, asset.SRGB, func(x, y int) [4]byte { return [4]byte{uint8(30 * x), uint8(30 * y), 90, 255} })))
	tex := must(lib.AddMaterial("tex", &asset.Material{BaseTexture: img}))
	glass := must(lib.AddMaterial("glass", &asset.Material{Alpha: asset.Blend, BaseColor: gfx.Color{R: 1, G: 1, B: 1, A: 0.5}}))
	mesh := must(lib.AddMesh("quad", quad(tex, nil)))
	win := openWindow(t, 128, 128, gl41.Options{Assets: &lib})
	cam := gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0, 30}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})}
	dl := &gfx.DrawList{Camera: cam}
	grid(dl, mesh, 300, 1, white)
	for i := range 200 {
		m := mgl32.Translate3D(float32(i%20)-10, float32(i/20)-5, float32(i%7))
		dl.AddWith(gfx.MeshCube, glass, &m, gfx.RGB(1, 0.5, 0.5))
	}
	f := &gfx.Picture{Width: 128, Height: 128, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
	other := must(lib.AddImage("other", quartersImage()))
	for i := range 20 { // sprites of two images, alternating: 20 runs
		f.HUD.Layer(0).AddSprite([2]gfx.ImageID{img, other}[i%2], float32(4*i), 0, 4, 4, white)
	}
	f.HUD.Layer(0).AddNineSlice(img, 0, 10, 60, 40, [4]float32{0.2, 0.2, 0.2, 0.2}, [4]float32{6, 6, 6, 6}, white)
	var allocs float64
	var err error
	mainthread.Call(func() {
		r := win.Renderer()
		for range 10 { // reach steady state
			r.Render(f)
		}
		allocs = testing.AllocsPerRun(50, func() {
			if e := r.Render(f); e != nil {
				err = e
			}
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("Render of textured and blended batches and HUD sprites allocates %v times per frame, want 0", allocs)
	}
}

func TestTextureLargerThanTheDriverAllows(t *testing.T) {
	var lib asset.Library
	img := must(lib.AddImage("big", solidImage(32, 16, asset.SRGB, func(int, int) [4]byte { return [4]byte{255, 0, 0, 255} })))
	mat := must(lib.AddMaterial("big", &asset.Material{BaseTexture: img, Unlit: true}))
	mesh := must(lib.AddMesh("quad", quad(mat, nil)))
	win := openWindow(t, 64, 64, gl41.Options{Assets: &lib})
	var err error
	var objects int
	mainthread.Call(func() {
		r := win.Renderer()
		gl41.SetMaxTextureForTest(r, 16)
		err = r.Render(assetFrame(64, placed{mesh, 0, white}))
		objects = len(gl41.ObjectsForTest(r).Textures)
	})
	if err == nil || !strings.Contains(err.Error(), "32×16") || !strings.Contains(err.Error(), "16×16") {
		t.Errorf("got %v, want an error naming the image's size 32×16 and the driver's largest 16×16", err)
	}
	if objects != 2 { // the HUD atlas and the white texel: the image was not uploaded
		t.Errorf("got %d textures, want 2", objects)
	}
}

func TestAssetsUploadedOnce(t *testing.T) {
	var lib asset.Library
	img := must(lib.AddImage("img", solidImage(4, 4, asset.SRGB, func(int, int) [4]byte { return [4]byte{9, 9, 9, 255} })))
	mat := must(lib.AddMaterial("mat", &asset.Material{BaseTexture: img}))
	mesh := must(lib.AddMesh("quad", quad(mat, nil)))
	must(lib.AddMesh("unused", quad(0, nil))) // in the library, never drawn
	win := openWindow(t, 32, 32, gl41.Options{Assets: &lib})
	f := assetFrame(32, placed{mesh, 0, white}, placed{mesh, 0.2, white})
	var counts [3][2]int
	mainthread.Call(func() {
		r := win.Renderer()
		counts[0] = [2]int{len(gl41.ObjectsForTest(r).VAOs), len(gl41.ObjectsForTest(r).Textures)}
		for i := 1; i < 3; i++ {
			r.Render(f)
			o := gl41.ObjectsForTest(r)
			counts[i] = [2]int{len(o.VAOs), len(o.Textures)}
		}
	})
	// Before: the built-in meshes and the HUD. After the first frame: one
	// more mesh and one more texture (the unused mesh is not uploaded);
	// the second frame uploads nothing.
	want := [3][2]int{counts[0], {counts[0][0] + 1, counts[0][1] + 1}, {counts[0][0] + 1, counts[0][1] + 1}}
	if counts != want {
		t.Errorf("VAOs and textures before, after one and after two frames: got %v, want %v", counts, want)
	}
}
