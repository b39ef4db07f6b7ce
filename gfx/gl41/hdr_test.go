package gl41_test

import (
	"bytes"
	"fmt"
	"image/color"
	"log"
	"math"
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

// sun4 is a sun of linear 4 straight into the test camera's view, no
// ambient: a white wall facing it shows linear 4 before exposure.
var sun4 = gfx.Light{Dir: mgl32.Vec3{0, 0, -1}, Color: gfx.Color{R: 4, G: 4, B: 4, A: 1}, Ambient: gfx.Color{A: 1}}

func TestHDRToneMapsAKnownValue(t *testing.T) {
	const size = 32
	tests := []struct {
		env  gfx.Environment
		want float64 // linear, after exposure and the tone map
	}{
		{gfx.Environment{}, 1},
		{gfx.Environment{Exposure: 0.125}, 0.5},
		{gfx.Environment{ToneMap: gfx.ToneNeutral}, neutral(4)},
		{gfx.Environment{ToneMap: gfx.ToneNeutral, Exposure: 0.1}, neutral(0.4)},
		{gfx.Environment{ToneMap: gfx.ToneACES}, aces(4)},
		{gfx.Environment{ToneMap: gfx.ToneACES, Exposure: 0.05}, aces(0.2)},
	}
	win := openWindow(t, size, size, gl41.Options{})
	for _, msaa := range []int{1, 4} {
		setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROn, MSAA: msaa})
		for _, tt := range tests {
			t.Run(fmt.Sprintf("msaa%d/%+v", msaa, tt.env), func(t *testing.T) {
				img, st := render(t, win, wall(size, sun4, tt.env))
				if !st.HDR {
					t.Fatal("the frame was not drawn through the HDR path")
				}
				w := srgb8(tt.want)
				if got := img.RGBAAt(size/2, size/2); !near(got, color.RGBA{w, w, w, 255}, 1) {
					t.Errorf("centre %v, want %d (linear %.4f)", got, w, tt.want)
				}
			})
		}
	}
}

// glassFrame draws two half-transparent white Lambert quads over an opaque
// black one, all facing sun4 and filling the centre of the view.
func glassFrame(t *testing.T, size int) (*gfx.Picture, *asset.Library) {
	t.Helper()
	var lib asset.Library
	glass := must(lib.AddMaterial("glass", &asset.Material{Alpha: asset.Blend}))
	mesh := must(lib.AddMesh("quad", quad(0, nil)))
	dl := &gfx.DrawList{Camera: testCamera(), Light: sun4, Env: gfx.Environment{ToneMap: gfx.ToneNeutral}}
	for _, z := range []float32{0.5, 0} {
		m := mgl32.Translate3D(0, 0, z).Mul4(mgl32.Scale3D(2, 2, 1))
		dl.AddWith(mesh, glass, &m, gfx.Color{R: 1, G: 1, B: 1, A: 0.5})
	}
	back := mgl32.Translate3D(0, 0, -0.5).Mul4(mgl32.Scale3D(2, 2, 1))
	dl.Add(mesh, &back, gfx.RGB(0, 0, 0))
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	return f, &lib
}

func TestHDRBlendsBeforeToneMapping(t *testing.T) {
	// Two half-transparent white quads lit to linear 4 over black: with
	// HDR they add up in linear light, 4·a + 4·a·(1−a), and the sum is
	// tone mapped once; without, each is tone mapped and encoded on its
	// own and they blend on the encoded values, which clips.
	const size = 32
	f, lib := glassFrame(t, size)
	win := openWindow(t, size, size, gl41.Options{Assets: lib})
	a := float64(128) / 255 // the instance colour's alpha as stored
	hdr := srgb8(neutral(4*a + 4*a*(1-a)))
	one := float64(srgb8(neutral(4)))
	old := uint8(one*a + one*a*(1-a) + 0.5)
	for _, tt := range []struct {
		mode gfx.HDRMode
		want uint8
	}{{gfx.HDROn, hdr}, {gfx.HDROff, old}} {
		setGraphics(t, win, gfx.Graphics{HDR: tt.mode, MSAA: 1})
		img, st := render(t, win, f)
		if st.HDR != (tt.mode == gfx.HDROn) {
			t.Errorf("%v: Stats.HDR %v", tt.mode, st.HDR)
		}
		if got := img.RGBAAt(size/2, size/2); !near(got, color.RGBA{tt.want, tt.want, tt.want, 255}, 2) {
			t.Errorf("HDR %v: centre %v, want %d (HDR %d, per fragment %d)", tt.mode, got, tt.want, hdr, old)
		}
	}
	if hdr-old < 20 {
		t.Fatalf("the two paths should differ: %d and %d", hdr, old)
	}
}

