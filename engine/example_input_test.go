package engine_test

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// tapper reports what its ticks see of the space bar.
type tapper struct{}

func (tapper) Tick(ctx *engine.TickContext) error {
	in := ctx.Input
	fmt.Printf("tick %d: pressed %v, released %v, down %v\n", ctx.Tick.Index,
		in.Pressed(input.KeySpace), in.Released(input.KeySpace), in.Down(input.KeySpace))
	return nil
}
func (tapper) Draw(*engine.DrawContext) {}

// A key tapped between two ticks is still seen: the tick it is delivered to
// sees it pressed and released, though it is up at the tick's moment.
func ExampleInput() {
	h, _ := engine.NewHeadless(engine.Options{}, tapper{})
	h.Inject(1, input.Event{Kind: input.KeyPress, Key: input.KeySpace},
		input.Event{Kind: input.KeyRelease, Key: input.KeySpace})
	h.RunTicks(3, nil)
	// Output:
	// tick 0: pressed false, released false, down false
	// tick 1: pressed true, released true, down false
	// tick 2: pressed false, released false, down false
}
