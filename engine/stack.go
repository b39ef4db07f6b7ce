package engine

import (
	"fmt"

	"github.com/tickwork/tickwork/scene/fields"
)

// MaxDepth is the most states the stack holds. A push beyond it ends the
// game with an error naming the state pushed and the top state, instead of
// growing without bound (a state that pushes another in every Enter).
const MaxDepth = 256

type opKind uint8

const (
	opPush opKind = iota
	opPop
	opReplace
	opQuit
)

type stackOp struct {
	kind  opKind
	state State
}

// request queues a stack change; applyStack applies it between ticks.
func (g *Game) request(kind opKind, s State) {
	g.pending = append(g.pending, stackOp{kind, s})
}

// applyStack applies the queued stack changes in the order they were asked
// for. Changes requested by hooks run during it (an Enter that pushes) are
// applied too, after the ones before them.
func (g *Game) applyStack() error {
	for i := 0; i < len(g.pending); i++ {
		op := g.pending[i]
		g.pending[i] = stackOp{}
		var err error
		switch op.kind {
		case opPush:
			if top := g.topEntry(); top != nil {
				err = g.cover(top)
			}
			if err == nil {
				err = g.enter(op.state)
			}
		case opPop:
			err = g.exitTop()
			if top := g.topEntry(); top != nil && err == nil {
				err = g.uncover(top)
			}
		case opReplace:
			if err = g.exitTop(); err == nil {
				err = g.enter(op.state)
			}
		case opQuit:
			g.quit = true
		}
		if err != nil {
			g.pending = g.pending[:0]
			return err
		}
	}
	g.pending = g.pending[:0]
	if len(g.stack) == 0 {
		g.quit = true
	}
	return nil
}

func (g *Game) topEntry() *entry {
	if len(g.stack) == 0 {
		return nil
	}
	return g.stack[len(g.stack)-1]
}

// enter pushes s: its Enter hook runs, its scenes get the game's render mode
// and are teleported (last-world = world), so nothing smears in its first
// frames.
func (g *Game) enter(s State) error {
	if s == nil {
		return fmt.Errorf("engine: Push or Replace with a nil state")
	}
	if _, ok := s.(oldSceneOwner); ok {
		return fmt.Errorf("engine: state %s has Scenes() []*scene.Manager, the form before 0.2.0: write Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }", stateName(s))
	}
	if len(g.stack) >= MaxDepth {
		return fmt.Errorf("engine: pushing state %s: the stack already holds %d states (MaxDepth), the top one %s: a state that pushes another in every Enter never ends",
			stateName(s), len(g.stack), g.stack[len(g.stack)-1].name)
	}
	g.owners++
	g.rb.stack++
	e := &entry{state: s, name: stateName(s), alpha: float32(g.sched.Alpha()), owner: g.owners}
	e.scenes, _ = s.(SceneOwner)
	e.overlay, _ = s.(Overlay)
	e.hasher, _ = s.(Hasher)
	if e.hasher == nil {
		e.desc, _ = s.(fields.Describer)
	}
	g.stack = append(g.stack, e)
	if en, ok := s.(Enterer); ok {
		if err := g.call(e, "Enter", en.Enter); err != nil {
			return err
		}
	}
	if e.scenes != nil {
		g.mark(e, "Scenes", -1)
		for _, m := range scenesOf(e.scenes, &g.sbMode) {
			m.SetMode(g.mode)
			if err := m.TeleportAll(); err != nil {
				return fmt.Errorf("engine: state %s, entering: %w", e.name, err)
			}
		}
	}
	return nil
}

// exitTop pops the top state, runs its Exit hook and then stops the
// voices it started (all but the persistent ones) where the last tick's
// sounds begin: a round that is restarted does not double its music.
func (g *Game) exitTop() error {
	e := g.topEntry()
	if e == nil {
		return nil
	}
	g.stack[len(g.stack)-1] = nil
	g.stack = g.stack[:len(g.stack)-1]
	g.rb.stack++
	defer g.mixer.StopOwned(e.owner, g.tickSample)
	if x, ok := e.state.(Exiter); ok {
		return g.call(e, "Exit", x.Exit)
	}
	return nil
}

func (g *Game) cover(e *entry) error {
	if c, ok := e.state.(Coverer); ok {
		return g.call(e, "Covered", func(ctx *Context) error { c.Covered(ctx); return nil })
	}
	return nil
}

func (g *Game) uncover(e *entry) error {
	if c, ok := e.state.(Coverer); ok {
		return g.call(e, "Uncovered", func(ctx *Context) error { c.Uncovered(ctx); return nil })
	}
	return nil
}
