package engine

import (
	"strings"
	"testing"

	"github.com/tickwork/tickwork/scene/fields"
)

// scorer keeps a score outside its scenes and describes it; it scores at
// one tick.
type scorer struct {
	one
	at    uint64
	score int
	name  string
}

func (s *scorer) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == s.at {
		s.score++
	}
	return nil
}

func (s *scorer) Describe(v *fields.Visitor) {
	v.Int("score", &s.score)
	v.String("name", &s.name)
}

// handHashed is a scorer that is also a Hasher, whose Hash ignores the
// score.
type handHashed struct{ scorer }

func (handHashed) Hash() uint64 { return 42 }

// runBoth runs two games tick by tick and reports, after each tick,
// whether their hashes were equal.
func runBoth(t *testing.T, a, b State, ticks int) []bool {
	t.Helper()
	ga, err := NewHeadless(Options{}, a)
	if err != nil {
		t.Fatal(err)
	}
	gb, err := NewHeadless(Options{}, b)
	if err != nil {
		t.Fatal(err)
	}
	var same []bool
	for range ticks {
		if err := ga.RunTicks(1, nil); err != nil {
			t.Fatal(err)
		}
		if err := gb.RunTicks(1, nil); err != nil {
			t.Fatal(err)
		}
		same = append(same, ga.Game.Hash() == gb.Game.Hash())
	}
	return same
}

// TestHashCoversDescribedStates: a state that describes its fields is in
// the game's hash (a score changed at tick 5 is seen from tick 5 on),
// unless it is also a Hasher, whose Hash wins.
func TestHashCoversDescribedStates(t *testing.T) {
	for _, tt := range []struct {
		name        string
		a, b        State
		differsFrom int // the first tick after which the hashes differ; -1 for never
	}{
		{"described", &scorer{at: 1 << 62}, &scorer{at: 5}, 5},
		{"described and a Hasher", &handHashed{scorer{at: 1 << 62}}, &handHashed{scorer{at: 5}}, -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for i, same := range runBoth(t, tt.a, tt.b, 10) {
				if want := tt.differsFrom < 0 || i < tt.differsFrom; same != want {
					t.Errorf("after tick %d: got equal hashes %v, want %v", i, same, want)
				}
			}
		})
	}
}

// TestHashOfDescribedStateAllocatesNothing: Game.Hash with a described
// state allocates nothing once warm.
func TestHashOfDescribedStateAllocatesNothing(t *testing.T) {
	h, err := NewHeadless(Options{}, &scorer{name: "someone"})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(2, nil); err != nil {
		t.Fatal(err)
	}
	h.Game.Hash()
	if got := testing.AllocsPerRun(50, func() { h.Game.Hash() }); got != 0 {
		t.Errorf("got %v allocations per Hash, want 0", got)
	}
}

// TestDiffNamesADescribedField: two runs that differ in a described
// state's field are told apart by Diff, which names the field and both
// values.
func TestDiffNamesADescribedField(t *testing.T) {
	ga, err := NewHeadless(Options{}, &scorer{at: 1 << 62})
	if err != nil {
		t.Fatal(err)
	}
	gb, err := NewHeadless(Options{}, &scorer{at: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Headless{ga, gb} {
		if err := g.RunTicks(5, nil); err != nil {
			t.Fatal(err)
		}
	}
	got := Diff(ga.Game.Digest(), gb.Game.Digest())
	for _, want := range []string{"state *engine.scorer", "field score differs", `"score = 0"`, `"score = 1"`} {
		if !strings.Contains(got, want) {
			t.Errorf("got %q, want it to say %q", got, want)
		}
	}
}