func TestHDRLayersKeepTheirOwnExposure(t *testing.T) {
	// A wall exposed at 1/8 (linear 0.5) under a second layer, a small
	// quad exposed at 1 with the Neutral tone map: each layer is mapped
	// with its own settings, and the second covers only where it drew.
	const size = 32
	f := wall(size, sun4, gfx.Environment{Exposure: 0.125})
	top := &gfx.DrawList{Camera: testCamera(), Light: sun4, Env: gfx.Environment{ToneMap: gfx.ToneNeutral}}
	m := mgl32.Translate3D(0, 0, 1).Mul4(mgl32.HomogRotate3DX(math.Pi / 2)).Mul4(mgl32.Scale3D(0.5, 1, 0.5))
	top.Add(gfx.MeshPlane, &m, white)
	f.AddScene(top)
	win := openWindow(t, size, size, gl41.Options{})
	for _, msaa := range []int{1, 4} {
		setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROn, MSAA: msaa})
		img, _ := render(t, win, f)
		for _, p := range []struct {
			x, y int
			want float64
		}{{2, 2, 0.5}, {size / 2, size / 2, neutral(4)}} {
			w := srgb8(p.want)
			if got := img.RGBAAt(p.x, p.y); !near(got, color.RGBA{w, w, w, 255}, 1) {
				t.Errorf("MSAA %d: (%d, %d) = %v, want %d (linear %.4f)", msaa, p.x, p.y, got, w, p.want)
			}
		}
	}
}

func TestHDRFallsBackWhenTheFloatTargetIsIncomplete(t *testing.T) {
	const size = 32
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	f, lib := glassFrame(t, size)
	win := openWindow(t, size, size, gl41.Options{Assets: lib})
	setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROff, MSAA: 1})
	want, _ := render(t, win, f)
	mainthread.Call(func() { gl41.SetHDRIncompleteForTest(win.Renderer(), true) })
	setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROn, MSAA: 1})
	for i := range 3 {
		img, st := render(t, win, f)
		if st.HDR {
			t.Fatalf("frame %d drawn through an incomplete HDR target", i)
		}
		if got, w := img.RGBAAt(size/2, size/2), want.RGBAAt(size/2, size/2); got != w {
			t.Errorf("frame %d: centre %v, want the per-fragment path's %v", i, got, w)
		}
	}
	if n := strings.Count(logged.String(), "RGBA16F"); n != 1 {
		t.Errorf("notice logged %d times, want once: %q", n, logged.String())
	}
}

