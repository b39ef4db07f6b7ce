package demo_test

import (
	"fmt"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
)

// The sample's gameplay with 1000 extra actors, run headless for ten
// seconds of game time at a jittery 60 fps, as a benchmark or a test
// would run it.
func ExampleNewGameplay() {
	play := demo.NewGameplay(demo.Config{Actors: 1000})
	h, err := engine.NewHeadless(demo.Options(), play)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer h.Close()
	if err := h.RunTicks(300, engine.Jittered(60, 0.3, 1)); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("ticks:", play.Ticks(), "actors:", play.Scene().Len(), "teleports:", play.Teleports())
	// Output: ticks: 300 actors: 1324 teleports: 5
}
