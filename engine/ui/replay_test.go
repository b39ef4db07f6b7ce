package ui_test

import (
	"hash/fnv"
	"math"
	"path/filepath"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
	"github.com/tickwork/tickwork/engine/ui"
)

// padMenu is a settings menu state whose widget values and UI state are
// in the game's hash.
type padMenu struct {
	settings
	presses int
	backs   int
}

func (m *padMenu) Enter(*engine.Context) error {
	m.u = ui.New(ui.Options{})
	return nil
}

func (m *padMenu) Tick(ctx *engine.TickContext) error {
	m.u.Begin(ctx.Input, nil)
	m.widgets()
	m.u.End()
	if m.clicked != "" {
		m.presses++
	}
	if m.u.Back() {
		m.backs++
	}
	return nil
}

func (m *padMenu) Draw(ctx *engine.DrawContext) { m.u.Draw(ctx.HUD, ctx.Width, ctx.Height) }

func (m *padMenu) Hash() uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(v uint64) {
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		h.Write(b[:])
	}
	put(m.u.Hash())
	put(uint64(math.Float32bits(m.volume)))
	if m.vsync {
		put(1)
	}
	put(uint64(m.list.Selected)<<32 | uint64(m.list.Scroll))
	put(uint64(m.presses)<<32 | uint64(m.backs))
	return h.Sum64()
}

// state is what a run of padMenu ends with.
type menuEnd struct {
	focus          string
	volume         float32
	vsync          bool
	list           ui.ListState
	presses, backs int
	hash           uint64
}

func endOf(h *engine.Headless, m *padMenu) menuEnd {
	return menuEnd{m.u.FocusLabel(), m.volume, m.vsync, m.list, m.presses, m.backs, h.Game.Hash()}
}

// A menu worked only with a pad (D-pad, left stick, A and B, as raw
// events through the headless driver), recorded at a jittery 60 fps,
// replays to the same state and hashes at 7 and 240 fps.
func TestPadMenuReplays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "menu.twr")
	m := &padMenu{}
	h, err := engine.NewHeadless(engine.Options{Seed: 7}, m)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := replay.Create(path, replay.Header{TickRate: h.Game.Time().TickRate(), Seed: 7, InitialState: "menu", HashEvery: 1})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.AddTickSink(rec)
	tap := func(tick uint64, b input.PadButton) {
		h.Inject(tick, input.PadButtonEvent(0, 0, b, true))
		h.Inject(tick+1, input.PadButtonEvent(0, 0, b, false))
	}
	stick := func(tick, ticks uint64, x, y float64) {
		h.Inject(tick, input.PadAxisEvent(0, 0, input.PadLeftX, x), input.PadAxisEvent(0, 0, input.PadLeftY, y))
		h.Inject(tick+ticks, input.PadAxisEvent(0, 0, input.PadLeftX, 0), input.PadAxisEvent(0, 0, input.PadLeftY, 0))
	}
	h.Inject(1, input.PadConnectEvent(0, 0, true))
	at := uint64(3)
	for _, b := range []input.PadButton{input.PadDpadDown, input.PadDpadDown, input.PadA} { // Settings
		tap(at, b)
		at += 3
	}
	stick(at, 30, 0, 1) // held down: moves, then repeats
	at += 33
	for _, b := range []input.PadButton{input.PadDpadUp, input.PadA, input.PadDpadDown, input.PadDpadRight, input.PadDpadRight,
		input.PadDpadLeft, input.PadDpadDown, input.PadDpadDown, input.PadDpadDown, input.PadB,
		input.PadDpadUp, input.PadDpadUp, input.PadDpadUp, input.PadDpadUp, input.PadDpadUp, // up the list, then out of it
		input.PadDpadRight, input.PadDpadRight, input.PadDpadDown, input.PadDpadDown} { // the volume; back into the list
		tap(at, b)
		at += 2
	}
	stick(at, 3, 0.8, 0)
	if err := h.RunTicks(at+10, engine.Jittered(60, 0.5, 1)); err != nil {
		t.Fatal(err)
	}
	want := endOf(h, m)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if want.presses == 0 || want.backs != 1 || want.focus == "" || want.volume == 0 || want.list.Selected == 0 {
		t.Fatalf("the pad did little: %+v", want)
	}
	t.Logf("recorded: %+v", want)
	for _, fps := range []float64{7, 240} {
		p, err := replay.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := &padMenu{}
		g, err := engine.NewHeadless(engine.Options{TickRate: p.Header().TickRate, Seed: p.Header().Seed}, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(g.Game); err != nil {
			t.Fatal(err)
		}
		g.Game.SetTickSource(p)
		g.Game.AddTickSink(p) // every tick's hash is compared
		if err := g.RunTicks(p.Ticks(), engine.Steady(fps)); err != nil {
			t.Fatalf("replay at %v fps: %v", fps, err)
		}
		if got := endOf(g, r); got != want {
			t.Errorf("replay at %v fps ends %+v, recorded %+v", fps, got, want)
		}
		g.Close()
	}
}
