// Package collide gives a scene's actors collision shapes, answers
// queries about them, moves characters with move-and-slide and simulates
// rigid bodies, deterministically, in ticks.
//
// A World belongs to one scene.Manager. Attach a Collider to an actor: a
// Shape (Sphere, Box, Capsule, or a static triangle Mesh from NewTriMesh,
// FromMesh or HeightField), an offset from the actor, layers and a mask,
// Sensor (report overlaps, never push), and a BodyKind: Static and
// Kinematic colliders follow their actor's world transform; Dynamic ones
// are rigid bodies that the World moves and whose actor's Local
// transform it writes.
//
// Each tick, call World.Step before Manager.Tick. Step places every
// collider from its actor, rebuilds the broad phase (a bounding volume
// hierarchy over the colliders' bounds), tests the candidate pairs
// exactly (GJK distance, SAT penetration, contact manifolds clipped on
// faces), turns the changes into Begin, Stay and End events ordered by
// handle (World.Events, and ContactHandler behaviours), solves the
// contacts of the bodies with a soft sequential-impulse solver with a
// fixed number of substeps and passes, and puts still islands of bodies
// to sleep. Nothing depends on the frame rate, a map's order, a pointer
// or a goroutine: the same ticks give the same World, bit for bit, and
// its state is described with scene/fields (fields.Hash, Save and Load).
//
// Queries (RayCast, RayCastAll, Pick, Overlap, Sweep, ClosestPoint) see
// the colliders as the last Step placed them. Pick takes a ray such as
// scene/camera's ScreenRay for mouse picking. Character moves a capsule
// kinematically (Character.Move) from a behaviour's Tick. DrawDebug
// outlines colliders and contacts into a gfx.LineBuffer.
//
// Limits: a body faster than about its own size per tick may pass
// through a wall thinner than its speed·dt minus its size (speculative
// contacts catch what one tick of motion would cross; speeds are clamped
// to Config.MaxSpeed, 200 m/s by default); triangle meshes are static and
// two-sided, and a shape sliding across a mesh's inner edges may catch on
// them; soft contacts let a tall stack settle by about a millimetre per
// box under the weight above it.
//
// A World is used on the goroutine that ticks its manager; it allocates
// nothing per tick once its buffers have grown to the scene's size.
package collide
