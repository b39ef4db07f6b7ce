package session

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/input"
)

var lossy = Conditions{Latency: 50 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05}

// Two machines play 5,000 ticks of bot input over a simulated network of
// 100 ms round trip, ±20 ms jitter and 5 % loss each way, in virtual time,
// and have the same hash after every tick.
func TestLossyNetworkSameHashes(t *testing.T) {
	// As the sample's -netsim flag does on one machine only: both
	// directions, 50 ms each way.
	oneSided := func(i int) Conditions {
		if i == 0 {
			c := lossy
			c.Incoming = true
			return c
		}
		return Conditions{}
	}
	for _, tc := range []struct {
		name  string
		mode  Mode
		delay int
		conds func(int) Conditions
	}{
		{"lockstep", Lockstep, 4, same(lossy)},
		{"rollback", Rollback, 2, same(lossy)},
		{"rollback, one machine simulating both ways", Rollback, 2, oneSided},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 5000
			p := newMatch(t, tc.mode, tc.delay, tc.conds, 2, "arena v1", "arena v1")
			start := p.clock.t
			p.run(t, n, 20*time.Minute)
			p.sameHistory(t, n)
			for i, s := range p.s {
				st := s.Stats()
				if st.HashesCompared < n/2 {
					t.Errorf("machine %d compared only %d hashes", i, st.HashesCompared)
				}
				if tc.mode == Rollback && st.Rollbacks == 0 {
					t.Errorf("machine %d never rolled back on a lossy network", i)
				}
				secs := p.clock.t.Sub(start).Seconds()
				depth := 0.0
				if st.Rollbacks > 0 {
					depth = float64(st.RollbackTicks) / float64(st.Rollbacks)
				}
				t.Logf("machine %d: %s: %.1f s of game time: %.2f rollbacks/s, mean depth %.2f ticks, max %d; stalls %d (driver %d), predicted ticks %d, slowed ticks %d; packets sent %d, received %d, stale %d, hashes compared %d",
					i, tc.mode, secs, float64(st.Rollbacks)/secs, depth, st.MaxRollback, st.Stalls, p.stalls[i], st.PredictedTicks, st.SlowedTicks, st.Sent, st.Received, st.Stale, st.HashesCompared)
			}
		})
	}
}

// Four players, the host relaying between joiners, over the lossy network
// in both modes: the same hash after every tick on every machine.
func TestFourPlayers(t *testing.T) {
	for _, mode := range []Mode{Lockstep, Rollback} {
		t.Run(mode.String(), func(t *testing.T) {
			const n = 600
			p := newMatch(t, mode, 3, same(lossy), 4, "a", "a")
			p.run(t, n, 10*time.Minute)
			p.sameHistory(t, n)
			for i, s := range p.s {
				if st := s.Stats(); st.HashesCompared < n/2 {
					t.Errorf("machine %d compared %d hashes", i, st.HashesCompared)
				}
			}
		})
	}
}

// A joiner waiting for the last player longer than the timeout is not
// taken for gone, nor is the host.
func TestEarlyJoinerWaitsForTheLast(t *testing.T) {
	p := newMatch(t, Lockstep, 2, same(lossy), 3, "a", "a")
	for range 800 { // 8 s, over the 5 s timeout, without the third player
		for _, s := range p.s[:2] {
			if err := s.Poll(); err != nil {
				t.Fatal(err)
			}
		}
		p.clock.t = p.clock.t.Add(10 * time.Millisecond)
	}
	if p.s[1].Slot() != 1 || p.s[0].Running() {
		t.Fatalf("joiner slot %d, host running %v", p.s[1].Slot(), p.s[0].Running())
	}
	p.run(t, 300, time.Minute)
	p.sameHistory(t, 300)
}

