package engine_test

import (
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// Coin is a behaviour that reacts by itself: when Space is pressed it
// chimes, hops and tells its state.
type Coin struct{ chime *audio.Clip }

func (c *Coin) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	ctx := engine.TickContextOf(m) // nil outside the engine's ticks
	if ctx == nil || !ctx.Input.Pressed(input.KeySpace) {
		return nil
	}
	if _, err := ctx.PlaySound(audio.Play{Clip: c.chime, Volume: 1}); err != nil {
		return err
	}
	a.Local.Pos[1]++
	ctx.Post(c)
	return nil
}

// Level owns the coins and counts what they tell it.
type Level struct {
	world scene.Manager
	taken int
}

func (l *Level) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &l.world) }
func (l *Level) Draw(*engine.DrawContext)                     {}
func (l *Level) Tick(ctx *engine.TickContext) error {
	for _, msg := range ctx.Messages() { // posted during the previous tick
		if _, ok := msg.(*Coin); ok {
			l.taken++
			fmt.Printf("tick %d: a coin chimed\n", ctx.Tick.Index)
		}
	}
	return nil
}

// A behaviour reads the tick's input, plays a sound at the tick's place on
// the audio timeline and posts a message to its state, which reads it in
// its next tick.
func ExampleTickContextOf() {
	l := &Level{}
	l.world.Spawn(scene.Spec{Behavior: &Coin{chime: &audio.Clip{Name: "chime", Samples: []float32{1, 1}}}})
	h, _ := engine.NewHeadless(engine.Options{}, l)
	h.Inject(3, input.Event{Kind: input.KeyPress, Key: input.KeySpace})
	h.RunTicks(6, nil)
	fmt.Println("taken:", l.taken)
	// Output:
	// tick 4: a coin chimed
	// taken: 1
}
