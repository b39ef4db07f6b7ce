package scene

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// Ticker is a behaviour that runs once per fixed tick, for gameplay. A
// behaviour given to Spawn (or SetBehavior) that implements Ticker has Tick
// called every tick after the one in which the actor was spawned, in slot
// order, with the tick's TickInfo (t.Delta is the fixed step in seconds).
//
// Tick moves its actor by changing a.Local; the world transforms are
// recomputed after every behaviour has run. It may read, spawn, remove and
// reparent actors through m (spawns and removals take effect at the end of
// the tick). What the game offers the tick beyond the scene (its input,
// sounds on the game's timeline, messages to the state, the random
// source) is m.Env(), which the engine sets once per tick:
// engine.TickContextOf(m) returns it typed. An error is reported by
// Manager.Tick, wrapped with the actor's handle, after the tick has
// completed.
type Ticker interface {
	Tick(a *Actor, t timing.TickInfo, m *Manager) error
}

// Effect is an optional behaviour for visual-only effects (particles,
// blinking, a bobbing pickup's glow), updated once per displayed frame by
// Manager.UpdateEffects with how much real time the frame took (dt,
// seconds). It may change its own visual state and a.SetColor or a.Hidden,
// never a.Local or anything gameplay reads, because frames, unlike ticks,
// differ from machine to machine.
type Effect interface {
	Update(a *Actor, dt float32)
}

// oldEffect is Effect's form before 1.0, when it was Framer with a Frame
// method: Spawn refuses a behaviour that still has it by name, instead of
// silently no longer updating it.
type oldEffect interface {
	Frame(a *Actor, dt float32)
}

// checkBehavior returns an error for a behaviour written for Framer.
func checkBehavior(b any) error {
	if _, ok := b.(Effect); ok {
		return nil
	}
	if _, ok := b.(oldEffect); ok {
		return fmt.Errorf("behaviour %T has Frame(a, dt), which is now Update(a, dt) (scene.Effect, called by Manager.UpdateEffects): rename the method", b)
	}
	return nil
}

// Drawer is an optional behaviour that draws more than its actor's mesh:
// BuildDrawList calls Draw for every visible actor that has one, after
// adding the actor's own instance, so a particle system can add its
// particles. Draw must only add to d.
type Drawer interface {
	Draw(a *Actor, d *gfx.DrawList)
}

// Spec describes an actor to spawn. Its zero value is a root actor at the
// origin with no rotation, unit scale and no mesh.
type Spec struct {
	Pos   mgl32.Vec3
	Rot   mgl32.Quat // the zero quaternion means the identity; others are normalised
	Scale mgl32.Vec3 // the zero vector means (1, 1, 1)

	Parent Handle // NoHandle for a root actor; the transform is relative to it

	Mesh     gfx.MeshID     // gfx.MeshNone: simulated, not drawn
	Material gfx.MaterialID // 0: the mesh's own material
	Color    gfx.Color
	Hidden   bool

	// Behavior is anything: it is ticked if it implements Ticker, updated every
	// frame if it implements Effect, asked to draw if it implements Drawer
	// and hashed with its actor (Manager.Hash) if it implements
	// fields.Describer. Actor.Behavior returns it, so it can also be plain
	// data.
	Behavior any

	// Bulk, if not nil, ticks the actor together with every other actor
	// spawned with the same BulkTicker, in one call per tick (see
	// BulkTicker); the actor belongs to it until it is removed. It must be
	// comparable with == (a pointer, typically). An actor may have both a
	// Ticker Behavior and a Bulk: its Tick runs first.
	Bulk BulkTicker
}

