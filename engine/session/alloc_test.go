package session

import (
	"testing"
	"time"
)

// ringNet is a two-ended in-process transport over preallocated buffers,
// so that a test can count the session's own allocations.
type ringNet struct {
	box [2]ringBox
}

type ringBox struct {
	buf        [64][MaxPacket]byte
	n          [64]int
	head, tail int
}

type ringEnd struct {
	net  *ringNet
	me   int
	name [2]Peer
}

func (e *ringEnd) Send(_ Peer, p []byte) error {
	b := &e.net.box[1-e.me]
	if b.tail-b.head == len(b.buf) {
		return nil // full: lost
	}
	i := b.tail % len(b.buf)
	b.n[i] = copy(b.buf[i][:], p)
	b.tail++
	return nil
}

func (e *ringEnd) Receive(buf []byte, _ time.Time) (int, Peer, error) {
	b := &e.net.box[e.me]
	if b.head == b.tail {
		return 0, "", ErrNoPacket
	}
	i := b.head % len(b.buf)
	b.head++
	return copy(buf, b.buf[i][:b.n[i]]), e.name[1-e.me], nil
}

func (e *ringEnd) Close() error { return nil }

// ringMatch makes two rollback sessions without input delay over a
// ringNet, in virtual time, and returns a step that advances the clock by
// one 60 Hz tick and polls and ticks both.
func ringMatch(tb testing.TB) (step func(), ss []*Session) {
	c := &vclock{t: time.Unix(1e9, 0)}
	net := &ringNet{}
	names := [2]Peer{"a", "b"}
	toys := []*toy{newToy(), newToy()}
	for _, tg := range toys {
		tg.hist = nil
	}
	h, err := Host(&ringEnd{net, 0, names}, Config{Mode: Rollback, Players: 2, Local: bot(1), Rewinder: toys[0], HashEvery: 1, Now: c.now})
	if err != nil {
		tb.Fatal(err)
	}
	j, err := Join(&ringEnd{net, 1, names}, "a", Config{Mode: Rollback, Local: bot(2), Rewinder: toys[1], HashEvery: 1, Now: c.now})
	if err != nil {
		tb.Fatal(err)
	}
	toys[0].s, toys[1].s = h, j
	ss = []*Session{h, j}
	step = func() {
		c.t = c.t.Add(17 * time.Millisecond)
		for i, s := range ss {
			if err := s.Poll(); err != nil {
				tb.Fatal(err)
			}
			if s.Running() && s.Ready() {
				if err := toys[i].step(s.Next()); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	return step, ss
}

// Once warm, a tick of a rollback match (input captured, sent, received,
// acknowledged, hashes exchanged, rollbacks) allocates nothing.
func TestTicksAllocateNothing(t *testing.T) {
	step, ss := ringMatch(t)
	for range 300 {
		step()
	}
	h, j := ss[0], ss[1]
	if h.Next() < 250 || j.Next() < 250 {
		t.Fatalf("ticks %d and %d after 300 steps", h.Next(), j.Next())
	}
	if n := testing.AllocsPerRun(200, step); n != 0 {
		t.Fatalf("%v allocations per tick", n)
	}
	if st := h.Stats(); st.HashesCompared == 0 || st.Rollbacks == 0 {
		t.Fatalf("hashes compared %d, rollbacks %d: the ticks measured did not do the work", st.HashesCompared, st.Rollbacks)
	}
}

// BenchmarkRollbackTick measures one tick on two machines: each session's
// Poll, input, packets, acks, hash checks and the rollbacks the late input
// calls for (the toy simulation costs next to nothing).
func BenchmarkRollbackTick(b *testing.B) {
	step, ss := ringMatch(b)
	for range 300 {
		step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		step()
	}
	b.StopTimer()
	st := ss[0].Stats()
	b.ReportMetric(float64(st.RollbackTicks)/float64(ss[0].Next()), "resimulated-ticks/tick")
}
