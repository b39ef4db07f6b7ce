package gfx

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestLightBlockPack(t *testing.T) {
	var b LightBlock
	lights := []PunctualLight{
		{Position: mgl32.Vec3{1, 2, 3}, Color: Color{1, 0.5, 0, 1}, Intensity: 4, Range: 2},
		{Kind: SpotLight, Position: mgl32.Vec3{0, 5, 0}, Dir: mgl32.Vec3{0, -2, 0}, Inner: 0, Outer: math.Pi / 3},
	}
	b.Pack(lights, mgl32.Vec3{})
	if b.N != 2 || b.Dropped != 0 || b.Invalid != nil {
		t.Fatalf("N %d, dropped %d, invalid %v: want 2, 0, nil", b.N, b.Dropped, b.Invalid)
	}
	if got, want := b.PosInvRange[0], [4]float32{1, 2, 3, 0.25}; got != want {
		t.Errorf("point position/inverse range² = %v, want %v", got, want)
	}
	if got, want := b.ColorKind[0], [4]float32{4, 2, 0, 0}; got != want {
		t.Errorf("point colour×intensity/kind = %v, want %v", got, want)
	}
	if got, want := b.Cone[0], [2]float32{0, 1}; got != want {
		t.Errorf("point cone = %v, want %v (no cone)", got, want)
	}
	if got, want := b.ColorKind[1], [4]float32{1, 1, 1, 1}; got != want {
		t.Errorf("spot defaults colour/kind = %v, want %v", got, want)
	}
	if got, want := b.Dir[1], [4]float32{0, -1, 0, 0}; got != want {
		t.Errorf("spot direction = %v, want %v (unit)", got, want)
	}
	// At the outer angle the attenuation is 0, on the axis 1.
	sc, off := b.Cone[1][0], b.Cone[1][1]
	if a := float32(math.Cos(math.Pi/3))*sc + off; math.Abs(float64(a)) > 1e-5 {
		t.Errorf("cone at the outer angle = %v, want 0", a)
	}
	if a := sc + off; math.Abs(float64(a-1)) > 1e-5 {
		t.Errorf("cone on the axis = %v, want 1", a)
	}
}

func TestLightBlockKeepsNearest(t *testing.T) {
	var b LightBlock
	ls := make([]PunctualLight, MaxLights+5)
	for i := range ls {
		// Light i is at distance len-i: the last ones are the nearest.
		ls[i].Position = mgl32.Vec3{float32(len(ls) - i), 0, 0}
	}
	b.Pack(ls, mgl32.Vec3{})
	if b.N != MaxLights || b.Dropped != 5 {
		t.Fatalf("N %d, dropped %d: want %d, 5", b.N, b.Dropped, MaxLights)
	}
	for k := range b.N {
		if x := b.PosInvRange[k][0]; x > MaxLights {
			t.Errorf("packed light %d at distance %v: a farther light was kept", k, x)
		}
	}
	allocs := testing.AllocsPerRun(20, func() { b.Pack(ls, mgl32.Vec3{}) })
	if allocs != 0 {
		t.Errorf("Pack allocates %v times per call once warm, want 0", allocs)
	}
}

func TestLightBlockSkipsInvalid(t *testing.T) {
	tests := []struct {
		name  string
		light PunctualLight
		want  string
	}{
		{"negative intensity", PunctualLight{Intensity: -1}, "intensity -1"},
		{"NaN position", PunctualLight{Position: mgl32.Vec3{float32(math.NaN()), 0, 0}}, "not finite"},
		{"inverted cone", PunctualLight{Kind: SpotLight, Inner: 1, Outer: 0.5}, "inner 1, outer 0.5"},
		{"unknown kind", PunctualLight{Kind: 7}, "light kind 7"},
		{"negative range", PunctualLight{Range: -2}, "range -2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b LightBlock
			b.Pack([]PunctualLight{{}, tt.light}, mgl32.Vec3{})
			if b.N != 1 || b.Dropped != 1 {
				t.Errorf("N %d, dropped %d: want 1, 1", b.N, b.Dropped)
			}
			if b.Invalid == nil || !strings.Contains(b.Invalid.Error(), tt.want) || !strings.Contains(b.Invalid.Error(), "light 1") {
				t.Errorf("Invalid = %v, want it to name light 1 and %q", b.Invalid, tt.want)
			}
		})
	}
}

func TestPunctualLightPlace(t *testing.T) {
	var l PunctualLight
	m := mgl32.Translate3D(1, 2, 3).Mul4(mgl32.HomogRotate3DX(-math.Pi / 2))
	l.Place(&m)
	if !l.Position.ApproxEqual(mgl32.Vec3{1, 2, 3}) || l.Dir.Sub(mgl32.Vec3{0, -1, 0}).Len() > 1e-6 {
		t.Errorf("placed at %v shining %v, want (1 2 3) shining down", l.Position, l.Dir)
	}
}

// BenchmarkLightBookkeeping is the renderer's per-scene light and shadow
// work on the CPU: packing 40 lights (the nearest 16 kept) and fitting
// three cascades.
func BenchmarkLightBookkeeping(b *testing.B) {
	ls := make([]PunctualLight, 40)
	for i := range ls {
		ls[i] = PunctualLight{Position: mgl32.Vec3{float32(i), 1, float32(i % 7)}, Range: 10}
	}
	cam := Camera{FovY: 1, Near: 0.1, Far: 300}
	cam.LookAt(mgl32.Vec3{0, 5, 20}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	dir := mgl32.Vec3{-0.4, -1, -0.6}.Normalize()
	var blk LightBlock
	var cs [MaxCascades]Cascade
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		blk.Pack(ls, mgl32.Vec3{0, 5, 20})
		FitCascades(&cam, 16.0/9, dir, 3, 40, 2048, &cs)
	}
}
