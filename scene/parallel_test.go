package scene

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

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
// to span chunks and the first two depths to make several tasks. Every
// pass is split, unless serial keeps it on one goroutine.
func splitScene(t *testing.T, serial bool) *Manager {
	t.Helper()
	m := &Manager{splitMin: 1, serialOnly: serial}
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
	serial, split := splitScene(t, true), splitScene(t, false)
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
	if split.split == nil || serial.split != nil {
		t.Fatal("the split manager never split its propagation, or the serial one did")
	}
}

// TestSplitPropagationAllocatesNothing: once its helpers are started, a
// split tick allocates nothing. (testing.AllocsPerRun runs on one core,
// where nothing splits: the count is taken around the ticks instead. The
// first few hundred passes may allocate in the runtime, which caches what
// a goroutine needs to wait on a channel per core, until each core's
// cache holds what it hands on.)
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
	if n := warmTickAllocs(t, m); n != 0 {
		t.Errorf("split ticks allocated %d times per 50 ticks, want 0", n)
	}
	if m.split == nil {
		t.Fatal("the manager never split its propagation")
	}
}

// warmTickAllocs ticks m 400 times (the split helpers start, the buffers
// grow, the runtime's caches fill), then returns quietAllocs of its next
// ticks.
func warmTickAllocs(t *testing.T, m *Manager) uint64 {
	t.Helper()
	const warm = 400
	for i := range uint64(warm) {
		tick(t, m, i)
	}
	next := uint64(warm)
	return quietAllocs(func() {
		if err := m.Tick(tickInfo(next)); err != nil {
			t.Fatal(err)
		}
		next++
	})
}

// quietAllocs returns the fewest allocations (by every goroutine) that 50
// calls of f made, over a few rounds of 50: the runtime's own goroutines
// (a collection's workers, the scavenger, cleanups of earlier managers)
// allocate now and then, f's allocations would count in every round.
func quietAllocs(f func()) uint64 {
	fewest := uint64(math.MaxUint64)
	for range 5 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 50 {
			f()
		}
		runtime.ReadMemStats(&after)
		fewest = min(fewest, after.Mallocs-before.Mallocs)
	}
	return fewest
}

// spinSplit is spinBulk that may be split: it turns and lifts each
// member, fails for every member whose slot is a multiple of 1000 (in
// TickBulk and TickSplit alike, one error per actor, joined) and panics
// at tick panicAt (when not zero).
type spinSplit struct {
	step    mgl32.Quat
	panicAt uint64
	parts   atomic.Int32 // TickSplit calls
}

func (s *spinSplit) spin(actors []*Actor, t timing.TickInfo) error {
	var errs []error
	for _, a := range actors {
		a.Local.Rot = s.step.Mul(a.Local.Rot)
		a.Local.Pos[1] += 0.01
		if a.Handle().Index()%1000 == 0 {
			errs = append(errs, fmt.Errorf("%v is a round one", a.Handle()))
		}
		if t.Index == s.panicAt && t.Index != 0 && a.Handle().Index() == 7777 {
			panic("spinSplit: actor 7777")
		}
	}
	return errors.Join(errs...)
}

func (s *spinSplit) TickBulk(actors []*Actor, t timing.TickInfo, _ *Manager) error {
	return s.spin(actors, t)
}

func (s *spinSplit) TickSplit(actors []*Actor, t timing.TickInfo, _ *Manager) error {
	s.parts.Add(1)
	return s.spin(actors, t)
}

// bulkScene spawns n members of one spinSplit, a tenth of them children,
// in a manager that splits every pass unless serial keeps it on one
// goroutine.
func bulkScene(t *testing.T, n int, serial bool, b *spinSplit) *Manager {
	t.Helper()
	m := &Manager{splitMin: 1, serialOnly: serial}
	var roots []Handle
	for i := range n {
		s := Spec{Pos: mgl32.Vec3{float32(i % 100), float32(i / 100), 0}, Bulk: b}
		if i%10 == 9 {
			s.Parent = roots[(i*7)%len(roots)]
		}
		h := spawn(t, m, s)
		if s.Parent == NoHandle {
			roots = append(roots, h)
		}
	}
	return m
}

// TestSplitBulkTickerMatchesWhole: a SplitBulkTicker ticked in parts on
// several cores leaves the scene its TickBulk leaves, with the same
// errors in the same order.
func TestSplitBulkTickerMatchesWhole(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	step := deg(3, yAxis)
	bw, bs := &spinSplit{step: step}, &spinSplit{step: step}
	whole, split := bulkScene(t, 10_000, true, bw), bulkScene(t, 10_000, false, bs)
	for i := range uint64(4) {
		errWhole, errSplit := whole.Tick(tickInfo(i)), split.Tick(tickInfo(i))
		if errWhole == nil || fmt.Sprint(errWhole) != fmt.Sprint(errSplit) {
			t.Fatalf("tick %d: split reports\n%v\nwhole\n%v", i, errSplit, errWhole)
		}
		sameWorlds(t, fmt.Sprintf("tick %d", i), whole, split)
	}
	if bw.parts.Load() != 0 {
		t.Errorf("the unsplit manager called TickSplit %d times", bw.parts.Load())
	}
	if got, want := bs.parts.Load(), int32(4*((10_000+splitBulkBlock-1)/splitBulkBlock)); got != want {
		t.Errorf("the split manager called TickSplit %d times, want %d", got, want)
	}
}

