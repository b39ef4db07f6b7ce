package collide

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// walker is a behaviour that walks a Character at a set velocity under
// gravity.
type walker struct {
	w    *World
	c    Character
	want mgl32.Vec3 // horizontal walking velocity
	vel  mgl32.Vec3
}

func (k *walker) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	v := mgl32.Vec3{k.want[0], k.vel[1] - 9.81*float32(t.Delta), k.want[2]}
	out, err := k.c.Move(k.w, m, a.Handle(), v, float32(t.Delta))
	k.vel = out
	return err
}

// course builds a floor and returns a walker standing at the origin.
func course(t *testing.T, want mgl32.Vec3) (*scene.Manager, *World, *walker, scene.Handle) {
	m := &scene.Manager{}
	w := New(Config{})
	spawn(t, m, w, mgl32.Vec3{0, -0.5, 0}, Collider{Shape: Box(mgl32.Vec3{50, 0.5, 50})})
	k := &walker{w: w, want: want}
	h, err := m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, 0.02, 0}, Behavior: k})
	if err != nil {
		t.Fatal(err)
	}
	return m, w, k, h
}

func run(t *testing.T, m *scene.Manager, w *World, ticks int) {
	for i := range uint64(ticks) {
		tickOnce(t, m, w, i)
	}
}

func feet(m *scene.Manager, h scene.Handle) mgl32.Vec3 {
	a, _ := m.Actor(h)
	return a.Local.Pos
}

func TestCharacterClimbsStep(t *testing.T) {
	m, w, k, h := course(t, mgl32.Vec3{2, 0, 0})
	// A 0.25 m step from x = 2 on.
	spawn(t, m, w, mgl32.Vec3{12, 0.125, 0}, Collider{Shape: Box(mgl32.Vec3{10, 0.125, 10})})
	run(t, m, w, 90)
	p := feet(m, h)
	if p[0] < 4 || math.Abs(float64(p[1])-0.25) > 0.03 || !k.c.OnGround {
		t.Errorf("after 3 s at 2 m/s the feet are at %v (on ground %v), want x > 4 on the step (y = 0.25)", p, k.c.OnGround)
	}
}

func TestCharacterStopsAtSteepSlope(t *testing.T) {
	m, w, k, h := course(t, mgl32.Vec3{2, 0, 0})
	// A 60° ramp rising from x = 2.
	q := mgl32.QuatRotate(mgl32.DegToRad(60), mgl32.Vec3{0, 0, 1})
	spawn(t, m, w, mgl32.Vec3{2 + 2*float32(math.Cos(math.Pi/3)), 2 * float32(math.Sin(math.Pi/3)), 0}, Collider{Shape: Box(mgl32.Vec3{2, 0.05, 5}), OffsetRot: q})
	run(t, m, w, 90)
	p := feet(m, h)
	if p[1] > 0.3 || p[0] > 2.2 {
		t.Errorf("feet at %v: the character climbed a 60° slope", p)
	}
	_ = k
	// A 30° ramp is walkable.
	m, w, k, h = course(t, mgl32.Vec3{2, 0, 0})
	q = mgl32.QuatRotate(mgl32.DegToRad(30), mgl32.Vec3{0, 0, 1})
	spawn(t, m, w, mgl32.Vec3{2 + 5*float32(math.Cos(math.Pi/6)), 5 * 0.5, 0}, Collider{Shape: Box(mgl32.Vec3{5, 0.01, 5}), OffsetRot: q})
	run(t, m, w, 60)
	if p := feet(m, h); p[1] < 0.5 {
		t.Errorf("feet at %v: the character did not walk up a 30° slope", p)
	}
}

func TestCharacterSlidesAlongWall(t *testing.T) {
	m, w, _, h := course(t, mgl32.Vec3{2, 0, 2})
	// A wall along X at z = 1.
	spawn(t, m, w, mgl32.Vec3{0, 1, 1.5}, Collider{Shape: Box(mgl32.Vec3{50, 1, 0.5})})
	run(t, m, w, 60)
	p := feet(m, h)
	if p[2] > 1-0.3+0.001 || p[0] < 3.5 {
		t.Errorf("feet at %v: want along the wall (z ≤ 0.7) and on along x (> 3.5)", p)
	}
}

// mover moves its actor at a constant velocity.
type mover struct{ v mgl32.Vec3 }

func (k *mover) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	a.Local.Pos = a.Local.Pos.Add(k.v.Mul(float32(t.Delta)))
	return nil
}

func TestCharacterRidesPlatform(t *testing.T) {
	m := &scene.Manager{}
	w := New(Config{})
	plat, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, -0.5, 0}, Behavior: &mover{v: mgl32.Vec3{1, 0, 0}}})
	if err := w.Attach(m, plat, Collider{Shape: Box(mgl32.Vec3{3, 0.5, 3}), Body: Kinematic}); err != nil {
		t.Fatal(err)
	}
	k := &walker{w: w}
	h, _ := m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, 0.01, 0}, Behavior: k})
	run(t, m, w, 60)
	a, _ := m.Actor(plat)
	p, pp := feet(m, h), a.Local.Pos
	if math.Abs(float64(p[0]-pp[0])) > 0.05 || math.Abs(float64(p[1])) > 0.03 {
		t.Errorf("feet at %v, platform at %v: the character did not ride it", p, pp)
	}
}

func TestCharacterDepenetrates(t *testing.T) {
	m, w, _, h := course(t, mgl32.Vec3{})
	a, _ := m.Actor(h)
	a.Local.Pos = mgl32.Vec3{0, -0.2, 0} // sunk into the floor
	run(t, m, w, 3)
	if p := feet(m, h); p[1] < -0.001 || p[1] > 0.05 {
		t.Errorf("feet at %v, want pushed out onto the floor (y ≈ 0)", p)
	}
}

func TestCharacterRefusesBadInput(t *testing.T) {
	m, w, _, h := course(t, mgl32.Vec3{})
	var c Character
	nan := float32(math.NaN())
	if _, err := c.Move(w, m, h, mgl32.Vec3{nan, 0, 0}, 1.0/30); err == nil {
		t.Error("NaN velocity accepted")
	}
	c.Radius = -1
	if _, err := c.Move(w, m, h, mgl32.Vec3{}, 1.0/30); err == nil {
		t.Error("negative radius accepted")
	}
}

// Move allocates nothing.
func TestCharacterMoveAllocatesNothing(t *testing.T) {
	m, w, _, h := course(t, mgl32.Vec3{})
	spawn(t, m, w, mgl32.Vec3{3, 0.125, 0}, Collider{Shape: Box(mgl32.Vec3{1, 0.125, 1})})
	tickOnce(t, m, w, 0)
	var c Character
	if n := testing.AllocsPerRun(20, func() {
		_, _ = c.Move(w, m, h, mgl32.Vec3{1, -1, 0}, 1.0/30)
	}); n != 0 {
		t.Errorf("Move allocates %v times", n)
	}
}
