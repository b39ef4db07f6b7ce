package scene

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/timing"
)

// breaker moves its actor and, on some ticks chosen from the tick and the
// slot (so that two managers built alike do the same), breaks its local
// transform in each way a tick repairs, spawns a child or removes itself.
type breaker struct{}

func (breaker) Tick(a *Actor, t timing.TickInfo, m *Manager) error {
	child := a.Parent() != NoHandle
	switch (uint64(a.Handle().Index())*7 + t.Index) % 61 {
	case 0:
		a.Local.Pos[0] = float32(math.NaN())
	case 1:
		a.Local.Rot = mgl32.Quat{}
	case 2:
		a.Local.Rot.W *= 1.01 // drifted: renormalised
	case 3:
		if child {
			a.Local.Pos[0] = 3e38 // finite, but not under a parent of scale 2
		}
	case 4:
		if t.Index%3 == 0 {
			if _, err := m.Spawn(Spec{Parent: a.Handle(), Pos: mgl32.Vec3{0, 1, 0}, Behavior: breaker{}}); err != nil {
				return err
			}
		}
	case 5:
		if child && t.Index%2 == 0 {
			return m.Remove(a.Handle())
		}
	default:
		a.Local.Pos[1] += 0.01
		a.Local.Rot = mgl32.QuatRotate(0.05, mgl32.Vec3{0, 0, 1}).Mul(a.Local.Rot)
	}
	return nil
}

// splitScene builds roots of scale 2 and three depths of children under
// them, every actor but one in five a breaker: large enough for the roots
// to span chunks and the first two depths to make several tasks.
func splitScene(t *testing.T, splitMin int) *Manager {
	t.Helper()
	m := &Manager{splitMin: splitMin}
	var prev, level []Handle
	for d, n := range []int{1500, 4500, 2500, 600} {
		for i := range n {
			s := Spec{Pos: mgl32.Vec3{float32(i % 50), float32(d), float32(i / 50)}, Rot: deg(float32(i), yAxis)}
			if i%5 != 0 {
				s.Behavior = breaker{}
			}
			if d == 0 {
				s.Scale = mgl32.Vec3{2, 2, 2}
			} else {
				s.Parent = prev[(i*13)%len(prev)]
			}
			level = append(level, spawn(t, m, s))
		}
		prev, level = level, nil
	}
	return m
}

// sameWorlds fails unless a and b hold the same actors with bit-identical
// world and last-world transforms and the same hash.
func sameWorlds(t *testing.T, when string, a, b *Manager) {
	t.Helper()
	if a.n != b.n || a.Len() != b.Len() {
		t.Fatalf("%s: %d slots, %d actors split; want %d, %d", when, b.n, b.Len(), a.n, a.Len())
	}
	for i := int32(0); i < a.n; i++ {
		ca, k := a.col(i)
		cb, _ := b.col(i)
		if ca.flags[k]&flagAlive == 0 {
			continue
		}
		if !sameTransform(&ca.wt[k][0], &cb.wt[k][0]) || !sameTransform(&ca.wt[k][1], &cb.wt[k][1]) ||
			!sameTransform(&ca.a[k].Local, &cb.a[k].Local) {
			t.Fatalf("%s: slot %d: split world, last-world, local %v, %v, %v; serial %v, %v, %v",
				when, i, cb.wt[k][0], cb.wt[k][1], cb.a[k].Local, ca.wt[k][0], ca.wt[k][1], ca.a[k].Local)
		}
	}
	if ha, hb := a.Hash(), b.Hash(); ha != hb {
		t.Fatalf("%s: split hash %x, serial %x", when, hb, ha)
	}
}

// TestSplitPropagationMatchesSerial: a tick whose propagation is split
// across cores leaves every world transform bit for bit as the serial
// tick does and reports the same repairs in the same order, through
// spawns, removals, a restore and every kind of repair.
func TestSplitPropagationMatchesSerial(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	serial, split := splitScene(t, math.MaxInt), splitScene(t, 1)
	sameWorlds(t, "spawned", serial, split)
	var ss, sp Snapshot
	reports := 0
	for i := range uint64(14) {
		switch i {
		case 5:
			if err := serial.Save(&ss); err != nil {
				t.Fatal(err)
			}
			if err := split.Save(&sp); err != nil {
				t.Fatal(err)
			}
		case 9:
			if err := serial.Restore(&ss); err != nil {
				t.Fatal(err)
			}
			if err := split.Restore(&sp); err != nil {
				t.Fatal(err)
			}
		}
		errSerial, errSplit := serial.Tick(tickInfo(i)), split.Tick(tickInfo(i))
		if fmt.Sprint(errSerial) != fmt.Sprint(errSplit) {
			t.Fatalf("tick %d: split reports\n%v\nserial\n%v", i, errSplit, errSerial)
		}
		if errSerial != nil {
			reports++
		}
		sameWorlds(t, fmt.Sprintf("tick %d", i), serial, split)
	}
	if reports == 0 {
		t.Fatal("no tick reported a repair: the scene does not test the reports")
	}
	if split.split == nil {
		t.Fatal("the split manager never split its propagation")
	}
}

// TestSplitPropagationAllocatesNothing: once its helpers are started, a
// split tick allocates nothing. (testing.AllocsPerRun runs on one core,
// where nothing splits: the count is taken around the ticks instead.)
func TestSplitPropagationAllocatesNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	m := &Manager{splitMin: 1}
	var roots []Handle
	for i := range 3000 {
		s := Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: &mover{step: mgl32.Vec3{0, 0.1, 0}}}
		if i%3 == 2 {
			s.Parent = roots[len(roots)-1]
		}
		h := spawn(t, m, s)
		if s.Parent == NoHandle {
			roots = append(roots, h)
		}
	}
	for i := range uint64(3) {
		tick(t, m, i) // start the helpers, grow the buffers
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range uint64(50) {
		if err := m.Tick(tickInfo(3 + i)); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.Mallocs - before.Mallocs; n != 0 {
		t.Errorf("50 split ticks allocated %d times, want 0", n)
	}
	if m.split == nil {
		t.Fatal("the manager never split its propagation")
	}
}
