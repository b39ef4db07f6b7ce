package collide

import (
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene"
)

// BodyKind says how a collider moves.
type BodyKind uint8

const (
	// Static colliders follow their actor's world transform and are never
	// pushed: walls, floors, pickups. Two static colliders are never tested
	// against each other.
	Static BodyKind = iota
	// Kinematic colliders follow their actor too (a moving platform, a
	// character), and their motion since the last tick is their velocity,
	// which they give to the bodies they touch.
	Kinematic
	// Dynamic colliders are rigid bodies: the world moves them with
	// gravity, contacts and impulses, and writes their actor's Local
	// transform (the actor must be a root).
	Dynamic
)

// Collider is what Attach puts on an actor: a shape placed by the actor's
// world transform and an offset, which layers it is on and which it
// collides with, and how it moves. Its zero value (after a Shape is set)
// is a static, solid collider on layer 1 that collides with everything.
type Collider struct {
	Shape     Shape
	Offset    mgl32.Vec3 // the shape's centre in the actor's space
	OffsetRot mgl32.Quat // the shape's rotation in the actor's space; zero: none

	// Layer is the set of layers (bits) the collider is on; 0 means 1.
	// Mask is the set of layers it collides with; 0 means all. Two
	// colliders meet only if each one's mask holds a layer of the other.
	Layer, Mask uint32

	// Sensor colliders report overlaps (begin, stay, end) and never push
	// or are pushed.
	Sensor bool

	Body BodyKind
	// Mass in kg of a dynamic body; 0 means 1.
	Mass float32
	// Restitution (bounciness, 0..1) and Friction (0 means 0.5; a
	// negative value means none); a contact uses the larger restitution
	// and the geometric mean of the frictions.
	Restitution, Friction float32
}

// Errors of the World's methods; test with errors.Is.
var (
	ErrNoCollider = errors.New("actor has no collider")
	ErrAttached   = errors.New("actor already has a collider")
	ErrNotDynamic = errors.New("collider is not a dynamic body")
	ErrBadValue   = errors.New("bad value")
)

// Config holds a World's settings; its zero value gives the defaults.
type Config struct {
	Gravity    mgl32.Vec3 // m/s²; the zero vector means (0, −9.81, 0) unless NoGravity
	NoGravity  bool
	Iterations int     // solver passes per substep; 0 means 6
	Substeps   int     // solver substeps per tick; 0 means 8
	MaxSpeed   float32 // m/s a body is clamped to; 0 means 200
	// LinearDamping and AngularDamping slow bodies by that share of their
	// speed per second (so spheres stop rolling); 0 means 0.01 and 0.1,
	// negative: none.
	LinearDamping, AngularDamping float32
	// SleepTime is how long (s) an island of bodies must stay still to
	// sleep; 0 means 0.5; negative: never sleep.
	SleepTime float32
}

func (c Config) norm() Config {
	if c.Gravity == (mgl32.Vec3{}) && !c.NoGravity {
		c.Gravity = mgl32.Vec3{0, -9.81, 0}
	}
	if c.Iterations <= 0 {
		c.Iterations = 6
	}
	c.Iterations = min(c.Iterations, 64)
	if c.Substeps <= 0 {
		c.Substeps = 8
	}
	c.Substeps = min(c.Substeps, 16)
	if !(c.MaxSpeed > 0) {
		c.MaxSpeed = 200
	}
	if c.LinearDamping == 0 {
		c.LinearDamping = 0.01
	}
	if c.AngularDamping == 0 {
		c.AngularDamping = 0.1
	}
	c.LinearDamping, c.AngularDamping = max(c.LinearDamping, 0), max(c.AngularDamping, 0)
	if c.SleepTime == 0 {
		c.SleepTime = 0.5
	}
	return c
}

// collider is an attached Collider with its body state (described, so
// hashed and snapshot) and what each Step derives from them (not).
type collider struct {
	h   scene.Handle
	cfg Collider

	// Body state: the body's origin (its actor's), its velocity, and how
	// long it has been still.
	pos      vec
	rot      quat
	vel, ang vec
	still    float64
	restPos  vec  // where it began to be still (while still > 0)
	restRot  quat // how it was turned then
	asleep   bool
	placed   bool       // pos and rot were taken from the actor
	arot     mgl32.Quat // the actor's rotation rot was last taken from (static, kinematic)

	// The behaviour of its actor when its contacts were last dispatched,
	// as the two words of the interface, and that behaviour as a
	// ContactHandler (nil if it is none): dispatch asserts a behaviour's
	// type only when the behaviour changed, because the runtime grows an
	// assertion's cache of types, allocating, at a moment of its choosing.
	behWords [2]unsafe.Pointer
	handler  ContactHandler

	// Derived by Step (and by a Load) from the above and the actors.
	live   bool
	moved  bool // placed anew this tick
	shape  pose // the shape's world pose
	scale  vec
	hl     hull
	lo, hi vec
	invM   float64
	invI   vec // body-space inverse inertia (diagonal)
	wInvI  mat3
}

