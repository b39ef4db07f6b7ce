package session

import (
	"sync"
	"time"
)

// MemoryNet is an in-process network of transports that never wait: a
// simulation advances its own clock and polls each end. With a Sim around
// each end it tests sessions under latency and loss in virtual time,
// thousands of ticks per second of real time.
type MemoryNet struct {
	mu    sync.Mutex
	boxes map[Peer]*memBox
}

type memBox struct {
	queue  []memPacket
	closed bool
}

type memPacket struct {
	from Peer
	data []byte
}

// memQueue bounds each end's queue of undelivered packets.
const memQueue = 1024

// NewMemoryNet returns an empty network.
func NewMemoryNet() *MemoryNet { return &MemoryNet{boxes: make(map[Peer]*memBox)} }

// Endpoint returns the transport of peer name on the network.
func (m *MemoryNet) Endpoint(name Peer) Transport {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.boxes[name] == nil {
		m.boxes[name] = &memBox{}
	}
	return &memEnd{net: m, name: name}
}

type memEnd struct {
	net  *MemoryNet
	name Peer
}

// Send queues a copy of p at to; a packet to an unknown, closed or full
// end is lost, as a datagram would be.
func (e *memEnd) Send(to Peer, p []byte) error {
	e.net.mu.Lock()
	defer e.net.mu.Unlock()
	if b := e.net.boxes[e.name]; b == nil || b.closed {
		return ErrClosed
	}
	b := e.net.boxes[to]
	if b == nil || b.closed || len(b.queue) >= memQueue || len(p) > MaxPacket {
		return nil
	}
	b.queue = append(b.queue, memPacket{e.name, append([]byte(nil), p...)})
	return nil
}

// Receive returns the oldest queued packet at once, or ErrNoPacket: it
// never waits, whatever the deadline.
func (e *memEnd) Receive(buf []byte, _ time.Time) (int, Peer, error) {
	e.net.mu.Lock()
	defer e.net.mu.Unlock()
	b := e.net.boxes[e.name]
	if b == nil || b.closed {
		return 0, "", ErrClosed
	}
	if len(b.queue) == 0 {
		return 0, "", ErrNoPacket
	}
	p := b.queue[0]
	b.queue[0] = memPacket{}
	b.queue = b.queue[1:]
	return copy(buf, p.data), p.from, nil
}

// Close implements Transport.
func (e *memEnd) Close() error {
	e.net.mu.Lock()
	defer e.net.mu.Unlock()
	if b := e.net.boxes[e.name]; b != nil {
		b.closed = true
		b.queue = nil
	}
	return nil
}
