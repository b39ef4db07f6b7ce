package action

import (
	"github.com/tickwork/tickwork/scene/fields"
)

// Describe lists m's state between ticks, for the engine's snapshots
// (rollback, the sync test) through package scene/fields: whether Update
// has run, the capture in progress and the one ended in the last Update,
// and each action's state as of the last Update (down, pressed, released,
// muted, value and the ticks held, which Repeated counts). The next Update
// compares the tick's input with this state, so a state or behaviour that
// owns a Map describes it among its own fields (v.Struct("controls", m)),
// and a rollback restores it exactly: a press inside the rewound window is
// seen again as a press.
//
// The bindings and the repeat timing are configuration, not described: a
// rebinding made inside a rewound window (Bind, Capture) is not undone by
// a rollback. Nor is the raw input of the last Update (the keys, buttons,
// pads and axes held and the tick's edges): every Update reads it afresh
// from the tick's input before evaluating the bindings.
//
// Load restores a description saved from a Map with the same actions; one
// of another Map is refused with an error naming the field. Save and Load
// through a warm fields.Codec allocate nothing. Called by the engine
// between ticks, on the main goroutine.
func (m *Map) Describe(v *fields.Visitor) {
	v.Bool("started", &m.started)
	fields.Integer(v, "capture", &m.capture)
	fields.Integer(v, "modHeld", &m.modHeld)
	fields.Integer(v, "capturedAction", &m.capturedA)
	v.Struct("captured", (*bindingFields)(&m.captured))
	for i := range m.acts {
		v.Struct(m.acts[i].name, (*actFields)(&m.acts[i]))
	}
	if v.Loading() {
		// Data that passed Load but names no action of m (hand-made or
		// damaged): no capture rather than an index out of range.
		if n := int32(len(m.acts)); m.capture < -1 || m.capture >= n {
			m.capture = -1
		}
		if n := int32(len(m.acts)); m.capturedA < -1 || m.capturedA >= n {
			m.capturedA = -1
		}
	}
}

// actFields describes one action's state as of the last Update.
type actFields act

func (a *actFields) Describe(v *fields.Visitor) {
	v.Bool("down", &a.down)
	v.Bool("pressed", &a.pressed)
	v.Bool("released", &a.released)
	v.Bool("muted", &a.muted)
	v.Float64("value", &a.value)
	fields.Integer(v, "held", &a.held)
}

// bindingFields describes the binding a capture ended with (Captured).
type bindingFields Binding

func (b *bindingFields) Describe(v *fields.Visitor) {
	fields.Integer(v, "device", &b.dev)
	fields.Integer(v, "mods", &b.mods)
	fields.Integer(v, "code", &b.code)
	fields.Integer(v, "dir", &b.dir)
	v.Float32("dead", &b.dead)
	v.Float32("exp", &b.exp)
}

// Forget forgets what m saw held: the next Update treats every input held
// then as held since before, not as a press (as in a new Map's first
// Update), and every action is up until it runs, with no repeat counted.
// Call it in a state that resumes after missing ticks (an overlay covered
// it, so its Tick did not run): without it, the next Update compares the
// tick's input with what was held when the state last ran, and a key held
// across the gap (the Esc that closed the pause menu) would be a press or
// a release. The bindings and a capture in progress are kept. It allocates
// nothing. Call it on the main goroutine, in a tick, before Update.
func (m *Map) Forget() {
	m.started = false
	m.capturedA = -1
	for i := range m.acts {
		a := &m.acts[i]
		a.down, a.pressed, a.released, a.muted = false, false, false, false
		a.value, a.held = 0, 0
	}
}
