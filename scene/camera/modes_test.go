package camera

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestOrbit(t *testing.T) {
	nan := float32(math.NaN())
	for _, tc := range []struct {
		name             string
		cam              Orbit
		in               []Input
		yaw, pitch, dist float32
	}{
		{"still", Orbit{Distance: 5}, []Input{{}}, 0, 0, 5},
		{"mouse right turns right", Orbit{Distance: 5, Aim: Aim{LookSpeed: 0.01}}, []Input{{Look: mgl32.Vec2{50, 0}}}, 0.5, 0, 5},
		{"mouse down looks down", Orbit{Distance: 5, Aim: Aim{LookSpeed: 0.01}}, []Input{{Look: mgl32.Vec2{0, 30}}}, 0, -0.3, 5},
		{"inverted", Orbit{Distance: 5, Aim: Aim{LookSpeed: 0.01, InvertY: true}}, []Input{{Look: mgl32.Vec2{0, 30}}}, 0, 0.3, 5},
		{"stick for 30 ticks is TurnSpeed", Orbit{Distance: 5, Aim: Aim{TurnSpeed: 1}}, repeat(Input{Turn: mgl32.Vec2{1, 0}}, 30), 1, 0, 5},
		{"pitch limited", Orbit{Distance: 5, Aim: Aim{MinPitch: -0.5, MaxPitch: 0.25}}, []Input{{Look: mgl32.Vec2{0, -10000}}}, 0, 0.25, 5},
		{"default pitch limit", Orbit{Distance: 5}, []Input{{Look: mgl32.Vec2{0, 10000}}}, 0, -DefaultPitchLimit, 5},
		{"yaw limited", Orbit{Distance: 5, Aim: Aim{MinYaw: -1, MaxYaw: 1}}, []Input{{Look: mgl32.Vec2{10000, 0}}}, 1, 0, 5},
		{"free yaw wraps", Orbit{Distance: 5, Aim: Aim{Yaw: 3, LookSpeed: 0.01}}, []Input{{Look: mgl32.Vec2{50, 0}}}, 3.5 - 2*math.Pi, 0, 5},
		{"zoom in two steps", Orbit{Distance: 8, ZoomStep: 2}, []Input{{Zoom: 2}}, 0, 0, 2},
		{"zoom out", Orbit{Distance: 8, ZoomStep: 2}, []Input{{Zoom: -1}}, 0, 0, 16},
		{"zoom limited", Orbit{Distance: 8, ZoomStep: 2, MinDistance: 3, MaxDistance: 10}, []Input{{Zoom: 5}}, 0, 0, 3},
		{"zoom limited out", Orbit{Distance: 8, ZoomStep: 2, MinDistance: 3, MaxDistance: 10}, []Input{{Zoom: -5}}, 0, 0, 10},
		{"NaN input ignored", Orbit{Distance: 5}, []Input{{Look: mgl32.Vec2{nan, nan}, Zoom: nan}}, 0, 0, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cam
			c.Target = mgl32.Vec3{1, 2, 3}
			for _, in := range tc.in {
				c.Tick(in, dt)
			}
			wantF(t, "yaw", c.Yaw, tc.yaw, 1e-5)
			wantF(t, "pitch", c.Pitch, tc.pitch, 1e-5)
			wantF(t, "distance", c.Distance, tc.dist, 1e-5)
			p := c.Current()
			wantVec(t, "eye", p.Eye, c.Target.Sub(forward(tc.yaw, tc.pitch).Mul(tc.dist)), 1e-4)
			// The eye looks at the target.
			wantVec(t, "view direction", p.Forward(), c.Target.Sub(p.Eye).Normalize(), 1e-5)
			if err := c.Check(); err != nil {
				t.Errorf("Check: %v", err)
			}
		})
	}
}

func repeat(in Input, n int) []Input {
	s := make([]Input, n)
	for i := range s {
		s[i] = in
	}
	return s
}

