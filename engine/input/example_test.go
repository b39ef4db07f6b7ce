package input_test

import (
	"fmt"

	"github.com/tickwork/tickwork/engine/input"
)

// A window backend turns callbacks into Events; the engine delivers each to
// exactly one tick (see engine.Input).
func ExampleEvent() {
	e := input.Event{Time: 16667, Kind: input.KeyPress, Key: input.KeySpace}
	fmt.Println(e.Kind, e.Key)
	// Output: key-press Space
}
