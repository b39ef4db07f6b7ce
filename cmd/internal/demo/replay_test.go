package demo

import (
	"path/filepath"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
	"github.com/tickwork/tickwork/timing"
)

// A recording of the gameplay driven by a gamepad, text and mouse-look
// events replays with the same hashes at other frame rates: every hash the
// recording holds is checked while it replays.
func TestPadTextMouseRecordingReplaysAtAnyPace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pad.twr")
	h, _ := play(t, Config{})
	rec, err := replay.Create(path, replay.Header{TickRate: h.Game.Time().TickRate(), Seed: GameSeed, InitialState: StartGameplay, HashEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.AddTickSink(rec)
	at := func(tick uint64) timing.Micros { return timing.Micros(tick * 33333) }
	h.Inject(3, input.PadConnectEvent(at(3), 0, true))
	h.Inject(8, input.PadAxisEvent(at(8), 0, input.PadLeftX, 0.9), input.PadAxisEvent(at(8)+5, 0, input.PadLeftY, -0.6))
	h.Inject(20, input.CharEvent(at(20), 'x'), input.Event{Time: at(20) + 1, Kind: input.MouseMotion, X: 4, Y: -2})
	h.Inject(30, input.PadButtonEvent(at(30), 0, input.PadY, true), input.PadButtonEvent(at(30)+9, 0, input.PadY, false)) // teleport
	h.Inject(45, input.PadAxisEvent(at(45), 0, input.PadLeftX, -1))
	h.Inject(70, input.PadConnectEvent(at(70), 0, false))
	if err := h.RunTicks(100, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	for _, frames := range []engine.FrameTimes{engine.Steady(7), engine.Jittered(240, 0.5, 4)} {
		p, err := replay.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGameplay(Config{})
		hr, err := engine.NewHeadless(Options(), g)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(hr.Game); err != nil {
			t.Fatal(err)
		}
		hr.Game.SetTickSource(p)
		hr.Game.AddTickSink(p)
		if err := hr.RunTicks(p.Ticks(), frames); err != nil {
			t.Errorf("replay: %v", err)
		}
		if g.Ticks() != p.Ticks() {
			t.Errorf("replay ran %d ticks of %d", g.Ticks(), p.Ticks())
		}
		hr.Close()
	}
}
