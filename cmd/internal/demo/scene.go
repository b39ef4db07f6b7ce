package demo

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/motion"
)

// Where things are. The sun hangs above the middle of the floor; the ball
// bounces below it, the planets orbit around it.
var (
	sunPos    = mgl32.Vec3{0, 4.5, 0}
	ballFrom  = mgl64.Vec3{2, 3, 1}
	ballVel   = mgl64.Vec3{1.7, 0, 1.1}
	telePos   = mgl32.Vec3{-5, 1.5, 3}
	beaconPos = mgl32.Vec3{-6.5, 0, -5.5}
	cratePos  = mgl32.Vec3{6, 0.6, -6}
	up        = mgl32.Vec3{0, 1, 0}
)

// planet describes one planet: its orbit and its moons.
type planet struct {
	radius float32    // orbit radius
	speed  float64    // orbit, radians per second
	phase  float64    // starting angle on the orbit
	tilt   mgl32.Quat // of the orbit plane
	color  gfx.Color
	moons  []mgl32.Vec3 // offsets from the planet, in its frame
}

var planets = []planet{
	{4.2, 0.7, 0, mgl32.QuatIdent(), gfx.RGB(0.25, 0.78, 0.82), []mgl32.Vec3{{1.5, 0, 0}}},
	{6.3, 0.45, 2.1, mgl32.QuatRotate(mgl32.DegToRad(12), mgl32.Vec3{1, 0, 0}), gfx.RGB(0.95, 0.45, 0.38),
		[]mgl32.Vec3{{1.6, 0, 0}, {0, 0.3, -2.2}}},
	{8.4, 0.3, 4.2, mgl32.QuatRotate(mgl32.DegToRad(-9), mgl32.Vec3{0, 0, 1}), gfx.RGB(0.62, 0.52, 0.96),
		[]mgl32.Vec3{{0, 0, 1.7}}},
}

