package gl41_test

import (
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/window/mainthread"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// tube returns a cylinder of radius 0.15 and height 1.6 standing on the
// origin, rings×segments vertices, skinned to joints joints spaced along
// it (each vertex shared by the two joints nearest).
func tube(rings, segments, joints int, mat asset.MaterialID) *asset.Mesh {
	m := &asset.Mesh{Material: mat}
	for r := range rings {
		y := 1.6 * float32(r) / float32(rings-1)
		f := float32(r) / float32(rings-1) * float32(joints-1)
		j0 := min(int(f), joints-2)
		w1 := f - float32(j0)
		for s := range segments {
			a := 2 * math.Pi * float64(s) / float64(segments)
			c, sn := float32(math.Cos(a)), float32(math.Sin(a))
			m.Positions = append(m.Positions, mgl32.Vec3{0.15 * c, y, 0.15 * sn})
			m.Normals = append(m.Normals, mgl32.Vec3{c, 0, sn})
			m.Joints = append(m.Joints, gfx.Joints4{uint16(j0), uint16(j0 + 1)})
			m.Weights = append(m.Weights, mgl32.Vec4{1 - w1, w1})
			if r > 0 {
				i, p := uint32(r*segments+s), uint32(r*segments+(s+1)%segments)
				m.Indices = append(m.Indices, i-uint32(segments), p-uint32(segments), p, i-uint32(segments), p, i)
			}
		}
	}
	return m
}

// BenchmarkSkinnedCharacters draws 100 characters of about 2,000 vertices
// (a tube of 80×24 vertices skinned to 24 joints, each character with its
// own palette) skinned, then the same meshes unskinned, alternately, one
// complete frame (Render, glFinish) of each per iteration at 1280×720.
// Metrics: each kind's frames/s and skinned/unskinned, the ratio measured
// in the same run (goal ≥ 0.8).
func BenchmarkSkinnedCharacters(b *testing.B) {
	const chars, joints = 100, 24
	var lib asset.Library
	mat, err := lib.AddMaterial("bench", &asset.Material{})
	if err != nil {
		b.Fatal(err)
	}
	mesh, err := lib.AddMesh("tube", tube(80, 24, joints, mat))
	if err != nil {
		b.Fatal(err)
	}
	win := openWindow(b, 1280, 720, gl41.Options{Assets: &lib})
	cam := gfx.Camera{View: mgl32.LookAtV(mgl32.Vec3{0, 0.8, 9}, mgl32.Vec3{0, 0.8, 0}, mgl32.Vec3{0, 1, 0})}
	plain := &gfx.DrawList{Camera: cam, Light: testLight}
	skinned := &gfx.DrawList{Camera: cam, Light: testLight}
	palette := make([]mgl32.Mat4, joints)
	for i := range chars {
		m := mgl32.Translate3D(float32(i%20)*0.5-4.75, float32(i/20)*0.35-1.2, -float32(i/20)*0.5)
		plain.Add(mesh, &m, gfx.RGB(0.8, 0.5, 0.3))
		// Each joint turns a little about Z relative to the one below.
		acc := mgl32.Ident4()
		for j := range palette {
			y := 1.6 * float32(j) / (joints - 1)
			turn := mgl32.Translate3D(0, y, 0).Mul4(mgl32.HomogRotate3DZ(0.02 * float32(i%7-3))).Mul4(mgl32.Translate3D(0, -y, 0))
			acc = acc.Mul4(turn)
			palette[j] = acc
		}
		skinned.AddSkinned(mesh, 0, &m, gfx.RGB(0.8, 0.5, 0.3), palette, nil)
	}
	pf := &gfx.Picture{Width: 1280, Height: 720, Clear: clearColor, Scenes: []*gfx.DrawList{plain}}
	sf := &gfx.Picture{Width: 1280, Height: 720, Clear: clearColor, Scenes: []*gfx.DrawList{skinned}}
	mainthread.Call(func() {
		r := win.Renderer()
		frame := func(f *gfx.Picture) time.Duration {
			t := time.Now()
			if e := r.Render(f); e != nil && err == nil {
				err = e
			}
			r.Finish()
			return time.Since(t)
		}
		for range 3 {
			frame(pf)
			frame(sf)
		}
		var tp, ts time.Duration
		b.ResetTimer()
		for range b.N {
			tp += frame(pf)
			ts += frame(sf)
		}
		b.StopTimer()
		fn := float64(b.N)
		b.ReportMetric(fn/tp.Seconds(), "unskinned-frames/s")
		b.ReportMetric(fn/ts.Seconds(), "skinned-frames/s")
		b.ReportMetric(tp.Seconds()/ts.Seconds(), "skinned/unskinned")
	})
	if err != nil {
		b.Fatal(err)
	}
}
