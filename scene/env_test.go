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
