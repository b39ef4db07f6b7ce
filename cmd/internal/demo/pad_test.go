package demo

import (
	"errors"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

func TestPadPushesTheBallAtAnyPace(t *testing.T) {
	run := func(frames engine.FrameTimes, stick float64) (uint64, [2]float64) {
		h, g := play(t, Config{})
		h.Inject(5, input.PadConnectEvent(0, 0, true))
		h.Inject(10, input.PadAxisEvent(timing.Micros(10*33333), 0, input.PadLeftX, stick))
		h.Inject(40, input.PadAxisEvent(timing.Micros(40*33333), 0, input.PadLeftX, 0))
		if err := h.RunTicks(90, frames); err != nil {
			t.Fatal(err)
		}
		p := g.ball.State.Pos
		return h.Game.Hash(), [2]float64{p[0], p[2]}
	}
	h7, p7 := run(engine.Steady(7), 1)
	h240, p240 := run(engine.Jittered(240, 0.5, 9), 1)
	if h7 != h240 || p7 != p240 {
		t.Errorf("7 fps: hash %x ball %v; 240 fps ±50%%: hash %x ball %v; want the same", h7, p7, h240, p240)
	}
	if h0, p0 := run(engine.Steady(60), 0); h0 == h7 || p0 == p7 {
		t.Errorf("a stick at rest: hash %x ball %v, the same as pushed: the pad does nothing", h0, p0)
	}
}

func TestTitleNameEntry(t *testing.T) {
	title := NewTitle(Config{})
	h := headless(t, title)
	typed := func(tick uint64, s string) {
		var evs []input.Event
		for _, r := range s {
			evs = append(evs, input.CharEvent(0, r))
		}
		h.Inject(tick, evs...)
	}
	typed(2, "Zoë q")
	h.Inject(3, input.Event{Kind: input.KeyPress, Key: input.KeyBackspace}, input.Event{Kind: input.KeyRelease, Key: input.KeyBackspace})
	typed(4, "1234567890123456789") // past the 16 runes a name holds
	ticks(t, h, 6)
	if got, want := string(title.name), "Zoë 123456789012"; got != want {
		t.Errorf("name %q, want %q (typed text, a Backspace, cut at %d runes; q typed, not quitting)", got, want, MaxNameRunes)
	}
	tap(h, 7, input.KeyEnter)
	ticks(t, h, 3)
	g, ok := h.Game.Top().(*Gameplay)
	if !ok || g.cfg.Player != "Zoë 123456789012" || g.playerLabel != "player: Zoë 123456789012" {
		t.Errorf("after Enter: top state %T, want the gameplay with the player's name", h.Game.Top())
	}
}

func TestTitleEscQuits(t *testing.T) {
	h := headless(t, NewTitle(Config{}))
	tap(h, 5, input.KeyEscape)
	if err := h.RunTicks(20, nil); !errors.Is(err, engine.ErrQuit) || h.Game.Time().Ticks() != 6 {
		t.Errorf("Esc at tick 5 on the title: %v after %d ticks, want ErrQuit after 6", err, h.Game.Time().Ticks())
	}
}
