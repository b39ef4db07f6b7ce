package session

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/input"
)

// toy is a deterministic simulation with its own snapshots: each player
// moves a point with the keys it holds. It implements Rewinder the way the
// engine's rollback does: restore the state from before tick t and re-run
// ticks t..present-1, asking the session for their input again.
type toy struct {
	s     *Session
	st    toyState
	snaps [32]toyState      // the state before tick t, at t%32
	hist  map[uint64]uint64 // tick -> hash after its latest run (nil: not kept)
	evs   []input.Event
	reran int
}

type toyState struct {
	tick uint64
	pos  [MaxPlayers][2]int64
	vel  [MaxPlayers][2]int64
	seen int64
}

func newToy() *toy { return &toy{hist: make(map[uint64]uint64)} }

func (t *toy) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h ^= v; h *= 1099511628211 }
	mix(t.st.tick)
	mix(uint64(t.st.seen))
	for p := range t.st.pos {
		mix(uint64(t.st.pos[p][0]))
		mix(uint64(t.st.pos[p][1]))
	}
	return h
}

// step runs one tick with the session's input.
func (t *toy) step(tick uint64) error {
	if tick != t.st.tick {
		return fmt.Errorf("toy: tick %d run at state of tick %d", tick, t.st.tick)
	}
	var err error
	t.evs, err = t.s.TickEvents(tick, t.evs[:0])
	if err != nil {
		return err
	}
	// A new tick's TickEvents may have rewound (and re-run the ticks
	// before it): the state before the tick is the one now.
	t.snaps[tick%32] = t.st
	for _, e := range t.evs {
		p := PlayerOf(e)
		t.st.seen += int64(p + 1)
		d := int64(1)
		if e.Kind == input.KeyRelease {
			d = -1
		}
		switch e.Kind {
		case input.KeyPress, input.KeyRelease:
			switch e.Key {
			case input.KeyLeft:
				t.st.vel[p][0] -= d
			case input.KeyRight:
				t.st.vel[p][0] += d
			case input.KeyUp:
				t.st.vel[p][1] -= d
			case input.KeyDown:
				t.st.vel[p][1] += d
			}
		case input.GamepadAxis:
			t.st.pos[p][0] += int64(e.AxisValue() * 100)
		}
	}
	for p := range t.st.pos {
		t.st.pos[p][0] += t.st.vel[p][0]
		t.st.pos[p][1] += t.st.vel[p][1]*3 + t.st.pos[p][0]%7
	}
	t.st.tick++
	if t.hist != nil {
		t.hist[tick] = t.Hash()
	}
	return t.s.AfterTick(tick, t)
}

// Rewind implements Rewinder.
func (t *toy) Rewind(tick uint64) error {
	present := t.st.tick
	if tick >= present || present-tick > 31 {
		return fmt.Errorf("toy: cannot rewind to %d from %d", tick, present)
	}
	t.st = t.snaps[tick%32]
	for tt := tick; tt < present; tt++ {
		t.reran++
		if err := t.step(tt); err != nil {
			return err
		}
	}
	return nil
}

// bot returns a seeded player: now and then it presses or releases an
// arrow key or moves a stick.
func bot(seed uint64) LocalFunc {
	keys := [...]input.Key{input.KeyLeft, input.KeyRight, input.KeyUp, input.KeyDown}
	var held [4]bool
	pcg := rand.NewPCG(0, 0)
	r := rand.New(pcg)
	return func(tick uint64, dst []input.Event) []input.Event {
		pcg.Seed(seed, tick)
		if r.IntN(6) == 0 {
			k := r.IntN(4)
			kind := input.KeyPress
			if held[k] {
				kind = input.KeyRelease
			}
			held[k] = !held[k]
			dst = append(dst, input.Event{Time: 12345, Kind: kind, Key: keys[k]})
		}
		if r.IntN(20) == 0 {
			dst = append(dst, input.PadAxisEvent(999, 0, input.PadLeftX, r.Float64()*2-1))
		}
		return dst
	}
}

// vclock is a virtual clock for simulations.
type vclock struct{ t time.Time }

func (c *vclock) now() time.Time { return c.t }

// pair is two sessions with their toys in virtual time over a MemoryNet
// with conditions on each end.
type pair struct {
	clock  *vclock
	ends   []*Sim
	s      []*Session
	toys   []*toy
	nextAt []time.Time
	stalls []int
	extra  []*toy // spectators: polled every step, ticked when Ready
	slower int    // the machine whose ticks are 1 % longer (-1: none)
}