func (c *collider) dynamic() bool { return c.cfg.Body == Dynamic }
func (c *collider) moving() bool  { return c.cfg.Body == Dynamic && !c.asleep }

// World holds the colliders and bodies of one scene.Manager's actors, and
// answers queries about them. Attach colliders to actors; call Step once
// per tick, before the manager's Tick; read the contact events with Events
// (or let behaviours implement ContactHandler). Everything it keeps that
// later ticks read is described (Describe), so fields.Hash, Save and Load
// cover it; meshes added with AddMesh are data, like assets, and are not.
//
// A World is not safe for concurrent use; use it on the goroutine that
// ticks its manager.
type World struct {
	cfg      Config
	debugBox mgl32.Mat4 // DrawDebug's box matrix
	meshes   []*TriMesh
	cols     []collider // sorted by handle
	pairs    []pair     // sorted by (a, b) handles
	tick     uint64
	stale    bool // derived data must be rebuilt (after a Load)

	// Scratch of Step, reused.
	tree     bvh
	built    int       // colliders in the tree when it was last built (-1: none)
	keys     []meetKey // per tree item: what meets reads
	cand     []cand
	next     []pair
	events   []Event
	cons     []con
	sb       []sbody
	parent   []int32
	notices  []error
	queryBuf []int32
}

// New returns an empty world.
func New(cfg Config) *World { return &World{cfg: cfg.norm(), built: -1} }

// AddMesh registers a triangle mesh for Mesh shapes and returns its ID.
// Add meshes in the same order on every run (they are not in snapshots).
func (w *World) AddMesh(m *TriMesh) (MeshID, error) {
	if m == nil || len(m.tris) == 0 {
		return 0, fmt.Errorf("%w: AddMesh of an empty mesh: build it with NewTriMesh, FromMesh or HeightField", ErrBadMesh)
	}
	w.meshes = append(w.meshes, m)
	return MeshID(len(w.meshes)), nil
}

func (w *World) mesh(id MeshID) *TriMesh {
	if id == 0 || int(id) > len(w.meshes) {
		return nil
	}
	return w.meshes[id-1]
}

func (w *World) find(h scene.Handle) (int, bool) {
	return slices.BinarySearchFunc(w.cols, h, func(c collider, h scene.Handle) int {
		switch {
		case c.h < h:
			return -1
		case c.h > h:
			return 1
		}
		return 0
	})
}

// Attach puts a collider on the actor h of m. It refuses a bad shape, a
// non-finite offset, a dynamic body on an actor with a parent, an unknown
// mesh, a second collider on one actor and a stale handle. A dynamic
// body starts at its actor's world transform, at rest.
func (w *World) Attach(m *scene.Manager, h scene.Handle, c Collider) error {
	if err := c.Shape.Validate(); err != nil {
		return fmt.Errorf("collide: attach to %v: %w", h, err)
	}
	a, err := m.Actor(h)
	if err != nil {
		return fmt.Errorf("collide: attach: %w", err)
	}
	if c.Shape.Kind == ShapeMesh && w.mesh(c.Shape.Mesh) == nil {
		return fmt.Errorf("collide: attach to %v: %w: mesh %d was not added with AddMesh", h, ErrBadShape, c.Shape.Mesh)
	}
	if c.Shape.Kind == ShapeMesh && c.Body == Dynamic {
		return fmt.Errorf("collide: attach to %v: %w: a mesh cannot be a dynamic body (use boxes, spheres or capsules)", h, ErrBadShape)
	}
	off := scene.Transform{Pos: c.Offset, Rot: c.OffsetRot, Scale: mgl32.Vec3{1, 1, 1}}
	if !off.IsFinite() {
		return fmt.Errorf("collide: attach to %v: %w: offset %v %v is not finite", h, ErrBadValue, c.Offset, c.OffsetRot)
	}
	if c.OffsetRot == (mgl32.Quat{}) {
		c.OffsetRot = mgl32.QuatIdent()
	}
	if c.Body == Dynamic && a.Parent() != scene.NoHandle {
		return fmt.Errorf("collide: attach to %v: %w: a dynamic body's actor must be a root (its parent is %v)", h, ErrBadValue, a.Parent())
	}
	if !(c.Mass >= 0 && c.Mass <= 1e9) || !(c.Restitution >= 0 && c.Restitution <= 1) || !(c.Friction <= 100) {
		return fmt.Errorf("collide: attach to %v: %w: mass %v (want 0..1e9), restitution %v (want 0..1), friction %v (want ≤ 100)", h, ErrBadValue, c.Mass, c.Restitution, c.Friction)
	}
	i, found := w.find(h)
	if found {
		return fmt.Errorf("collide: attach to %v: %w", h, ErrAttached)
	}
	w.cols = slices.Insert(w.cols, i, collider{h: h, cfg: c})
	return nil
}

