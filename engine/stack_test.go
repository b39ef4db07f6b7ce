package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

const frame60 = 16667 * timing.Microsecond

var gfxWhite = gfx.RGB(1, 1, 1)

func TestOverlayDrawnFrozenNotTicked(t *testing.T) {
	log := &journal{}
	game := &probe{name: "game", log: log}
	pause := &overlayProbe{probe{name: "pause", log: log, below: &Below{Draw: true}}}
	h, err := NewHeadless(Options{}, game)
	if err != nil {
		t.Fatal(err)
	}
	game.onTick = func(p *probe, ctx *TickContext) error {
		if p.ticks == 10 {
			ctx.Push(pause)
		}
		return nil
	}
	if err := h.RunTicks(10, Steady(60)); err != nil {
		t.Fatal(err)
	}
	drawsBefore := game.draws
	ticksBefore := game.ticks
	pauseBefore := pause.draws // the frame that pushed it drew it already
	if err := h.RunFrames([]timing.Micros{frame60, frame60, frame60, frame60, frame60, frame60}); err != nil {
		t.Fatal(err)
	}
	if game.ticks != ticksBefore {
		t.Errorf("game under a pause overlay ticked %d more times, want 0", game.ticks-ticksBefore)
	}
	if game.draws != drawsBefore+6 || pause.draws != pauseBefore+6 {
		t.Errorf("draws under the overlay: game %d pause %d, want 6 and 6", game.draws-drawsBefore, pause.draws-pauseBefore)
	}
	if pause.ticks == 0 {
		t.Errorf("the overlay did not tick")
	}
	// The covered state's interpolation is frozen: the same alpha every frame.
	frozen := game.alphas[len(game.alphas)-6:]
	for i, a := range frozen {
		if a != frozen[0] {
			t.Errorf("covered state's alpha in frame %d: got %v, want it frozen at %v", i, a, frozen[0])
		}
	}
	if pause.alphas[0] == pause.alphas[1] && pause.alphas[1] == pause.alphas[2] {
		t.Errorf("the overlay's alpha did not move: %v", pause.alphas)
	}
	want := "game enter\ngame covered\npause enter"
	if got := log.String(); got != want {
		t.Errorf("hooks: got\n%s\nwant\n%s", got, want)
	}

	// An opaque state hides what is below.
	opaque := &probe{name: "menu", log: log}
	pause.onTick = func(p *probe, ctx *TickContext) error { ctx.Replace(opaque); return nil }
	drawsBefore = game.draws
	if err := h.RunFrames([]timing.Micros{40000, 40000, 40000}); err != nil {
		t.Fatal(err)
	}
	if game.draws != drawsBefore { // changes apply between ticks, before the frame is drawn
		t.Errorf("game drawn %d times under an opaque state, want 0", game.draws-drawsBefore)
	}
	if !strings.HasSuffix(log.String(), "pause exit\nmenu enter") {
		t.Errorf("replace: got hooks\n%s\nwant pause exit, menu enter (no uncover in between)", log)
	}
}

func TestOverlayThatTicksBelow(t *testing.T) {
	game := &probe{name: "game", log: &journal{}}
	hud := &overlayProbe{probe{name: "hud", log: game.log, below: &Below{Draw: true, Tick: true}}}
	h, err := NewHeadless(Options{}, game)
	if err != nil {
		t.Fatal(err)
	}
	game.onTick = func(p *probe, ctx *TickContext) error {
		if p.ticks == 1 {
			ctx.Push(hud)
		}
		return nil
	}
	if err := h.RunTicks(30, Steady(60)); err != nil {
		t.Fatal(err)
	}
	if game.ticks != 30 || hud.ticks != 29 {
		t.Errorf("ticks with a HUD overlay that ticks below: game %d hud %d, want 30 and 29", game.ticks, hud.ticks)
	}
}

