package gl41_test

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// dark is a scene light with no sun and no ambient (not the zero Light,
// which means the default).
var dark = gfx.Light{Dir: mgl32.Vec3{0, 0, -1}, Color: gfx.Color{A: 1}, Ambient: gfx.Color{A: 1}}

// wall returns a picture of a white plane through the origin facing the
// test camera, filling the view, lit by l and lights.
func wall(size int, l gfx.Light, env gfx.Environment, lights ...gfx.PunctualLight) *gfx.Picture {
	dl := &gfx.DrawList{Camera: testCamera(), Light: l, Env: env}
	m := mgl32.HomogRotate3DX(math.Pi / 2).Mul4(mgl32.Scale3D(8, 1, 8))
	dl.Add(gfx.MeshPlane, &m, white)
	for _, pl := range lights {
		dl.AddLight(pl)
	}
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	return f
}

// wallPoint returns the point of the wall (z = 0) that pixel column x of
// the middle row shows, for the test camera (at z = 3, 60° field of view)
// and a square picture of size pixels.
func wallPoint(x, size int) mgl32.Vec3 {
	ndc := (float64(x)+0.5)/float64(size)*2 - 1
	return mgl32.Vec3{float32(ndc * math.Tan(math.Pi/6) * 3), 0, 0}
}

func TestPointLightFalloff(t *testing.T) {
	const size = 64
	win := openWindow(t, size, size, gl41.Options{})
	light := gfx.PunctualLight{Position: mgl32.Vec3{0, 0, 1}, Intensity: math.Pi * 0.6, Range: 2.5}
	img, st := render(t, win, wall(size, dark, gfx.Environment{}, light))
	if st.LeanBatches != 1 {
		t.Errorf("%d lean batches, want 1: the lean program shades point lights too", st.LeanBatches)
	}
	y := size / 2
	for _, x := range []int{32, 40, 48, 56, 62} {
		p := wallPoint(x, size)
		d := light.Position.Sub(p)
		d2 := float64(d.LenSqr())
		cos := float64(d.Normalize()[2])
		q := d2 / (2.5 * 2.5)
		win := math.Min(math.Max(1-q*q, 0), 1)
		e := 0.6 * cos * win / d2 // Intensity/π · cosθ · window / d²
		w := srgb8(e)
		if got := img.RGBAAt(x, y); !near(got, color.RGBA{w, w, w, 255}, 3) {
			t.Errorf("pixel %d (wall x %.2f, distance %.2f): %v, want %d", x, p[0], math.Sqrt(d2), got, w)
		}
	}
}

func TestSpotLightCone(t *testing.T) {
	const size = 64
	win := openWindow(t, size, size, gl41.Options{})
	spot := gfx.PunctualLight{Kind: gfx.SpotLight, Position: mgl32.Vec3{0, 0, 2}, Dir: mgl32.Vec3{0, 0, -1},
		Intensity: 4 * math.Pi, Inner: 0.2, Outer: 0.3}
	img, _ := render(t, win, wall(size, dark, gfx.Environment{}, spot))
	y := size / 2
	for x := 32; x < size; x += 4 {
		p := wallPoint(x, size)
		ang := math.Atan2(float64(p[0]), 2)
		got := img.RGBAAt(x, y)
		switch {
		case ang < 0.19:
			if got.R < 200 {
				t.Errorf("pixel %d, %.3f rad off the axis, inside the inner cone: %v, want bright", x, ang, got)
			}
		case ang > 0.31:
			if got.R > 1 {
				t.Errorf("pixel %d, %.3f rad off the axis, outside the outer cone: %v, want black", x, ang, got)
			}
		}
	}
}

// neutral is Khronos PBR Neutral, as the shaders compute it.
func neutral(c float64) float64 {
	const start, desat = 0.8 - 0.04, 0.15
	off := 0.04
	if c < 0.08 {
		off = c - 6.25*c*c
	}
	c -= off
	if c < start {
		return c
	}
	const d = 1 - start
	np := 1 - d*d/(c+d-start)
	g := 1 - 1/(desat*(c-np)+1)
	return c*np/c*(1-g) + np*g
}

func aces(x float64) float64 { return min(max(x*(2.51*x+0.03)/(x*(2.43*x+0.59)+0.14), 0), 1) }