// Actor is one object of a scene: a local transform relative to its parent
// and what to draw, the record gameplay reads and writes. What the manager
// derives from it (world, last-world and render transforms, flags, the
// parent's slot) lives in dense columns of the manager's chunks, which the
// per-tick and per-frame loops walk without touching the records; the
// accessors (World, RenderMatrix…) read those columns. Actors live inside
// their Manager (get one with Manager.Actor); a *Actor stays valid until its
// actor is removed, after which its memory may hold another actor: keep
// Handles, not pointers.
//
// Of the four matrices of the model, local is the user's (Local, read and
// written freely, by behaviours during ticks), world and last-world are set
// by each tick, and render by each Interpolate.
type Actor struct {
	// Local is the actor's transform relative to its parent (or to the world
	// for a root). Change it during a tick, from a behaviour or between
	// ticks; the world transform follows at the end of the next tick, or at
	// once with Manager.Teleport.
	Local Transform

	// Mesh is drawn with the render matrix, Material (0: the mesh's own)
	// and the actor's colour (Color, SetColor), which multiplies the
	// material's colour; gfx.MeshNone is not drawn. Hidden actors are not
	// drawn either (nor asked to Draw), and neither are their descendants,
	// as with Godot's visible: hiding a ship hides its turrets. Hidden is
	// visual only: hidden actors still tick and move. The three sit after
	// Local, in the record's first cache line, for BuildDrawList. (The
	// colour, 16 bytes, lives in a column: in the record it would make every
	// tick walk 72 bytes an actor instead of 56.)
	Mesh     gfx.MeshID
	Material gfx.MaterialID
	Hidden   bool

	slot uint16 // the actor's index in its chunk's columns (chunkSize is 1024)
	ch   *chunk // the chunk holding the actor's columns
}

// actorSizeMax bounds unsafe.Sizeof(Actor{}) (pinned by a test): the
// record is walked by the tick (Local) and BuildDrawList (its first cache
// line), so everything else lives in the chunk's columns.
const actorSizeMax = 56

// Actor flags.
const (
	flagAlive       uint16 = 1 << iota // slot holds an actor
	flagFresh                          // spawned during the current tick: not ticked yet
	flagDying                          // removed during the current tick
	flagMarked                         // scratch mark for subtree operations
	flagMoved                          // the last tick changed the world transform; when clear, wt[0] == wt[1]
	flagDirty                          // recompute the world transform at the next tick
	flagSettled                        // render and renderT are the world transform: nothing to blend
	flagWorldM                         // worldM is up to date
	flagParent                         // has children (children > 0)
	flagDrawer                         // the behaviour is a Drawer
	flagOutside                        // this frame: culled, not drawn
	flagStale                          // this frame: culled before its blend; render is computed on demand
	flagInside                         // this frame: tested inside the frustum by Interpolate
	flagHiddenAbove                    // this frame: an ancestor is Hidden (set by BuildDrawList)
	flagChild                          // has a parent (parent >= 0): the passes over roots skip it without reading the parent column
)

// k returns the actor's slot within its chunk: the index of its columns.
func (a *Actor) k() int { return int(a.slot) }

// fl returns the actor's flags.
func (a *Actor) fl() *uint16 { return &a.ch.flags[a.k()] }

// addChildren changes a's count of direct children by d.
func (a *Actor) addChildren(d int32) {
	c, k := a.ch, a.k()
	c.children[k] += d
	if c.children[k] > 0 {
		*a.fl() |= flagParent
	} else {
		*a.fl() &^= flagParent
	}
}

// world and last return the actor's world and last-world transforms.
func (a *Actor) world() *Transform { return &a.ch.wt[a.k()][a.ch.mgr.cur&1] }
func (a *Actor) last() *Transform  { return &a.ch.wt[a.k()][a.ch.mgr.cur&1^1] }

// Handle returns the actor's handle; NoHandle for an Actor that is not
// a manager's.
func (a *Actor) Handle() Handle {
	if a.ch == nil {
		return NoHandle
	}
	return a.ch.handle[a.slot]
}

// Color returns the colour the actor is drawn with, which multiplies its
// material's colour: Spec.Color until SetColor changes it (white,
// gfx.RGB(1, 1, 1), leaves the material's colour as it is).
func (a *Actor) Color() gfx.Color {
	if a.ch == nil {
		return gfx.Color{}
	}
	return a.ch.color[a.k()]
}

