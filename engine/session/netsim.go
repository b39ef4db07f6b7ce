package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// Conditions describe a bad network for Sim. The zero value is a perfect
// one.
type Conditions struct {
	Latency time.Duration // delay added to every packet sent
	Jitter  time.Duration // each packet's delay varies by up to ±Jitter
	Loss    float64       // fraction of packets lost, 0 to 1
	Dup     float64       // fraction of packets delivered twice, 0 to 1
	Reorder float64       // fraction of packets held back a further Latency, 0 to 1
	Seed    uint64        // seeds the random choices: one seed, one run
}

// ParseConditions parses a -netsim flag value such as
// "latency=100ms,jitter=20ms,loss=0.05" (keys latency, jitter, loss, dup,
// reorder, seed; durations as time.ParseDuration reads them, fractions
// from 0 to 1). An empty string is a perfect network.
func ParseConditions(s string) (Conditions, error) {
	var c Conditions
	if strings.TrimSpace(s) == "" {
		return c, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return c, fmt.Errorf("session: netsim %q: %q is not key=value (e.g. latency=100ms,jitter=20ms,loss=0.05)", s, kv)
		}
		var err error
		switch k {
		case "latency", "jitter":
			var d time.Duration
			if d, err = time.ParseDuration(v); err == nil && (d < 0 || d > time.Minute) {
				err = errors.New("allowed 0 to 1m")
			}
			if k == "latency" {
				c.Latency = d
			} else {
				c.Jitter = d
			}
		case "loss", "dup", "reorder":
			var f float64
			if f, err = strconv.ParseFloat(v, 64); err == nil && !(f >= 0 && f <= 1) {
				err = errors.New("allowed 0 to 1")
			}
			switch k {
			case "loss":
				c.Loss = f
			case "dup":
				c.Dup = f
			default:
				c.Reorder = f
			}
		case "seed":
			c.Seed, err = strconv.ParseUint(v, 10, 64)
		default:
			return c, fmt.Errorf("session: netsim %q: unknown key %q (known: latency, jitter, loss, dup, reorder, seed)", s, k)
		}
		if err != nil {
			return c, fmt.Errorf("session: netsim %q: %s=%q: %v", s, k, v, err)
		}
	}
	return c, nil
}

// Sim wraps any Transport and makes what it sends suffer Conditions:
// delayed, jittered, lost, duplicated, reordered. Packets waiting out
// their delay are sent by the next Send or Receive after they fall due,
// so a session polling its transport every frame sees them in time. With
// a Sim on each end, both directions suffer (the round trip is twice
// Latency). It holds at most simQueue packets; more are dropped and
// counted.
type Sim struct {
	inner   Transport
	cond    Conditions
	now     func() time.Time
	rng     *rand.Rand
	pending []simPacket // unordered; each with its due time
	free    []*[MaxPacket]byte
	Dropped int // packets lost to Loss or a full queue
	Sent    int // packets handed to the inner transport
}

type simPacket struct {
	due time.Time
	to  Peer
	buf *[MaxPacket]byte
	n   int
}

const simQueue = 4096

// NewSim wraps inner. now is the clock (nil: time.Now); a simulation in
// virtual time passes its own.
func NewSim(inner Transport, c Conditions, now func() time.Time) *Sim {
	if now == nil {
		now = time.Now
	}
	return &Sim{inner: inner, cond: c, now: now, rng: rand.New(rand.NewPCG(c.Seed, 0x6e657473696d))}
}

// Send implements Transport: p is copied and sent when due.
func (s *Sim) Send(to Peer, p []byte) error {
	if len(p) > MaxPacket {
		return fmt.Errorf("session: sending %d bytes: more than MaxPacket (%d)", len(p), MaxPacket)
	}
	s.flush()
	if s.rng.Float64() < s.cond.Loss {
		s.Dropped++
		return nil
	}
	copies := 1
	if s.rng.Float64() < s.cond.Dup {
		copies = 2
	}
	for range copies {
		d := s.cond.Latency
		if s.cond.Jitter > 0 {
			d += time.Duration((2*s.rng.Float64() - 1) * float64(s.cond.Jitter))
		}
		if s.rng.Float64() < s.cond.Reorder {
			d += s.cond.Latency
		}
		if len(s.pending) >= simQueue {
			s.Dropped++
			continue
		}
		var buf *[MaxPacket]byte
		if n := len(s.free); n > 0 {
			buf, s.free = s.free[n-1], s.free[:n-1]
		} else {
			buf = new([MaxPacket]byte)
		}
		s.pending = append(s.pending, simPacket{due: s.now().Add(max(d, 0)), to: to, buf: buf, n: copy(buf[:], p)})
	}
	s.flush()
	return nil
}

// flush sends every packet that is due.
func (s *Sim) flush() {
	now := s.now()
	for i := 0; i < len(s.pending); {
		p := s.pending[i]
		if p.due.After(now) {
			i++
			continue
		}
		_ = s.inner.Send(p.to, p.buf[:p.n]) // a datagram: an error is a loss
		s.Sent++
		s.free = append(s.free, p.buf)
		last := len(s.pending) - 1
		s.pending[i] = s.pending[last]
		s.pending = s.pending[:last]
	}
}

// Receive implements Transport, sending what fell due while it waits.
func (s *Sim) Receive(buf []byte, deadline time.Time) (int, Peer, error) {
	for range 100000 {
		s.flush()
		wait := deadline
		for _, p := range s.pending {
			if p.due.Before(wait) {
				wait = p.due
			}
		}
		n, from, err := s.inner.Receive(buf, wait)
		if !errors.Is(err, ErrNoPacket) || !s.now().Before(deadline) {
			return n, from, err
		}
		if s.now().Before(wait) {
			return n, from, err // the inner transport does not wait (MemoryNet)
		}
	}
	return 0, "", ErrNoPacket
}

// Close implements Transport.
func (s *Sim) Close() error { return s.inner.Close() }