func TestSettingsMismatchIsRefused(t *testing.T) {
	p := newPair(t, Lockstep, 2, Conditions{}, "arena v1 teams=2", "arena v1 teams=3")
	var got []Event
	for i := 0; i < 100 && p.s[1].Err() == nil; i++ {
		p.s[0].Poll()
		p.s[1].Poll()
		got = p.s[1].Events(got)
		p.clock.t = p.clock.t.Add(10 * time.Millisecond)
	}
	got = p.s[1].Events(got)
	var ended *EndedError
	if !errors.As(p.s[1].Err(), &ended) || ended.Event.Kind != Refused {
		t.Fatalf("joiner's error %v, want a refusal", p.s[1].Err())
	}
	msg := ended.Error()
	for _, want := range []string{"settings differ", `"arena v1 teams=2"`, `"arena v1 teams=3"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal %q does not say %q", msg, want)
		}
	}
	if len(got) != 1 || got[0].Kind != Refused {
		t.Errorf("joiner's events %v, want one refusal", got)
	}
	if p.s[0].Running() {
		t.Error("the host started with a refused joiner")
	}
}

func TestHandshakeMismatches(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"mode", func(c *Config) { c.Mode = Rollback }, "mode differs: host lockstep, joiner rollback"},
		{"delay", func(c *Config) { c.Delay = 3 }, "input delay differs: host 2 ticks, joiner 3"},
		{"players", func(c *Config) { c.Players = 3 }, "player slots differ: host 2, joiner 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &vclock{t: time.Unix(1e9, 0)}
			net := NewMemoryNet()
			h, err := Host(net.Endpoint("h"), Config{Players: 2, Delay: 2, Now: c.now})
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Delay: 2, Now: c.now, Rewinder: newToy()}
			tc.edit(&cfg)
			j, err := Join(net.Endpoint("j"), "h", cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 10 && j.Err() == nil; i++ {
				j.Poll()
				h.Poll()
				c.t = c.t.Add(30 * time.Millisecond)
			}
			if err := j.Err(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("joiner's error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestDisconnectIsReported(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(p *pair)
		want EventKind
	}{
		{"bye", func(p *pair) { p.s[1].Close() }, PeerLeft},
		{"silence", func(p *pair) {}, PeerTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPair(t, Lockstep, 2, Conditions{}, "a", "a")
			p.run(t, 100, time.Minute)
			tc.stop(p)
			var got []Event
			for i := 0; i < 1000 && p.s[0].Err() == nil; i++ {
				p.s[0].Poll()
				p.clock.t = p.clock.t.Add(10 * time.Millisecond)
			}
			got = p.s[0].Events(got)
			if len(got) == 0 || got[len(got)-1].Kind != tc.want || got[len(got)-1].Slot != 1 {
				t.Fatalf("host's events %v, want %v of slot 1 last", got, tc.want)
			}
			if _, err := p.toys[0].s.TickEvents(p.s[0].Next(), nil); err == nil {
				t.Fatal("the host handed out a tick after its peer left")
			}
		})
	}
}

// A desync (a machine whose simulation differs) is reported on both
// machines with the first divergent tick.
func TestDesyncNamesFirstDivergentTick(t *testing.T) {
	p := newPair(t, Lockstep, 2, Conditions{}, "a", "a")
	p.run(t, 50, time.Minute)
	p.toys[1].st.seen += 1000 // state outside the input: tick 50 on differs
	const bad = 50
	if err := p.try(80, time.Minute); err == nil {
		t.Fatal("two machines with different states played on")
	}
	for range 50 { // the other machine hears of it
		p.s[0].Poll()
		p.s[1].Poll()
		p.clock.t = p.clock.t.Add(10 * time.Millisecond)
	}
	for i, s := range p.s {
		var ended *EndedError
		if !errors.As(s.Err(), &ended) || ended.Event.Kind != Desync || ended.Event.Tick != bad {
			t.Errorf("machine %d: error %v, want a desync at tick %d", i, s.Err(), bad)
		}
	}
}

// A spectator gets every player's confirmed input over the lossy network
// and its simulation has the players' hash after every tick.
func TestSpectatorFollowsConfirmedInput(t *testing.T) {
	const n = 2000
	p := newPair(t, Rollback, 2, lossy, "a", "a")
	net := p.ends[0].inner.(*memEnd).net
	cond := lossy
	cond.Seed = 300
	end := NewSim(net.Endpoint("spectator"), cond, p.clock.now)
	watch := newToy()
	spec, err := Join(end, "machine0", Config{Mode: Rollback, Spectator: true, Settings: "a", HashEvery: 1, Now: p.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	watch.s = spec
	// The spectator joins before the second player, so the match starts
	// with it.
	for i := 0; i < 100 && spec.Slot() == noSlot; i++ {
		spec.Poll()
		p.s[0].Poll()
		p.clock.t = p.clock.t.Add(10 * time.Millisecond)
	}
	if spec.Slot() != MaxPlayers {
		t.Fatalf("spectator slot %d, want %d (%v)", spec.Slot(), MaxPlayers, spec.Err())
	}
	p.extra = append(p.extra, watch)
	p.run(t, n, 10*time.Minute)
	if spec.Next() != n {
		t.Fatalf("the spectator ran %d ticks of %d", spec.Next(), n)
	}
	for tick := uint64(0); tick < n; tick++ {
		if a, b := p.toys[0].hist[tick], watch.hist[tick]; a != b {
			t.Fatalf("tick %d: player's hash %#x, spectator's %#x", tick, a, b)
		}
	}
	if spec.Stats().Rollbacks != 0 {
		t.Errorf("a spectator rolled back: %+v", spec.Stats())
	}
}

// Ten minutes of game time at 60 Hz in rollback mode over the lossy
// network: no desync, hashes equal after every tick; the log gives
// rollbacks per second and their mean depth.
func TestTenMinutesOfRollback(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("36,000 ticks: too slow for -short or -race (TestLossyNetworkSameHashes plays the same code)")
	}
	const n = 36000
	p := newPair(t, Rollback, 2, lossy, "a", "a")
	start := p.clock.t
	p.run(t, n, time.Hour)
	p.sameHistory(t, n)
	secs := p.clock.t.Sub(start).Seconds()
	for i, s := range p.s {
		st := s.Stats()
		t.Logf("machine %d: %.0f s of game time: %.2f rollbacks/s, mean depth %.2f ticks (max %d), %d of %d ticks predicted, %d slowed, %d hashes compared",
			i, secs, float64(st.Rollbacks)/secs, float64(st.RollbackTicks)/max(1, float64(st.Rollbacks)), st.MaxRollback, st.PredictedTicks, n, st.SlowedTicks, st.HashesCompared)
		if st.HashesCompared < n-10 {
			t.Errorf("machine %d compared %d hashes of %d ticks", i, st.HashesCompared, n)
		}
	}
}

// The confirmed stream of a rollback match (what a recording or a
// spectator gets) is the same on every machine.
func TestConfirmedStreamIsTheSameEverywhere(t *testing.T) {
	p := newPair(t, Rollback, 2, lossy, "a", "a")
	p.run(t, 100, time.Minute)
	var a, b []input.Event
	for tick := uint64(0); tick < 100; tick++ {
		var okA, okB bool
		a, okA = p.s[0].Confirmed(tick, a[:0])
		b, okB = p.s[1].Confirmed(tick, b[:0])
		if !okA || !okB || !slices.Equal(a, b) {
			t.Fatalf("tick %d: %v (%v) and %v (%v)", tick, a, okA, b, okB)
		}
	}
	if _, ok := p.s[0].Confirmed(1000, nil); ok {
		t.Fatal("tick 1000 confirmed before it ran")
	}
}

// Two machines that end after n ticks poll until Settled, then close:
// neither is left waiting for the other's input, and neither sees an
// error before the goodbye.
func TestSettledBeforeClose(t *testing.T) {
	const n = 300
	p := newPair(t, Rollback, 2, lossy, "a", "a")
	p.run(t, n, time.Minute)
	for i := 0; i < 100000 && !(p.s[0].Settled(n) && p.s[1].Settled(n)); i++ {
		for _, s := range p.s {
			if err := s.Poll(); err != nil {
				t.Fatal(err)
			}
		}
		p.clock.t = p.clock.t.Add(time.Millisecond)
	}
	if !p.s[0].Settled(n) || !p.s[1].Settled(n) {
		t.Fatal("not settled")
	}
	if p.s[0].Settled(n + 10) {
		t.Fatal("settled past the ticks run")
	}
	p.sameHistory(t, n)
}

// A spectator whose simulation diverges ends its own session with a
// desync; the players play on.
func TestSpectatorDesyncEndsOnlyTheSpectator(t *testing.T) {
	p := newPair(t, Lockstep, 2, Conditions{}, "a", "a")
	net := p.ends[0].inner.(*memEnd).net
	watch := newToy()
	spec, err := Join(net.Endpoint("spectator"), "machine0", Config{Spectator: true, Settings: "a", HashEvery: 1, Now: p.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	watch.s = spec
	for i := 0; i < 100 && spec.Slot() == noSlot; i++ {
		spec.Poll()
		p.s[0].Poll()
		p.clock.t = p.clock.t.Add(10 * time.Millisecond)
	}
	p.extra = append(p.extra, watch)
	p.run(t, 50, time.Minute)
	watch.st.seen++ // the spectator's state differs from tick 50 on
	err = p.try(100, time.Minute)
	var ended *EndedError
	if !errors.As(err, &ended) || ended.Event.Kind != Desync || ended.Event.Tick != 50 || spec.Err() == nil {
		t.Fatalf("error %v, want the spectator's desync at tick 50", err)
	}
	p.extra = nil
	p.run(t, 200, time.Minute)
	p.sameHistory(t, 200)
}

// When one machine's clock runs 1 % slow, the other would pull ahead by a
// tick every 1.7 s and soon stall at the rollback window; time sync slows
// it by tiny steps instead: no stall, and the lead stays under two ticks.
func TestTimeSyncSlowsTheMachineAhead(t *testing.T) {
	const n = 6000 // 100 s: 60 ticks of drift unchecked
	p := newPair(t, Rollback, 2, lossy, "a", "a")
	p.slower = 1
	p.run(t, n, time.Hour)
	p.sameHistory(t, n)
	host := p.s[0].Stats()
	if p.stalls[0] != 0 || host.Stalls != 0 {
		t.Errorf("the machine ahead stalled %d times (session: %d)", p.stalls[0], host.Stalls)
	}
	if host.SlowedTicks < 300 {
		t.Errorf("the machine ahead slowed only %d ticks for 60 ticks of drift", host.SlowedTicks)
	}
	if l := p.s[0].Lead(); l > 2 || l < -2 {
		t.Errorf("lead %.2f ticks at the end", l)
	}
	t.Logf("slowed ticks %d (host), %d (slow machine); stalls %d, %d; lead %.2f; rollbacks %d, mean depth %.2f",
		host.SlowedTicks, p.s[1].Stats().SlowedTicks, p.stalls[0], p.stalls[1], p.s[0].Lead(),
		host.Rollbacks, float64(host.RollbackTicks)/max(1, float64(host.Rollbacks)))
}

// Only a player's events go to the other machines: a window's resize,
// focus and close events stay home.
func TestWindowEventsStayHome(t *testing.T) {
	c := &vclock{t: time.Unix(1e9, 0)}
	net := NewMemoryNet()
	local := func(tick uint64, dst []input.Event) []input.Event {
		if tick == 0 {
			dst = append(dst,
				input.Event{Kind: input.Resize, X: 800, Y: 600},
				input.Event{Kind: input.FocusLost},
				input.Event{Kind: input.CloseRequest},
				input.Event{Kind: input.KeyPress, Key: input.KeyA},
				input.Event{Kind: 99})
		}
		return dst
	}
	h, _ := Host(net.Endpoint("a"), Config{Players: 2, Delay: 1, Local: local, Now: c.now})
	j, _ := Join(net.Endpoint("b"), "a", Config{Delay: 1, Now: c.now})
	var evs []input.Event
	for i := 0; i < 1000 && j.Next() < 2; i++ {
		h.Poll()
		j.Poll()
		for _, s := range []*Session{h, j} {
			if s.Ready() {
				tick := s.Next()
				got, err := s.TickEvents(tick, nil)
				if err != nil {
					t.Fatal(err)
				}
				if s == j && tick == 1 {
					evs = got
				}
			}
		}
		c.t = c.t.Add(time.Millisecond)
	}
	want := []input.Event{{Kind: input.KeyPress, Key: input.KeyA}}
	if !slices.Equal(evs, want) {
		t.Fatalf("the joiner got %v at tick 1, want %v", evs, want)
	}
	if n := h.Stats().WindowEvents; n != 4 {
		t.Fatalf("WindowEvents = %d, want 4", n)
	}
}

// A joiner takes the host's HashEvery, so both check the same ticks.
func TestJoinerTakesTheHostsHashEvery(t *testing.T) {
	p := newPair(t, Lockstep, 2, Conditions{}, "a", "a")
	p.s[1].cfg.HashEvery = 7 // as if its game asked for another spacing
	p.run(t, 300, time.Minute)
	if got := p.s[1].cfg.HashEvery; got != 1 {
		t.Fatalf("joiner's HashEvery %d, want the host's 1", got)
	}
	if n := p.s[1].Stats().HashesCompared; n < 290 {
		t.Fatalf("joiner compared %d hashes of 300 ticks", n)
	}
}
