package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// matchTimeout bounds each two-process match of the tests.
const matchTimeout = 60 * time.Second

// match runs a host (-host 127.0.0.1:0, which prints the port it took)
// and a joiner of it as two processes over loopback UDP, with the flags
// each is given, and returns both results. A host still waiting when the
// joiner has ended (a refused joiner) is stopped after wait.
func match(t *testing.T, wait time.Duration, hostArgs, joinArgs []string) (host, join result) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), matchTimeout)
	defer cancel()
	hc := exec.CommandContext(ctx, bin, append([]string{"-host", "127.0.0.1:0"}, hostArgs...)...)
	var hout, herr bytes.Buffer
	hc.Stdout = &hout
	pipe, err := hc.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := hc.Start(); err != nil {
		t.Fatal(err)
	}
	addr := regexp.MustCompile(`hosting on (127\.0\.0\.1:[0-9]+)`)
	sc := bufio.NewScanner(pipe)
	var hostAddr string
	for hostAddr == "" && sc.Scan() {
		herr.WriteString(sc.Text() + "\n")
		if m := addr.FindStringSubmatch(sc.Text()); m != nil {
			hostAddr = m[1]
		}
	}
	done := make(chan struct{})
	go func() { // the rest of the host's stderr
		for sc.Scan() {
			herr.WriteString(sc.Text() + "\n")
		}
		close(done)
	}()
	if hostAddr == "" {
		_ = hc.Wait()
		t.Fatalf("the host printed no address: %q", herr.String())
	}
	jc := exec.CommandContext(ctx, bin, append([]string{"-join", hostAddr}, joinArgs...)...)
	var jout, jerr bytes.Buffer
	jc.Stdout, jc.Stderr = &jout, &jerr
	join = result{code: exitCode(t, jc.Run())}
	join.stdout, join.stderr = jout.String(), jerr.String()
	timer := time.AfterFunc(wait, cancel)
	defer timer.Stop()
	<-done
	host = result{code: exitCode(t, hc.Wait())}
	host.stdout, host.stderr = hout.String(), herr.String()
	return host, join
}

// exitCode returns a finished command's exit status.
func exitCode(t *testing.T, err error) int {
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return 0
}

// TestTwoProcessesPlayTheSameGame: a host and a joiner, each with a
// seeded bot, play 600 ticks over loopback UDP and print the same
// "ticks=N hash=H" — in rollback mode, under a simulated lossy network,
// and in lockstep (the same confirmed input: the same hash in every mode).
// The joiner records the match from its confirmed input; replaying the
// recording offline gives the same line.
func TestTwoProcessesPlayTheSameGame(t *testing.T) {
	line := regexp.MustCompile(`^ticks=600 hash=[0-9a-f]{16}$`)
	var want string
	for _, extra := range [][]string{
		nil,
		{"-netsim", "latency=20ms,jitter=10ms,loss=0.05"},
		{"-netmode", "lockstep"},
	} {
		rec := filepath.Join(t.TempDir(), "match.rec")
		common := append([]string{"-headless", "-ticks", "600"}, extra...)
		host, join := match(t, matchTimeout,
			append(common, "-bot", "1"),
			append(common, "-bot", "2", "-record", rec))
		if host.code != 0 || join.code != 0 || !line.MatchString(host.lastLine()) || host.lastLine() != join.lastLine() {
			t.Fatalf("%v: host status %d %q (stderr %q), joiner status %d %q (stderr %q): want status 0 and the same ticks=600 hash=H",
				extra, host.code, host.lastLine(), host.stderr, join.code, join.lastLine(), join.stderr)
		}
		if want == "" {
			want = host.lastLine()
		} else if host.lastLine() != want {
			t.Errorf("%v: %q, want %q as in the other modes (the same confirmed input)", extra, host.lastLine(), want)
		}
		for _, pace := range [][]string{{"-fps", "60"}, {"-fps", "7", "-jitter", "0.5"}} {
			r := sample(t, nil, append([]string{"-headless", "-replay", rec}, pace...)...)
			if r.code != 0 || r.lastLine() != want {
				t.Errorf("%v: replaying the joiner's recording %v: status %d, %q (stderr %q), want %q",
					extra, pace, r.code, r.lastLine(), r.stderr, want)
			}
		}
	}
}

