package gl41_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
	"github.com/tickwork/tickwork/shaders"
)

// Opaque scene draws written linear into a framebuffer that encodes sRGB
// show what the shaders' own encoding shows, within one level (llvmpipe's
// encoding rounds one level off in a few per cent of the values); what is
// never encoded by the framebuffer (blended draws, the sky, the HUD, the
// clear colour) shows exactly the same.
func TestFramebufferEncodesWhatTheShadersEncode(t *testing.T) {
	as := newLeanAssets()
	const size = 160
	win := openWindow(t, size, size, gl41.Options{Assets: &as.lib})
	var encodes bool
	mainthread.Call(func() { encodes = gl41.FramebufferEncodesForTest(win.Renderer()) })
	if name := win.Renderer().Name(); strings.Contains(name, "llvmpipe") && !encodes {
		t.Errorf("%s under this display: the window's framebuffer does not encode sRGB, want it to (engine/window asks for it)", name)
	}
	one := func(int) gfx.Color { return cubeColor }
	mixed := func(i int) gfx.Color { return gfx.RGB(0.2+0.05*float32(i), 0.5, 0.9-0.05*float32(i)) }
	full := func(dl *gfx.DrawList) {
		dl.Env.ToneMap = gfx.ToneNeutral
		dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{0, 0.5, 1}, Color: gfx.RGB(1, 0.5, 0.3), Intensity: 3, Range: 5})
	}
	cases := []struct {
		name  string
		add   func(dl *gfx.DrawList)
		hud   bool
		exact bool // nothing the framebuffer encodes
	}{
		{"lean cubes", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, one) }, false, false},
		{"full layout cubes", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, mixed) }, false, false},
		{"textured", func(dl *gfx.DrawList) { spread(dl, as.texturedQuad, 0, 16, one) }, false, false},
		{"alpha mask", func(dl *gfx.DrawList) { spread(dl, as.maskedQuad, 0, 16, one) }, false, false},
		{"point light and tone mapping", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, mixed); full(dl) }, false, false},
		{"sky behind cubes", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, one); dl.Env.Sky = testSky }, false, false},
		{"cubes under a HUD", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, one) }, true, false},
		{"blended only", func(dl *gfx.DrawList) { spread(dl, as.blendedQuad, 0, 16, one) }, false, true},
		{"sky only", func(dl *gfx.DrawList) {
			m := mgl32.Translate3D(0, 0, 50)
			dl.Add(gfx.MeshCube, &m, cubeColor) // behind the camera: the sky alone shows
			dl.Env.Sky = testSky
		}, false, true},
		{"HUD only", func(*gfx.DrawList) {}, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := leanFrame(size, c.add)
			if c.hud {
				f.HUD.Layer(0).AddRect(10, 10, 100, 40, gfx.Color{R: 0.2, G: 0.3, B: 0.1, A: 0.6})
				f.HUD.Layer(0).AddText(14, 60, gfx.RGB(1, 0.9, 0.5), "sRGB 0123")
			}
			var linear [2]bool
			byTarget, _ := render(t, win, f)
			mainthread.Call(func() {
				linear[0] = gl41.LinearOutForTest(win.Renderer())
				gl41.SetShaderEncodeForTest(win.Renderer(), true)
			})
			byShader, _ := render(t, win, f)
			mainthread.Call(func() {
				linear[1] = gl41.LinearOutForTest(win.Renderer())
				gl41.SetShaderEncodeForTest(win.Renderer(), false)
			})
			if linear != [2]bool{encodes, false} {
				t.Errorf("framebuffer encoding used %v (by default, then with the shaders asked to encode), want [%v false]", linear, encodes)
			}
			if n := covered(byShader); n < size*size/50 {
				t.Fatalf("%d pixels drawn, want at least 2%% of %d: the scene is not in view", n, size*size)
			}
			want := 1
			if c.exact || !encodes {
				want = 0
			}
			differ := 0
			for i := range byTarget.Pix {
				if byTarget.Pix[i] != byShader.Pix[i] {
					differ++
				}
			}
			t.Logf("%d of %d channel values differ", differ, len(byTarget.Pix))
			if d := maxDiff(byTarget, byShader); d > want {
				t.Errorf("encoded by the framebuffer and by the shaders, the frames differ by up to %d levels, want at most %d", d, want)
			}
		})
	}
}

// BenchmarkSRGBEncoding draws the same 1280×720 frame of cubes with the
// opaque draws' colours encoded by the framebuffer (the default where it
// can) and by the shaders, alternately, one complete frame (Render,
// glFinish) of each per iteration: 1k cubes of one colour (the lean
// program) and of many colours (the full one), without shadows or
// antialiasing, as the peer comparison's cube scene draws. Metrics: each way's
// frames/s and framebuffer/shader, the frame-rate ratio in the same run.
func BenchmarkSRGBEncoding(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	oneColour := benchScene(1000)
	cubes := oneColour.Scenes[0].Batches()[0].Instances
	for i := range cubes {
		cubes[i].Color = cubeColor
	}
	encode := abWays{a: "framebuffer", b: "shader", restore: false,
		set: func(r *gl41.Renderer, framebuffer bool) { gl41.SetShaderEncodeForTest(r, !framebuffer) }}
	for _, c := range []struct {
		name string
		f    *gfx.Picture
	}{{"cubes=1000/lean", oneColour}, {"cubes=1000/full", benchScene(1000)}} {
		b.Run(c.name, func(b *testing.B) { benchAB(b, win, c.f, encode, 5, true) })
	}
}

// A ShaderDir copy of the mesh shaders made before they knew
// shaders.DefineLinearOutput encodes in the shader as it always did: its
// opaque draws must not be encoded again by the framebuffer.
func TestShaderDirCopyWithoutLinearOutput(t *testing.T) {
	dir := shaderDir(t)
	for _, f := range []string{shaders.Mesh().Fragment, shaders.MeshLean().Fragment} {
		path := filepath.Join(dir, f)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		old := strings.ReplaceAll(string(b), shaders.DefineLinearOutput, "AN_OLD_COPY")
		if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const size = 96
	mixed := func(i int) gfx.Color { return gfx.RGB(0.2+0.05*float32(i), 0.5, 0.9-0.05*float32(i)) }
	f := leanFrame(size, func(dl *gfx.DrawList) {
		spread(dl, gfx.MeshCube, 0, 8, func(int) gfx.Color { return cubeColor }) // lean
		for i := range 8 {
			m := mgl32.Translate3D(0.3*float32(i%4)-0.45, -0.6+0.3*float32(i/4), 0.2).Mul4(mgl32.Scale3D(0.15, 0.15, 0.15))
			dl.Add(gfx.MeshCube, &m, mixed(i)) // full layout: many colours
		}
	})
	builtin := openWindow(t, size, size, gl41.Options{})
	mainthread.Call(func() { gl41.SetShaderEncodeForTest(builtin.Renderer(), true) })
	want, _ := render(t, builtin, f)
	copied := openWindow(t, size, size, gl41.Options{ShaderDir: dir})
	got, _ := render(t, copied, f)
	if d := maxDiff(got, want); d != 0 {
		t.Errorf("drawn with the old copies, the frame differs from the shader-encoded one by up to %d levels, want 0", d)
	}
}
