package session_test

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/session"
)

// TestEngineWindowIsTheSessionWindow: two engine games whose rollback
// keeps exactly the session's window (Enable(Window)) play a rollback
// match over loopback UDP under a simulated lossy, jittery network, each
// on its own goroutine running ticks as fast as the session lets it (a
// tick waits in TickEvents when the window is full, so input often
// arrives while a new tick is captured). No rewind reaches further back
// than the window, and both end settled with the same hash.
func TestEngineWindowIsTheSessionWindow(t *testing.T) {
	for _, tc := range []struct {
		window int
		cond   string
	}{
		{3, "latency=8ms,jitter=6ms,loss=0.1,reorder=0.1,seed=5"},
		{session.MaxWindow, "latency=15ms,jitter=10ms,loss=0.1,dup=0.05,seed=9"},
	} {
		t.Run(fmt.Sprint("window ", tc.window), func(t *testing.T) {
			cond, err := session.ParseConditions(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			var games [2]*engine.Headless
			var ss [2]*session.Session
			for i := range 2 {
				h, err := engine.NewHeadless(engine.Options{TickRate: 60}, &score{})
				if err != nil {
					t.Fatal(err)
				}
				defer h.Close()
				if err := h.Game.Rollback().Enable(tc.window); err != nil {
					t.Fatal(err)
				}
				games[i] = h
			}
			config := func(i int) session.Config {
				return session.Config{Mode: session.Rollback, Players: 2, Delay: 1, Window: tc.window, Settings: "score v1",
					Timeout: 3 * time.Second, Rewinder: games[i].Game.Rollback(),
					Local: func(tick uint64, dst []input.Event) []input.Event {
						if tick%uint64(3+i) == 0 {
							dst = append(dst, input.Event{Kind: input.KeyPress, Key: input.KeySpace})
						}
						return dst
					}}
			}
			a, err := session.ListenUDP("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			b, err := session.ListenUDP("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			cond.Seed++
			ss[0], _ = session.Host(session.NewSim(a, cond, nil), config(0))
			cond.Seed++
			ss[1], _ = session.Join(session.NewSim(b, cond, nil), a.LocalAddr(), config(1))
			defer ss[0].Close()
			defer ss[1].Close()
			const ticks = 400
			var wg sync.WaitGroup
			var settled atomic.Int32
			var errs [2]error
			for i := range 2 {
				games[i].Game.SetTickSource(ss[i])
				games[i].Game.AddTickSink(ss[i].TickSink())
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = playFast(ss[i], games[i], ticks, &settled)
				}()
			}
			wg.Wait()
			if err := errors.Join(errs[:]...); err != nil {
				t.Fatal(err)
			}
			for i := range 2 {
				st := ss[i].Stats()
				if st.MaxRollback > tc.window {
					t.Errorf("machine %d: deepest rewind %d ticks, window %d", i, st.MaxRollback, tc.window)
				}
				t.Logf("machine %d: %d rollbacks, deepest %d, %d stalls", i, st.Rollbacks, st.MaxRollback, st.Stalls)
			}
			if games[0].Game.Hash() != games[1].Game.Hash() {
				t.Fatal("the machines' hashes differ")
			}
		})
	}
}

// playFast connects s, runs n ticks of g as fast as s allows (Poll before
// each) and polls until the n ticks are settled here and on the other
// machine (settled counts the machines settled).
func playFast(s *session.Session, g *engine.Headless, n uint64, settled *atomic.Int32) error {
	deadline := time.Now().Add(30 * time.Second)
	if err := s.Connect(deadline); err != nil {
		return err
	}
	for g.Game.Time().Ticks() < n {
		if err := s.Poll(); err != nil {
			return err
		}
		if err := g.RunTicks(1, nil); err != nil {
			return fmt.Errorf("slot %d: %w", s.Slot(), err)
		}
	}
	counted := false
	for settled.Load() < 2 {
		if !counted && s.Settled(n) {
			counted = true
			settled.Add(1)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("slot %d: not settled", s.Slot())
		}
		if err := s.Poll(); err != nil {
			return err
		}
		s.Wait(time.Millisecond)
	}
	return nil
}
