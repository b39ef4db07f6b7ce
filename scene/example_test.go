package scene_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// Spinner turns its actor about the Y axis at a fixed angular speed: a
// gameplay behaviour, so it uses the tick's fixed step.
type Spinner struct{ DegPerSec float32 }

func (s *Spinner) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	turn := mgl32.QuatRotate(mgl32.DegToRad(s.DegPerSec*float32(t.Delta)), mgl32.Vec3{0, 1, 0})
	a.Local.Rot = turn.Mul(a.Local.Rot)
	return nil
}

// A spinning planet carries a moon: the moon is a child, so it orbits. Each
// tick turns the planet 30°; frames in between show the moon on its circle.
func Example() {
	var m scene.Manager
	planet, _ := m.Spawn(scene.Spec{Mesh: gfx.MeshSphere, Behavior: &Spinner{DegPerSec: 900}})
	moon, _ := m.Spawn(scene.Spec{
		Parent: planet,
		Pos:    mgl32.Vec3{2, 0, 0},
		Scale:  mgl32.Vec3{0.3, 0.3, 0.3},
		Mesh:   gfx.MeshSphere,
		Color:  gfx.RGB(0.8, 0.8, 0.9),
	})

	const rate = 30
	for i := uint64(0); i < 3; i++ { // the engine runs 0..N ticks a frame
		t := timing.TickInfo{Index: i, Rate: rate, Delta: 1.0 / rate}
		if err := m.Tick(t); err != nil {
			fmt.Println(err)
		}
	}
	// Three ticks: the planet turned from 60° to 90° during the last one.
	for _, alpha := range []float32{0, 0.5, 1} { // one frame each
		m.Interpolate(alpha)
		a, _ := m.Actor(moon)
		r := a.RenderMatrix()
		p := mgl32.Vec3{r[12], r[13], r[14]}
		fmt.Printf("alpha %.1f: moon at (%.2f, %.2f, %.2f), %.2f from the planet\n",
			alpha, clean(p[0]), clean(p[1]), clean(p[2]), p.Len())
	}
	d := m.BuildDrawList()
	fmt.Println("instances drawn:", d.Len())
	// Output:
	// alpha 0.0: moon at (1.00, 0.00, -1.73), 2.00 from the planet
	// alpha 0.5: moon at (0.52, 0.00, -1.93), 2.00 from the planet
	// alpha 1.0: moon at (0.00, 0.00, -2.00), 2.00 from the planet
	// instances drawn: 2
}

// clean rounds tiny values to 0, so that −0.00 prints as 0.00.
func clean(v float32) float32 {
	if v > -0.005 && v < 0.005 {
		return 0
	}
	return v
}

// Launcher spawns a projectile every other tick and keeps at most two:
// spawns and removals made during a tick take effect at its end, and a
// projectile's own behaviour first runs at the next tick.
type Launcher struct{ shots []scene.Handle }

func (l *Launcher) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	if t.Index%2 == 0 {
		h, err := m.Spawn(scene.Spec{Pos: a.World().Pos, Mesh: gfx.MeshCube, Behavior: &Projectile{Speed: 30}})
		if err != nil {
			return err
		}
		l.shots = append(l.shots, h)
	}
	if len(l.shots) > 2 {
		if err := m.Remove(l.shots[0]); err != nil {
			return err
		}
		l.shots = l.shots[1:]
	}
	return nil
}

// Projectile flies along +X at Speed units per second.
type Projectile struct{ Speed float32 }

func (p *Projectile) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	a.Local.Pos[0] += p.Speed * float32(t.Delta)
	return nil
}

func ExampleManager_Spawn() {
	var m scene.Manager
	m.Spawn(scene.Spec{Behavior: &Launcher{}})
	for i := uint64(0); i < 6; i++ {
		if err := m.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}); err != nil {
			fmt.Println(err)
		}
		fmt.Printf("after tick %d:", i)
		for h, a := range m.All() {
			if _, ok := a.Behavior().(*Projectile); ok {
				fmt.Printf(" %v at x=%g", h, a.World().Pos[0])
			}
		}
		fmt.Println()
	}
	// Output:
	// after tick 0: actor#1.1 at x=0
	// after tick 1: actor#1.1 at x=1
	// after tick 2: actor#1.1 at x=2 actor#2.1 at x=0
	// after tick 3: actor#1.1 at x=3 actor#2.1 at x=1
	// after tick 4: actor#2.1 at x=2 actor#3.1 at x=0
	// after tick 5: actor#2.1 at x=3 actor#3.1 at x=1
}

