package demo

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/camera"
	"github.com/tickwork/tickwork/scene/collide"
)

// The arena's solid parts. The walls' inner faces are where the bouncing
// ball turns (its centre at ±Wall, its surface at ±(Wall+Radius)).
const (
	arenaWall  = 5    // the walls' inner faces are at x, z = ±arenaWall
	wallHalfW  = 0.2  // half a wall's thickness
	wallHalfH  = 0.6  // half a wall's height
	boxSize    = 0.6  // the pile's boxes' edge
	rollerSize = 0.35 // the rolling ball's radius
)

var (
	rampPos    = mgl32.Vec3{-2.6, 0.3, 2.6}
	rampHalf   = mgl32.Vec3{1.5, 0.08, 0.8}
	rampTilt   = float32(0.26) // radians about z: the +x end is high
	rollerAt   = mgl32.Vec3{-1.4, 1.6, 2.6}
	pileAt     = mgl32.Vec3{2.2, 0, -2.2}
	solidColor = gfx.RGB(0.55, 0.58, 0.66)
	boxColor   = gfx.RGB(0.93, 0.7, 0.36)
)

// named is an actor the HUD can name when it is picked.
type named struct {
	h    scene.Handle
	name string
}

// buildArena gives the arena its collision world: a floor, four walls and
// a ramp (static), the bouncing ball (kinematic: its own closed-form path
// drives it, and it pushes what it meets), a ball rolling down the ramp and
// a pile of boxes (dynamic bodies the world moves). Called once from
// build, after the ball is spawned.
func (g *Gameplay) buildArena(spawn func(string, scene.Spec) (scene.Handle, error), reach float32) error {
	m := &g.world
	w := collide.New(collide.Config{})
	g.phys = w
	attach := func(what string, h scene.Handle, c collide.Collider) error {
		if err := w.Attach(m, h, c); err != nil {
			return fmt.Errorf("demo: colliding %s: %w", what, err)
		}
		g.names = append(g.names, named{h, what})
		return nil
	}
	unit := collide.Collider{Shape: collide.Box(mgl32.Vec3{0.5, 0.5, 0.5})} // scaled by the actor
	solid := func(what string, pos, half mgl32.Vec3, rot mgl32.Quat, mesh gfx.MeshID) error {
		h, err := spawn(what, scene.Spec{Pos: pos, Rot: rot, Scale: half.Mul(2), Mesh: mesh, Color: solidColor})
		if err != nil {
			return err
		}
		return attach(what, h, unit)
	}
	// The floor's tiles are planes: one box under them carries the floor.
	floorHalf := float32(math.Ceil(float64(reach))) + 4
	if err := solid("the floor", mgl32.Vec3{0, -0.5, 0}, mgl32.Vec3{floorHalf, 0.5, floorHalf}, mgl32.QuatIdent(), gfx.MeshNone); err != nil {
		return err
	}
	const c = arenaWall + wallHalfW
	for _, x := range [2]float32{-c, c} {
		if err := solid("a wall", mgl32.Vec3{x, wallHalfH, 0}, mgl32.Vec3{wallHalfW, wallHalfH, c + wallHalfW}, mgl32.QuatIdent(), gfx.MeshCube); err != nil {
			return err
		}
		if err := solid("a wall", mgl32.Vec3{0, wallHalfH, x}, mgl32.Vec3{arenaWall, wallHalfH, wallHalfW}, mgl32.QuatIdent(), gfx.MeshCube); err != nil {
			return err
		}
	}
	if err := solid("the ramp", rampPos, rampHalf, mgl32.QuatRotate(rampTilt, mgl32.Vec3{0, 0, 1}), gfx.MeshCube); err != nil {
		return err
	}
	if err := attach("the ball", g.ballH, collide.Collider{Shape: collide.Sphere(float32(g.ball.Radius)), Body: collide.Kinematic}); err != nil {
		return err
	}
	roller, err := spawn("the rolling ball", scene.Spec{
		Pos: rollerAt, Scale: mgl32.Vec3{2 * rollerSize, 2 * rollerSize, 2 * rollerSize},
		Mesh: gfx.MeshSphere, Color: gfx.RGB(0.3, 0.55, 0.95),
	})
	if err != nil {
		return err
	}
	if err := attach("the rolling ball", roller, collide.Collider{Shape: collide.Sphere(0.5), Body: collide.Dynamic,
		Restitution: 0.4, Friction: 0.6}); err != nil {
		return err
	}
	// A pyramid of boxes, each layer on the gaps of the one below.
	for layer, n := range [3]int{3, 2, 1} {
		for i := range n {
			for j := range n {
				off := func(k int) float32 { return (float32(k) - float32(n-1)/2) * (boxSize + 0.02) }
				h, err := spawn("a box", scene.Spec{
					Pos:   pileAt.Add(mgl32.Vec3{off(i), boxSize/2 + float32(layer)*(boxSize+0.005), off(j)}),
					Scale: mgl32.Vec3{boxSize, boxSize, boxSize}, Mesh: gfx.MeshCube, Color: boxColor,
				})
				if err != nil {
					return err
				}
				if err := attach(fmt.Sprintf("box %d", len(g.names)), h, collide.Collider{
					Shape: collide.Box(mgl32.Vec3{0.5, 0.5, 0.5}), Body: collide.Dynamic, Friction: 0.6,
				}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// nameOf returns the name an actor of the collision world was given, or
// "" for one it does not know.
func (g *Gameplay) nameOf(h scene.Handle) string {
	for _, n := range g.names {
		if n.h == h {
			return n.name
		}
	}
	return ""
}

// PickPush is the impulse, N·s, a click gives the body it picks, along the
// ray through the cursor.
const PickPush = 2.5

// pick picks the actor under the cursor: the ray from the camera (as this
// tick's scene has it) through the cursor, against the collision world,
// with the HUD's size as the last frame drew it. The picked actor is named
// on the HUD and, when it is a dynamic body, pushed away. Called from the
// tick that heard the click; the note is built only then.
func (g *Gameplay) pick(in *engine.Input) {
	x, y := in.Cursor()
	h, ray, ok := g.PickAt(float32(x), float32(y), g.viewW, g.viewH)
	if !ok {
		g.picked, g.pickNote = scene.NoHandle, ""
		return
	}
	g.picked = h.Actor
	g.pickNote = fmt.Sprintf("picked: %s (%v)", g.nameOf(h.Actor), h.Actor)
	if c, ok := g.phys.Collider(h.Actor); ok && c.Body == collide.Dynamic {
		_ = g.phys.ApplyImpulse(h.Actor, ray.Dir.Mul(PickPush), h.Point) // wakes it too
	}
}

// PickAt returns the collider under the point (x, y) of a viewport
// width × height (the HUD's units, origin top-left) seen from the scene's
// camera as the last tick placed it, and the ray it followed; ok is false
// when nothing is there or the viewport has no area. From a tick or
// between ticks; it allocates nothing.
func (g *Gameplay) PickAt(x, y, width, height float32) (collide.Hit, camera.Ray, bool) {
	cam, err := g.world.Actor(g.camH)
	if err != nil || g.phys == nil {
		return collide.Hit{}, camera.Ray{}, false
	}
	t := cam.World()
	view := mgl32.Translate3D(t.Pos[0], t.Pos[1], t.Pos[2]).Mul4(t.Rot.Mat4()).Inv()
	c := gfx.Camera{View: view, FovY: g.world.DrawList().Camera.FovY}
	ray, err := camera.ScreenRay(&c, x, y, width, height)
	if err != nil {
		return collide.Hit{}, camera.Ray{}, false
	}
	hit, ok := g.phys.Pick(ray.Origin, ray.Dir)
	return hit, ray, ok
}

// Picked returns the actor the last click picked, NoHandle for none.
func (g *Gameplay) Picked() scene.Handle { return g.picked }

// Physics returns the arena's collision world.
func (g *Gameplay) Physics() *collide.World { return g.phys }

// Steps returns how many footsteps the character has taken.
func (g *Gameplay) Steps() int { return g.steps }
