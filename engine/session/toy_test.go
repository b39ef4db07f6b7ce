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
	hist  map[uint64]uint64 // tick -> hash after its latest run
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
	t.snaps[tick%32] = t.st
	var err error
	t.evs, err = t.s.TickEvents(tick, t.evs[:0])
	if err != nil {
		return err
	}
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
	t.hist[tick] = t.Hash()
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
	return func(tick uint64, dst []input.Event) []input.Event {
		r := rand.New(rand.NewPCG(seed, tick))
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
	ends   [2]*Sim
	s      [2]*Session
	toys   [2]*toy
	nextAt [2]time.Time
	stalls [2]int
	extra  []*toy // spectators: polled every step, ticked when Ready
}

func newPair(t *testing.T, mode Mode, delay int, cond Conditions, hostSettings, joinSettings string) *pair {
	t.Helper()
	c := &vclock{t: time.Unix(1e9, 0)}
	net := NewMemoryNet()
	p := &pair{clock: c}
	for i := range 2 {
		cond.Seed = uint64(100 + i)
		p.ends[i] = NewSim(net.Endpoint(Peer(fmt.Sprint("machine", i))), cond, c.now)
		p.toys[i] = newToy()
	}
	var err error
	p.s[0], err = Host(p.ends[0], Config{Mode: mode, Players: 2, Delay: delay, Settings: hostSettings,
		Local: bot(1), Rewinder: p.toys[0], HashEvery: 1, Now: c.now, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	p.s[1], err = Join(p.ends[1], "machine0", Config{Mode: mode, Players: 2, Delay: delay, Settings: joinSettings,
		Local: bot(2), Rewinder: p.toys[1], HashEvery: 1, Now: c.now, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	p.toys[0].s, p.toys[1].s = p.s[0], p.s[1]
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
	period := time.Second / 60
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
		if done == 2+len(p.extra) {
			return nil
		}
		p.clock.t = p.clock.t.Add(time.Millisecond)
	}
	return fmt.Errorf("not done in %v of virtual time: ticks %d and %d of %d", limit, p.s[0].Next(), p.s[1].Next(), n)
}

// sameHistory checks both machines' hashes after every tick below n.
func (p *pair) sameHistory(t *testing.T, n uint64) {
	t.Helper()
	for tick := uint64(0); tick < n; tick++ {
		a, okA := p.toys[0].hist[tick]
		b, okB := p.toys[1].hist[tick]
		if !okA || !okB || a != b {
			t.Fatalf("tick %d: hashes %#x (%v) and %#x (%v) differ", tick, a, okA, b, okB)
		}
	}
}
