package scene

import (
	"fmt"
	"runtime/debug"
)

// PanicError reports a panic in an actor's behaviour: which hook (Tick,
// Update or Draw), which actor, the value passed to panic and the stack at
// the panic. Manager.Tick returns it as its error after restoring the
// manager's bookkeeping; Manager.UpdateEffects and Manager.BuildDrawList, which
// return no error, panic again with it as the value, so the caller's
// recover (the engine's) can name the scene and end the game cleanly.
type PanicError struct {
	Hook  string // "Tick", "Update" (an Effect) or "Draw"
	Actor Handle // the actor whose behaviour panicked
	Tick  uint64 // the tick in progress (Tick) or the last tick (Update, Draw)
	Value any    // the value passed to panic
	Stack []byte // the goroutine's stack at the panic
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("scene: actor %v panicked in %s (tick %d): %v", e.Actor, e.Hook, e.Tick, e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// caught turns a panic recovered while running hook for the actor m.running
// into a *PanicError. A panic that is already one (a nested manager) is
// kept as it is.
func (m *Manager) caught(hook string, r any) *PanicError {
	if pe, ok := r.(*PanicError); ok {
		return pe
	}
	return &PanicError{Hook: hook, Actor: m.runningActor(), Tick: m.tick, Value: r, Stack: debug.Stack()}
}

// runningActor returns the handle of the actor whose behaviour is running,
// NoHandle for none. The slot is kept instead of the handle because the
// loops that call behaviours know it already: no load per actor.
func (m *Manager) runningActor() Handle {
	if m.running == 0 {
		return NoHandle
	}
	ch, k := m.col(m.running - 1)
	return ch.handle[k]
}

// runSlot is what m.running holds while slot k of chunk c runs.
func runSlot(c, k int) int32 { return int32(c<<chunkShift|k) + 1 }

// repanic is deferred by UpdateEffects and BuildDrawList: a panic in a behaviour
// leaves as a *PanicError naming the actor.
func (m *Manager) repanic(hook string) {
	if r := recover(); r != nil {
		pe := m.caught(hook, r)
		m.running = 0
		panic(pe)
	}
}
