package camera

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
)

// benchCameras returns one ticked camera of each kind, shaking, the follow
// camera with a collision test.
func benchCameras() []struct {
	name string
	cam  Camera
} {
	r := newRig()
	for i := range uint64(5) {
		r.tick(i, dt)
	}
	_ = r.orbit.Shake.Start(1, 1<<30)
	_ = r.follow.Shake.Start(1, 1<<30)
	return []struct {
		name string
		cam  Camera
	}{{"orbit", &r.orbit}, {"fly", &r.fly}, {"first-person", &r.fp}, {"follow", &r.follow}}
}

var benchIn = Input{Look: mgl32.Vec2{3, -2}, Turn: mgl32.Vec2{0.5, 0}, Move: mgl32.Vec3{0, 0, 1}, Zoom: 0.25}

func TestTickRenderHashAllocateNothing(t *testing.T) {
	for _, c := range benchCameras() {
		var dst gfx.Camera
		var sum uint64
		var codec fields.Codec
		n := testing.AllocsPerRun(100, func() {
			c.cam.Tick(benchIn, dt)
			c.cam.Render(0.5, &dst)
			sum ^= codec.Hash(c.cam)
		})
		if n != 0 {
			t.Errorf("%s: Tick + Render + Hash allocate %v times, want 0", c.name, n)
		}
		if _, err := ScreenRay(&dst, 10, 20, 640, 480); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = ScreenRay(&dst, 10, 20, 640, 480) }); n != 0 {
			t.Errorf("ScreenRay allocates %v times, want 0", n)
		}
	}
	r := newRig()
	r.tick(0, dt)
	_ = r.tr.Start(&r.orbit, &r.follow, 100)
	var dst gfx.Camera
	if n := testing.AllocsPerRun(100, func() { r.tr.Tick(); r.tr.Render(0.3, &dst) }); n != 0 {
		t.Errorf("Transition Tick + Render allocate %v times, want 0", n)
	}
}

func BenchmarkTick(b *testing.B) {
	for _, c := range benchCameras() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.cam.Tick(benchIn, dt)
			}
		})
	}
}

func BenchmarkRender(b *testing.B) {
	for _, c := range benchCameras() {
		b.Run(c.name, func(b *testing.B) {
			var dst gfx.Camera
			b.ReportAllocs()
			for b.Loop() {
				c.cam.Render(0.37, &dst)
			}
		})
	}
	b.Run("transition", func(b *testing.B) {
		r := newRig()
		r.tick(0, dt)
		_ = r.tr.Start(&r.orbit, &r.follow, 1<<30)
		r.tr.Tick()
		var dst gfx.Camera
		b.ReportAllocs()
		for b.Loop() {
			r.tr.Render(0.37, &dst)
		}
	})
}

func BenchmarkHash(b *testing.B) {
	c := benchCameras()[3].cam.(*Follow)
	var codec fields.Codec
	b.ReportAllocs()
	for b.Loop() {
		_ = codec.Hash(c)
	}
}

func BenchmarkScreenRay(b *testing.B) {
	o := Orbit{Distance: 5}
	o.Snap()
	var cam gfx.Camera
	o.Render(1, &cam)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = ScreenRay(&cam, 100, 200, 1280, 720)
	}
}