// newPair makes a host and one joiner.
func newPair(t *testing.T, mode Mode, delay int, cond Conditions, hostSettings, joinSettings string) *pair {
	return newMatch(t, mode, delay, same(cond), 2, hostSettings, joinSettings)
}

// same gives every machine the conditions c.
func same(c Conditions) func(int) Conditions { return func(int) Conditions { return c } }

// newMatch makes a host and players-1 joiners, each with a bot.
func newMatch(t *testing.T, mode Mode, delay int, conds func(machine int) Conditions, players int, hostSettings, joinSettings string) *pair {
	t.Helper()
	c := &vclock{t: time.Unix(1e9, 0)}
	net := NewMemoryNet()
	p := &pair{clock: c, nextAt: make([]time.Time, players), stalls: make([]int, players), slower: -1}
	for i := range players {
		cond := conds(i)
		cond.Seed = uint64(100 + i)
		p.ends = append(p.ends, NewSim(net.Endpoint(Peer(fmt.Sprint("machine", i))), cond, c.now))
		p.toys = append(p.toys, newToy())
		cfg := Config{Mode: mode, Players: players, Delay: delay, Settings: joinSettings,
			Local: bot(uint64(i + 1)), Rewinder: p.toys[i], HashEvery: 1, Now: c.now, Seed: uint64(7 + i)}
		var s *Session
		var err error
		if i == 0 {
			cfg.Settings = hostSettings
			s, err = Host(p.ends[i], cfg)
		} else {
			s, err = Join(p.ends[i], "machine0", cfg)
		}
		if err != nil {
			t.Fatal(err)
		}
		p.s = append(p.s, s)
		p.toys[i].s = s
	}
	return p
}

// run advances virtual time in steps of 1 ms until both machines ran n
// ticks and confirmed them, or limit passed. Each machine ticks at 60 Hz,
// stretched by its session's time sync, and only when its session is
// Ready (a stall otherwise).
func (p *pair) run(t *testing.T, n uint64, limit time.Duration) {
	t.Helper()
	if err := p.try(n, limit); err != nil {
		t.Fatal(err)
	}
}

// try is run returning the first error.
func (p *pair) try(n uint64, limit time.Duration) error {
	end := p.clock.t.Add(limit)
	for p.clock.t.Before(end) {
		done := 0
		for i, s := range p.s {
			if err := s.Poll(); err != nil {
				return fmt.Errorf("machine %d at tick %d: %w", i, s.Next(), err)
			}
			if !s.Running() {
				p.nextAt[i] = p.clock.t
				continue
			}
			if s.Next() < n && !p.clock.t.Before(p.nextAt[i]) {
				if !s.Ready() {
					p.stalls[i]++
				} else {
					if err := p.toys[i].step(s.Next()); err != nil {
						return fmt.Errorf("machine %d: %w", i, err)
					}
					period := time.Second / 60
					if p.slower == i {
						period += period / 100 // this machine's clock runs 1 % slow
					}
					p.nextAt[i] = p.nextAt[i].Add(period + s.Stretch())
				}
			}
			if s.Next() >= n && s.minHave() >= n && !s.rewind {
				done++
			}
		}
		for _, w := range p.extra {
			if err := w.s.Poll(); err != nil {
				return fmt.Errorf("spectator at tick %d: %w", w.s.Next(), err)
			}
			for w.s.Ready() && w.s.Next() < n {
				if err := w.step(w.s.Next()); err != nil {
					return err
				}
			}
			if w.s.Next() >= n {
				done++
			}
		}
		if done == len(p.s)+len(p.extra) {
			return nil
		}
		p.clock.t = p.clock.t.Add(time.Millisecond)
	}
	return fmt.Errorf("not done in %v of virtual time: host at tick %d, a joiner at %d, of %d", limit, p.s[0].Next(), p.s[1].Next(), n)
}

// sameHistory checks every machine's hash after every tick below n.
func (p *pair) sameHistory(t *testing.T, n uint64) {
	t.Helper()
	for tick := uint64(0); tick < n; tick++ {
		a, okA := p.toys[0].hist[tick]
		for i, o := range p.toys[1:] {
			b, okB := o.hist[tick]
			if !okA || !okB || a != b {
				t.Fatalf("tick %d: hashes %#x (%v) of the host and %#x (%v) of machine %d differ", tick, a, okA, b, okB, i+1)
			}
		}
	}
}
