package action_test

import (
	"fmt"
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/action"
	"github.com/tickwork/tickwork/engine/input"
)

// sixtyFour returns a Map of 64 actions: a movement vector (4 actions of 4
// bindings), a camera vector on the right stick, a chord, and 55 buttons
// each bound to a key and a pad button or a trigger.
func sixtyFour(t testing.TB) *action.Map {
	defs := []action.Def{
		action.Move("move"),
		action.Vector("look",
			[]action.Binding{action.Axis(input.PadRightY, -1).Curve(2)},
			[]action.Binding{action.Axis(input.PadRightY, 1).Curve(2)},
			[]action.Binding{action.Axis(input.PadRightX, -1).Curve(2)},
			[]action.Binding{action.Axis(input.PadRightX, 1).Curve(2)}),
		action.Button("save", action.Chord(action.Ctrl, input.KeyS)),
	}
	for i := range 55 {
		pad := action.Pad(input.PadButton(i % int(input.NumPadButtons)))
		if i%11 == 0 {
			pad = action.Axis(input.PadRightTrigger, 1).DeadZone(0.1)
		}
		defs = append(defs, action.Button(fmt.Sprintf("a%d", i), action.Key(input.KeyF1+input.Key(i%12)), pad))
	}
	m := newMap(t, defs...)
	if n := len(m.Names()); n != 64 {
		t.Fatalf("%d actions, want 64", n)
	}
	return m
}

// inTick runs fn inside a tick of a headless game with a pad connected,
// keys, buttons and sticks held, and presses in that tick.
func inTick(t testing.TB, fn func(src action.Source)) {
	t.Helper()
	h, err := engine.NewHeadless(engine.Options{}, &tickFn{fn: fn})
	if err != nil {
		t.Fatal(err)
	}
	h.Inject(1, plug(0), keyDown(input.KeyW), keyDown(input.KeyF3), keyDown(input.KeyLeftControl),
		padDown(0, input.PadA), stick(0, input.PadLeftX, 0.7), stick(0, input.PadRightY, -0.4),
		stick(0, input.PadRightTrigger, 0.9))
	h.Inject(2, keyDown(input.KeyS), padDown(0, input.PadB), keyUp(input.KeyF3))
	if err := h.RunTicks(3, nil); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
}

type tickFn struct{ fn func(action.Source) }

func (s *tickFn) Tick(ctx *engine.TickContext) error {
	if ctx.Tick.Index == 2 {
		s.fn(ctx.Input)
	}
	return nil
}
func (s *tickFn) Draw(*engine.DrawContext) {}

// Evaluating 64 actions allocates nothing, nor do the queries.
func TestUpdateAllocatesNothing(t *testing.T) {
	m := sixtyFour(t)
	inTick(t, func(src action.Source) {
		m.Update(src)
		if !m.Pressed("save") || !m.Down("move.up") || !m.Pressed("a1") {
			t.Errorf("save %v, move.up %v, a1 %v: want pressed, down, pressed", m.Pressed("save"), m.Down("move.up"), m.Pressed("a1"))
		}
		if n := testing.AllocsPerRun(100, func() {
			m.Update(src)
			_ = m.Pressed("a3") || m.Down("a4") || m.Released("a5")
			x, y := m.Vector("move")
			_ = m.Value("a0") + x + y
		}); n != 0 {
			t.Errorf("Update and queries allocate %v times per tick, want 0", n)
		}
	})
}

// BenchmarkUpdate64 is one tick's evaluation of 64 actions from the
// engine's Input (goal: at most 2 µs).
func BenchmarkUpdate64(b *testing.B) {
	m := sixtyFour(b)
	inTick(b, func(src action.Source) {
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			m.Update(src)
		}
	})
}
