package engine

import (
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

func TestTapWithinOneFrameIsSeenByExactlyOneTick(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	var downAtTick []bool
	p.onTick = func(p *probe, ctx *TickContext) error {
		if ctx.Input.Pressed(input.KeyA) {
			downAtTick = append(downAtTick, ctx.Input.Down(input.KeyA))
			if !ctx.Input.Released(input.KeyA) {
				t.Errorf("tick %d: the tap's release is not reported in the same tick", ctx.Tick.Index)
			}
		}
		return nil
	}
	g, win, clk, _ := manualGame(t, Options{}, p)
	// 144 fps frames; the tap happens between two frames.
	for i := range 40 {
		clk.Advance(6944)
		if i == 10 {
			win.pending = append(win.pending,
				key(input.KeyPress, input.KeyA, clk.Now()-3000),
				key(input.KeyRelease, input.KeyA, clk.Now()-1000))
		}
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if p.pressed != 1 {
		t.Fatalf("a tap inside one frame was seen by %d ticks, want exactly 1", p.pressed)
	}
	if len(downAtTick) != 1 || downAtTick[0] {
		t.Errorf("Down at the tick that saw the tap: got %v, want false (released by the tick's moment)", downAtTick)
	}
}

func TestTwoTickFrameDeliversOnce(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	g, win, clk, _ := manualGame(t, Options{}, p)
	clk.Advance(frame60)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	// A 70 ms frame runs two ticks. The press happened before the first
	// tick's ideal moment (33.3 ms), the release after it.
	win.pending = append(win.pending, key(input.KeyPress, input.KeyA, 20000), key(input.KeyRelease, input.KeyA, 50000))
	clk.Set(70000)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	if g.lastFrame.Ticks != 2 {
		t.Fatalf("the 70 ms frame ran %d ticks, want 2", g.lastFrame.Ticks)
	}
	if p.pressed != 1 {
		t.Errorf("a press in a two-tick frame was seen %d times, want once", p.pressed)
	}
	want := []string{"tick 0: key-press A;", "tick 1: key-release A;"}
	if len(p.inputs) != 2 || p.inputs[0] != want[0] || p.inputs[1] != want[1] {
		t.Errorf("delivery: got %q, want %q (each event to the tick of its moment)", p.inputs, want)
	}
}

func TestHeldKeyIsDownAcrossTicksAndOnlyTopGetsEvents(t *testing.T) {
	log := &journal{}
	bottom := &probe{name: "bottom", log: log}
	top := &overlayProbe{probe{name: "top", log: log, below: &Below{Draw: true, Tick: true}}}
	var topDown, bottomSaw int
	bottom.onTick = func(p *probe, ctx *TickContext) error {
		if p.ticks == 1 {
			ctx.Push(top)
		}
		bottomSaw += len(ctx.Input.Events())
		return nil
	}
	top.onTick = func(p *probe, ctx *TickContext) error {
		if ctx.Input.Down(input.KeyD) {
			topDown++
		}
		return nil
	}
	g, win, clk, _ := manualGame(t, Options{}, bottom)
	for i := range 60 {
		clk.Advance(frame60)
		switch i {
		case 5:
			win.pending = append(win.pending, key(input.KeyPress, input.KeyD, clk.Now()))
		case 35:
			win.pending = append(win.pending, key(input.KeyRelease, input.KeyD, clk.Now()))
		}
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if topDown < 14 || topDown > 16 {
		t.Errorf("ticks with D down over 30 frames at 60 fps: got %d, want 15", topDown)
	}
	if bottomSaw != 0 {
		t.Errorf("the state below the top saw %d events, want 0", bottomSaw)
	}
}

func TestFocusLossReleasesKeysAndCanPause(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	var sawRelease bool
	p.onTick = func(p *probe, ctx *TickContext) error {
		if ctx.Input.Released(input.KeyW) {
			sawRelease = true
		}
		return nil
	}
	g, win, clk, _ := manualGame(t, Options{FocusLoss: PauseOnFocusLoss}, p)
	frameAt := func(evs ...input.Event) {
		clk.Advance(frame60)
		win.pending = append(win.pending, evs...)
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
	}
	frameAt(key(input.KeyPress, input.KeyW, 0))
	for range 4 {
		frameAt()
	}
	ticks := p.ticks
	frameAt(input.Event{Time: clk.Now(), Kind: input.FocusLost})
	for range 120 { // two seconds unfocused
		frameAt()
	}
	if p.ticks != ticks {
		t.Errorf("ticks while unfocused with PauseOnFocusLoss: %d, want 0", p.ticks-ticks)
	}
	frameAt(input.Event{Time: clk.Now(), Kind: input.FocusGained})
	frameAt()
	if p.ticks-ticks > 1 {
		t.Errorf("ticks right after refocus: %d, want at most 1 (no burst)", p.ticks-ticks)
	}
	if !sawRelease {
		t.Errorf("the key held when focus was lost was never released")
	}
}

func TestCloseRequestEndsTheGameCleanly(t *testing.T) {
	log := &journal{}
	p := &probe{name: "p", log: log}
	g, win, clk, _ := manualGame(t, Options{}, p)
	clk.Advance(frame60)
	win.pending = append(win.pending, input.Event{Time: clk.Now(), Kind: input.CloseRequest})
	if err := g.RunFrame(); err != ErrQuit {
		t.Fatalf("Frame after a close request: got %v, want ErrQuit", err)
	}
	if log.String() != "p enter\np exit" {
		t.Errorf("hooks: got %q, want enter then exit", log.String())
	}
}

func TestCursorMovesAreMerged(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	var x, y float64
	var moves int
	p.onTick = func(p *probe, ctx *TickContext) error {
		for _, e := range ctx.Input.Events() {
			if e.Kind == input.CursorMove {
				moves++
			}
		}
		x, y = ctx.Input.Cursor()
		return nil
	}
	g, win, clk, _ := manualGame(t, Options{}, p)
	for i := range 50 {
		win.pending = append(win.pending, input.Event{Time: clk.Now(), Kind: input.CursorMove, X: float64(i), Y: float64(2 * i)})
	}
	clk.Advance(40 * timing.Millisecond)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	if moves != 1 || x != 49 || y != 98 {
		t.Errorf("50 cursor moves in one frame: the tick saw %d moves, cursor (%g,%g); want 1 and (49,98)", moves, x, y)
	}
}

func TestLiveInputIsNotQueuedUnderATickSource(t *testing.T) {
	p := &probe{name: "p", log: &journal{}}
	g, win, clk, _ := manualGame(t, Options{}, p)
	g.SetTickSource(emptySource{})
	for range 50 {
		clk.Advance(frame60)
		win.pending = append(win.pending,
			key(input.KeyPress, input.KeyW, clk.Now()),
			input.Event{Time: clk.Now(), Kind: input.FocusLost},
			input.Event{Time: clk.Now(), Kind: input.CursorMove, X: 1})
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.queue) != 0 || len(p.inputs) != 0 {
		t.Errorf("with a tick source: %d live events queued, %d ticks saw input; want 0 and 0", len(g.queue), len(p.inputs))
	}
}

type emptySource struct{}

func (emptySource) TickEvents(_ uint64, dst []input.Event) ([]input.Event, error) { return dst, nil }