// Detach removes the collider of h; its touching pairs end at the next
// Step. Colliders of removed actors are detached by Step on their own.
func (w *World) Detach(h scene.Handle) error {
	i, ok := w.find(h)
	if !ok {
		return fmt.Errorf("collide: detach %v: %w", h, ErrNoCollider)
	}
	w.cols = slices.Delete(w.cols, i, i+1)
	return nil
}

// Collider returns the collider attached to h.
func (w *World) Collider(h scene.Handle) (Collider, bool) {
	i, ok := w.find(h)
	if !ok {
		return Collider{}, false
	}
	return w.cols[i].cfg, true
}

// Len returns how many colliders the world holds.
func (w *World) Len() int { return len(w.cols) }

// BodyState is a dynamic body's motion.
type BodyState struct {
	Pos         mgl32.Vec3
	Rot         mgl32.Quat
	Vel, AngVel mgl32.Vec3
	Asleep      bool
}

// Body returns the state of h's dynamic body.
func (w *World) Body(h scene.Handle) (BodyState, error) {
	i, ok := w.find(h)
	if !ok {
		return BodyState{}, fmt.Errorf("collide: body %v: %w", h, ErrNoCollider)
	}
	c := &w.cols[i]
	if !c.dynamic() {
		return BodyState{}, fmt.Errorf("collide: body %v: %w", h, ErrNotDynamic)
	}
	return BodyState{c.pos.f32(), c.rot.f32(), c.vel.f32(), c.ang.f32(), c.asleep}, nil
}

// SetVelocity sets the linear and angular velocity of h's dynamic body
// and wakes it. Non-finite values are refused; speeds over the world's
// MaxSpeed are clamped at the next Step.
func (w *World) SetVelocity(h scene.Handle, vel, ang mgl32.Vec3) error {
	c, err := w.body("set velocity", h)
	if err != nil {
		return err
	}
	if !v64(vel).finite() || !v64(ang).finite() {
		return fmt.Errorf("collide: set velocity of %v: %w: %v, %v is not finite", h, ErrBadValue, vel, ang)
	}
	c.vel, c.ang = v64(vel), v64(ang)
	c.wake()
	return nil
}

// ApplyImpulse adds the impulse j (N·s) at the world point at to h's
// dynamic body and wakes it.
func (w *World) ApplyImpulse(h scene.Handle, j, at mgl32.Vec3) error {
	c, err := w.body("apply impulse", h)
	if err != nil {
		return err
	}
	if !v64(j).finite() || !v64(at).finite() {
		return fmt.Errorf("collide: apply impulse to %v: %w: %v at %v is not finite", h, ErrBadValue, j, at)
	}
	c.wake() // before prepare: a sleeping body has no inverse mass
	w.prepare(c)
	jj := v64(j)
	c.vel = c.vel.madd(jj, c.invM)
	c.ang = c.ang.add(c.wInvI.mulv(v64(at).sub(c.pos).cross(jj)))
	return nil
}

func (w *World) body(op string, h scene.Handle) (*collider, error) {
	i, ok := w.find(h)
	if !ok {
		return nil, fmt.Errorf("collide: %s of %v: %w", op, h, ErrNoCollider)
	}
	if !w.cols[i].dynamic() {
		return nil, fmt.Errorf("collide: %s of %v: %w", op, h, ErrNotDynamic)
	}
	return &w.cols[i], nil
}

func (c *collider) wake() { c.asleep, c.still = false, 0 }