// SetColor sets the colour the actor is drawn with from the next
// BuildDrawList on. Like Hidden it is visual only, so an Effect may change
// it every frame; call it on the game's main goroutine. It does nothing
// for an Actor that is not a manager's.
func (a *Actor) SetColor(c gfx.Color) {
	if a.ch != nil {
		a.ch.color[a.k()] = c
	}
}

// Parent returns the handle of the actor's parent, NoHandle for a root.
func (a *Actor) Parent() Handle { return a.ch.parentH[a.k()] }

// Children returns the number of the actor's direct children.
func (a *Actor) Children() int { return int(a.ch.children[a.k()]) }

// World returns the actor's world transform as of the end of the last tick
// (or of its spawn or teleport).
func (a *Actor) World() Transform { return *a.world() }

// LastWorld returns the actor's world transform as of the end of the tick
// before the last one: the start of the interpolation.
func (a *Actor) LastWorld() Transform { return *a.last() }

// WorldMatrix returns the matrix of World.
func (a *Actor) WorldMatrix() mgl32.Mat4 { return *a.ch.worldMatrix(a.k(), a.ch.mgr.cur&1) }

// worldMatrix returns the matrix of slot k's world transform wt[k][cur], building it
// if the last tick changed the world transform. Ticks only compose TRS:
// the matrix is built when something needs it (an actor coming to rest,
// ModeNone, WorldMatrix), so an actor that moves every tick never pays
// for it.
func (c *chunk) worldMatrix(k int, cur uint8) *mgl32.Mat4 {
	if c.flags[k]&flagWorldM == 0 {
		unitMatrix(&c.worldM[k], &c.wt[k][cur])
		c.flags[k] |= flagWorldM
	}
	return &c.worldM[k]
}

// LastWorldMatrix returns the matrix of LastWorld. Only its TRS is stored
// (interpolation blends TRS, never matrices), so this builds it.
func (a *Actor) LastWorldMatrix() mgl32.Mat4 {
	var m mgl32.Mat4
	a.last().Matrix(&m)
	return m
}

// LocalMatrix returns the matrix of Local.
func (a *Actor) LocalMatrix() mgl32.Mat4 {
	var m mgl32.Mat4
	a.Local.Matrix(&m)
	return m
}

// RenderMatrix returns the matrix the actor was drawn with in the current
// frame, as set by the last Interpolate (the world matrix before the first).
func (a *Actor) RenderMatrix() mgl32.Mat4 {
	c, k := a.ch, a.k()
	if c.flags[k]&flagStale != 0 {
		c.mgr.unstale(a) // culled: Interpolate skipped the blend
	}
	return c.render[k]
}

// Behavior returns the actor's behaviour, as given to Spawn or SetBehavior.
func (a *Actor) Behavior() any {
	if a.ch == nil {
		return nil
	}
	return a.ch.behavior[a.slot]
}

// SetBehavior replaces the actor's behaviour; see Spec.Behavior. Called
// during a tick, the new behaviour's Tick runs from the next tick on if the
// actor has already been ticked. On a removed actor it does nothing.
func (a *Actor) SetBehavior(b any) {
	if a.ch == nil || *a.fl()&flagAlive == 0 {
		return
	}
	t, _ := b.(Ticker)
	f, _ := b.(Effect)
	d, _ := b.(Drawer)
	ds, _ := b.(fields.Describer)
	c, k := a.ch, a.k()
	c.tickers += count(t != nil) - count(c.tick[k] != nil)
	c.effects += count(f != nil) - count(c.effect[k] != nil)
	c.behavior[k], c.tick[k], c.effect[k], c.draw[k], c.desc[k] = b, t, f, d, ds
	c.mgr.bumpBehaviors()
	if d != nil {
		*a.fl() |= flagDrawer
	} else {
		*a.fl() &^= flagDrawer
	}
}

func count(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Alive reports whether the actor exists (it may be being removed at the end
// of the current tick).
func (a *Actor) Alive() bool { return a.ch != nil && *a.fl()&flagAlive != 0 }

// Removing reports whether the actor was removed during the current tick
// and will be gone at its end.
func (a *Actor) Removing() bool { return a.ch != nil && *a.fl()&flagDying != 0 }
