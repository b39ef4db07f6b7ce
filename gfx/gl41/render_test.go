package gl41_test

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gfxtest"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// srgbToLinear and linearToSrgb are the sRGB transfer functions (IEC
// 61966-2-1), as the mesh shaders apply them.
func srgbToLinear(c float32) float32 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return float32(math.Pow((float64(c)+0.055)/1.055, 2.4))
}

func linearToSrgb(c float32) float32 {
	c = min(max(c, 0), 1)
	if c <= 0.0031308 {
		return c * 12.92
	}
	return float32(1.055*math.Pow(float64(c), 1/2.4) - 0.055)
}

// expectedFaceColor ray-casts the centre pixel (the camera's axis) against
// the unit cube with model matrix m (a rotation) and returns the Lambert
// colour of the face it hits: the instance colour (sRGB) decoded to
// linear, lit, encoded again.
func expectedFaceColor(m mgl32.Mat4) gfx.Color {
	inv := m.Inv()
	o := inv.Mul4x1(mgl32.Vec4{0, 0, 3, 1}).Vec3()
	d := inv.Mul4x1(mgl32.Vec4{0, 0, -1, 0}).Vec3()
	tNear, axis := math.Inf(-1), 0
	for i := 0; i < 3; i++ {
		t1 := (-0.5 - float64(o[i])) / float64(d[i])
		t2 := (0.5 - float64(o[i])) / float64(d[i])
		if t := math.Min(t1, t2); t > tNear {
			tNear, axis = t, i
		}
	}
	var n mgl32.Vec3
	n[axis] = -float32(math.Copysign(1, float64(d[axis])))
	wn := m.Mul4x1(n.Vec4(0)).Vec3().Normalize()
	diff := max(wn.Dot(testLight.Dir.Normalize().Mul(-1)), 0)
	l := func(c, amb, lc float32) float32 { return linearToSrgb(srgbToLinear(c) * (amb + lc*diff)) }
	return gfx.Color{
		R: l(cubeColor.R, testLight.Ambient.R, testLight.Color.R),
		G: l(cubeColor.G, testLight.Ambient.G, testLight.Color.G),
		B: l(cubeColor.B, testLight.Ambient.B, testLight.Color.B),
		A: 1,
	}
}

func TestCubeGolden(t *testing.T) {
	const size = 256
	win := openWindow(t, size, size, gl41.Options{})
	model := mgl32.HomogRotate3DY(mgl32.DegToRad(30)).Mul4(mgl32.HomogRotate3DX(mgl32.DegToRad(20)))
	f, _ := oneCube(size, size, model)
	img, st := render(t, win, f)

	if st.DrawCalls != 1 || st.Instances != 1 {
		t.Errorf("stats: %d draw calls, %d instances; want 1, 1", st.DrawCalls, st.Instances)
	}
	want := rgba8(expectedFaceColor(model))
	if got := img.RGBAAt(size/2, size/2); !near(got, want, 3) {
		t.Errorf("centre pixel %v, want lit cube colour %v", got, want)
	}
	bg := rgba8(clearColor)
	for _, p := range []image.Point{{0, 0}, {size - 1, 0}, {0, size - 1}, {size - 1, size - 1}} {
		if got := img.RGBAAt(p.X, p.Y); !near(got, bg, 1) {
			t.Errorf("corner %v: %v, want clear colour %v", p, got, bg)
		}
	}
	compareGolden(t, "testdata/cube.png", img)
}

// compareGolden compares img with a golden PNG (see
// gfxtest.CompareGolden); -update rewrites it.
func compareGolden(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	gfxtest.CompareGolden(t, path, img, *update)
}

// grid adds n instances of mesh in a square grid centred on the origin.
func grid(dl *gfx.DrawList, mesh gfx.MeshID, n int, spacing float32, c gfx.Color) {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	for i := 0; i < n; i++ {
		x := (float32(i%side) - float32(side-1)/2) * spacing
		y := (float32(i/side) - float32(side-1)/2) * spacing
		m := mgl32.Translate3D(x, y, 0).Mul4(mgl32.Scale3D(0.8, 0.8, 0.8))
		dl.Add(mesh, &m, c)
	}
}

