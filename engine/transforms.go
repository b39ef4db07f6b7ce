package engine

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// repairLog rate-limits the warnings about transforms the scenes repaired:
// at most one per actor per second of game time (tick time, so the log of
// a replay is the same at any frame rate).
type repairLog struct {
	last map[repairKey]timing.Micros // tick time of the last warning
}

type repairKey struct {
	m *scene.Manager
	h scene.Handle
}

// sceneTickError decides what an error from scene j's Tick means. A
// behaviour's panic becomes a *PanicError; an error a behaviour returned
// ends the game; transforms the scene repaired (non-finite, zero rotation)
// are logged, rate-limited, and the game goes on, unless
// Options.StrictTransforms makes them end it too.
func (g *Game) sceneTickError(e *entry, j int, m *scene.Manager, ti timing.TickInfo, err error) error {
	var spe *scene.PanicError
	if errors.As(err, &spe) {
		return g.panicked(spe)
	}
	var rest []error
	var repaired []*scene.TransformError
	for _, x := range flatten(err) {
		var te *scene.TransformError
		if errors.As(x, &te) {
			repaired = append(repaired, te)
		} else {
			rest = append(rest, x)
		}
	}
	if len(rest) > 0 || (len(repaired) > 0 && g.opts.StrictTransforms) {
		return fmt.Errorf("engine: state %s, scene %d, tick %d: %w", e.name, j, ti.Index, err)
	}
	for _, te := range repaired {
		for _, h := range te.Handles {
			g.warnRepair(e, j, m, h, te, ti)
		}
	}
	return nil
}

// warnRepair logs one repaired actor, at most once per second of game time.
func (g *Game) warnRepair(e *entry, j int, m *scene.Manager, h scene.Handle, te *scene.TransformError, ti timing.TickInfo) {
	if g.transforms.last == nil {
		g.transforms.last = make(map[repairKey]timing.Micros)
	}
	k := repairKey{m, h}
	if last, ok := g.transforms.last[k]; ok && ti.Time-last < timing.Second {
		return
	}
	g.transforms.last[k] = ti.Time
	what := "reverted to its last finite transform"
	if errors.Is(te.Err, scene.ErrZeroRotation) {
		what = "rotation set to the identity"
	}
	g.logf("tickwork: state %s, scene %d, tick %d: actor %v: %v, %s (at most one warning per actor per second; Options.StrictTransforms makes this an error)",
		e.name, j, ti.Index, h, te.Err, what)
}

// flatten returns the errors joined in err (errors.Join), or err alone.
func flatten(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, x := range j.Unwrap() {
			out = append(out, flatten(x)...)
		}
		return out
	}
	return []error{err}
}
