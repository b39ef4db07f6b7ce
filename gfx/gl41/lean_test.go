package gl41_test

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// leanAssets are the materials and meshes the lean tests draw with.
type leanAssets struct {
	lib                                     asset.Library
	unlit, twoSided, tinted, textured       asset.MaterialID
	blended, masked                         asset.MaterialID
	coloredQuad, twoSidedQuad, texturedQuad gfx.MeshID
	blendedQuad, maskedQuad                 gfx.MeshID
	plainQuad                               gfx.MeshID
}

func newLeanAssets() *leanAssets {
	a := &leanAssets{}
	l := &a.lib
	img := must(l.AddImage("checks", solidImage(2, 2, asset.SRGB, func(x, y int) [4]byte {
		return [4]byte{byte(60 + 120*((x+y)%2)), 90, 140, 255}
	})))
	a.unlit = must(l.AddMaterial("unlit", &asset.Material{Unlit: true, BaseColor: gfx.Color{R: 0.9, G: 0.6, B: 0.3, A: 1}}))
	a.twoSided = must(l.AddMaterial("two-sided", &asset.Material{DoubleSided: true}))
	a.tinted = must(l.AddMaterial("tinted", &asset.Material{BaseColor: gfx.Color{R: 0.3, G: 0.8, B: 0.5, A: 1}}))
	a.textured = must(l.AddMaterial("textured", &asset.Material{BaseTexture: img}))
	a.blended = must(l.AddMaterial("blended", &asset.Material{Alpha: asset.Blend, BaseColor: gfx.Color{R: 1, G: 1, B: 1, A: 0.5}}))
	a.masked = must(l.AddMaterial("masked", &asset.Material{Alpha: asset.Mask, Cutoff: 0.5}))
	a.plainQuad = must(l.AddMesh("quad", quad(0, nil)))
	a.twoSidedQuad = must(l.AddMesh("two-sided quad", quad(a.twoSided, nil)))
	a.texturedQuad = must(l.AddMesh("textured quad", quad(a.textured, nil)))
	a.blendedQuad = must(l.AddMesh("blended quad", quad(a.blended, nil)))
	a.maskedQuad = must(l.AddMesh("masked quad", quad(a.masked, nil)))
	red, blue := gfx.Color{R: 1, A: 1}, gfx.Color{B: 1, A: 1}
	a.coloredQuad = must(l.AddMesh("coloured quad", quad(0, []gfx.Color{red, red, blue, blue})))
	return a
}

// leanFrame returns a frame of one scene seen by the test camera; add fills
// its draw list.
func leanFrame(size int, add func(dl *gfx.DrawList)) *gfx.Picture {
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
	add(dl)
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	return f
}

// spread adds n instances of mesh with material on a grid across the view,
// each turned and scaled differently (non-uniform scale included, so the
// normals' cofactor matters), coloured by colour(i).
func spread(dl *gfx.DrawList, mesh gfx.MeshID, mat asset.MaterialID, n int, colour func(i int) gfx.Color) {
	for i := range n {
		x, y := float32(i%4)-1.5, float32(i/4)-1.5
		m := mgl32.Translate3D(0.55*x, 0.55*y, 0).
			Mul4(mgl32.HomogRotate3D(0.4+0.7*float32(i), mgl32.Vec3{1, 2, 0.5}.Normalize())).
			Mul4(mgl32.Scale3D(0.25, 0.25+0.02*float32(i), 0.3))
		dl.AddWith(mesh, mat, &m, colour(i))
	}
}

// drawBoth draws f with the lean layout allowed and with every batch in the
// full layout, and returns both images and the lean run's stats.
func drawBoth(t *testing.T, r func() *gl41.Renderer, win func(f *gfx.Picture) (*image.RGBA, gl41.Stats), f *gfx.Picture) (lean, full *image.RGBA, st gl41.Stats) {
	t.Helper()
	lean, st = win(f)
	mainthread.Call(func() { gl41.SetLeanForTest(r(), false) })
	full, fst := win(f)
	mainthread.Call(func() { gl41.SetLeanForTest(r(), true) })
	if fst.LeanBatches != 0 {
		t.Fatalf("with the lean layout off, %d batches were drawn lean", fst.LeanBatches)
	}
	return lean, full, st
}

// covered counts the pixels of img not of the clear colour.
func covered(img *image.RGBA) int {
	n, bg := 0, rgba8(clearColor)
	for y := range img.Rect.Dy() {
		for x := range img.Rect.Dx() {
			if img.RGBAAt(x, y) != bg {
				n++
			}
		}
	}
	return n
}

// maxDiff returns the largest difference of one channel between a and b.
func maxDiff(a, b *image.RGBA) int {
	d := 0
	for i := range a.Pix {
		d = max(d, int(a.Pix[i])-int(b.Pix[i]), int(b.Pix[i])-int(a.Pix[i]))
	}
	return d
}