// build spawns the scene.
func (g *Gameplay) build() error {
	m := &g.world
	reach := float32(10) // how far from the middle things go
	if g.cfg.Actors > 0 {
		reach = crowdRadius(g.cfg.Actors) + 1
	}
	if err := m.SetLens(mgl32.DegToRad(55), 0.1, max(200, 6*reach)); err != nil {
		return err
	}
	spawn := func(what string, s scene.Spec) (scene.Handle, error) {
		h, err := m.Spawn(s)
		if err != nil {
			return h, fmt.Errorf("demo: spawning %s: %w", what, err)
		}
		return h, nil
	}
	if err := g.floor(spawn, reach); err != nil {
		return err
	}
	if err := g.buildLights(spawn, reach); err != nil {
		return err
	}
	var err error
	if g.sunH, err = spawn("the sun", scene.Spec{
		Pos: sunPos, Scale: mgl32.Vec3{2.2, 2.2, 2.2}, Mesh: gfx.MeshSphere, Color: gfx.RGB(1, 0.8, 0.32),
		Behavior: &Spinner{Axis: up, Speed: 0.3},
	}); err != nil {
		return err
	}
	for i, p := range planets {
		// The pivot sits on the sun and turns: its child, the planet,
		// orbits. The planet spins: its children, the moons, orbit it.
		pivot, err := spawn("an orbit", scene.Spec{
			Pos: sunPos, Rot: p.tilt.Mul(mgl32.QuatRotate(float32(p.phase), up)),
			Behavior: &Spinner{Axis: up, Speed: p.speed},
		})
		if err != nil {
			return err
		}
		g.orbits = append(g.orbits, pivot)
		pl, err := spawn(fmt.Sprintf("planet %d", i), scene.Spec{
			Parent: pivot, Pos: mgl32.Vec3{p.radius, 0, 0}, Scale: mgl32.Vec3{1.1, 1.1, 1.1},
			Mesh: gfx.MeshCube, Color: p.color,
			Behavior: &Spinner{Axis: mgl32.Vec3{0.2, 1, 0.1}.Normalize(), Speed: 1.3 - 0.2*float64(i)},
		})
		if err != nil {
			return err
		}
		for j, off := range p.moons {
			moon, err := spawn(fmt.Sprintf("moon %d of planet %d", j, i), scene.Spec{
				Parent: pl, Pos: off, Scale: mgl32.Vec3{0.4, 0.4, 0.4},
				Mesh: gfx.MeshCube, Color: gfx.RGB(0.86, 0.87, 0.9),
				Behavior: &Spinner{Axis: mgl32.Vec3{1, 0, 0}, Speed: 2},
			})
			if err != nil {
				return err
			}
			g.moons = append(g.moons, moon)
		}
	}

	g.ball = &Ball{
		State:  motion.State{Pos: ballFrom, Vel: ballVel},
		Radius: 0.5, Gravity: 9.81, Restitution: 0.82, Kick: 7, Wall: 4.5,
	}
	if g.ballH, err = spawn("the ball", scene.Spec{
		Pos: motion.Vec32(ballFrom), Mesh: gfx.MeshSphere, Color: gfx.RGB(0.92, 0.22, 0.26), Behavior: g.ball,
	}); err != nil {
		return err
	}
	if err := g.buildArena(spawn, reach); err != nil {
		return err
	}
	g.sparks = &Sparks{Rate: 70, Life: 0.9, Size: 0.13, Color: gfx.RGB(1, 0.72, 0.28)}
	if _, err = spawn("the sparks", scene.Spec{Parent: g.ballH, Behavior: g.sparks}); err != nil {
		return err
	}
	if g.teleH, err = spawn("the teleporter", scene.Spec{
		Pos: telePos, Scale: mgl32.Vec3{0.8, 0.8, 0.8}, Mesh: gfx.MeshCube, Color: gfx.RGB(0.95, 0.25, 0.85),
		Behavior: &Spinner{Axis: mgl32.Vec3{1, 1, 0}.Normalize(), Speed: 1.6},
	}); err != nil {
		return err
	}
	// The project's own model, turning on its animation, and a crate: the
	// scene's textured actors besides the floor.
	beacon, err := g.cfg.Assets.Beacon.Spawn(m, scene.Spec{Pos: beaconPos, Scale: mgl32.Vec3{1.3, 1.3, 1.3}})
	if err != nil {
		return fmt.Errorf("demo: spawning the beacon: %w", err)
	}
	if i := g.cfg.Assets.Beacon.Animation("spin"); i >= 0 {
		if _, err := beacon.Play(m, i, true); err != nil {
			return fmt.Errorf("demo: animating the beacon: %w", err)
		}
	}
	if _, err := spawn("the crate", scene.Spec{
		Pos: cratePos, Rot: mgl32.QuatRotate(0.4, up), Scale: mgl32.Vec3{1.2, 1.2, 1.2},
		Mesh: gfx.MeshCube, Material: g.cfg.Assets.Crate, Color: gfx.RGB(1, 1, 1),
	}); err != nil {
		return err
	}
	if err := g.buildWalker(spawn); err != nil {
		return err
	}
	if g.cfg.Actors > 0 {
		if err := g.spawnCrowd(m, g.cfg.Actors); err != nil {
			return err
		}
	}

	// The camera last: it follows the ball as the ball was at the end of
	// the previous tick.
	// With a crowd, the camera backs off to just outside its rings.
	dist := max(13, 1.2*reach+4)
	follow := &Follow{
		Target: g.ballH, Pull: 0.4, Base: mgl32.Vec3{0, 3, 0},
		Distance: dist, Height: 4.2 + 0.4*(dist-13),
		Lag: 0.6, Orbit: 0.08, Azimuth: 0.55,
	}
	g.follow = follow
	if g.camH, err = spawn("the camera", scene.Spec{Behavior: follow}); err != nil {
		return err
	}
	cam, _ := m.Actor(g.camH)
	follow.aim(cam, m, 0)
	if err := m.Teleport(g.camH); err != nil {
		return fmt.Errorf("demo: placing the camera: %w", err)
	}
	if err := m.SetCamera(g.camH); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}

// floor lays a checkerboard of 16×16 tiles covering reach around the
// middle: still actors, which cost a tick nothing and a frame little.
func (g *Gameplay) floor(spawn func(string, scene.Spec) (scene.Handle, error), reach float32) error {
	const n = 16
	tile := float32(math.Ceil(float64(2*reach+6) / n))
	for i := range n {
		for j := range n {
			if _, err := spawn("the floor", scene.Spec{
				Pos:   mgl32.Vec3{(float32(i) - n/2 + 0.5) * tile, 0, (float32(j) - n/2 + 0.5) * tile},
				Scale: mgl32.Vec3{tile, 1, tile},
				Mesh:  gfx.MeshPlane, Material: g.cfg.Assets.Floor, Color: floorTint[(i+j)%2],
			}); err != nil {
				return err
			}
		}
	}
	return nil
}
