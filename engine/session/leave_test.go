package session

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestSettledGoodbyeLetsThePeerFinish: the host runs n ticks, settles
// them and closes while the joiner is still Delay ticks behind. The
// joiner hears that the host left (PeerLeft, Tick n) but its session goes
// on: it runs its last ticks from the confirmed input, with the host's
// history, is Settled(n), and only a tick n ends it. Under a lossy, slow
// simulated network too: the host's Sim sends the goodbye it still holds
// when it closes.
func TestSettledGoodbyeLetsThePeerFinish(t *testing.T) {
	const n, delay = 120, 2
	lossy := Conditions{Latency: 30 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.1, Incoming: true}
	for _, mode := range []Mode{Lockstep, Rollback} {
		for _, cond := range []Conditions{{}, lossy} {
			t.Run(fmt.Sprintf("%s loss %v", mode, cond.Loss), func(t *testing.T) {
				p := newPair(t, mode, delay, cond, "a", "a")
				p.run(t, n-delay, time.Minute)
				h, j := p.s[0], p.s[1]
				step := func(i int) {
					t.Helper()
					if err := p.s[i].Poll(); err != nil {
						t.Fatalf("machine %d at tick %d: %v", i, p.s[i].Next(), err)
					}
					if p.s[i].Next() < n && p.s[i].Ready() {
						if err := p.toys[i].step(p.s[i].Next()); err != nil {
							t.Fatalf("machine %d: %v", i, err)
						}
					}
					p.clock.t = p.clock.t.Add(time.Millisecond)
				}
				for k := 0; k < 20_000 && !h.Settled(n); k++ {
					step(0)
					if err := j.Poll(); err != nil { // acknowledges, runs no tick
						t.Fatal(err)
					}
				}
				if !h.Settled(n) || j.Next() >= n {
					t.Fatalf("host settled %v at tick %d, joiner at tick %d: want the host settled and the joiner behind", h.Settled(n), h.Next(), j.Next())
				}
				if err := h.Close(); err != nil {
					t.Fatal(err)
				}
				left := false
				var evs []Event
				for k := 0; k < 20_000 && !(j.Settled(n) && left); k++ {
					step(1)
					for _, e := range j.Events(evs[:0]) {
						left = left || (e.Kind == PeerLeft && e.Slot == 0 && e.Tick == n)
					}
				}
				if !j.Settled(n) || j.Next() != n || j.Err() != nil || !left {
					t.Fatalf("joiner at tick %d, settled %v, error %v, heard PeerLeft of slot 0 with tick %d: %v: want the %d ticks run and settled, and the goodbye heard",
						j.Next(), j.Settled(n), j.Err(), n, left, n)
				}
				p.sameHistory(t, n)
				_, err := j.TickEvents(n, nil)
				var ended *EndedError
				if !errors.As(err, &ended) || ended.Event.Kind != PeerLeft || ended.Event.Tick != n {
					t.Fatalf("TickEvents(%d) after the host left: %v, want the match ended by PeerLeft at tick %d", n, err, n)
				}
			})
		}
	}
}
