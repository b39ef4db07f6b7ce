package camera

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene/fields"
)

// shaken runs an orbit for n ticks with a shake started at tick 2, and
// returns its hash and pose after every tick.
func shaken(seed uint64, n int) ([]uint64, []Pose) {
	c := Orbit{Distance: 5, Target: mgl32.Vec3{0, 1, 0}}
	c.Shake.Seed(seed)
	var hs []uint64
	var ps []Pose
	for i := range n {
		if i == 2 {
			if err := c.Shake.Start(1, 10); err != nil {
				panic(err)
			}
		}
		c.Tick(Input{}, dt)
		hs = append(hs, fields.Hash(&c))
		ps = append(ps, c.Current())
	}
	return hs, ps
}

func TestShakeIsDeterministic(t *testing.T) {
	h1, p1 := shaken(42, 16)
	h2, p2 := shaken(42, 16)
	h3, _ := shaken(43, 16)
	for i := range h1 {
		if h1[i] != h2[i] || p1[i] != p2[i] {
			t.Errorf("tick %d: two runs with seed 42 differ: %x %+v / %x %+v", i, h1[i], p1[i], h2[i], p2[i])
		}
	}
	if h1[5] == h3[5] {
		t.Errorf("tick 5: seeds 42 and 43 give the same hash %x, want different shakes", h1[5])
	}
	still := Pose{Eye: mgl32.Vec3{0, 1, 5}, FovY: p1[0].FovY, Pivot: 5}
	if p1[0] != still || p1[1] != still || p1[2] == still {
		t.Errorf("poses %+v / %+v / %+v: want still before the shake, shaken from its first tick", p1[0], p1[1], p1[2])
	}
	// The shake fades: each tick's offset is at most the previous amplitude,
	// and after its 10 ticks the camera is still again.
	for i := 12; i < 16; i++ {
		if p1[i] != still {
			t.Errorf("tick %d: pose %+v, want %+v once the shake is over", i, p1[i], still)
		}
	}
	for i := 2; i < 12; i++ {
		left := float32(12-i) / 10
		amp := left * left
		if d := p1[i].Eye.Sub(still.Eye); d.Len() > amp*DefaultShakeOffset*1.74 || abs(p1[i].Roll) > amp*DefaultShakeAngle {
			t.Errorf("tick %d: offset %v, roll %v beyond the amplitude %v", i, d, p1[i].Roll, amp)
		}
	}
}

func abs(v float32) float32 { return max(v, -v) }

func TestShakeKeepsTheStronger(t *testing.T) {
	var s Shake
	if err := s.Start(1, 10); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(0.1, 5); err != nil {
		t.Fatal(err)
	}
	if got := s.amplitude(); got != 1 {
		t.Errorf("amplitude after a weaker start = %v, want the running 1", got)
	}
	s.Stop()
	if s.Active() {
		t.Error("Active after Stop")
	}
}

func TestShakeStartRefusesBadValues(t *testing.T) {
	for _, tc := range []struct {
		strength float32
		ticks    int
		want     string
	}{{-1, 5, "strength"}, {float32(nan()), 5, "strength"}, {11, 5, "strength"}, {1, 0, "ticks"}, {1, -3, "ticks"}} {
		var s Shake
		err := s.Start(tc.strength, tc.ticks)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Start(%v, %d) = %v, want an error naming %s", tc.strength, tc.ticks, err, tc.want)
		}
		if s.Active() {
			t.Errorf("Start(%v, %d) refused but the shake runs", tc.strength, tc.ticks)
		}
	}
}
