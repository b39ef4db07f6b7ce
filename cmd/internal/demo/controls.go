package demo

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene/fields"
)

// Names of the gameplay's input actions.
const (
	actPush     = "push" // push.up, push.down, push.left, push.right
	actTeleport = "teleport"
	actPause    = "pause"
)

// controls are the gameplay's input actions, keyboard and gamepad 0 side
// by side: the arrows or the left stick push the ball, T or Y teleports
// the cube, Esc or Start pauses. They are derived from each tick's raw
// input, so recordings (which keep the raw input) replay; the bindings are
// the defaults, never rebound, so they are not part of the game's hash.
// Used in the gameplay's Tick, on the main goroutine.
type controls struct {
	m    *action.Map
	tick uint64 // the index of the tick m was last updated in
}

// newControlMap returns the gameplay's action map.
func newControlMap() (*action.Map, error) {
	// The stick's halves have no dead zone or curve of their own (the
	// engine's dead zone applies): the push is exactly the stick's value.
	m, err := action.New(
		action.Vector(actPush,
			[]action.Binding{action.Key(input.KeyUp), action.Axis(input.PadLeftY, -1)},
			[]action.Binding{action.Key(input.KeyDown), action.Axis(input.PadLeftY, 1)},
			[]action.Binding{action.Key(input.KeyLeft), action.Axis(input.PadLeftX, -1)},
			[]action.Binding{action.Key(input.KeyRight), action.Axis(input.PadLeftX, 1)}),
		action.Button(actTeleport, action.Key(input.KeyT), action.Pad(input.PadY)),
		action.Button(actPause, action.Key(input.KeyEscape), action.Pad(input.PadStart)),
	)
	if err != nil {
		return nil, fmt.Errorf("demo: controls: %w", err)
	}
	if err := m.UsePad(0); err != nil {
		return nil, fmt.Errorf("demo: controls: %w", err)
	}
	return m, nil
}

// update derives the actions of ctx's tick. A state misses ticks while an
// overlay covers it (it runs one on '.'), and a Map compares each tick
// with the one it last saw: after a forward gap the Map forgets what it
// saw held (Forget), so what is held then (the Esc that resumed) counts
// as held, not pressed. A rollback restores the Map and tick with the
// gameplay's snapshot (Describe), so a tick run again follows the one
// before it and the Map compares it with the state it had then.
func (c *controls) update(ctx *engine.TickContext) error {
	if err := c.init(); err != nil {
		return err
	}
	if ctx.Tick.Index > c.tick+1 {
		c.m.Forget()
	}
	c.tick = ctx.Tick.Index
	c.m.Update(ctx.Input)
	return nil
}

// init makes the action map, once: when the gameplay is entered, so that
// every snapshot describes it.
func (c *controls) init() error {
	if c.m != nil {
		return nil
	}
	m, err := newControlMap()
	if err != nil {
		return err
	}
	c.m = m
	return nil
}

// Describe lists the tick the map was last updated in and the map's state
// (action.Map.Describe), for the gameplay's snapshots.
func (c *controls) Describe(v *fields.Visitor) {
	fields.Integer(v, "tick", &c.tick)
	if c.m != nil {
		v.Struct("map", c.m)
	}
}

// push returns the ball's push, m/s² along x and z: PadPush at the
// stick's full travel or with an arrow held. The halves' values are
// combined without Map.Vector's normalising, so a stick reads exactly as
// the raw axes did before actions (recordings with diagonal pushes replay).
func (c *controls) push() [2]float64 {
	m := c.m
	return [2]float64{
		PadPush * (m.Value(actPush+".right") - m.Value(actPush+".left")),
		PadPush * (m.Value(actPush+".down") - m.Value(actPush+".up")),
	}
}

// pressed reports whether action name was pressed in this tick.
func (c *controls) pressed(name string) bool { return c.m.Pressed(name) }
