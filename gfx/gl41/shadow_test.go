package gl41_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// shadowScene is a floor with a cube floating above it (y from 1 to 2,
// x and z from −0.5 to 0.5), seen from straight above at height 10, lit by
// a sun slanting down towards +X at 45°: the cube's shadow on the floor
// spans x from 0.5 to 2.5.
func shadowScene(size int) *gfx.Picture {
	dl := &gfx.DrawList{Light: gfx.Light{Dir: mgl32.Vec3{1, -1, 0}, Color: gfx.RGB(1, 1, 1),
		Ambient: gfx.Color{R: 0.1, G: 0.1, B: 0.1, A: 1}}}
	dl.Camera.LookAt(mgl32.Vec3{0, 10, 0}, mgl32.Vec3{}, mgl32.Vec3{0, 0, -1})
	floor := mgl32.Scale3D(20, 1, 20)
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.8, 0.8, 0.8))
	cube := mgl32.Translate3D(0, 1.5, 0)
	dl.Add(gfx.MeshCube, &cube, gfx.RGB(0.9, 0.3, 0.2))
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	return f
}

// TestShadowEdgeWhereGeometryPutsIt finds the shadow's far edge along the
// middle row and compares it with the column where x = 2.5 on the floor
// projects, for each shadow quality.
func TestShadowEdgeWhereGeometryPutsIt(t *testing.T) {
	const size = 200
	win := openWindow(t, size, size, gl41.Options{})
	// x on the floor at height 0, seen from height 10 with a 60° view.
	col := func(x float64) float64 { return (x/(10*math.Tan(math.Pi/6)) + 1) / 2 * size }
	for _, q := range []gfx.ShadowQuality{gfx.ShadowLow, gfx.ShadowMedium, gfx.ShadowHigh} {
		t.Run(q.String(), func(t *testing.T) {
			setGraphics(t, win, gfx.Graphics{Shadows: q})
			img, st := render(t, win, shadowScene(size))
			if st.ShadowDrawCalls == 0 {
				t.Fatal("no shadow draw calls")
			}
			y := size / 2
			lit := img.RGBAAt(size-5, y).R
			dark := img.RGBAAt(int(col(2)), y).R
			if !(lit > dark+60) {
				t.Fatalf("lit floor %d, shadow %d: want the shadow clearly darker", lit, dark)
			}
			mid := (int(lit) + int(dark)) / 2
			edge := -1
			for x := int(col(1.5)); x < size; x++ {
				if int(img.RGBAAt(x, y).R) >= mid {
					edge = x
					break
				}
			}
			if want := col(2.5); math.Abs(float64(edge)+0.5-want) > 2 {
				t.Errorf("shadow edge at column %d, want %.1f (±2 pixels)", edge, want)
			}
			// In front of the cube's own shadow (x < 0.5, beside the cube
			// seen from above) the floor is lit.
			if c := img.RGBAAt(int(col(-2)), y).R; c < lit-3 {
				t.Errorf("floor on the sun's side %d, want lit (%d)", c, lit)
			}
		})
	}
	t.Run("off", func(t *testing.T) {
		setGraphics(t, win, gfx.Graphics{Shadows: gfx.ShadowOff})
		img, st := render(t, win, shadowScene(size))
		if st.ShadowDrawCalls != 0 {
			t.Errorf("%d shadow draw calls with shadows off", st.ShadowDrawCalls)
		}
		if lit, c := img.RGBAAt(size-5, size/2).R, img.RGBAAt(int(col(2)), size/2).R; c+3 < lit {
			t.Errorf("floor at x = 2 is %d, lit floor %d: want no shadow", c, lit)
		}
	})
	setGraphics(t, win, gfx.Graphics{})
	img, _ := render(t, win, shadowScene(size))
	compareGolden(t, "testdata/shadow.png", img)
}

func setGraphics(t *testing.T, win interface{ Renderer() *gl41.Renderer }, g gfx.Graphics) {
	t.Helper()
	var err error
	mainthread.Call(func() { err = win.Renderer().SetGraphics(g) })
	if err != nil {
		t.Fatal(err)
	}
}

func TestSetGraphicsRefusesOutOfRange(t *testing.T) {
	win := openWindow(t, 16, 16, gl41.Options{})
	for _, g := range []gfx.Graphics{{Shadows: 9}, {ShadowDistance: -1}, {MSAA: 3}, {ShadowDistance: float32(math.Inf(1))}, {HDR: 7}} {
		var err error
		mainthread.Call(func() { err = win.Renderer().SetGraphics(g) })
		if err == nil {
			t.Errorf("SetGraphics(%+v) = nil, want an error naming the value", g)
		}
	}
	var got gfx.Graphics
	mainthread.Call(func() { got = win.Renderer().Graphics() })
	if got != (gfx.Graphics{}) {
		t.Errorf("settings after refusals %+v, want the defaults kept", got)
	}
}
