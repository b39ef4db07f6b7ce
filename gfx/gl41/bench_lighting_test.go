package gl41_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// litScene is a sample-like arena at 1280×720: a floor and n cubes above
// it seen from above at a slant, drawn with material mat (0: the lean
// Lambert path), with the given point lights around it and env.
func litScene(n int, mat gfx.MaterialID, lights int, env gfx.Environment) *gfx.Picture {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	half := float32(side) * 0.75
	dl := &gfx.DrawList{Light: gfx.Light{Dir: mgl32.Vec3{-0.4, -1, -0.6}, Color: gfx.Color{R: 1.6, G: 1.5, B: 1.4, A: 1},
		Ambient: gfx.Color{R: 0.3, G: 0.35, B: 0.45, A: 1}, Ground: gfx.Color{R: 0.12, G: 0.1, B: 0.08, A: 1}}, Env: env}
	dl.Camera.LookAt(mgl32.Vec3{0, half * 1.2, half * 1.6}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	dl.Camera.Far = 4 * half
	floor := mgl32.Scale3D(3*half, 1, 3*half)
	dl.Add(gfx.MeshPlane, &floor, gfx.RGB(0.5, 0.55, 0.5))
	for i := range n {
		x := (float32(i%side) - float32(side-1)/2) * 1.5
		z := (float32(i/side) - float32(side-1)/2) * 1.5
		m := mgl32.Translate3D(x, 0.5+0.3*float32(i%3), z).Mul4(mgl32.HomogRotate3DY(float32(i) * 0.1))
		dl.AddWith(gfx.MeshCube, mat, &m, gfx.RGB(float32(i%7)/7, 0.6, float32(i%5)/5))
	}
	for k := range lights {
		a := float64(k) / float64(lights) * 2 * math.Pi
		dl.AddLight(gfx.PunctualLight{Position: mgl32.Vec3{float32(math.Cos(a)) * half * 0.6, 2, float32(math.Sin(a)) * half * 0.6},
			Color: gfx.Color{R: float32(k%2) + 0.2, G: 0.6, B: float32(1 - k%2), A: 1}, Intensity: 30, Range: half})
	}
	f := &gfx.Picture{Width: 1280, Height: 720, Clear: clearColor, Scenes: []*gfx.DrawList{dl}}
	f.HUD.Layer(0).AddText(14, 14, gfx.RGB(1, 1, 1), "TPS 30.0  FPS 60.0  frame 16.6 ms")
	return f
}

// BenchmarkLighting draws, alternately in one run, complete frames
// (Render, glFinish) of the same arena of n cubes several ways: "off", as
// the renderer drew before lighting work (Lambert, lean path, no shadows,
// no MSAA); "sun", the same with the default shadows; "full", PBR cubes,
// eight point lights, shadows, tone mapping and 4× MSAA; "msaa", "off"
// with 4× MSAA; "pbr", PBR cubes, eight point lights and tone mapping
// without shadows or MSAA; "goal", PBR cubes, eight point lights, tone
// mapping and the renderer's default graphics settings (a shadowed sun;
// MSAA where the driver makes it the default, none under llvmpipe).
// Metrics: each way's frames/s, each way's ratio to "off", the CPU time
// of the shadow passes per frame in "full" and in "goal", and the shadows'
// whole cost in "goal" (its frame time less that of "pbr").
func BenchmarkLighting(b *testing.B) {
	var lib asset.Library
	pbr := must(lib.AddMaterial("pbr", &asset.Material{Shading: gfx.PBR, Metallic: 0.3, Roughness: 0.5}))
	win := openWindow(b, 1280, 720, gl41.Options{Assets: &lib})
	for _, n := range []int{1000, 10000} {
		ways := []struct {
			name string
			g    gfx.Graphics
			f    *gfx.Picture
		}{
			{"off", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}, litScene(n, 0, 0, gfx.Environment{})},
			{"sun", gfx.Graphics{MSAA: 1}, litScene(n, 0, 0, gfx.Environment{})},
			{"full", gfx.Graphics{MSAA: 4}, litScene(n, pbr, 8, gfx.Environment{ToneMap: gfx.ToneNeutral})},
			{"msaa", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 4}, litScene(n, 0, 0, gfx.Environment{})},
			{"pbr", gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1}, litScene(n, pbr, 8, gfx.Environment{ToneMap: gfx.ToneNeutral})},
			{"goal", gfx.Graphics{}, litScene(n, pbr, 8, gfx.Environment{ToneMap: gfx.ToneNeutral})},
		}
		b.Run(fmt.Sprintf("cubes=%d", n), func(b *testing.B) {
			var spent [6]time.Duration
			var shadow, goalShadow time.Duration
			var err error
			mainthread.Call(func() {
				r := win.Renderer()
				defer r.SetGraphics(gfx.Graphics{})
				frame := func(k int) time.Duration {
					if err == nil {
						err = r.SetGraphics(ways[k].g)
					}
					t0 := time.Now()
					if e := r.Render(ways[k].f); e != nil && err == nil {
						err = e
					}
					r.Finish()
					return time.Since(t0)
				}
				for k := range ways { // warm up
					frame(k)
					frame(k)
				}
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					for k := range ways {
						spent[k] += frame(k)
						switch k {
						case 2:
							shadow += r.Stats().ShadowTime
						case 5:
							goalShadow += r.Stats().ShadowTime
						}
					}
				}
			})
			if err != nil {
				b.Fatal(err)
			}
			fps := func(k int) float64 { return float64(b.N) / spent[k].Seconds() }
			for k, w := range ways {
				b.ReportMetric(fps(k), w.name+"-frames/s")
			}
			b.ReportMetric(fps(1)/fps(0), "sun/off")
			b.ReportMetric(fps(2)/fps(0), "full/off")
			b.ReportMetric(fps(3)/fps(0), "msaa/off")
			b.ReportMetric(fps(4)/fps(0), "pbr/off")
			b.ReportMetric(fps(5)/fps(0), "goal/off")
			b.ReportMetric(float64(shadow.Microseconds())/1e3/float64(b.N), "full-shadow-ms/frame")
			b.ReportMetric(float64(goalShadow.Microseconds())/1e3/float64(b.N), "goal-shadow-cpu-ms/frame")
			// The shadows' whole cost in "goal" (drawing the maps and looking
			// them up): its frame time less that of "pbr", the same without.
			b.ReportMetric((spent[5]-spent[4]).Seconds()*1e3/float64(b.N), "goal-shadow-ms/frame")
		})
	}
}