func TestBadFieldsHoldTheCamera(t *testing.T) {
	nan := float32(math.NaN())
	for _, tc := range []struct {
		name  string
		spoil func(Camera)
		want  string
	}{
		{"orbit pitch limits reversed", func(c Camera) { c.(*Orbit).MinPitch, c.(*Orbit).MaxPitch = 1, -1 }, "MinPitch"},
		{"orbit pitch limit at π/2", func(c Camera) { c.(*Orbit).MaxPitch = math.Pi / 2 }, "MinPitch"},
		{"orbit NaN target", func(c Camera) { c.(*Orbit).Target[0] = nan }, "Orbit.Target"},
		{"orbit distances", func(c Camera) { c.(*Orbit).MinDistance, c.(*Orbit).MaxDistance = 20, 10 }, "MinDistance"},
		{"orbit zoom step", func(c Camera) { c.(*Orbit).ZoomStep = 0.5 }, "ZoomStep"},
		{"orbit far", func(c Camera) { c.(*Orbit).Near, c.(*Orbit).Far = 5, 1 }, "far"},
		{"fly speed", func(c Camera) { c.(*Fly).Speed = -1 }, "Fly.Speed"},
		{"fly fov limits", func(c Camera) { c.(*Fly).MinFovY = 4 }, "MinFovY"},
		{"fly shake", func(c Camera) { c.(*Fly).Shake.MaxOffset = nan }, "MaxOffset"},
		{"first-person eye height", func(c Camera) { c.(*FirstPerson).EyeHeight = nan }, "EyeHeight"},
		{"first-person fov", func(c Camera) { c.(*FirstPerson).FovY = 4 }, "FovY"},
		{"follow lag", func(c Camera) { c.(*Follow).Lag = -1 }, "Follow.Lag"},
		{"follow look-ahead", func(c Camera) { c.(*Follow).LookAhead = nan }, "LookAhead"},
		{"follow yaw limits", func(c Camera) { c.(*Follow).MinYaw, c.(*Follow).MaxYaw = 1, -4 }, "MinYaw"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Camera
			switch {
			case strings.HasPrefix(tc.name, "orbit"):
				c = &Orbit{Distance: 5}
			case strings.HasPrefix(tc.name, "fly"):
				c = &Fly{}
			case strings.HasPrefix(tc.name, "first"):
				c = &FirstPerson{EyeHeight: 1.7}
			default:
				c = &Follow{Distance: 4}
			}
			checker := c.(interface{ Check() error })
			if err := checker.Check(); err != nil {
				t.Fatalf("Check before: %v", err)
			}
			move := Input{Look: mgl32.Vec2{40, 10}, Move: mgl32.Vec3{0, 0, 1}}
			c.Tick(move, dt)
			c.Tick(move, dt)
			var before Pose
			c.Pose(1, &before)
			tc.spoil(c)
			err := checker.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Check = %v, want an error naming %q", err, tc.want)
			}
			c.Tick(move, dt)
			var a0, a1 Pose
			c.Pose(0, &a0)
			c.Pose(1, &a1)
			if a0 != before || a1 != before {
				t.Errorf("after a tick with bad fields: poses %+v, %+v; want the camera held at %+v", a0, a1, before)
			}
		})
	}
}