// TestMismatchedSettingsAreRefused: a joiner whose -actors or -tick-rate
// differs from the host's is refused at the handshake, and the message
// names both settings.
func TestMismatchedSettingsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		join       []string
		host, mine string
	}{
		{[]string{"-actors", "5"}, "actors=0", "actors=5"},
		{[]string{"-tick-rate", "60"}, "tick-rate=30", "tick-rate=60"},
	} {
		_, join := match(t, time.Second, []string{"-headless", "-ticks", "30", "-bot", "1"},
			append([]string{"-headless", "-ticks", "30", "-bot", "2"}, tc.join...))
		if join.code != 1 || !strings.Contains(join.stderr, "settings differ") ||
			!strings.Contains(join.stderr, tc.host) || !strings.Contains(join.stderr, tc.mine) || join.stdout != "" {
			t.Errorf("joiner %v: status %d, stderr %q: want status 1 and a refusal naming %s and %s", tc.join, join.code, join.stderr, tc.host, tc.mine)
		}
	}
}

// TestNetFlagsAreChecked: the match's flags are refused with the usage
// where they do not go together.
func TestNetFlagsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		args []string
		flag string
	}{
		{[]string{"-headless", "-host", "127.0.0.1:0", "-join", "127.0.0.1:1"}, "-join"},
		{[]string{"-headless", "-bot", "3"}, "-bot"},
		{[]string{"-headless", "-host", "127.0.0.1:0", "-netsim", "latency=fast"}, "-netsim"},
		{[]string{"-headless", "-host", "127.0.0.1:0", "-netmode", "turns"}, "-netmode"},
		{[]string{"-headless", "-host", "127.0.0.1:0", "-synctest", "2"}, "-host"},
	} {
		r := sample(t, nil, tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.flag) || r.stdout != "" {
			t.Errorf("%v: status %d, stderr %q: want status 2 and an error naming %s", tc.args, r.code, r.stderr, tc.flag)
		}
	}
}

// TestLostFocusReleasesThePlayersKeys: in a match the engine releases no
// keys when the window loses the focus (a tick source supplies the
// input); the sample releases those its player holds, so none stays down
// on the other machine.
func TestLostFocusReleasesThePlayersKeys(t *testing.T) {
	n := &netPlay{}
	press := func(k input.Key) input.Event { return input.Event{Kind: input.KeyPress, Key: k} }
	n.LiveInput(0, []input.Event{press(input.KeyUp), press(input.KeyLeft), {Kind: input.KeyRelease, Key: input.KeyUp}})
	n.LiveInput(1, []input.Event{{Kind: input.FocusLost, Time: 5}})
	got := n.local(1, nil)
	want := []input.Event{{Kind: input.FocusLost, Time: 5}, {Kind: input.KeyRelease, Key: input.KeyLeft, Time: 5}}
	if !slices.Equal(got, want) {
		t.Errorf("after a focus loss with Left held: %v, want %v", got, want)
	}
	n.LiveInput(2, []input.Event{{Kind: input.FocusLost}})
	if got := n.local(2, nil); len(got) != 1 {
		t.Errorf("a second focus loss with nothing held: %v, want the FocusLost alone", got)
	}
}

// TestSyncClockHoldsBackAndNeverGoesBack: the match's clock falls behind
// the real one by the stretch asked for, and never runs backwards even
// when the stretch is larger than the time that passed.
func TestSyncClockHoldsBackAndNeverGoesBack(t *testing.T) {
	wall := &engine.ManualClock{}
	c := &syncClock{Clock: wall}
	wall.Set(100_000)
	if got := c.Now(); got != 100_000 {
		t.Fatalf("no stretch: %d, want 100000", got)
	}
	c.lag += 30_000
	wall.Set(110_000)
	if got := c.Now(); got != 100_000 {
		t.Errorf("30 ms behind after 10 ms: %d, want 100000 (held, not earlier)", got)
	}
	wall.Set(200_000)
	if got := c.Now(); got != 170_000 {
		t.Errorf("30 ms behind at 200 ms: %d, want 170000", got)
	}
}
