package session

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/replay"
)

// udpPair opens two UDP transports on 127.0.0.1.
func udpPair(t *testing.T) (*UDP, *UDP) {
	t.Helper()
	a, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		a.Close()
		t.Fatal(err)
	}
	return a, b
}

// playReal runs s's toy for n ticks as fast as the session allows, then
// keeps answering until both sides confirmed n ticks (done counts them) or
// the deadline passes.
func playReal(s *Session, tg *toy, n uint64, done *atomic.Int32, deadline time.Time) error {
	if err := s.Connect(deadline); err != nil {
		return err
	}
	counted := false
	for time.Now().Before(deadline) {
		if err := s.Poll(); err != nil {
			return err
		}
		if s.Next() < n && s.Ready() {
			if err := tg.step(s.Next()); err != nil {
				return err
			}
			continue
		}
		if !counted && s.Next() >= n && s.minHave() >= n && !s.rewind {
			counted = true
			done.Add(1)
		}
		if done.Load() == 2 {
			return nil
		}
		s.Wait(time.Millisecond)
	}
	return fmt.Errorf("at tick %d of %d when the deadline passed", s.Next(), n)
}

// Two sessions over loopback UDP play 5,000 ticks of bot input in each
// mode with the same hash after every tick.
func TestLoopbackUDPSameHashes(t *testing.T) {
	for _, mode := range []Mode{Lockstep, Rollback} {
		t.Run(mode.String(), func(t *testing.T) {
			const n = 5000
			a, b := udpPair(t)
			toys := []*toy{newToy(), newToy()}
			h, err := Host(a, Config{Mode: mode, Players: 2, Delay: 1, Settings: "toy", Local: bot(1), Rewinder: toys[0], HashEvery: 1})
			if err != nil {
				t.Fatal(err)
			}
			j, err := Join(b, a.LocalAddr(), Config{Mode: mode, Delay: 1, Settings: "toy", Local: bot(2), Rewinder: toys[1], HashEvery: 1})
			if err != nil {
				t.Fatal(err)
			}
			toys[0].s, toys[1].s = h, j
			defer h.Close()
			defer j.Close()
			var done atomic.Int32
			var wg sync.WaitGroup
			errs := make([]error, 2)
			deadline := time.Now().Add(60 * time.Second)
			for i, s := range []*Session{h, j} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = playReal(s, toys[i], n, &done, deadline)
				}()
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			p := &pair{toys: toys}
			p.sameHistory(t, n)
			for i, s := range []*Session{h, j} {
				st := s.Stats()
				t.Logf("machine %d: rollbacks %d (mean depth %.2f), hashes compared %d, packets %d sent, %d received",
					i, st.Rollbacks, float64(st.RollbackTicks)/max(1, float64(st.Rollbacks)), st.HashesCompared, st.Sent, st.Received)
				if st.HashesCompared < n/2 {
					t.Errorf("machine %d compared only %d hashes", i, st.HashesCompared)
				}
			}
		})
	}
}

// mover is an engine state: each player's arrow keys move its point.
type mover struct{ pos [MaxPlayers]int64 }

func (m *mover) Tick(ctx *engine.TickContext) error {
	for _, e := range ctx.Input.Events() {
		m.pos[PlayerOf(e)] += int64(e.Key)*int64(e.Kind) + int64(e.X*100)
	}
	return nil
}
func (m *mover) Draw(*engine.DrawContext) {}
func (m *mover) Hash() uint64 {
	h := uint64(1469598103934665603)
	for _, p := range m.pos {
		h = (h ^ uint64(p)) * 1099511628211
	}
	return h
}

