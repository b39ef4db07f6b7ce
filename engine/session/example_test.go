package session_test

import (
	"fmt"
	"time"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/session"
)

// Two machines in lockstep over an in-process network (in a game: UDP
// transports and the engine as the tick loop). Each presses Space on its
// own ticks; both see both presses, at tick+Delay, tagged by player.
func Example() {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	net := session.NewMemoryNet()
	press := func(every uint64) session.LocalFunc {
		return func(tick uint64, dst []input.Event) []input.Event {
			if tick%every == 0 {
				dst = append(dst, input.Event{Kind: input.KeyPress, Key: input.KeySpace})
			}
			return dst
		}
	}
	host, _ := session.Host(net.Endpoint("a"), session.Config{Players: 2, Delay: 2, Settings: "demo v1", Local: press(4), Now: clock})
	join, _ := session.Join(net.Endpoint("b"), "a", session.Config{Delay: 2, Settings: "demo v1", Local: press(3), Now: clock})
	var evs []input.Event
	for step := 0; step < 100 && join.Next() < 8; step++ {
		host.Poll()
		join.Poll()
		for _, s := range []*session.Session{host, join} {
			if s.Ready() {
				tick := s.Next()
				evs, _ = s.TickEvents(tick, evs[:0])
				if s == join && len(evs) > 0 {
					fmt.Printf("tick %d:", tick)
					for _, e := range evs {
						fmt.Printf(" player %d %v", session.PlayerOf(e), e.Kind)
					}
					fmt.Println()
				}
			}
		}
		now = now.Add(time.Millisecond)
	}
	// Output:
	// tick 2: player 0 key-press player 1 key-press
	// tick 5: player 1 key-press
	// tick 6: player 0 key-press
}
