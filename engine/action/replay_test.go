package action_test

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
)

// walker moves a point by the "move" action; F1 starts rebinding
// move.right from the next press. Its bindings, position and the Map's
// state are in the game's hash.
type walker struct {
	bindings string // the bindings file's text, applied when entered
	m        *action.Map
	x, y     float64
}

func (w *walker) Enter(*engine.Context) error {
	var err error
	w.m, err = action.New(action.Move("move"), action.Button("rebind", action.Key(input.KeyF1)))
	if err != nil {
		return err
	}
	return w.m.Parse(strings.NewReader(w.bindings), "bindings.txt")
}

func (w *walker) Tick(ctx *engine.TickContext) error {
	w.m.Update(ctx.Input)
	if w.m.Pressed("rebind") {
		if err := w.m.Capture("move.right"); err != nil {
			return err
		}
	}
	dx, dy := w.m.Vector("move")
	w.x += dx * 0.1
	w.y += dy * 0.1
	return nil
}

func (w *walker) Draw(*engine.DrawContext) {}
func (w *walker) Hash() uint64 {
	return w.m.Hash() ^ math.Float64bits(w.x)*31 ^ math.Float64bits(w.y)*131
}

// A recording keeps raw input: rebinding mid-game (a capture, at a tick)
// replays identically, and after the player has changed the bindings
// file, replaying an old recording with the bindings it stored gives the
// recorded hash. Replaying it with the new file instead diverges, which
// shows the check can fail.
func TestRebindThenReplayGivesRecordedHash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "walk.twr")
	opts := engine.Options{Seed: 7}
	w := &walker{bindings: "move.right = L\n"}
	h, err := engine.NewHeadless(opts, w)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := replay.Create(path, replay.Header{TickRate: h.Game.Time().TickRate(), Seed: opts.Seed, InitialState: "walk",
		HashEvery: 5, Meta: []replay.Meta{{Key: "bindings", Value: w.m.Changes()}}})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.AddTickSink(rec)
	for tick, evs := range map[uint64][]input.Event{
		2:  {keyDown(input.KeyL)},
		10: {keyUp(input.KeyL)},
		12: {keyDown(input.KeyF1)}, // rebind move.right…
		13: {keyUp(input.KeyF1)},
		15: {keyDown(input.KeyK)}, // …to K
		16: {keyUp(input.KeyK)},
		18: {keyDown(input.KeyK)},
		20: {keyDown(input.KeyL)}, // L no longer moves
		25: {keyUp(input.KeyL)},
		30: {keyUp(input.KeyK)},
		32: {keyDown(input.KeyW)},
		40: {keyUp(input.KeyW)},
	} {
		if err := h.Inject(tick, evs...); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.RunTicks(45, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	recorded := h.Game.Hash()
	if b := w.m.Bindings("move.right"); b[0] != action.Key(input.KeyK) {
		t.Fatalf("move.right = %v after the capture, want K first", b)
	}
	if want := 0.1 * (8 + 12); math.Abs(w.x-want) > 1e-9 || math.Abs(w.y-0.8) > 1e-9 {
		t.Fatalf("walked to (%v, %v), want (%v, 0.8)", w.x, w.y, want)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}

	replayWith := func(bindings string) (uint64, error) {
		p, err := replay.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		hd := p.Header()
		r, err := engine.NewHeadless(engine.Options{TickRate: hd.TickRate, Seed: hd.Seed}, &walker{bindings: bindings})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		r.Game.SetTickSource(p)
		r.Game.AddTickSink(p)
		err = r.RunTicks(p.Ticks(), engine.Steady(7))
		return r.Game.Hash(), err
	}

	// Since recording, the player rebound move.right to J in the file.
	stored, ok := func() (string, bool) {
		p, err := replay.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return p.Header().Get("bindings")
	}()
	if !ok || stored != "move.right = L\n" {
		t.Fatalf("recording's bindings = %q, %v", stored, ok)
	}
	got, err := replayWith(stored)
	if err != nil || got != recorded {
		t.Errorf("replay with the recorded bindings: hash %#x, err %v; want %#x, nil", got, err, recorded)
	}
	_, err = replayWith("move.right = J\n")
	var div *replay.DivergenceError
	if !errors.As(err, &div) {
		t.Errorf("replay with other bindings: err %v, want a divergence", err)
	}
}
