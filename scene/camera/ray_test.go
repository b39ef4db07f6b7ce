package camera

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

func TestRayThroughTheCentreHitsTheTarget(t *testing.T) {
	for _, o := range []Orbit{
		{Distance: 5},
		{Distance: 12, Target: mgl32.Vec3{3, -2, 7}, Aim: Aim{Yaw: 2.5, Pitch: -0.9}},
		{Distance: 0.5, Target: mgl32.Vec3{-100, 4, 0}, Aim: Aim{Yaw: -1, Pitch: 1.2, FovY: 0.3}},
	} {
		o.Snap()
		var cam gfx.Camera
		o.Render(1, &cam)
		for _, vp := range [][2]float32{{1280, 720}, {300, 900}} {
			r, err := ScreenRay(&cam, vp[0]/2, vp[1]/2, vp[0], vp[1])
			if err != nil {
				t.Fatal(err)
			}
			wantVec(t, "origin", r.Origin, o.Current().Eye, 1e-4)
			wantVec(t, "ray at Distance", r.At(o.Distance), o.Target, 1e-4*o.Distance)
		}
	}
}

func TestRayCornersMatchTheFrustum(t *testing.T) {
	o := Orbit{Distance: 7, Target: mgl32.Vec3{1, 2, 3}, Aim: Aim{Yaw: 0.8, Pitch: -0.3, FovY: 1.1}}
	o.Near, o.Far = 0.5, 50
	o.Shake.Seed(1)
	if err := o.Shake.Start(1, 5); err != nil { // a roll too
		t.Fatal(err)
	}
	o.Tick(Input{}, dt)
	var cam gfx.Camera
	o.Render(1, &cam)
	const w, h = 800, 600
	var proj mgl32.Mat4
	cam.Projection(w/float32(h), &proj)
	inv := proj.Mul4(cam.View).Inv()
	for _, c := range []struct{ x, y, nx, ny float32 }{
		{0, 0, -1, 1}, {w, 0, 1, 1}, {0, h, -1, -1}, {w, h, 1, -1}, {w / 4, h / 2, -0.5, 0},
	} {
		r, err := ScreenRay(&cam, c.x, c.y, w, h)
		if err != nil {
			t.Fatal(err)
		}
		far := inv.Mul4x1(mgl32.Vec4{c.nx, c.ny, 1, 1})
		nearP := inv.Mul4x1(mgl32.Vec4{c.nx, c.ny, -1, 1})
		fp, np := far.Vec3().Mul(1/far[3]), nearP.Vec3().Mul(1/nearP[3])
		wantVec(t, "direction", r.Dir, fp.Sub(np).Normalize(), 1e-4)
		// The near-plane corner lies on the ray.
		d := np.Sub(r.Origin)
		wantVec(t, "near corner on the ray", r.At(d.Len()), np, 1e-4)
	}
}

func TestRayHitPlane(t *testing.T) {
	r := Ray{Origin: mgl32.Vec3{0, 10, 0}, Dir: mgl32.Vec3{0, -1, 0}}
	if d, ok := r.HitPlane(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}); !ok || d != 10 {
		t.Errorf("ray down onto the ground: %v, %v; want 10, true", d, ok)
	}
	if _, ok := r.HitPlane(mgl32.Vec3{0, 20, 0}, mgl32.Vec3{0, 1, 0}); ok {
		t.Error("a plane behind the ray is hit")
	}
	if _, ok := r.HitPlane(mgl32.Vec3{}, mgl32.Vec3{1, 0, 0}); ok {
		t.Error("a parallel plane is hit")
	}
}

func TestRayRefusesBadInput(t *testing.T) {
	cam := gfx.Camera{View: mgl32.Ident4()}
	for _, tc := range []struct {
		x, y, w, h float32
		want       string
	}{
		{1, 1, 0, 0, "viewport"}, {1, 1, -5, 10, "viewport"}, {float32(nan()), 1, 10, 10, "point"},
	} {
		if _, err := ScreenRay(&cam, tc.x, tc.y, tc.w, tc.h); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ScreenRay(%v, %v, %v×%v) = %v, want an error naming the %s", tc.x, tc.y, tc.w, tc.h, err, tc.want)
		}
	}
	bad := gfx.Camera{}
	if _, err := ScreenRay(&bad, 1, 1, 10, 10); err == nil || !strings.Contains(err.Error(), "rigid") {
		t.Errorf("zero view: %v, want an error saying the view is not rigid", err)
	}
}
