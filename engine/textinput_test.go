package engine

import (
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// typist keeps, per tick, the text typed and the mouse motion.
type typist struct {
	text   []string
	motion [][2]float64
}

func (s *typist) Tick(ctx *TickContext) error {
	s.text = append(s.text, string(ctx.Input.Text()))
	dx, dy := ctx.Input.MouseMotion()
	s.motion = append(s.motion, [2]float64{dx, dy})
	return nil
}

func (*typist) Draw(*DrawContext) {}

func TestTextAndMouseMotionPerTick(t *testing.T) {
	s := &typist{}
	h, err := NewHeadless(Options{}, s)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	step := timing.Micros(33333)
	h.Inject(1, input.CharEvent(step+1, 'a'), input.CharEvent(step+2, 'ß'),
		input.Event{Time: step + 3, Kind: input.MouseMotion, X: 2, Y: -1},
		input.Event{Time: step + 4, Kind: input.MouseMotion, X: 0.5, Y: 3})
	h.Inject(2, input.CharEvent(2*step+1, '中'))
	// One frame runs several ticks: each still sees only its own input.
	if err := h.RunFrame(5 * step); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		tick   int
		text   string
		motion [2]float64
	}{
		{0, "", [2]float64{}},
		{1, "aß", [2]float64{2.5, 2}},
		{2, "中", [2]float64{}},
		{3, "", [2]float64{}},
	}
	if len(s.text) < 4 {
		t.Fatalf("ran %d ticks, want at least 4", len(s.text))
	}
	for _, tt := range tests {
		if s.text[tt.tick] != tt.text || s.motion[tt.tick] != tt.motion {
			t.Errorf("tick %d: text %q, motion %v; want %q, %v", tt.tick, s.text[tt.tick], s.motion[tt.tick], tt.text, tt.motion)
		}
	}
}