func TestRenderWithHDRAllocatesNothing(t *testing.T) {
	win := openWindow(t, 128, 128, gl41.Options{})
	cam := gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0, 30}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})}
	dl := &gfx.DrawList{Camera: cam, Env: gfx.Environment{ToneMap: gfx.ToneACES}}
	grid(dl, gfx.MeshCube, 500, 1, cubeColor)
	top := &gfx.DrawList{Camera: cam}
	grid(top, gfx.MeshSphere, 10, 1, cubeColor)
	f := &gfx.Picture{Width: 128, Height: 128, Clear: clearColor, Scenes: []*gfx.DrawList{dl, top}}
	f.HUD.Layer(0).AddText(0, 20, gfx.RGB(1, 1, 1), "FPS 60.0")
	for _, msaa := range []int{1, 4} {
		setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROn, MSAA: msaa})
		var allocs float64
		var err error
		hdr := false
		mainthread.Call(func() {
			r := win.Renderer()
			for range 5 { // reach steady state
				r.Render(f)
			}
			hdr = r.Stats().HDR
			allocs = testing.AllocsPerRun(20, func() {
				if e := r.Render(f); e != nil {
					err = e
				}
			})
			if err == nil {
				err = r.CheckError()
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if !hdr {
			t.Fatalf("MSAA %d: not drawn through the HDR path", msaa)
		}
		if allocs != 0 {
			t.Errorf("MSAA %d: Render with HDR allocates %v times per frame, want 0", msaa, allocs)
		}
	}
}

func TestHDRWithDefaultsDrawsWhatThePerFragmentPathDraws(t *testing.T) {
	// Opaque draws of every program (lean and full mesh, skinned, the sky,
	// debug lines) with exposure 1 and ToneClamp: the HDR path's pass maps
	// them to what the shaders write per fragment, within rounding.
	const size = 96
	var lib asset.Library
	mat := must(lib.AddMaterial("white", &asset.Material{Unlit: true}))
	bent := must(lib.AddMesh("bar", bar(mat)))
	pbr := must(lib.AddMaterial("pbr", &asset.Material{Shading: gfx.PBR, BaseColor: gfx.Color{R: 1, G: 1, B: 1, A: 1}, Metallic: 0.3, Roughness: 0.5}))
	ball := must(lib.AddMesh("ball", quad(pbr, nil)))
	dl := &gfx.DrawList{Camera: testCamera(), Light: testLight, Env: gfx.Environment{Sky: testSky}}
	cube := mgl32.Translate3D(-0.6, 0.4, 0).Mul4(mgl32.Scale3D(0.5, 0.5, 0.5))
	dl.Add(gfx.MeshCube, &cube, cubeColor)
	q := mgl32.Translate3D(0.6, 0.4, 0).Mul4(mgl32.Scale3D(0.6, 0.6, 1))
	dl.Add(ball, &q, gfx.RGB(0.9, 0.6, 0.3))
	model := mgl32.Translate3D(0, -0.6, 0).Mul4(mgl32.Scale3D(0.5, 0.5, 0.5))
	dl.AddSkinned(bent, 0, &model, gfx.RGB(0.4, 0.7, 0.2), []mgl32.Mat4{mgl32.Ident4(), mgl32.HomogRotate3DZ(-0.5)}, nil)
	var lines gfx.LineBuffer
	lines.Line(mgl32.Vec3{-1.5, -0.1, 0.5}, mgl32.Vec3{1.5, -0.1, 0.5}, gfx.RGB(1, 0, 1))
	dl.AddLines(&lines)
	f := &gfx.Picture{}
	f.Reset(size, size, clearColor)
	f.AddScene(dl)
	win := openWindow(t, size, size, gl41.Options{Assets: &lib})
	setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROff, MSAA: 1})
	want, _ := render(t, win, f)
	setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROn, MSAA: 1})
	got, st := render(t, win, f)
	if !st.HDR {
		t.Fatal("not drawn through the HDR path")
	}
	bad := 0
	for y := range size {
		for x := range size {
			if g, w := got.RGBAAt(x, y), want.RGBAAt(x, y); !near(g, w, 2) {
				if bad++; bad <= 5 {
					t.Errorf("(%d, %d) = %v with HDR, %v without", x, y, g, w)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels differ by more than 2 levels", bad)
	}
}

func TestHDRFallsBackWithAShaderDirCopyWithoutHDROutput(t *testing.T) {
	// A ShaderDir copy of mesh.frag made before it knew HDR_OUTPUT would
	// write tone-mapped colour that the pass maps again: HDR stays off,
	// with one notice naming the file, and the frame is the per-fragment
	// path's.
	dir := shaderDir(t)
	path := filepath.Join(dir, shaders.Mesh().Fragment)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(b), shaders.DefineHDROutput, "AN_OLD_COPY")), 0o644); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	const size = 32
	win := openWindow(t, size, size, gl41.Options{ShaderDir: dir})
	setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROff, MSAA: 1})
	want, _ := render(t, win, wall(size, sun4, gfx.Environment{ToneMap: gfx.ToneNeutral}))
	setGraphics(t, win, gfx.Graphics{HDR: gfx.HDROn, MSAA: 1})
	for range 2 {
		got, st := render(t, win, wall(size, sun4, gfx.Environment{ToneMap: gfx.ToneNeutral}))
		if st.HDR {
			t.Fatal("drawn through the HDR path with a mesh.frag that does not know HDR_OUTPUT")
		}
		if g, w := got.RGBAAt(size/2, size/2), want.RGBAAt(size/2, size/2); g != w {
			t.Errorf("centre %v, want the per-fragment path's %v", g, w)
		}
	}
	if n := strings.Count(logged.String(), "mesh.frag does not know HDR_OUTPUT"); n != 1 {
		t.Errorf("notice logged %d times, want once: %q", n, logged.String())
	}
}
