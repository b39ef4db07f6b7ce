package gl41_test

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

func TestFacetedMesh(t *testing.T) {
	up, out, tilt := mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 0.6, 0.8}
	p := []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 2, 0}, {1, 2, 0}}
	for _, tc := range []struct {
		name string
		m    gfx.Mesh
		want bool
	}{
		{"indexed quad, one normal", gfx.Mesh{Positions: p[:4], Normals: []mgl32.Vec3{out, out, out, out}, Indices: []uint32{0, 1, 2, 0, 2, 3}}, true},
		{"two triangles, a normal each", gfx.Mesh{Positions: p, Normals: []mgl32.Vec3{out, out, out, up, up, up}}, true},
		{"a vertex with a normal of its own", gfx.Mesh{Positions: p[:3], Normals: []mgl32.Vec3{out, out, tilt}}, false},
		{"a vertex shared by two faces", gfx.Mesh{Positions: p[:4], Normals: []mgl32.Vec3{out, out, out, up}, Indices: []uint32{0, 1, 2, 2, 3, 0}}, false},
		{"strip, one normal", gfx.Mesh{Positions: p, Normals: []mgl32.Vec3{out, out, out, out, out, out}, Mode: gfx.TriangleStrip}, true},
		{"strip bent at its last vertex", gfx.Mesh{Positions: p, Normals: []mgl32.Vec3{out, out, out, out, out, tilt}, Mode: gfx.TriangleStrip}, false},
		{"fan, one normal", gfx.Mesh{Positions: p[:4], Normals: []mgl32.Vec3{up, up, up, up}, Mode: gfx.TriangleFan}, true},
		{"fan with a second normal", gfx.Mesh{Positions: p[:4], Normals: []mgl32.Vec3{up, up, up, out}, Mode: gfx.TriangleFan}, false},
		{"lines", gfx.Mesh{Positions: p[:2], Normals: []mgl32.Vec3{up, up}, Mode: gfx.Lines}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.m.Validate(); err != nil {
				t.Fatalf("the case's mesh is invalid: %v", err)
			}
			if got := gl41.FacetedMeshForTest(&tc.m); got != tc.want {
				t.Errorf("faceted: got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestFacetedBatchesDrawWhatPerPixelLightingDraws: a lean batch of a
// faceted mesh of a single-sided material, in a scene lit by the sun and
// one ambient colour, is lit once a vertex, and draws the pixels that
// lighting it once a pixel draws (to one level in 255), whether the
// framebuffer or the shader encodes sRGB; smooth meshes, double-sided
// materials and scenes with more lights are lit per pixel.
func TestFacetedBatchesDrawWhatPerPixelLightingDraws(t *testing.T) {
	as := newLeanAssets()
	const size = 160
	win := openWindow(t, size, size, gl41.Options{Assets: &as.lib})
	var err error
	mainthread.Call(func() { err = win.Renderer().SetGraphics(gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}) })
	if err != nil {
		t.Fatal(err)
	}
	one := func(int) gfx.Color { return cubeColor }
	facing := func(dl *gfx.DrawList, mesh gfx.MeshID) {
		for i := range 4 {
			m := mgl32.Translate3D(0.6*float32(i)-0.9, 0, 0).Mul4(mgl32.HomogRotate3DY(0.3 * float32(i))).Mul4(mgl32.Scale3D(0.5, 1.5, 1))
			dl.Add(mesh, &m, gfx.RGB(0.3, 0.6, 0.4))
		}
	}
	lamp := gfx.PunctualLight{Kind: gfx.PointLight, Position: mgl32.Vec3{0, 0.5, 1.5}, Intensity: 3, Range: 6}
	cases := []struct {
		name    string
		add     func(dl *gfx.DrawList)
		faceted int // batches lit once a vertex
	}{
		{"lit cubes", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, one) }, 1},
		{"unlit cubes", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, as.unlit, 16, one) }, 1},
		{"tinted planes turned to the light", func(dl *gfx.DrawList) { spread(dl, gfx.MeshPlane, as.tinted, 16, one) }, 1},
		{"quads turning", func(dl *gfx.DrawList) { facing(dl, as.plainQuad) }, 1},
		{"spheres", func(dl *gfx.DrawList) { spread(dl, gfx.MeshSphere, 0, 16, one) }, 0},
		{"double-sided quads", func(dl *gfx.DrawList) { facing(dl, as.twoSidedQuad) }, 0},
		{"cubes under a lamp", func(dl *gfx.DrawList) { spread(dl, gfx.MeshCube, 0, 16, one); dl.AddLight(lamp) }, 0},
	}
	for _, encode := range []bool{false, true} {
		for _, tc := range cases {
			t.Run(fmt.Sprintf("%s/shader encodes %v", tc.name, encode), func(t *testing.T) {
				f := leanFrame(size, tc.add)
				mainthread.Call(func() { gl41.SetShaderEncodeForTest(win.Renderer(), encode) })
				defer mainthread.Call(func() { gl41.SetShaderEncodeForTest(win.Renderer(), false) })
				vertex, st := render(t, win, f)
				mainthread.Call(func() { gl41.SetFacetedForTest(win.Renderer(), false) })
				pixel, pst := render(t, win, f)
				mainthread.Call(func() { gl41.SetFacetedForTest(win.Renderer(), true) })
				if st.FacetedBatches != tc.faceted || pst.FacetedBatches != 0 {
					t.Errorf("faceted batches: got %d (%d with them off), want %d (0)", st.FacetedBatches, pst.FacetedBatches, tc.faceted)
				}
				if st.LeanBatches == 0 {
					t.Errorf("no batch was drawn lean: the case tests nothing")
				}
				if n := covered(vertex); n < 400 {
					t.Fatalf("the picture covers %d pixels: too few to compare", n)
				}
				if d := maxDiff(vertex, pixel); d > 1 {
					t.Errorf("lit once a vertex and once a pixel, the pictures differ by up to %d levels, want at most 1", d)
				}
			})
		}
	}
}

// BenchmarkFacetedLighting draws 1k and 20k cubes of one colour (lean
// batches of a faceted mesh in a sun-lit scene without shadows) lit once a
// vertex and once a pixel, alternately frame by frame, each frame presented
// by SwapBuffers. Metrics: each way's frames/s and faceted/per-pixel, the
// ratio measured in the same run (above 1: lighting once a vertex is
// faster).
func BenchmarkFacetedLighting(b *testing.B) {
	win := openWindow(b, 1280, 720, gl41.Options{})
	ways := abWays{a: "faceted", b: "per-pixel", restore: true,
		set: func(r *gl41.Renderer, on bool) { gl41.SetFacetedForTest(r, on) }}
	for _, n := range []int{1000, 20000} {
		f := benchScene(n)
		cubes := f.Scenes[0].Batches()[0].Instances
		for i := range cubes {
			cubes[i].Color = cubeColor // one colour: drawn lean
		}
		b.Run(fmt.Sprintf("cubes=%d", n), func(b *testing.B) { benchAB(b, win, f, ways, 3, false) })
	}
}