func TestFly(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cam      Fly
		in       Input
		wantEye  mgl32.Vec3
		wantFovY float32
	}{
		{"forward", Fly{Speed: 3}, Input{Move: mgl32.Vec3{0, 0, 1}}, mgl32.Vec3{0, 0, -0.1}, 0},
		{"forward with default speed", Fly{}, Input{Move: mgl32.Vec3{0, 0, 1}}, mgl32.Vec3{0, 0, -DefaultFlySpeed / 30}, 0},
		{"right", Fly{Speed: 3}, Input{Move: mgl32.Vec3{1, 0, 0}}, mgl32.Vec3{0.1, 0, 0}, 0},
		{"up is world up", Fly{Speed: 3, Aim: Aim{Pitch: 1}}, Input{Move: mgl32.Vec3{0, 1, 0}}, mgl32.Vec3{0, 0.1, 0}, 0},
		{"forward includes pitch", Fly{Speed: 3, Aim: Aim{Pitch: math.Pi / 4}}, Input{Move: mgl32.Vec3{0, 0, 1}},
			mgl32.Vec3{0, 0.1 * math.Sqrt2 / 2, -0.1 * math.Sqrt2 / 2}, 0},
		{"diagonal no faster", Fly{Speed: 3}, Input{Move: mgl32.Vec3{1, 0, 1}}, mgl32.Vec3{0.1 * math.Sqrt2 / 2, 0, -0.1 * math.Sqrt2 / 2}, 0},
		{"zoom narrows", Fly{Zoom: Zoom{Step: 2}, Aim: Aim{FovY: 1}}, Input{Zoom: 1}, mgl32.Vec3{}, 0.5},
		{"zoom limited", Fly{Zoom: Zoom{Step: 2, MinFovY: 0.6}, Aim: Aim{FovY: 1}}, Input{Zoom: 3}, mgl32.Vec3{}, 0.6},
		{"zoom from the default", Fly{Zoom: Zoom{Step: 2}}, Input{Zoom: -0.5}, mgl32.Vec3{}, math.Pi / 3 * math.Sqrt2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cam
			c.Tick(tc.in, dt)
			wantVec(t, "eye", c.Current().Eye, tc.wantEye, 1e-6)
			if tc.wantFovY == 0 {
				tc.wantFovY = math.Pi / 3 // gfx.DefaultFovY
			}
			wantF(t, "field of view", c.Current().FovY, tc.wantFovY, 1e-6)
		})
	}
}

func TestFirstPerson(t *testing.T) {
	c := FirstPerson{EyeHeight: 1.7, Feet: mgl32.Vec3{3, 0, 4}}
	c.Tick(Input{}, dt)
	wantVec(t, "eye", c.Current().Eye, mgl32.Vec3{3, 1.7, 4}, 0)
	for _, tc := range []struct {
		yaw  float32
		move mgl32.Vec3
		want mgl32.Vec3
	}{
		{0, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 0, -1}},
		{0, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{math.Pi / 2, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}},
		{math.Pi / 2, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1}},
		{0, mgl32.Vec3{1, 5, 1}, mgl32.Vec3{math.Sqrt2 / 2, 0, -math.Sqrt2 / 2}}, // y ignored, no faster diagonally
		{0, mgl32.Vec3{float32(math.NaN()), 0, 1}, mgl32.Vec3{}},
	} {
		c.Yaw, c.Pitch = tc.yaw, 0.8 // the walk stays on the ground whatever the pitch
		wantVec(t, "Walk", c.Walk(tc.move), tc.want, 1e-6)
	}
	// The body moves; the eye follows at the next tick, interpolated.
	c.Yaw = 0
	c.Feet = c.Feet.Add(c.Walk(mgl32.Vec3{0, 0, 1}).Mul(0.5))
	c.Tick(Input{}, dt)
	var mid Pose
	c.Pose(0.5, &mid)
	wantVec(t, "eye half-way", mid.Eye, mgl32.Vec3{3, 1.7, 3.75}, 1e-6)
}

