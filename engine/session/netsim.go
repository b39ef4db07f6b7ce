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
	// Incoming applies the conditions to what is received as well as
	// to what is sent: each direction gets the full Latency.
	Incoming bool
}

// ParseConditions parses a -netsim flag value such as
// "latency=100ms,jitter=20ms,loss=0.05" (keys latency, jitter, loss, dup,
// reorder, seed, dir; durations as time.ParseDuration reads them,
// fractions from 0 to 1). The conditions apply to what the process sends
// and what it receives (dir=both, the default: a round trip grows by twice
// latency) or only to what it sends (dir=out). An empty string is a
// perfect network.
func ParseConditions(s string) (Conditions, error) {
	c := Conditions{Incoming: true}
	if strings.TrimSpace(s) == "" {
		return Conditions{}, nil
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
		case "dir":
			switch v {
			case "both":
				c.Incoming = true
			case "out":
				c.Incoming = false
			default:
				err = errors.New("allowed both or out")
			}
		default:
			return c, fmt.Errorf("session: netsim %q: unknown key %q (known: latency, jitter, loss, dup, reorder, seed, dir)", s, k)
		}
		if err != nil {
			return c, fmt.Errorf("session: netsim %q: %s=%q: %v", s, k, v, err)
		}
	}
	return c, nil
}

// Sim wraps any Transport and makes what it sends (and, with
// Conditions.Incoming, what it receives) suffer Conditions: delayed,
// jittered, lost, duplicated, reordered. Packets waiting out their delay
// go on at the next Send or Receive after they fall due, so a session
// polling its transport every frame sees them in time. It holds at most
// simQueue packets each way; more are dropped and counted.
type Sim struct {
	inner   Transport
	cond    Conditions
	now     func() time.Time
	rng     *rand.Rand
	out, in []simPacket // unordered; each with its due time
	free    []*[MaxPacket]byte
	tmp     [MaxPacket]byte
	Dropped int // packets lost to Loss or a full queue
	Sent    int // packets handed to the inner transport
}

type simPacket struct {
	due  time.Time
	peer Peer // out: the receiver; in: the sender
	buf  *[MaxPacket]byte
	n    int
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
	s.out = s.suffer(s.out, to, p)
	s.flush()
	return nil
}

// suffer queues p on q as the conditions say: lost, once or twice, each
// copy with its own delay.
func (s *Sim) suffer(q []simPacket, peer Peer, p []byte) []simPacket {
	if s.rng.Float64() < s.cond.Loss {
		s.Dropped++
		return q
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
		if len(q) >= simQueue {
			s.Dropped++
			continue
		}
		var buf *[MaxPacket]byte
		if n := len(s.free); n > 0 {
			buf, s.free = s.free[n-1], s.free[:n-1]
		} else {
			buf = new([MaxPacket]byte)
		}
		q = append(q, simPacket{due: s.now().Add(max(d, 0)), peer: peer, buf: buf, n: copy(buf[:], p)})
	}
	return q
}

// flush sends every outgoing packet that is due.
func (s *Sim) flush() {
	now := s.now()
	for i := 0; i < len(s.out); {
		p := s.out[i]
		if p.due.After(now) {
			i++
			continue
		}
		_ = s.inner.Send(p.peer, p.buf[:p.n]) // a datagram: an error is a loss
		s.Sent++
		s.out = s.remove(s.out, i)
	}
}

func (s *Sim) remove(q []simPacket, i int) []simPacket {
	s.free = append(s.free, q[i].buf)
	last := len(q) - 1
	q[i] = q[last]
	return q[:last]
}

// Receive implements Transport, sending what fell due while it waits.
// With Conditions.Incoming, what arrives waits out its own delay (or is
// lost) before Receive returns it.
func (s *Sim) Receive(buf []byte, deadline time.Time) (int, Peer, error) {
	for range 100000 {
		s.flush()
		if s.cond.Incoming {
			// Take in all that arrived; hand out the first packet due.
			for range simQueue {
				n, from, err := s.inner.Receive(s.tmp[:], time.Time{})
				if err != nil {
					if !errors.Is(err, ErrNoPacket) {
						return 0, "", err
					}
					break
				}
				s.in = s.suffer(s.in, from, s.tmp[:n])
			}
			now := s.now()
			for i, p := range s.in {
				if !p.due.After(now) {
					n, from := copy(buf, p.buf[:p.n]), p.peer
					s.in = s.remove(s.in, i)
					return n, from, nil
				}
			}
		}
		wait := deadline
		for _, q := range [][]simPacket{s.out, s.in} {
			for _, p := range q {
				if p.due.Before(wait) {
					wait = p.due
				}
			}
		}
		n, from, err := s.inner.Receive(s.tmp[:], wait)
		switch {
		case err == nil && s.cond.Incoming:
			s.in = s.suffer(s.in, from, s.tmp[:n])
		case err == nil:
			return copy(buf, s.tmp[:n]), from, nil
		case !errors.Is(err, ErrNoPacket):
			return 0, "", err
		case !s.now().Before(deadline):
			return 0, "", ErrNoPacket
		case s.now().Before(wait):
			return 0, "", ErrNoPacket // the inner transport does not wait (MemoryNet)
		}
	}
	return 0, "", ErrNoPacket
}

// Close implements Transport. What the simulated network still holds on
// its way out goes out at once, without waiting out its delay, so a
// session's last packets (its goodbye, its last acknowledgements) are not
// lost with the Sim: they suffered loss when sent, as any packet.
func (s *Sim) Close() error {
	for _, p := range s.out {
		_ = s.inner.Send(p.peer, p.buf[:p.n]) // a datagram: an error is a loss
		s.Sent++
		s.free = append(s.free, p.buf)
	}
	s.out = s.out[:0]
	return s.inner.Close()
}
