package timing_test

import (
	"fmt"

	"github.com/tickwork/tickwork/timing"
)

// A game loop drives the scheduler with the time it reads once per frame.
// Here the frame times are synthetic: a frame at 0, 48 and 110 ms.
func ExampleScheduler() {
	s, err := timing.New(timing.Config{}) // 30 Hz, the defaults
	if err != nil {
		panic(err)
	}
	for _, now := range []timing.Micros{0, 48 * timing.Millisecond, 110 * timing.Millisecond} {
		f := s.Advance(now)
		for i := range f.Ticks {
			tick := f.Tick(i)
			fmt.Printf("  tick %d simulates from %v, %.4fs\n", tick.Index, tick.Time, tick.Delta)
		}
		fmt.Printf("frame at %v: %d ticks, alpha %.2f, showing the state of %v\n",
			now, f.Ticks, f.Alpha, f.Shown())
	}
	// Output:
	// frame at 0µs: 0 ticks, alpha 0.00, showing the state of 0µs
	//   tick 0 simulates from 0µs, 0.0333s
	// frame at 48ms: 1 ticks, alpha 0.44, showing the state of 14.666ms
	//   tick 1 simulates from 33.333ms, 0.0333s
	//   tick 2 simulates from 66.666ms, 0.0333s
	// frame at 110ms: 2 ticks, alpha 0.30, showing the state of 76.667ms
}

// A 2 Hz AI decision inside 30 Hz ticks.
func ExampleEvery() {
	think, _ := timing.EveryHz(2)
	tick := timing.TickInfo{Rate: 30}
	for i := range 60 {
		tick.Index = uint64(i)
		if think.Tick(&tick) > 0 {
			fmt.Println("think at tick", i)
		}
	}
	// Output:
	// think at tick 14
	// think at tick 29
	// think at tick 44
	// think at tick 59
}

func ExampleScheduler_Pause() {
	s, _ := timing.New(timing.Config{})
	s.Advance(0)
	s.Advance(50 * timing.Millisecond) // one tick, alpha 0.5
	s.Pause()
	f := s.Advance(10 * timing.Second) // paused: no ticks, alpha frozen
	fmt.Println("paused:", f.Ticks, "ticks, alpha", f.Alpha)
	s.Resume()
	f = s.Advance(10*timing.Second + 16*timing.Millisecond) // no burst
	fmt.Println("resumed:", f.Ticks, "ticks, alpha", f.Alpha)
	// Output:
	// paused: 0 ticks, alpha 0.5
	// resumed: 0 ticks, alpha 0.5
}
