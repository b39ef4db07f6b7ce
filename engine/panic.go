package engine

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/tickwork/tickwork/scene"
)

// PanicError is returned by Run (and RunFrame, Start, Stop) when game code
// panicked: a state's hook, an actor's behaviour, a tick source or sink.
// The game is ended as after any error: tick sinks see the end (a
// recording is finalised with the ticks up to the failure) and every state
// is exited, top first.
//
// Error is one line: where the panic happened and its value. The stack is
// in the Stack field; the engine reports it once, through Options.Logf,
// when it catches the panic, so a program that prints the error it got
// from Run shows the stack once, not in every wrapping of the error.
type PanicError struct {
	// State is the name of the state whose code panicked; empty for a tick
	// source or sink.
	State string
	// In is the hook: "Tick", "Draw", "Enter", "Exit", "Covered",
	// "Uncovered", "Scenes", "Hash"; "actor Tick", "actor Update" (an Effect) or
	// "actor Draw" for an actor's behaviour; "TickSource" or "TickSink
	// <type>" for those.
	In string
	// Scene is the index, in the state's Scenes list, of the scene whose
	// actor panicked, or -1.
	Scene int
	// Actor is the actor whose behaviour panicked, or scene.NoHandle.
	Actor scene.Handle
	// Value is the value passed to panic.
	Value any
	// Stack is the goroutine's stack at the panic. Error leaves it out.
	Stack []byte
}

// Error returns one line: "engine: panic in <where>: <value>" (a value
// whose text has several lines is joined with "; ").
func (e *PanicError) Error() string {
	where := e.In
	if e.State != "" {
		where = fmt.Sprintf("state %s, %s", e.State, e.In)
	}
	if e.Actor != scene.NoHandle {
		where += fmt.Sprintf(" (scene %d, actor %v)", e.Scene, e.Actor)
	}
	v := fmt.Sprint(e.Value)
	if strings.Contains(v, "\n") {
		v = strings.ReplaceAll(strings.TrimRight(v, "\n"), "\n", "; ")
	}
	return fmt.Sprintf("engine: panic in %s: %s", where, v)
}

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// hookMark says which game code is running, so that a panic recovered at
// the frame's top can be attributed to it. Setting it costs a few stores.
type hookMark struct {
	e     *entry // the state, or nil
	hook  string
	scene int
	sink  any // the tick source or sink, when hook names one
}

// mark records that hook of e (scene index sc, or -1) is about to run.
func (g *Game) mark(e *entry, hook string, sc int) { g.at = hookMark{e: e, hook: hook, scene: sc} }

// markSink records that a tick source or sink is about to run.
func (g *Game) markSink(hook string, s any) { g.at = hookMark{hook: hook, scene: -1, sink: s} }

// panicked turns a recovered value into a *PanicError naming the code that
// was running, and reports it with its stack through Options.Logf: once,
// when the panic is first caught (a value that already is a *PanicError
// was reported).
func (g *Game) panicked(r any) *PanicError {
	if pe, ok := r.(*PanicError); ok {
		return pe
	}
	pe := &PanicError{In: g.at.hook, Scene: -1, Actor: scene.NoHandle, Value: r}
	if g.at.e != nil {
		pe.State = g.at.e.name
	}
	if g.at.sink != nil {
		pe.In = fmt.Sprintf("%s %T", g.at.hook, g.at.sink)
	}
	var spe *scene.PanicError
	if err, ok := r.(error); ok && errors.As(err, &spe) {
		pe.In, pe.Scene, pe.Actor, pe.Value, pe.Stack = "actor "+spe.Hook, g.at.scene, spe.Actor, spe.Value, spe.Stack
	}
	if pe.Stack == nil {
		pe.Stack = debug.Stack()
	}
	g.logf("tickwork: %v\n%s", pe, pe.Stack)
	return pe
}

// ending is deferred by RunFrame, Start and Stop: a panic in game code that no
// finer recover caught ends the game cleanly with a *PanicError.
func (g *Game) ending(err *error) {
	if r := recover(); r != nil {
		*err = g.fail(g.panicked(r))
	}
}

// guard runs fn, turning a panic into a *PanicError for the code marked as
// running. fail uses it so that a panic while ending still ends the game.
func (g *Game) guard(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = g.panicked(r)
		}
	}()
	return fn()
}