func TestInstancedDrawCalls(t *testing.T) {
	win := openWindow(t, 256, 256, gl41.Options{})
	cam := gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0, 60}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})}

	t.Run("1000 cubes", func(t *testing.T) {
		dl := &gfx.DrawList{Camera: cam}
		grid(dl, gfx.MeshCube, 1000, 1, cubeColor)
		f := &gfx.Picture{Width: 256, Height: 256, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
		_, st := render(t, win, f)
		if st.DrawCalls != 1 || st.Batches != 1 || st.Instances != 1000 {
			t.Errorf("got %d draw calls, %d batches, %d instances; want 1, 1, 1000", st.DrawCalls, st.Batches, st.Instances)
		}
		// One colour, default material: the lean layout, 48 bytes a cube.
		if want := 1000 * 48; st.BytesUploaded != want || st.LeanBatches != 1 {
			t.Errorf("uploaded %d bytes in %d lean batches, want %d in 1", st.BytesUploaded, st.LeanBatches, want)
		}
	})
	t.Run("1000 cubes of two colours", func(t *testing.T) {
		dl := &gfx.DrawList{Camera: cam}
		grid(dl, gfx.MeshCube, 999, 1, cubeColor)
		grid(dl, gfx.MeshCube, 1, 1, gfx.RGB(0.2, 0.9, 0.2))
		f := &gfx.Picture{Width: 256, Height: 256, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
		_, st := render(t, win, f)
		if want := 1000 * gfx.InstanceSize; st.BytesUploaded != want || st.LeanBatches != 0 || st.DrawCalls != 1 {
			t.Errorf("uploaded %d bytes in %d draw calls, %d lean; want %d in 1, 0 lean (full layout)",
				st.BytesUploaded, st.DrawCalls, st.LeanBatches, want)
		}
	})
	t.Run("3 meshes", func(t *testing.T) {
		dl := &gfx.DrawList{Camera: cam}
		grid(dl, gfx.MeshCube, 300, 1, cubeColor)
		grid(dl, gfx.MeshSphere, 200, 1.1, gfx.RGB(0.3, 0.8, 0.3))
		grid(dl, gfx.MeshPlane, 100, 1.2, gfx.RGB(0.3, 0.3, 0.9))
		f := &gfx.Picture{Width: 256, Height: 256, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
		_, st := render(t, win, f)
		if st.DrawCalls != 3 || st.Instances != 600 {
			t.Errorf("got %d draw calls, %d instances; want 3, 600", st.DrawCalls, st.Instances)
		}
		// Same frame again: the state cache skips the redundant binds.
		_, st2 := render(t, win, f)
		if st2.SkippedBinds == 0 {
			t.Errorf("second frame skipped no binds: %+v", st2)
		}
	})
	t.Run("two scenes", func(t *testing.T) {
		a, b := &gfx.DrawList{Camera: cam}, &gfx.DrawList{Camera: cam}
		grid(a, gfx.MeshCube, 10, 1, cubeColor)
		grid(b, gfx.MeshCube, 10, 1, cubeColor)
		f := &gfx.Picture{Width: 256, Height: 256, Clear: clearColor, Scenes: []*gfx.DrawList{a, nil, {}, b}}
		_, st := render(t, win, f)
		if st.DrawCalls != 2 || st.Instances != 20 {
			t.Errorf("got %d draw calls, %d instances; want 2, 20", st.DrawCalls, st.Instances)
		}
	})
}

func TestUnknownMesh(t *testing.T) {
	win := openWindow(t, 64, 64, gl41.Options{})
	dl := &gfx.DrawList{Camera: testCamera()}
	m := mgl32.Ident4()
	dl.Add(gfx.MeshCube, &m, cubeColor)
	dl.Add(gfx.MeshID(999), &m, cubeColor)
	f := &gfx.Picture{Width: 64, Height: 64, Scenes: []*gfx.DrawList{dl}}
	var err, glErr error
	var st gl41.Stats
	mainthread.Call(func() {
		err = win.Renderer().Render(f)
		st = win.Renderer().Stats()
		glErr = win.Renderer().CheckError()
	})
	if err == nil {
		t.Error("Render with an unknown mesh: got nil error")
	}
	if glErr != nil {
		t.Error(glErr)
	}
	if st.DrawCalls != 1 {
		t.Errorf("known mesh not drawn: %d draw calls, want 1", st.DrawCalls)
	}
}

func TestUploadStrategiesAgree(t *testing.T) {
	const size = 128
	win := openWindow(t, size, size, gl41.Options{})
	cam := gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0, 25}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})}
	dl := &gfx.DrawList{Camera: cam}
	hud := gfx.HUD{}
	hud.Layer(0).AddRect(4, 4, 30, 10, gfx.Color{R: 1, A: 0.5})
	hud.Layer(0).AddText(4, 100, gfx.RGB(1, 1, 1), "ring 123")
	var ref *image.RGBA
	for u := gl41.UploadOrphan; u.Valid(); u++ {
		t.Run(u.String(), func(t *testing.T) {
			mainthread.Call(func() { _ = win.Renderer().SetUpload(u) })
			var img *image.RGBA
			// Several frames with changing counts: the ring wraps and
			// buffers grow and shrink.
			for frame := 0; frame < 12; frame++ {
				dl.Reset()
				n := []int{50, 400, 10, 250}[frame%4]
				grid(dl, gfx.MeshCube, n, 1.2, cubeColor)
				grid(dl, gfx.MeshSphere, n/2, 1.3, gfx.RGB(0.2, 0.9, 0.4))
				f := &gfx.Picture{Width: size, Height: size, Clear: clearColor, Scenes: []*gfx.DrawList{dl}, HUD: hud}
				img, _ = render(t, win, f)
			}
			if ref == nil {
				ref = img
				return
			}
			for i := range img.Pix {
				if img.Pix[i] != ref.Pix[i] {
					t.Fatalf("image differs from %v at byte %d", gl41.UploadOrphan, i)
				}
			}
		})
	}
	mainthread.Call(func() { _ = win.Renderer().SetUpload(gl41.UploadOrphan) })
}

