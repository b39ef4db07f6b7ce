//go:build amd64 && !amd64.v3

package collide

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// The world's hash after a fixed run of each scene is pinned, so that a
// change meant to be only faster (or only tidier) is seen to leave every
// result bit for bit as it was. Only on amd64 without FMA (GOAMD64 below
// v3): where the compiler fuses multiply-adds the float results differ
// (still deterministic on that build). A change that alters the
// simulation on purpose updates these pins, and says why.
func TestPinnedHashes(t *testing.T) {
	run := func(n int, tick func(i uint64), w func() *World) string {
		h := fnv.New64a()
		for i := range uint64(n) {
			tick(i)
			fmt.Fprintf(h, "%x %v", fields.Hash(w()), w().Events())
		}
		return fmt.Sprintf("%016x", h.Sum64())
	}
	cases := []struct {
		name string
		want string
		run  func(t *testing.T) string
	}{
		{"arena", "069993293e50d7d1", func(t *testing.T) string {
			a := newArena(t)
			return run(150, func(i uint64) { a.tick(t, timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}) }, func() *World { return a.w })
		}},
		{"swarm", "5629f1751efdd52d", func(t *testing.T) string {
			s := newSwarm(t, 2000)
			return run(40, func(uint64) { s.tick(t) }, func() *World { return s.w })
		}},
		{"stack", "40579420b872c3b6", func(t *testing.T) string {
			m, w, _ := stack(t, 10)
			return run(90, func(i uint64) { tickOnce(t, m, w, i) }, func() *World { return w })
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.run(t); got != c.want {
				t.Errorf("hash of the run %s, pinned %s", got, c.want)
			}
		})
	}
}