func TestStackChangesAreDeferred(t *testing.T) {
	log := &journal{}
	a := &probe{name: "a", log: log}
	b := &overlayProbe{probe{name: "b", log: log, below: &Below{Draw: true, Tick: true}}}
	var depthSeen []int
	a.onTick = func(p *probe, ctx *TickContext) error {
		depthSeen = append(depthSeen, ctx.Game().Depth())
		if p.ticks == 2 {
			ctx.Push(b)
			ctx.Push(&probe{name: "c", log: log})
			ctx.Pop() // pops c again: applied in order
			log.add("a asked at tick %d", ctx.Tick.Index)
			if d := ctx.Game().Depth(); d != 1 {
				t.Errorf("depth right after Push inside a tick: got %d, want 1 (deferred)", d)
			}
		}
		return nil
	}
	h, err := NewHeadless(Options{}, a)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(1, nil); err != nil {
		t.Fatal(err)
	}
	// One frame that runs two ticks: the push happens between them.
	if err := h.RunFrame(h.Game.Time().View().Until(2)); err != nil {
		t.Fatal(err)
	}
	if a.ticks != 3 || b.ticks != 1 {
		t.Errorf("ticks: a %d b %d, want 3 and 1 (b ticks from the tick after the push)", a.ticks, b.ticks)
	}
	want := "a enter\na asked at tick 1\na covered\nb enter\nb covered\nc enter\nc exit\nb uncovered"
	if got := log.String(); got != want {
		t.Errorf("order: got\n%s\nwant\n%s", got, want)
	}
	if h.Game.Depth() != 2 {
		t.Errorf("depth: got %d, want 2", h.Game.Depth())
	}
}

func TestQuitPaths(t *testing.T) {
	for _, tc := range []struct {
		name string
		quit func(ctx *TickContext) error
	}{
		{"pop the last state", func(ctx *TickContext) error { ctx.Pop(); return nil }},
		{"return ErrQuit", func(ctx *TickContext) error { return ErrQuit }},
		{"return a wrapped ErrQuit", func(ctx *TickContext) error { return errors.Join(errors.New("done"), ErrQuit) }},
		{"ctx.Quit", func(ctx *TickContext) error { ctx.Quit(); return nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &journal{}
			bottom := &probe{name: "bottom", log: log}
			top := &overlayProbe{probe{name: "top", log: log, below: &Below{Tick: true}}}
			bottom.onTick = func(p *probe, ctx *TickContext) error {
				if p.ticks == 1 {
					ctx.Push(top)
				}
				return nil
			}
			top.onTick = func(p *probe, ctx *TickContext) error {
				if p.ticks == 3 {
					if tc.name == "pop the last state" {
						ctx.Pop() // pops top; bottom pops itself next
						bottom.onTick = func(p *probe, ctx *TickContext) error { ctx.Pop(); return nil }
						return nil
					}
					return tc.quit(ctx)
				}
				return nil
			}
			g, _, clk, _ := manualGame(t, Options{}, bottom)
			var err error
			for i := 0; i < 100 && err == nil; i++ {
				clk.Advance(frame60)
				err = g.RunFrame()
			}
			if !errors.Is(err, ErrQuit) {
				t.Fatalf("Frame: got %v, want ErrQuit after a clean end", err)
			}
			if !strings.HasSuffix(log.String(), "top exit\nbottom exit") && !strings.HasSuffix(log.String(), "bottom uncovered\nbottom exit") {
				t.Errorf("exits: got\n%s\nwant every state exited, top first", log)
			}
			if g.Depth() != 0 {
				t.Errorf("depth after the end: %d, want 0", g.Depth())
			}
			if err := g.RunFrame(); !errors.Is(err, ErrQuit) {
				t.Errorf("Frame after the end: got %v, want ErrQuit", err)
			}
		})
	}
}

