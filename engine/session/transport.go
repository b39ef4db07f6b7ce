package session

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"
)

// Peer names the other end of a datagram for a Transport: an address
// ("127.0.0.1:7000" for UDP), or a relay's user id. A session never reads
// meaning into it beyond equality: who sent a packet is in the packet.
type Peer string

// ErrNoPacket is returned by Transport.Receive when no packet came by the
// deadline (a deadline already passed polls).
var ErrNoPacket = errors.New("session: no packet by the deadline")

// ErrClosed is returned by a closed Transport.
var ErrClosed = errors.New("session: transport closed")

// Transport carries datagrams between peers, unreliably and unordered: a
// packet may be lost, duplicated or reordered. UDP is one; a relay (a game
// server forwarding packets between players behind NATs) is another.
// A session calls its methods from one goroutine at a time.
type Transport interface {
	// Send sends one datagram of at most MaxPacket bytes to peer. It does
	// not keep p.
	Send(to Peer, p []byte) error
	// Receive copies the next datagram into buf (at least MaxPacket bytes)
	// and says who sent it. With none by deadline it returns ErrNoPacket;
	// a deadline already passed only polls.
	Receive(buf []byte, deadline time.Time) (n int, from Peer, err error)
	// Close releases the transport; Receive and Send then return ErrClosed.
	Close() error
}

// UDP is a Transport over a UDP socket of the standard library. A
// goroutine reads the socket into a bounded queue of preallocated buffers;
// a datagram arriving while the queue is full is dropped and counted.
type UDP struct {
	conn    *net.UDPConn
	packets chan *udpPacket
	free    chan *udpPacket
	done    chan struct{}
	once    sync.Once
	mu      sync.Mutex
	dropped int
	addrs   map[Peer]netip.AddrPort
	names   map[netip.AddrPort]Peer // Receive's cache of senders' names
	timer   *time.Timer             // Receive's, reused
}

type udpPacket struct {
	buf  [MaxPacket + 1]byte
	n    int
	from netip.AddrPort
}

const udpQueue = 256

// ListenUDP opens a UDP transport on addr ("127.0.0.1:7000"; port 0 picks a
// free one: see LocalAddr).
func ListenUDP(addr string) (*UDP, error) {
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		return nil, fmt.Errorf("session: listen address %q: %w (want host:port with a numeric IP, e.g. 127.0.0.1:7000)", addr, err)
	}
	conn, err := net.ListenUDP("udp", net.UDPAddrFromAddrPort(ap))
	if err != nil {
		return nil, fmt.Errorf("session: listening on %s: %w", addr, err)
	}
	u := &UDP{conn: conn, packets: make(chan *udpPacket, udpQueue), free: make(chan *udpPacket, udpQueue),
		done: make(chan struct{}), addrs: make(map[Peer]netip.AddrPort), names: make(map[netip.AddrPort]Peer)}
	for range udpQueue {
		u.free <- new(udpPacket)
	}
	go u.read()
	return u, nil
}

// ResolveUDP turns a host:port address ("example.org:7000",
// "[::1]:7000") into the Peer a UDP transport names that machine by: its
// IP address in plain form. Join a host by a name through it.
func ResolveUDP(addr string) (Peer, error) {
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return "", fmt.Errorf("session: resolving %q: %w (want host:port)", addr, err)
	}
	ap := ua.AddrPort()
	return Peer(netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()).String()), nil
}

// LocalAddr returns the address the transport listens on.
func (u *UDP) LocalAddr() Peer { return Peer(u.conn.LocalAddr().String()) }

// Dropped returns how many datagrams arrived while the queue was full or
// were larger than MaxPacket.
func (u *UDP) Dropped() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.dropped
}

func (u *UDP) read() {
	for {
		var p *udpPacket
		select {
		case p = <-u.free:
		case <-u.done:
			return
		}
		n, from, err := u.conn.ReadFromUDPAddrPort(p.buf[:])
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			u.free <- p
			continue // a transient error (an ICMP unreachable): keep reading
		}
		if n > MaxPacket {
			u.count()
			u.free <- p
			continue
		}
		// A dual-stack socket reports IPv4 senders as ::ffff:a.b.c.d;
		// a peer's name is its plain form, as Join writes it.
		p.n, p.from = n, netip.AddrPortFrom(from.Addr().Unmap(), from.Port())
		select {
		case u.packets <- p:
		default:
			u.count()
			u.free <- p
		}
	}
}

func (u *UDP) count() {
	u.mu.Lock()
	u.dropped++
	u.mu.Unlock()
}

// Send implements Transport.
func (u *UDP) Send(to Peer, p []byte) error {
	u.mu.Lock()
	ap, ok := u.addrs[to]
	u.mu.Unlock()
	if !ok {
		var err error
		if ap, err = netip.ParseAddrPort(string(to)); err != nil {
			return fmt.Errorf("session: peer address %q: %w", to, err)
		}
		u.mu.Lock()
		if len(u.addrs) < 64 {
			u.addrs[to] = ap
		}
		u.mu.Unlock()
	}
	if _, err := u.conn.WriteToUDPAddrPort(p, ap); err != nil {
		if errors.Is(err, net.ErrClosed) {
			return ErrClosed
		}
		return fmt.Errorf("session: sending to %s: %w", to, err)
	}
	return nil
}

// Receive implements Transport.
func (u *UDP) Receive(buf []byte, deadline time.Time) (int, Peer, error) {
	var p *udpPacket
	select {
	case p = <-u.packets:
	case <-u.done:
		return 0, "", ErrClosed
	default:
		wait := time.Until(deadline)
		if wait <= 0 {
			return 0, "", ErrNoPacket
		}
		if u.timer == nil {
			u.timer = time.NewTimer(wait)
		} else {
			u.timer.Reset(wait)
		}
		select {
		case p = <-u.packets:
			u.timer.Stop()
		case <-u.done:
			u.timer.Stop()
			return 0, "", ErrClosed
		case <-u.timer.C:
			return 0, "", ErrNoPacket
		}
	}
	n := copy(buf, p.buf[:p.n])
	from, ok := u.names[p.from]
	if !ok {
		from = Peer(p.from.String())
		if len(u.names) < 64 {
			u.names[p.from] = from
		}
	}
	u.free <- p
	return n, from, nil
}

// Close implements Transport.
func (u *UDP) Close() error {
	var err error
	u.once.Do(func() {
		close(u.done)
		err = u.conn.Close()
	})
	return err
}