// Two headless games in one process, each with its session as tick source
// over loopback UDP in lockstep, end with the same Game.Hash; the joiner's
// recording holds both players' input and replays offline to that hash.
func TestHeadlessGamesInLockstep(t *testing.T) {
	const n = 600
	a, b := udpPair(t)
	var games [2]*engine.Headless
	var sessions [2]*Session
	for i := range 2 {
		h, err := engine.NewHeadless(engine.Options{}, &mover{})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		games[i] = h
	}
	var err error
	sessions[0], err = Host(a, Config{Players: 2, Delay: 2, Settings: "mover", Local: bot(11), HashEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	sessions[1], err = Join(b, a.LocalAddr(), Config{Delay: 2, Settings: "mover", Local: bot(12), HashEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "joiner.twr")
	rec, err := replay.Create(path, replay.Header{TickRate: games[1].Game.Time().TickRate(), InitialState: "mover"})
	if err != nil {
		t.Fatal(err)
	}
	games[1].Game.AddTickSink(rec)
	var done atomic.Int32
	var wg sync.WaitGroup
	errs := make([]error, 2)
	deadline := time.Now().Add(60 * time.Second)
	for i := range 2 {
		s, g := sessions[i], games[i]
		g.Game.SetTickSource(s)
		g.Game.AddTickSink(s.TickSink())
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer s.Close()
			if err := g.RunTicks(n, nil); err != nil {
				errs[i] = fmt.Errorf("machine %d: %w", i, err)
				return
			}
			done.Add(1)
			// Answer until both are done, then a little longer so the
			// last hashes are exchanged.
			var linger time.Time
			for time.Now().Before(deadline) && (linger.IsZero() || time.Now().Before(linger)) {
				if linger.IsZero() && done.Load() == 2 {
					linger = time.Now().Add(100 * time.Millisecond)
				}
				if err := s.Poll(); err != nil {
					var ended *EndedError
					if errors.As(err, &ended) && ended.Event.Kind == PeerLeft {
						return // the other game finished first and said goodbye
					}
					errs[i] = err
					return
				}
				s.Wait(time.Millisecond)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	ha, hb := games[0].Game.Hash(), games[1].Game.Hash()
	if ha != hb {
		t.Fatalf("after %d ticks the games' hashes differ: %#x and %#x", n, ha, hb)
	}
	if st := sessions[0].Stats(); st.HashesCompared == 0 {
		t.Errorf("no hashes compared: %+v", st)
	}
	t.Logf("hash %#x after %d ticks; host stats %+v", ha, n, sessions[0].Stats())

	if err := games[1].Close(); err != nil { // saves the recording
		t.Fatal(err)
	}
	play, err := replay.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	offline, err := engine.NewHeadless(engine.Options{}, &mover{})
	if err != nil {
		t.Fatal(err)
	}
	defer offline.Close()
	offline.Game.SetTickSource(play)
	offline.Game.AddTickSink(play)
	if err := offline.RunTicks(n, nil); err != nil {
		t.Fatal(err)
	}
	if h := offline.Game.Hash(); h != ha {
		t.Fatalf("the recording replays to hash %#x, the match ended at %#x", h, ha)
	}
}

// A joiner given the host's address in another spelling (IPv4-mapped IPv6)
// still knows the host's packets.
func TestJoinCanonicalisesTheHostAddress(t *testing.T) {
	a, b := udpPair(t)
	h, err := Host(a, Config{Players: 2, Settings: "x"})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	mapped := Peer(strings.Replace(string(a.LocalAddr()), "127.0.0.1", "[::ffff:127.0.0.1]", 1))
	j, err := Join(b, mapped, Config{Settings: "x"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; i < 10000 && !(h.Running() && j.Running()) && time.Now().Before(deadline); i++ {
		if err := h.Poll(); err != nil {
			t.Fatal(err)
		}
		if err := j.Poll(); err != nil {
			t.Fatal(err)
		}
		j.Wait(time.Millisecond)
	}
	if !h.Running() || !j.Running() {
		t.Fatalf("not connected through %q: host running %v, joiner %v (spoofed %d)", mapped, h.Running(), j.Running(), j.Stats().Spoofed)
	}
}

func TestResolveUDP(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{in: "127.0.0.1:7000", want: "127.0.0.1:7000"},
		{in: "[::ffff:127.0.0.1]:7000", want: "127.0.0.1:7000"},
		{in: "[::1]:7000", want: "[::1]:7000"},
		{in: "127.0.0.1", err: "missing port"},
	} {
		got, err := ResolveUDP(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != Peer(tc.want) {
			t.Errorf("%q: got %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