func TestRunReturnsNilOnCleanEndAndErrorsNameTheState(t *testing.T) {
	// Run with a state that pops itself: nil.
	s := &probe{name: "once", log: &journal{}, onTick: func(p *probe, ctx *TickContext) error { ctx.Pop(); return nil }}
	clk := &ManualClock{}
	g, _ := New(Options{Clock: autoClock{clk}, NoPacing: true})
	if err := g.Run(&liveWindow{w: 64, h: 64}, &NullRenderer{}, s); err != nil {
		t.Errorf("Run: got %v, want nil after popping the last state", err)
	}

	boom := errors.New("boom")
	for _, tc := range []struct {
		name  string
		tick  func(p *probe, ctx *TickContext) error
		check func(t *testing.T, err error)
	}{
		{"error", func(p *probe, ctx *TickContext) error { return boom }, func(t *testing.T, err error) {
			if !errors.Is(err, boom) || !strings.Contains(err.Error(), "state bad") {
				t.Errorf("got %v, want boom wrapped with the state's name", err)
			}
		}},
		{"panic", func(p *probe, ctx *TickContext) error { panic("kaput") }, func(t *testing.T, err error) {
			var pe *PanicError
			if !errors.As(err, &pe) || pe.State != "bad" || pe.In != "Tick" || pe.Value != "kaput" {
				t.Errorf("got %v, want a *PanicError naming state bad in Tick", err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &journal{}
			under := &probe{name: "under", log: log}
			bad := &probe{name: "bad", log: log, onTick: tc.tick}
			under.onTick = func(p *probe, ctx *TickContext) error { ctx.Push(bad); return nil }
			g, _ := New(Options{Clock: autoClock{&ManualClock{}}, NoPacing: true})
			err := g.Run(&liveWindow{w: 64, h: 64}, &NullRenderer{}, under)
			tc.check(t, err)
			if !strings.HasSuffix(log.String(), "bad exit\nunder exit") {
				t.Errorf("cleanup: got hooks\n%s\nwant both states exited, top first", log)
			}
		})
	}
}

// autoClock advances a manual clock by a 60 Hz frame every time it is read
// by the game loop, so Run can be tested without real time.
type autoClock struct{ c *ManualClock }

func (a autoClock) Now() timing.Micros { a.c.Advance(frame60 / 4); return a.c.Now() }

func TestPerStateTimeStopsWhenFrozen(t *testing.T) {
	game := &probe{name: "game", log: &journal{}}
	pause := &overlayProbe{probe{name: "pause", log: game.log, below: &Below{Draw: true}}}
	var gameTime, pauseTime timing.Micros
	game.onTick = func(p *probe, ctx *TickContext) error {
		gameTime = ctx.StateTime()
		if p.ticks == 30 {
			ctx.Push(pause)
		}
		return nil
	}
	pause.onTick = func(p *probe, ctx *TickContext) error {
		pauseTime = ctx.StateTime()
		if p.ticks == 60 {
			ctx.Pop()
		}
		return nil
	}
	h, err := NewHeadless(Options{}, game)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(120, Steady(60)); err != nil {
		t.Fatal(err)
	}
	// game: 30 ticks, then frozen for 60, then 30 more: its clock saw 60 ticks
	// (its Tick reads the time before its own tick is counted).
	if game.ticks != 60 || gameTime != timing.Micros(59*timing.Second/30) {
		t.Errorf("game: %d ticks, state time %v, want 60 ticks and %v", game.ticks, gameTime, 59*timing.Second/30)
	}
	if pause.ticks != 60 || pauseTime != timing.Micros(59*timing.Second/30) {
		t.Errorf("pause: %d ticks, state time %v, want 60 and %v", pause.ticks, pauseTime, 59*timing.Second/30)
	}
}

// texter draws one HUD text.
type texter struct {
	probe
	s string
}

func (x *texter) Draw(ctx *DrawContext) { ctx.HUD.AddText(0, 0, gfxWhite, x.s) }
func (x *texter) Below() Below          { return Below{Draw: true} }

func TestEachVisibleStateDrawsOnItsOwnHUDLayer(t *testing.T) {
	bottom := &texter{probe{name: "bottom", log: &journal{}}, "under"}
	top := &texter{probe{name: "top", log: bottom.log}, "over"}
	bottom.onTick = func(p *probe, ctx *TickContext) error {
		if p.ticks == 1 {
			ctx.Push(top)
		}
		return nil
	}
	h, err := NewHeadless(Options{Overlay: true}, bottom)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(3, Steady(60)); err != nil {
		t.Fatal(err)
	}
	layers := map[string]uint16{}
	for _, tx := range h.Game.picture.HUD.Texts {
		layers[tx.S] = tx.Layer
	}
	if layers["under"] != 0 || layers["over"] != 1 {
		t.Errorf("HUD layers: %v, want under on 0 and over on 1", layers)
	}
	for _, tx := range h.Game.picture.HUD.Texts {
		if tx.S != "under" && tx.S != "over" && tx.Layer != 2 {
			t.Errorf("debug overlay text %q on layer %d, want 2 (above every state)", tx.S, tx.Layer)
		}
	}
}

// pusher pushes another pusher every time it is entered.
type pusher struct{ n *int }

func (p *pusher) Enter(ctx *Context) error { *p.n++; ctx.Push(&pusher{n: p.n}); return nil }
func (p *pusher) Tick(*TickContext) error  { return nil }
func (p *pusher) Draw(*DrawContext)        {}

// TestRunawayStackEndsAtMaxDepth: a state that pushes another in every
// Enter ends the game with an error at MaxDepth states, not by exhausting
// memory.
func TestRunawayStackEndsAtMaxDepth(t *testing.T) {
	n := 0
	_, err := NewHeadless(Options{}, &pusher{n: &n})
	if err == nil || !strings.Contains(err.Error(), "MaxDepth") || !strings.Contains(err.Error(), "*engine.pusher") {
		t.Fatalf("got %v, want an error naming MaxDepth and the state", err)
	}
	if n != MaxDepth {
		t.Errorf("got %d states entered, want %d", n, MaxDepth)
	}
}