// TestSplitBulkTickerPanic: a part that panics ends the tick with a
// *PanicError holding the panic's value, as TickBulk's panic does.
func TestSplitBulkTickerPanic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	m := bulkScene(t, 10_000, false, &spinSplit{step: deg(3, yAxis), panicAt: 2})
	if err := m.Tick(tickInfo(1)); err == nil {
		t.Fatal("tick 1: got no error, want the round actors' errors")
	}
	err := m.Tick(tickInfo(2))
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Value != "spinSplit: actor 7777" || pe.Actor != NoHandle {
		t.Fatalf("got %v, want a *PanicError naming no actor with the part's panic value", err)
	}
}

// TestSplitBulkTickerAllocatesNothing: split bulk ticks allocate nothing
// once the helpers are started.
func TestSplitBulkTickerAllocatesNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	m := &Manager{splitMin: 1}
	b := &spinBulkSplit{step: deg(3, yAxis)}
	for i := range 9000 {
		spawn(t, m, Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Bulk: b})
	}
	if n := warmTickAllocs(t, m); n != 0 {
		t.Errorf("split bulk ticks allocated %d times per 50 ticks, want 0", n)
	}
}

// spinBulkSplit is spinBulk declared safe to split.
type spinBulkSplit spinBulk

func (s *spinBulkSplit) TickBulk(actors []*Actor, t timing.TickInfo, m *Manager) error {
	return (*spinBulk)(s).TickBulk(actors, t, m)
}

func (s *spinBulkSplit) TickSplit(actors []*Actor, t timing.TickInfo, m *Manager) error {
	return (*spinBulk)(s).TickBulk(actors, t, m)
}

// TestSplitHelpersStopWithManager: the goroutines a manager starts to
// split its ticks end once the manager is garbage collected.
func TestSplitHelpersStopWithManager(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	before := runtime.NumGoroutine()
	func() {
		m := &Manager{splitMin: 1}
		for i := range 3000 {
			spawn(t, m, Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: &mover{step: mgl32.Vec3{0, 1, 0}}})
		}
		tick(t, m, 0)
		tick(t, m, 1)
		if m.split == nil || len(m.split.wake) != 3 {
			t.Fatalf("got %v, want 3 helpers started", m.split)
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines 5 s after the manager was dropped, want %d", runtime.NumGoroutine(), before)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSplitReportsDoNotDependOnCores: the repairs of children spawned
// since the order was last sorted are reported in the same order whether
// the tick splits or not: which actors the order sorts again depends on
// sizes, not on the number of cores.
func TestSplitReportsDoNotDependOnCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	var reports [2]string
	for i, serial := range []bool{true, false} {
		m := &Manager{splitMin: 1, serialOnly: serial}
		root := spawn(t, m, Spec{})
		a := spawn(t, m, Spec{Parent: root})
		b := spawn(t, m, Spec{Parent: a}) // spawned before c, one depth further
		c := spawn(t, m, Spec{Parent: root})
		tick(t, m, 0)
		actor(t, m, b).Local.Rot = mgl32.Quat{}
		actor(t, m, c).Local.Rot = mgl32.Quat{}
		reports[i] = fmt.Sprint(m.Tick(tickInfo(1)))
	}
	if reports[0] != reports[1] {
		t.Fatalf("split tick reports\n%s\none core\n%s", reports[1], reports[0])
	}
}

// TestRestoreKeepsTheOrder: a restored manager sorts its hierarchy's order
// again exactly when the saved one would have, so a tick after a restore
// walks (and reports, and removes) children in the order of the first
// run.
func TestRestoreKeepsTheOrder(t *testing.T) {
	m := &Manager{splitMin: 3, serialOnly: true}
	root := spawn(t, m, Spec{})
	a := spawn(t, m, Spec{Parent: root})
	if err := m.Remove(spawn(t, m, Spec{Parent: root})); err != nil { // the order is sorted at the next tick
		t.Fatal(err)
	}
	tick(t, m, 0)                   // sorted: [a]
	spawn(t, m, Spec{Parent: a})    // appended, one depth further
	spawn(t, m, Spec{Parent: root}) // appended: two unsorted, fewer than 3
	var s Snapshot
	if err := m.Save(&s); err != nil {
		t.Fatal(err)
	}
	tick(t, m, 1)
	first := slices.Clone(m.order)
	if err := m.Restore(&s); err != nil {
		t.Fatal(err)
	}
	tick(t, m, 1)
	if !slices.Equal(m.order, first) {
		t.Fatalf("after the restore the order is %v, want %v as in the first run", m.order, first)
	}
}

// TestSetMaxCoresOneKeepsTheTickOnOneGoroutine: a scene limited to one
// core never starts its helpers, however large its passes, and ends with
// the same world as one that splits.
func TestSetMaxCoresOneKeepsTheTickOnOneGoroutine(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, tc := range []struct {
		cores      int
		wantHelper bool
	}{{1, false}, {0, true}, {2, true}, {-3, true}} {
		one, split := &Manager{splitMin: 1}, &Manager{splitMin: 1}
		one.SetMaxCores(1)
		split.SetMaxCores(tc.cores)
		for _, m := range []*Manager{one, split} {
			for i := range 500 {
				spawn(t, m, Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Behavior: &mover{step: mgl32.Vec3{0, 0.1, 0}}})
			}
			for i := range uint64(5) {
				tick(t, m, i)
			}
		}
		if one.split != nil {
			t.Fatalf("SetMaxCores(1): the scene started helpers")
		}
		if got := split.split != nil; got != tc.wantHelper {
			t.Errorf("SetMaxCores(%d): helpers started %v, want %v", tc.cores, got, tc.wantHelper)
		}
		if got, want := split.Hash(), one.Hash(); got != want {
			t.Errorf("SetMaxCores(%d): hash %x, the one-core scene's %x", tc.cores, got, want)
		}
	}
}