// Teleporting moves an actor without the one-tick slide that interpolation
// would otherwise show.
func ExampleManager_Teleport() {
	var m scene.Manager
	h, _ := m.Spawn(scene.Spec{Mesh: gfx.MeshCube})
	a, _ := m.Actor(h)

	a.Local.Pos = mgl32.Vec3{10, 0, 0}
	m.Tick(timing.TickInfo{Index: 0, Rate: 30, Delta: 1.0 / 30})
	m.Interpolate(0.5)
	fmt.Println("moved:     x =", a.RenderMatrix()[12])

	a.Local.Pos = mgl32.Vec3{-10, 0, 0}
	m.Teleport(h)
	m.Interpolate(0.5)
	fmt.Println("teleported: x =", a.RenderMatrix()[12])
	// Output:
	// moved:     x = 5
	// teleported: x = -10
}

func ExampleParseMode() {
	mode, err := scene.ParseMode("extrapolate")
	fmt.Println(mode, err)
	_, err = scene.ParseMode("sideways")
	fmt.Println(err)
	// Output:
	// extrapolate <nil>
	// scene: unknown render mode "sideways" (want interpolate, extrapolate or none)
}

// Once the manager knows the framebuffer's aspect ratio (the engine tells
// it every frame), actors the camera cannot see are left out of the draw
// list. Meshes other than the built-in ones are culled once SetMeshBounds
// gives their bounds (an asset.Library does).
func ExampleManager_SetAspect() {
	var m scene.Manager
	m.SetView(mgl32.LookAtV(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	m.SetAspect(16.0 / 9)
	for _, x := range []float32{0, 3, 100} { // 100 is far off to the right
		if _, err := m.Spawn(scene.Spec{Pos: mgl32.Vec3{x, 0, 0}, Mesh: gfx.MeshCube}); err != nil {
			fmt.Println(err)
		}
	}
	m.Interpolate(0)
	fmt.Println("drawn:", m.BuildDrawList().Len())
	m.SetCulling(false)
	m.Interpolate(0)
	fmt.Println("drawn without culling:", m.BuildDrawList().Len())
	// Output:
	// drawn: 2
	// drawn without culling: 3
}

// Wave raises every actor it ticks by a tenth of a unit per tick: one call
// for all of them.
type Wave struct{ calls int }

func (w *Wave) TickBulk(actors []*scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	w.calls++
	for _, a := range actors {
		a.Local.Pos[1] += 0.1
	}
	return nil
}

// A thousand actors spawned with the same BulkTicker are ticked by one
// call per tick.
func ExampleBulkTicker() {
	var m scene.Manager
	w := &Wave{}
	var last scene.Handle
	for i := range 1000 {
		last, _ = m.Spawn(scene.Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Mesh: gfx.MeshCube, Bulk: w})
	}
	for i := uint64(0); i < 3; i++ {
		if err := m.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}); err != nil {
			fmt.Println(err)
		}
	}
	a, _ := m.Actor(last)
	fmt.Printf("%d calls, last actor at y = %.1f\n", w.calls, a.World().Pos[1])
	// Output: 3 calls, last actor at y = 0.3
}

// Swell lifts every actor it ticks at its speed. It changes only the
// actors it is given, so ticking parts of them at once gives what ticking
// them all does: it says so by having TickSplit.
type Swell struct{ speed float32 }

func (s *Swell) TickBulk(actors []*scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	for _, a := range actors {
		a.Local.Pos[1] += s.speed * float32(t.Delta)
	}
	return nil
}

// TickSplit is TickBulk on a part of the members, called from several
// goroutines at once when they are many and GOMAXPROCS allows.
func (s *Swell) TickSplit(actors []*scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	return s.TickBulk(actors, t, m)
}

// Fifty thousand actors of a SplitBulkTicker are ticked on every core:
// the scene is the one a single TickBulk call per tick gives.
func ExampleSplitBulkTicker() {
	var m scene.Manager
	s := &Swell{speed: 3}
	var last scene.Handle
	for i := range 50_000 {
		last, _ = m.Spawn(scene.Spec{Pos: mgl32.Vec3{float32(i % 250), 0, float32(i / 250)}, Mesh: gfx.MeshCube, Bulk: s})
	}
	for i := uint64(0); i < 3; i++ {
		if err := m.Tick(timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}); err != nil {
			fmt.Println(err)
		}
	}
	a, _ := m.Actor(last)
	fmt.Printf("last actor at y = %.1f\n", a.World().Pos[1])
	// Output: last actor at y = 0.3
}