func TestLeanBatchesDrawWhatTheFullLayoutDraws(t *testing.T) {
	as := newLeanAssets()
	const size = 160
	win := openWindow(t, size, size, gl41.Options{Assets: &as.lib})
	one := func(int) gfx.Color { return cubeColor }
	mixed := func(i int) gfx.Color { return gfx.RGB(0.2+0.05*float32(i), 0.5, 0.9-0.05*float32(i)) }
	backFacing := func(dl *gfx.DrawList, mesh gfx.MeshID) {
		// Turned half a turn about Y: the camera sees the quad's back.
		for i := range 4 {
			m := mgl32.Translate3D(0.6*float32(i)-0.9, 0, 0).Mul4(mgl32.HomogRotate3DY(3.0)).Mul4(mgl32.Scale3D(0.5, 1.5, 1))
			dl.Add(mesh, &m, cubeColor)
		}
	}
	cases := []struct {
		name string
		add  func(dl *gfx.DrawList)
		lean int // batches drawn lean
	}{
		{"lit cubes of one colour", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, one) }, 1},
		{"spheres with a tinted material", func(dl *gfx.DrawList) { spread(dl, gfx.MeshSphere, as.tinted, 16, one) }, 1},
		{"unlit material", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, as.unlit, 16, one) }, 1},
		{"double-sided quads seen from behind", func(dl *gfx.DrawList) { backFacing(dl, as.twoSidedQuad) }, 1},
		{"one mesh lean and full in one frame", func(dl *gfx.DrawList) {
			spread(dl, gfx.MeshCube, 0, 16, one)
			for i := range 8 { // between the first batch's cubes
				m := mgl32.Translate3D(0.55*float32(i%4)-0.55, 0.55*float32(i/4)-0.3, 0.1).Mul4(mgl32.Scale3D(0.15, 0.2, 0.15))
				dl.AddWith(gfx.MeshCube, as.tinted, &m, mixed(i))
			}
		}, 1},
		{"many colours", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, mixed) }, 0},
		{"textured material", func(dl *gfx.DrawList) { spread(dl, as.texturedQuad, 0, 16, one) }, 0},
		{"vertex colours", func(dl *gfx.DrawList) { spread(dl, as.coloredQuad, 0, 16, one) }, 0},
		{"alpha mask", func(dl *gfx.DrawList) { spread(dl, as.maskedQuad, 0, 16, one) }, 0},
		{"blended", func(dl *gfx.DrawList) { spread(dl, as.blendedQuad, 0, 16, one) }, 0},
		{"a matrix that is not affine", func(dl *gfx.DrawList) {
			spread(dl, gfx.MeshCube, 0, 15, one)
			m := mgl32.Translate3D(0.4, 0.4, 0).Mul4(mgl32.Scale3D(0.2, 0.2, 0.2))
			m[3] = 0.05 // w depends on x: a projective instance
			dl.Add(gfx.MeshCube, &m, cubeColor)
		}, 0},
	}
	r := func() *gl41.Renderer { return win.Renderer() }
	draw := func(f *gfx.Picture) (*image.RGBA, gl41.Stats) { return render(t, win, f) }
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := leanFrame(size, c.add)
			lean, full, st := drawBoth(t, r, draw, f)
			if st.LeanBatches != c.lean {
				t.Errorf("got %d lean batches, want %d", st.LeanBatches, c.lean)
			}
			if d := maxDiff(lean, full); d > 1 {
				t.Errorf("lean and full frames differ by up to %d levels, want at most 1 (rounding)", d)
			}
			if n := covered(lean); n < size*size/50 {
				t.Errorf("%d pixels drawn, want at least 2%% of %d: the scene is not in view", n, size*size)
			}
			// The same frame again, now that the meshes' instance
			// attributes point at the other layout: still the same.
			again, _ := render(t, win, f)
			if d := maxDiff(again, lean); d != 0 {
				t.Errorf("drawn again after the full layout, the frame differs by %d levels, want 0", d)
			}
		})
	}
}

func TestLeanBatchUploads48BytesAnInstance(t *testing.T) {
	const size = 64
	win := openWindow(t, size, size, gl41.Options{})
	for _, n := range []int{1, 16, 300} {
		f := leanFrame(size, func(dl *gfx.DrawList) { grid(dl, gfx.MeshCube, n, 0.05, cubeColor) })
		_, st := render(t, win, f)
		if st.BytesUploaded != 48*n || st.LeanBatches != 1 || st.Instances != n {
			t.Errorf("%d cubes: got %d bytes, %d lean batches, %d instances; want %d, 1, %d", n, st.BytesUploaded, st.LeanBatches, st.Instances, 48*n, n)
		}
	}
}