func TestToneMappingOfKnownHDRValue(t *testing.T) {
	const size = 32
	// A white wall facing a sun of 4: linear 4 before exposure.
	sun := gfx.Light{Dir: mgl32.Vec3{0, 0, -1}, Color: gfx.Color{R: 4, G: 4, B: 4, A: 1}, Ambient: gfx.Color{A: 1}}
	tests := []struct {
		env  gfx.Environment
		want float64 // linear
	}{
		{gfx.Environment{}, 1},
		{gfx.Environment{Exposure: 0.125}, 0.5},
		{gfx.Environment{ToneMap: gfx.ToneNeutral}, neutral(4)},
		{gfx.Environment{ToneMap: gfx.ToneNeutral, Exposure: 0.1}, neutral(0.4)},
		{gfx.Environment{ToneMap: gfx.ToneACES}, aces(4)},
		{gfx.Environment{ToneMap: gfx.ToneACES, Exposure: 0.05}, aces(0.2)},
	}
	win := openWindow(t, size, size, gl41.Options{})
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.env), func(t *testing.T) {
			img, _ := render(t, win, wall(size, sun, tt.env))
			w := srgb8(tt.want)
			if got := img.RGBAAt(size/2, size/2); !near(got, color.RGBA{w, w, w, 255}, 2) {
				t.Errorf("centre %v, want %d (linear %.4f)", got, w, tt.want)
			}
		})
	}
}

func TestFog(t *testing.T) {
	const size = 32
	fog := gfx.Color{R: 0.6, G: 0.7, B: 0.8, A: 1}
	tests := []struct {
		name       string
		start, end float32
		share      float64 // of fog at the wall's centre, 3 units away
	}{
		{"beyond the end", 1, 2, 1},
		{"half way", 2, 4, 0.5},
		{"before the start", 4, 6, 0},
	}
	sun := gfx.Light{Dir: mgl32.Vec3{0, 0, -1}, Color: gfx.Color{R: 0.5, G: 0.5, B: 0.5, A: 1}, Ambient: gfx.Color{A: 1}}
	win := openWindow(t, size, size, gl41.Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, _ := render(t, win, wall(size, sun, gfx.Environment{FogColor: fog, FogStart: tt.start, FogEnd: tt.end}))
			lin := func(c float32) float64 { return float64(decode(c)) }
			want := color.RGBA{
				srgb8(0.5*(1-tt.share) + lin(fog.R)*tt.share),
				srgb8(0.5*(1-tt.share) + lin(fog.G)*tt.share),
				srgb8(0.5*(1-tt.share) + lin(fog.B)*tt.share), 255}
			if got := img.RGBAAt(size/2, size/2); !near(got, want, 2) {
				t.Errorf("centre %v, want %v", got, want)
			}
		})
	}
}

func decode(c float32) float32 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return float32(math.Pow((float64(c)+0.055)/1.055, 2.4))
}

// TestLightsGolden draws a floor and cubes lit by coloured point lights,
// a spot and a dim sun with a hemisphere ambient, tone mapped.
func TestLightsGolden(t *testing.T) {
	const size = 160
	win := openWindow(t, size, size, gl41.Options{})
	var lib asset.Library
	metal := must(lib.AddMaterial("metal", &asset.Material{Shading: gfx.PBR, BaseColor: gfx.Color{R: 0.9, G: 0.9, B: 0.9, A: 1}, Metallic: 1, Roughness: 0.35}))
	setAssets(win, &lib)
	dl := &gfx.DrawList{
		Light: gfx.Light{Dir: mgl32.Vec3{-0.3, -1, -0.2}, Color: gfx.Color{R: 0.15, G: 0.15, B: 0.2, A: 1},
			Ambient: gfx.Color{R: 0.05, G: 0.06, B: 0.1, A: 1}, Ground: gfx.Color{R: 0.02, G: 0.015, B: 0.01, A: 1}},
		Env: gfx.Environment{ToneMap: gfx.ToneNeutral, Exposure: 1.2},
	}
	dl.Camera.LookAt(mgl32.Vec3{0, 4, 6}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
	floor := mgl32.Scale3D(10, 1, 10)
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.8, 0.8, 0.8))
	for i, x := range []float32{-2, 0, 2} {
		m := mgl32.Translate3D(x, 0.5, 0)
		if i == 1 {
			dl.AddWith(gfx.MeshSphere, metal, &m, white)
		} else {
			dl.Add(gfx.MeshCube, &m, gfx.RGB(0.9, 0.9, 0.9))
		}
	}
	dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{-2, 1.5, 1.5}, Color: gfx.Color{R: 1, G: 0.3, B: 0.2, A: 1}, Intensity: 20, Range: 6})
	dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{2, 1.5, 1.5}, Color: gfx.Color{R: 0.2, G: 0.5, B: 1, A: 1}, Intensity: 20, Range: 6})
	dl.AddLight(gfx.PunctualLight{Kind: gfx.SpotLight, Position: mgl32.Vec3{0, 4, 2}, Dir: mgl32.Vec3{0, -1, -0.5},
		Intensity: 60, Inner: 0.2, Outer: 0.35})
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	img, _ := render(t, win, f)
	compareGolden(t, "testdata/lights.png", img)
}