func TestFollow(t *testing.T) {
	rigid := Follow{Distance: 4, Offset: mgl32.Vec3{0, 1, 0}}
	rigid.Tick(Input{}, dt)
	wantVec(t, "rigid eye", rigid.Current().Eye, mgl32.Vec3{0, 1, 4}, 1e-6)

	t.Run("lag", func(t *testing.T) {
		c := Follow{Distance: 4, Lag: 0.2}
		c.Tick(Input{}, dt)
		c.Target = mgl32.Vec3{10, 0, 0}
		c.Tick(Input{}, dt)
		k := float32(1 - math.Exp(-dt/0.2))
		wantVec(t, "pivot after one tick", c.Pivot(), mgl32.Vec3{10 * k, 0, 0}, 1e-5)
		for range 90 {
			c.Tick(Input{}, dt)
		}
		wantVec(t, "pivot after 3 s", c.Pivot(), c.Target, 1e-3)
	})
	t.Run("look-ahead", func(t *testing.T) {
		c := Follow{Distance: 4, LookAhead: 0.5}
		v := mgl32.Vec3{3, 0, 0} // units per second
		for range 10 {
			c.Target = c.Target.Add(v.Mul(dt))
			c.Tick(Input{}, dt)
		}
		wantVec(t, "pivot leads", c.Pivot(), c.Target.Add(v.Mul(0.5)), 1e-4)
		wantVec(t, "eye", c.Current().Eye, c.Pivot().Add(mgl32.Vec3{0, 0, 4}), 1e-4)
	})
	t.Run("collision", func(t *testing.T) {
		wall := true
		c := Follow{Distance: 4, Radius: 0.25, Recover: 0.2}
		var calls int
		c.Collide = func(from, to mgl32.Vec3) (float32, bool) {
			calls++
			wantVec(t, "ray from", from, mgl32.Vec3{}, 1e-6)
			wantVec(t, "ray to", to, mgl32.Vec3{0, 0, 4}, 1e-6)
			return 0.5, wall
		}
		c.Tick(Input{}, dt)
		wantF(t, "arm with a wall half-way", c.Arm(), 4*0.5-0.25, 1e-6)
		wantVec(t, "eye", c.Current().Eye, mgl32.Vec3{0, 0, 1.75}, 1e-6)
		wall = false
		prev := c.Arm()
		for i := range 60 {
			c.Tick(Input{}, dt)
			if c.Arm() < prev || c.Arm() > 4 {
				t.Fatalf("tick %d: arm %v after %v: want growing back to 4, never beyond", i, c.Arm(), prev)
			}
			prev = c.Arm()
		}
		wantF(t, "arm after 2 s clear", c.Arm(), 4, 1e-3)
		wall = true
		c.Tick(Input{}, dt)
		wantF(t, "arm pulled in at once", c.Arm(), 1.75, 1e-6)
		if calls != 62 {
			t.Errorf("Collide called %d times, want once per tick (62)", calls)
		}
	})
	t.Run("snap", func(t *testing.T) {
		c := Follow{Distance: 4, Lag: 0.5}
		c.Tick(Input{}, dt)
		c.Target = mgl32.Vec3{100, 0, 0}
		c.Snap()
		var a, b Pose
		c.Pose(0, &a)
		c.Pose(1, &b)
		want := mgl32.Vec3{100, 0, 4}
		if a.Eye != b.Eye || !nearVec(b.Eye, want, 1e-5) {
			t.Errorf("after Snap: poses at %v and %v, want both at %v (no smear, no lag)", a.Eye, b.Eye, want)
		}
	})
}

func TestFirstTickDoesNotSmear(t *testing.T) {
	c := Orbit{Distance: 5, Target: mgl32.Vec3{10, 0, 0}}
	c.Tick(Input{}, dt)
	var a Pose
	c.Pose(0, &a)
	if a != c.Current() {
		t.Errorf("pose at alpha 0 after the first tick = %+v, want the tick's %+v (not a blend from the zero pose)", a, c.Current())
	}
}

func TestInterpolation(t *testing.T) {
	c := Orbit{Distance: 5, Aim: Aim{LookSpeed: 0.01}}
	c.Tick(Input{}, dt)
	c.Tick(Input{Look: mgl32.Vec2{100, 0}}, dt) // yaw 0 → 1
	for _, tc := range []struct{ alpha, yaw float32 }{{0, 0}, {0.25, 0.25}, {1, 1}, {-1, 0}, {2, 1}} {
		var p Pose
		c.Pose(tc.alpha, &p)
		wantF(t, "yaw", p.Yaw, tc.yaw, 1e-6)
		wantVec(t, "eye on the arc", p.Eye, forward(p.Yaw, 0).Mul(-5), 1e-5)
	}
}
