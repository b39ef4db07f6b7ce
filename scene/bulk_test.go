package scene

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/timing"
)

// bulkRecorder is a BulkTicker that records the handles of each call and may
// run a hook during it.
type bulkRecorder struct {
	calls [][]Handle
	hook  func(m *Manager) error
}

func (r *bulkRecorder) TickBulk(actors []*Actor, _ timing.TickInfo, m *Manager) error {
	hs := make([]Handle, len(actors))
	for i, a := range actors {
		hs[i] = a.Handle()
	}
	r.calls = append(r.calls, hs)
	if r.hook != nil {
		return r.hook(m)
	}
	return nil
}

// spinBulk turns every member about Y by step each tick; spinOne does the
// same to one actor as a Ticker. Both must give the same scene.
type spinBulk struct{ step mgl32.Quat }

func (s *spinBulk) TickBulk(actors []*Actor, _ timing.TickInfo, _ *Manager) error {
	for _, a := range actors {
		a.Local.Rot = s.step.Mul(a.Local.Rot)
		a.Local.Pos[1] += 0.01
	}
	return nil
}

type spinOne struct{ step mgl32.Quat }

func (s *spinOne) Tick(a *Actor, _ timing.TickInfo, _ *Manager) error {
	a.Local.Rot = s.step.Mul(a.Local.Rot)
	a.Local.Pos[1] += 0.01
	return nil
}

func TestBulkTickerMatchesTicker(t *testing.T) {
	step := deg(7, mgl32.Vec3{0, 1, 0})
	build := func(bulk bool) *Manager {
		m := new(Manager)
		sb := &spinBulk{step: step}
		for i := range 600 { // more than two chunks
			s := Spec{Pos: mgl32.Vec3{float32(i), 0, 0}}
			if bulk {
				s.Bulk = sb
			} else {
				s.Behavior = &spinOne{step: step}
			}
			spawn(t, m, s)
		}
		return m
	}
	perActor, bulk := build(false), build(true)
	for i := range uint64(20) {
		tick(t, perActor, i)
		tick(t, bulk, i)
		if got, want := bulk.Hash(), perActor.Hash(); got != want {
			t.Fatalf("tick %d: got hash %#x with a BulkTicker, want %#x as with per-actor Tickers", i, got, want)
		}
	}
}

func TestBulkTickerMembers(t *testing.T) {
	m := new(Manager)
	r := &bulkRecorder{}
	a := spawn(t, m, Spec{Bulk: r})
	b := spawn(t, m, Spec{Bulk: r})
	c := spawn(t, m, Spec{Bulk: r})
	other := spawn(t, m, Spec{}) // no bulk: never passed

	var d Handle
	r.hook = func(m *Manager) error {
		if d == NoHandle {
			var err error
			d, err = m.Spawn(Spec{Bulk: r}) // spawned during the tick: next tick on
			return err
		}
		return nil
	}
	tick(t, m, 0)
	r.hook = nil
	if err := m.Remove(b); err != nil {
		t.Fatal(err)
	}
	// b's slot is recycled by e: it joins last, and b is not ticked.
	e := spawn(t, m, Spec{Bulk: r})
	if e.Index() != b.Index() {
		t.Fatalf("got slot %d for e, want b's recycled slot %d", e.Index(), b.Index())
	}
	tick(t, m, 1)
	tick(t, m, 2)
	for _, tt := range []struct {
		tick int
		want []Handle
	}{
		{0, []Handle{a, b, c}},
		{1, []Handle{a, c, d, e}},
		{2, []Handle{a, c, d, e}},
	} {
		if got := r.calls[tt.tick]; !slices.Equal(got, tt.want) {
			t.Errorf("tick %d: got members %v, want %v", tt.tick, got, tt.want)
		}
	}
	if got, want := actor(t, m, a).Bulk(), BulkTicker(r); got != want {
		t.Errorf("got Bulk() %v, want the bulkRecorder", got)
	}
	if got := actor(t, m, other).Bulk(); got != nil {
		t.Errorf("got Bulk() %v for an actor spawned without one, want nil", got)
	}
}

func TestBulkTickerOrderAndErrors(t *testing.T) {
	m := new(Manager)
	var order []string
	boom := errors.New("boom")
	first := &bulkRecorder{hook: func(*Manager) error { order = append(order, "first"); return boom }}
	second := &bulkRecorder{hook: func(*Manager) error { order = append(order, "second"); return nil }}
	spawn(t, m, Spec{Bulk: first})
	spawn(t, m, Spec{Bulk: second})
	spawn(t, m, Spec{Behavior: behaviorFunc(func(*Actor, timing.TickInfo, *Manager) error {
		order = append(order, "ticker")
		return nil
	})})
	err := m.Tick(tickInfo(0))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "bulk ticker *scene.bulkRecorder") {
		t.Errorf("got error %v, want boom wrapped with the bulk ticker's type", err)
	}
	if want := []string{"ticker", "first", "second"}; !slices.Equal(order, want) {
		t.Errorf("got order %v, want %v", order, want)
	}
}

// funcBulk is a BulkTicker of a type that cannot be compared.
type funcBulk func([]*Actor)

func (f funcBulk) TickBulk(actors []*Actor, _ timing.TickInfo, _ *Manager) error {
	f(actors)
	return nil
}

func TestBulkTickerNotComparable(t *testing.T) {
	m := new(Manager)
	_, err := m.Spawn(Spec{Bulk: funcBulk(func([]*Actor) {})})
	if err == nil || !strings.Contains(err.Error(), "not comparable") {
		t.Fatalf("got error %v, want one saying the BulkTicker is not comparable", err)
	}
	if got := m.Len(); got != 0 {
		t.Errorf("got %d actors after a failed spawn, want 0", got)
	}
}

func TestBulkTickerNoAllocations(t *testing.T) {
	m := new(Manager)
	sb := &spinBulk{step: deg(3, mgl32.Vec3{0, 1, 0})}
	for range 1000 {
		spawn(t, m, Spec{Bulk: sb})
	}
	tick(t, m, 0)
	i := uint64(1)
	if got := testing.AllocsPerRun(50, func() { tick(t, m, i); i++ }); got != 0 {
		t.Errorf("got %v allocations per tick, want 0", got)
	}
}
