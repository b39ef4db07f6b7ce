package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/timing"
)

// TestSlowLogIsRateLimited: a game flipping between slow and normal frames
// for 60 s logs at most one line per SlowLogInterval, each with the totals,
// and ends on the right state.
func TestSlowLogIsRateLimited(t *testing.T) {
	var lines []string
	logf := func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) }
	h, err := NewHeadless(Options{Logf: logf}, &one{})
	if err != nil {
		t.Fatal(err)
	}
	// Every 2 s, three 400 ms frames (over the 250 ms cap: running
	// slowly), then normal frames (running normally): for a minute.
	var total timing.Micros
	for total < 60*timing.Second {
		for range 3 {
			if err := h.RunFrame(400 * timing.Millisecond); err != nil {
				t.Fatal(err)
			}
			total += 400 * timing.Millisecond
		}
		for range 48 {
			if err := h.RunFrame(16667); err != nil {
				t.Fatal(err)
			}
			total += 16667
		}
	}
	// Then ten quiet seconds.
	for range 600 {
		if err := h.RunFrame(16667); err != nil {
			t.Fatal(err)
		}
	}
	if max := int(70*timing.Second/SlowLogInterval) + 1; len(lines) > max || len(lines) < 2 {
		t.Fatalf("got %d lines, want 2 to %d (one per %v at most): %q", len(lines), max, SlowLogInterval, lines)
	}
	for _, l := range lines {
		if !strings.Contains(l, "dropped in all") || !strings.Contains(l, "episode") {
			t.Errorf("got line %q, want the totals (time dropped, episodes)", l)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "normally again") {
		t.Errorf("got last line %q, want the recovery reported", last)
	}
}
