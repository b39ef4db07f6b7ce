package scene

import (
	"testing"

	"github.com/tickwork/tickwork/timing"
)

// envReader records what Env returned to it during each tick.
type envReader struct{ seen []any }

func (r *envReader) Tick(a *Actor, t timing.TickInfo, m *Manager) error {
	r.seen = append(r.seen, m.Env())
	return nil
}

// A behaviour reaches through m.Env() the value set before the tick; a
// manager nobody set one on gives nil.
func TestBehaviourReadsTheManagersEnv(t *testing.T) {
	var m Manager
	r := &envReader{}
	if _, err := m.Spawn(Spec{Behavior: r}); err != nil {
		t.Fatal(err)
	}
	type services struct{ n int }
	env := &services{n: 7}
	for i, v := range []any{nil, env, nil} {
		m.SetEnv(v)
		if err := m.Tick(timing.TickInfo{Index: uint64(i), Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333}); err != nil {
			t.Fatal(err)
		}
	}
	if len(r.seen) != 3 || r.seen[0] != nil || r.seen[1] != any(env) || r.seen[2] != nil {
		t.Errorf("the behaviour saw %v, want [<nil> %p <nil>]", r.seen, env)
	}
	if m.Env() != nil {
		t.Errorf("Env after SetEnv(nil): %v, want nil", m.Env())
	}
}

// effectEnvReader is an Effect that reads its manager's Env through
// Actor.Manager, as an Effect must.
type effectEnvReader struct{ seen []any }

func (r *effectEnvReader) Update(a *Actor, dt float32) { r.seen = append(r.seen, a.Manager().Env()) }

// An Effect, which is not given its manager, reaches it with Actor.Manager.
func TestEffectReachesItsManager(t *testing.T) {
	var m, other Manager
	r := &effectEnvReader{}
	h, err := m.Spawn(Spec{Behavior: r})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Spawn(Spec{}); err != nil {
		t.Fatal(err)
	}
	a, err := m.Actor(h)
	if err != nil {
		t.Fatal(err)
	}
	if a.Manager() != &m {
		t.Fatalf("Actor.Manager() = %p, want its manager %p", a.Manager(), &m)
	}
	m.SetEnv("frame")
	m.UpdateEffects(0.016)
	if len(r.seen) != 1 || r.seen[0] != "frame" {
		t.Fatalf("the Effect read %v through a.Manager().Env(), want [frame]", r.seen)
	}
	var none *Actor
	if none.Manager() != nil {
		t.Fatal("a nil actor's Manager is not nil")
	}
}