func TestSetUploadRejectsUnknown(t *testing.T) {
	win := openWindow(t, 32, 32, gl41.Options{})
	var err error
	mainthread.Call(func() { err = win.Renderer().SetUpload(gl41.Upload(200)) })
	if err == nil {
		t.Error("SetUpload(200): got nil error")
	}
}

func TestZeroFrame(t *testing.T) {
	win := openWindow(t, 64, 64, gl41.Options{})
	for _, sz := range [][2]int{{0, 0}, {0, 64}, {64, 0}, {-1, -1}} {
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			f, _ := oneCube(sz[0], sz[1], mgl32.Ident4())
			f.HUD.Layer(0).AddText(1, 1, gfx.RGB(1, 1, 1), "x")
			_, st := render(t, win, f)
			if st.DrawCalls != 0 {
				t.Errorf("0-sized frame made %d draw calls", st.DrawCalls)
			}
		})
	}
	var err error
	mainthread.Call(func() { err = win.Renderer().Render(nil) })
	if err == nil {
		t.Error("Render(nil): got nil error")
	}
}

func TestCloseReleasesEverything(t *testing.T) {
	win := openWindow(t, 32, 32, gl41.Options{})
	f, _ := oneCube(32, 32, mgl32.Ident4())
	f.HUD.Layer(0).AddText(0, 0, gfx.RGB(1, 1, 1), "x")
	render(t, win, f)
	var err1, err2, errRender, glErr error
	var before, after, total int
	mainthread.Call(func() {
		r := win.Renderer()
		objs := gl41.ObjectsForTest(r)
		total, before = objs.Total(), objs.Live()
		err1 = r.Close()
		err2 = r.Close()
		after = objs.Live()
		errRender = r.Render(&gfx.Picture{Width: 32, Height: 32})
		glErr = r.CheckError()
	})
	if before != total || total < 10 {
		t.Errorf("before Close %d of %d objects live, want all", before, total)
	}
	if after != 0 {
		t.Errorf("after Close %d of %d objects still live, want 0", after, total)
	}
	if glErr != gl41.ErrClosed {
		t.Errorf("CheckError after Close: %v, want ErrClosed", glErr)
	}
	if err1 != nil || err2 != nil {
		t.Errorf("Close: %v, then %v", err1, err2)
	}
	if errRender != gl41.ErrClosed {
		t.Errorf("Render after Close: %v, want ErrClosed", errRender)
	}
}
