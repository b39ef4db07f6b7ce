package gl41_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

var testSky = gfx.Sky{Zenith: gfx.RGB(0.25, 0.45, 0.85), Horizon: gfx.RGB(0.75, 0.82, 0.9), Ground: gfx.RGB(0.3, 0.28, 0.25)}

// TestSkyGradient looks level at the horizon: the middle row shows the
// horizon's colour, the top row leans towards the zenith, the bottom row
// towards the ground; a cube in front covers the sky.
func TestSkyGradient(t *testing.T) {
	const size = 64
	win := openWindow(t, size, size, gl41.Options{})
	f, dl := oneCube(size, size, mgl32.Translate3D(0, 0, 0))
	dl.Env.Sky = testSky
	img, _ := render(t, win, f)
	if got, want := img.RGBAAt(2, size/2), rgba8(testSky.Horizon); !near(got, want, 3) {
		t.Errorf("horizon pixel %v, want %v", got, want)
	}
	top, bottom := img.RGBAAt(2, 0), img.RGBAAt(2, size-1)
	if !(top.B > top.R+40) {
		t.Errorf("top pixel %v: want it bluer, towards the zenith", top)
	}
	if hz := rgba8(testSky.Horizon); !(bottom.R < hz.R-20 && bottom.G < hz.G-20 && bottom.B < hz.B-20) {
		t.Errorf("bottom pixel %v: want it towards the ground colour", bottom)
	}
	if c := img.RGBAAt(size/2, size/2); near(c, rgba8(testSky.Horizon), 10) {
		t.Errorf("centre pixel %v shows the sky, want the cube", c)
	}
}

// TestLitSceneGolden is the finished look: a floor and cubes under a sun
// with shadows, a hemisphere ambient, a point light, a sky gradient,
// distance fog in the horizon's colour and Khronos PBR Neutral.
func TestLitSceneGolden(t *testing.T) {
	const w, h = 240, 135
	win := openWindow(t, w, h, gl41.Options{})
	dl := &gfx.DrawList{
		Light: gfx.Light{Dir: mgl32.Vec3{-0.5, -1, -0.3}, Color: gfx.Color{R: 1.8, G: 1.7, B: 1.5, A: 1},
			Ambient: gfx.Color{R: 0.35, G: 0.4, B: 0.55, A: 1}, Ground: gfx.Color{R: 0.15, G: 0.12, B: 0.1, A: 1}},
		Env: gfx.Environment{ToneMap: gfx.ToneNeutral, Sky: testSky, FogColor: testSky.Horizon, FogStart: 15, FogEnd: 60},
	}
	dl.Camera.LookAt(mgl32.Vec3{0, 4, 12}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
	floor := mgl32.Scale3D(200, 1, 200)
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.55, 0.6, 0.5))
	for i := range 25 {
		x, z := float32(i%5-2)*3, -float32(i/5)*6
		m := mgl32.Translate3D(x, 0.75, z).Mul4(mgl32.HomogRotate3DY(float32(i) * 0.4)).Mul4(mgl32.Scale3D(1.5, 1.5, 1.5))
		dl.Add(gfx.MeshCube, &m, gfx.RGB(0.9, 0.5+float32(i%3)*0.15, 0.3))
	}
	dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{0, 1.5, 3}, Color: gfx.Color{R: 1, G: 0.4, B: 0.2, A: 1}, Intensity: 25, Range: 8})
	f := &gfx.Picture{}
	f.Reset(w, h, clearColor)
	f.AddScene(dl)
	img, st := render(t, win, f)
	if st.LeanBatches == 0 {
		t.Error("no lean batches: Lambert batches should keep the lean path with lights, shadows, fog and sky")
	}
	// Far down the floor the fog hides everything: the horizon's colour.
	if got := img.RGBAAt(5, 32); !near(got, rgba8(testSky.Horizon), 6) {
		t.Errorf("far floor %v, want the fog's colour %v", got, rgba8(testSky.Horizon))
	}
	compareGolden(t, "testdata/scene-lit.png", img)
}
