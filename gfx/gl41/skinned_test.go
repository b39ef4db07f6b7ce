package gl41_test

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// bar returns a vertical strip 0.3 wide from y = −0.8 to 0.8 facing +Z,
// in rows of 0.2: vertices below y = 0 follow joint 0, those above blend
// into joint 1 (fully from y = 0.4). It has one morph target raising its
// top row by 0.4.
func bar(mat asset.MaterialID) *asset.Mesh {
	m := &asset.Mesh{Material: mat}
	for r := 0; r <= 8; r++ {
		y := -0.8 + 0.2*float32(r)
		w1 := min(max(y/0.4, 0), 1)
		for _, x := range []float32{-0.15, 0.15} {
			m.Positions = append(m.Positions, mgl32.Vec3{x, y, 0})
			m.Normals = append(m.Normals, mgl32.Vec3{0, 0, 1})
			m.Joints = append(m.Joints, gfx.Joints4{0, 1})
			m.Weights = append(m.Weights, mgl32.Vec4{1 - w1, w1})
		}
		if r > 0 {
			i := uint32(2 * r)
			m.Indices = append(m.Indices, i-2, i-1, i+1, i-2, i+1, i)
		}
	}
	t := gfx.MorphTarget{Positions: make([]mgl32.Vec3, len(m.Positions))}
	t.Positions[16], t.Positions[17] = mgl32.Vec3{0, 0.4, 0}, mgl32.Vec3{0, 0.4, 0}
	m.Targets = []gfx.MorphTarget{t}
	return m
}

// pixelOf returns the pixel where model-space point p lands in a size×size
// frame of the test camera.
func pixelOf(size int, model mgl32.Mat4, p mgl32.Vec3) image.Point {
	var proj mgl32.Mat4
	cam := testCamera()
	cam.Projection(1, &proj)
	c := proj.Mul4(cam.View).Mul4(model).Mul4x1(p.Vec4(1))
	x, y := c[0]/c[3], c[1]/c[3]
	return image.Point{int((x + 1) / 2 * float32(size)), int((1 - y) / 2 * float32(size))}
}

// TestSkinnedGolden: two instances of the bar in one draw, each bent by
// its own palette (joint 1 turned −40° and +25° about Z at the origin):
// the pixel of a vertex moved as gfx.SkinPosition computes is drawn, the
// pixel where the unbent top was is not.
func TestSkinnedGolden(t *testing.T) {
	const size = 128
	var lib asset.Library
	mat := must(lib.AddMaterial("white", &asset.Material{Unlit: true}))
	mesh := must(lib.AddMesh("bar", bar(mat)))
	src, _ := lib.Mesh(mesh)
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
	models := []mgl32.Mat4{mgl32.Translate3D(-0.5, 0, 0), mgl32.Translate3D(0.5, 0, 0)}
	palettes := [][]mgl32.Mat4{
		{mgl32.Ident4(), mgl32.HomogRotate3DZ(mgl32.DegToRad(-40))},
		{mgl32.Ident4(), mgl32.HomogRotate3DZ(mgl32.DegToRad(25))},
	}
	for i := range models {
		dl.AddSkinned(mesh, 0, &models[i], white, palettes[i], nil)
	}
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	img, st := render(t, win, f)
	if st.DrawCalls != 1 || st.Instances != 2 {
		t.Errorf("got %d draw calls for %d instances, want 1 for 2", st.DrawCalls, st.Instances)
	}
	bg := rgba8(clearColor)
	for i := range models {
		// The centre of the top row: between vertices 16 and 17, both
		// fully on joint 1; take it 0.1 below so the pixel is inside.
		top := gfx.SkinPosition(palettes[i], src.Joints[16], src.Weights[16], mgl32.Vec3{0, 0.7, 0})
		if got := img.RGBAAt(pixelOf(size, models[i], top).X, pixelOf(size, models[i], top).Y); near(got, bg, 8) {
			t.Errorf("instance %d: pixel of the bent top %v is the background %v", i, top, got)
		}
		if p := pixelOf(size, models[i], mgl32.Vec3{0, 0.7, 0}); near(img.RGBAAt(p.X, p.Y), rgba8(white), 8) {
			t.Errorf("instance %d: the unbent top (pixel %v) is drawn: the palette was not applied", i, p)
		}
	}
	compareGolden(t, "testdata/skinned.png", img)
}

// TestMorphTargetGolden: the bar unbent, morphed by weights 1 and 0 in one
// draw: the first's top row rises by 0.4, the second's stays.
func TestMorphTargetGolden(t *testing.T) {
	const size = 128
	var lib asset.Library
	mat := must(lib.AddMaterial("white", &asset.Material{Unlit: true}))
	mesh := must(lib.AddMesh("bar", bar(mat)))
	src, _ := lib.Mesh(mesh)
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight}
	models := []mgl32.Mat4{mgl32.Translate3D(-0.5, -0.2, 0), mgl32.Translate3D(0.5, -0.2, 0)}
	rest := []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}
	weights := [][]float32{{1}, {0}}
	for i := range models {
		dl.AddSkinned(mesh, 0, &models[i], white, rest, weights[i])
	}
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	img, _ := render(t, win, f)
	bg := rgba8(clearColor)
	probe := mgl32.Vec3{0, 1.0, 0} // between the rest top (0.8) and the raised one (1.2)
	for i, want := range []bool{true, false} {
		p := pixelOf(size, models[i], probe)
		if drawn := !near(img.RGBAAt(p.X, p.Y), bg, 8); drawn != want {
			t.Errorf("instance %d (weight %v): pixel %v drawn %v, want %v", i, weights[i], p, drawn, want)
		}
	}
	if got := gfx.MorphPosition(src, 16, weights[0]); math.Abs(float64(got[1]-1.2)) > 1e-6 {
		t.Errorf("CPU morph of vertex 16: got %v, want y 1.2", got)
	}
	compareGolden(t, "testdata/morph.png", img)
}
