package engine

import "testing"

// The facets are fetched and called every frame by games (a HUD reading
// the tick rate, a pause key): fetching one and calling its getters must
// not allocate.
func TestFacetsAllocateNothing(t *testing.T) {
	h, err := NewHeadless(Options{}, &probe{name: "a", log: &journal{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunTicks(3, nil); err != nil {
		t.Fatal(err)
	}
	g := h.Game
	var sink uint64
	for _, tc := range []struct {
		name string
		call func()
	}{
		{"Time", func() { sink += g.Time().Ticks() + uint64(g.Time().TickRate()) }},
		{"Time.View", func() { sink += uint64(g.Time().View().Rate()) }},
		{"Window", func() {
			if g.Window().VSync() && !g.Window().Fullscreen() {
				sink++
			}
		}},
		{"Audio", func() { sink += uint64(g.Audio().SamplePosition() + g.Audio().TickSamplePosition()) }},
		{"Debug", func() { sink += g.Debug().Stats().UnknownEvents + uint64(g.Debug().OverlayCorner()) }},
		{"Rollback", func() { sink += g.Rollback().Rollbacks().Ticks + uint64(g.Rollback().Window()) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tc.call); n != 0 {
				t.Errorf("%s: %v allocations per call, want 0", tc.name, n)
			}
		})
	}
	if g.Time().Ticks() != 3 {
		t.Errorf("Time().Ticks() = %d after 3 ticks", g.Time().Ticks())
	}
	_ = sink
}
