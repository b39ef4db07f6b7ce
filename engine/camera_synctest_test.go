package engine

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/scene/camera"
	"github.com/tickwork/tickwork/scene/fields"
)

// cameraman ticks the cameras of scene/camera as game state: a follow
// camera behind a point running a circle (with a wall for its arm and a
// shake), an orbit, and a transition between the two.
type cameraman struct {
	one
	follow camera.Follow
	orbit  camera.Orbit
	tr     camera.Transition
}

func newCameraman() *cameraman {
	c := &cameraman{
		follow: camera.Follow{Distance: 5, Offset: mgl32.Vec3{0, 1.5, 0}, Lag: 0.15, LookAhead: 0.4, Radius: 0.2},
		orbit:  camera.Orbit{Distance: 6, Aim: camera.Aim{Pitch: -0.3}},
	}
	c.follow.Collide = func(from, to mgl32.Vec3) (float32, bool) {
		if from[2] < 2 && to[2] > 2 {
			return (2 - from[2]) / (to[2] - from[2]), true
		}
		return 0, false
	}
	c.follow.Shake.Seed(3)
	c.orbit.Shake.Seed(4)
	return c
}

func (c *cameraman) Tick(ctx *TickContext) error {
	i := ctx.Tick.Index
	switch i {
	case 10:
		if err := c.follow.Shake.Start(1, 25); err != nil {
			return err
		}
		if err := c.orbit.Shake.Start(0.5, 12); err != nil {
			return err
		}
	case 20:
		if err := c.tr.Start(&c.follow, &c.orbit, 15); err != nil {
			return err
		}
	}
	a := float64(i) * 0.1
	c.follow.Target = mgl32.Vec3{float32(4 * math.Cos(a)), 0, float32(4 * math.Sin(a))}
	in := camera.Input{Look: mgl32.Vec2{float32(int(i*7%23) - 11), float32(int(i*5%17) - 8)}, Zoom: float32(int(i % 13 / 12))}
	c.follow.Tick(in, ctx.Tick.Delta)
	c.orbit.Tick(in, ctx.Tick.Delta)
	c.tr.Tick()
	return nil
}

func (c *cameraman) Describe(v *fields.Visitor) {
	v.Struct("follow", &c.follow)
	v.Struct("orbit", &c.orbit)
	v.Struct("tr", &c.tr)
}

// TestCamerasPassTheSyncTest: a state that names its cameras in its
// description (spring arm, shake and transition under way) passes the
// sync test at several depths: every tick run again after a rollback ends
// where it did the first time.
func TestCamerasPassTheSyncTest(t *testing.T) {
	for _, k := range []int{1, 3, 8} {
		h, err := NewHeadless(Options{}, newCameraman())
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Game.Rollback().SyncTest(k); err != nil {
			t.Fatal(err)
		}
		if err := h.RunTicks(60, nil); err != nil {
			t.Fatalf("sync test %d ticks back: %v", k, err)
		}
		if c, _ := h.Game.Rollback().SyncTestChecks(); c < 50 {
			t.Fatalf("sync test %d ticks back: %d ticks checked, want about 60", k, c)
		}
	}
}
