package input_test

import (
	"fmt"

	"github.com/tickwork/tickwork/engine/input"
)

// The engine hands each tick its events; a key tapped between two ticks is
// still seen, although it is up again at the tick's moment.
func ExampleState() {
	in := input.NewState()

	in.Begin() // a tick
	in.Apply(input.Event{Kind: input.KeyPress, Key: input.KeySpace})
	in.Apply(input.Event{Kind: input.KeyRelease, Key: input.KeySpace})
	in.Apply(input.Event{Kind: input.KeyPress, Key: input.KeyW})
	fmt.Println("jump:", in.Pressed(input.KeySpace), "space down:", in.Down(input.KeySpace), "W down:", in.Down(input.KeyW))

	in.Begin() // the next tick: no new events, W still held
	fmt.Println("jump:", in.Pressed(input.KeySpace), "W down:", in.Down(input.KeyW))
	// Output:
	// jump: true space down: false W down: true
	// jump: false W down: true
}
