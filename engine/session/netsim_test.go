package session

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseConditions(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Conditions
		err  string
	}{
		{in: "", want: Conditions{}},
		{in: "latency=100ms,jitter=20ms,loss=0.05", want: Conditions{Latency: 100 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05, Incoming: true}},
		{in: "dup=0.01, reorder=0.02,seed=9,dir=out", want: Conditions{Dup: 0.01, Reorder: 0.02, Seed: 9}},
		{in: "dir=sideways", err: "allowed both or out"},
		{in: "latency=fast", err: `latency="fast"`},
		{in: "loss=1.5", err: "allowed 0 to 1"},
		{in: "loss=NaN", err: "allowed 0 to 1"},
		{in: "latency=-5ms", err: "allowed 0 to 1m"},
		{in: "lag=5ms", err: `unknown key "lag"`},
		{in: "latency", err: "is not key=value"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseConditions(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// Sim delays, loses and duplicates about as configured.
func TestSimConditions(t *testing.T) {
	c := &vclock{t: time.Unix(1e9, 0)}
	net := NewMemoryNet()
	a := NewSim(net.Endpoint("a"), Conditions{Latency: 50 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.1, Dup: 0.05, Seed: 3}, c.now)
	b := net.Endpoint("b")
	const n = 1000 // within MemoryNet's queue
	for i := range n {
		if err := a.Send("b", []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	var buf [MaxPacket]byte
	if _, _, err := b.Receive(buf[:], time.Time{}); !errors.Is(err, ErrNoPacket) {
		t.Fatalf("a packet arrived before its latency: %v", err)
	}
	c.t = c.t.Add(39 * time.Millisecond)
	a.Receive(buf[:], time.Time{}) // flushes what is due
	if _, _, err := b.Receive(buf[:], time.Time{}); !errors.Is(err, ErrNoPacket) {
		t.Fatalf("a packet arrived before latency less jitter: %v", err)
	}
	c.t = c.t.Add(22 * time.Millisecond)
	a.Receive(buf[:], time.Time{})
	got := 0
	for range 2 * n {
		if _, from, err := b.Receive(buf[:], time.Time{}); err != nil {
			break
		} else if from != "a" {
			t.Fatalf("from %q", from)
		}
		got++
	}
	// Expected 1000 × 0.9 × 1.05 = 945.
	if got < 900 || got > 990 {
		t.Fatalf("%d of %d packets delivered, want about 945", got, n)
	}
}

// With Incoming, what arrives is delayed and lost too.
func TestSimIncoming(t *testing.T) {
	c := &vclock{t: time.Unix(1e9, 0)}
	net := NewMemoryNet()
	a := net.Endpoint("a")
	b := NewSim(net.Endpoint("b"), Conditions{Latency: 30 * time.Millisecond, Loss: 0.2, Incoming: true, Seed: 5}, c.now)
	const n = 500
	for i := range n {
		a.Send("b", []byte{byte(i)})
	}
	var buf [MaxPacket]byte
	if _, _, err := b.Receive(buf[:], time.Time{}); !errors.Is(err, ErrNoPacket) {
		t.Fatalf("a packet came before its delay: %v", err)
	}
	c.t = c.t.Add(30 * time.Millisecond)
	got := 0
	for range 2 * n {
		if _, from, err := b.Receive(buf[:], time.Time{}); err != nil {
			break
		} else if from != "a" {
			t.Fatalf("from %q", from)
		}
		got++
	}
	if got < 360 || got > 440 { // 500 × 0.8 = 400
		t.Fatalf("%d of %d packets received, want about 400", got, n)
	}
}

func TestConfigErrorsNameTheField(t *testing.T) {
	tr := NewMemoryNet().Endpoint("h")
	for _, tc := range []struct {
		name string
		host bool
		cfg  Config
		want string
	}{
		{"one player", true, Config{Players: 1}, "Players = 1"},
		{"too many players", true, Config{Players: MaxPlayers + 1}, "2 to 8 player slots"},
		{"delay", true, Config{Players: 2, Delay: MaxDelay + 1}, "Delay = 17"},
		{"window", true, Config{Players: 2, Window: 9}, "Window = 9"},
		{"mode", true, Config{Players: 2, Mode: 7}, "Mode 7 is unknown"},
		{"rollback without rewinder", true, Config{Players: 2, Mode: Rollback}, "needs a Rewinder"},
		{"long settings", false, Config{Settings: strings.Repeat("x", MaxSettings+1)}, "Settings is 201 bytes"},
		{"spectating host", true, Config{Players: 2, Spectator: true}, "cannot be a spectator"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.host {
				_, err = Host(tr, tc.cfg)
			} else {
				_, err = Join(tr, "h", tc.cfg)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}
