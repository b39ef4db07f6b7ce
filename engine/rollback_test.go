package engine

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

var testClip = &audio.Clip{Name: "blip", Samples: make([]float32, 2*48000)}

// TestSnapshotRoundTripOfTheGame: restoring the snapshot taken before a
// tick gives back the hash and digest the game had then (actors,
// hierarchy, described behaviours and state, random source), the
// mixer's voices, input latches and the state's clock, after ticks that
// spawned, removed, drew random numbers and played sounds; and saving
// plus restoring allocates nothing once warm.
func TestSnapshotRoundTripOfTheGame(t *testing.T) {
	s := newArena(t, 50)
	s.clip = testClip
	h, sc := headlessArena(t, s, 8)
	g := h.Game
	for i := uint64(2); i < 40; i += 3 { // tick 29 posts a message for tick 30
		sc.events[i] = press(input.KeyA)
	}
	sc.events[20] = append(press(input.KeyD), input.Event{Kind: input.KeyPress, Key: input.KeyW})
	if err := h.RunTicks(30, nil); err != nil {
		t.Fatal(err)
	}
	var snap gameSnap
	g.saveInto(&snap, timing.TickInfo{Index: 30}, nil)
	hash, dig, voices, clock := g.Hash(), g.Digest(), g.mixer.Voices(), g.stack[0].clock
	down := g.in.Down(input.KeyW)
	if err := h.RunTicks(5, nil); err != nil {
		t.Fatal(err)
	}
	later := g.Hash()
	if later == hash {
		t.Fatal("five more ticks left the hash unchanged: the test shows nothing")
	}
	if err := g.restoreFrom(&snap, 30); err != nil {
		t.Fatal(err)
	}
	if d := Diff(dig, g.Digest()); d != "" || g.Hash() != hash {
		t.Fatalf("after restore: %s (hash %x, want %x)", d, g.Hash(), hash)
	}
	if g.mixer.Voices() != voices || g.stack[0].clock != clock || g.in.Down(input.KeyW) != down || !down {
		t.Fatalf("after restore: %d voices (want %d), clock %+v (want %+v), W down %v (want %v)",
			g.mixer.Voices(), voices, g.stack[0].clock, clock, g.in.Down(input.KeyW), down)
	}
	n := testing.AllocsPerRun(20, func() {
		g.saveInto(&snap, timing.TickInfo{Index: 30}, nil)
		if err := g.restoreFrom(&snap, 30); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Fatalf("saving and restoring the game allocates %v times, want 0", n)
	}
	// Run the five ticks again from the ring's snapshot before tick 30:
	// the message tick 29 posted is delivered again.
	if err := g.Rollback().Rewind(30); err != nil {
		t.Fatal(err)
	}
	if g.Hash() != later {
		t.Fatalf("ticks 30..34 run again: hash %x, want %x", g.Hash(), later)
	}
}

// TestRewindWithCorrectedInputMatchesTheTrueRun: a game that first runs
// without some presses (as a rollback session predicts a remote player's
// input) and rewinds when they arrive ends with the hash of a game that
// had them from the start, at any pacing, both when the rewind is asked
// from TickEvents and between frames.
func TestRewindWithCorrectedInputMatchesTheTrueRun(t *testing.T) {
	late := map[uint64]uint64{7: 11, 15: 18, 16: 18, 30: 37} // press at tick: known at tick
	const ticks = 45
	type mode int
	const (
		truth mode = iota
		predicted
		fromSource
		betweenFrames
	)
	// run returns the hash, the rollbacks and the render matrix of the
	// last spawned actor, as the last frame drew it.
	run := func(t *testing.T, frames FrameTimes, m mode) (uint64, RollbackStats, mgl32.Mat4) {
		s := newArena(t, 30)
		s.clip = testClip
		h, sc := headlessArena(t, s, 8)
		sc.events[25] = press(input.KeyD)
		switch m {
		case truth:
			for p := range late {
				sc.events[p] = press(input.KeyA)
			}
		case fromSource:
			sc.late, sc.rewind = late, true
		}
		if m != betweenFrames {
			if err := h.RunTicks(ticks, frames); err != nil {
				t.Fatal(err)
			}
		}
		for m == betweenFrames && h.Game.Time().Ticks() < ticks {
			if err := h.RunTicks(1, frames); err != nil {
				t.Fatal(err)
			}
			sc.late = late
			if first, ok := sc.arrive(h.Game.Time().Ticks() - 1); ok {
				if err := h.Game.Rollback().Rewind(first); err != nil {
					t.Fatal(err)
				}
			}
		}
		if sc.err != nil {
			t.Fatal(sc.err)
		}
		if err := h.RunFrame(10000); err != nil { // a frame that runs no tick: the picture from the new present
			t.Fatal(err)
		}
		var render mgl32.Mat4
		if len(s.kids) > 0 {
			if a, err := s.world.Actor(s.kids[len(s.kids)-1]); err == nil {
				render = a.RenderMatrix()
			}
		}
		return h.Game.Hash(), h.Game.Rollback().Rollbacks(), render
	}
	for _, pc := range []struct {
		name   string
		frames func() FrameTimes
	}{
		{"one tick a frame", func() FrameTimes { return nil }},
		{"60 fps", func() FrameTimes { return Steady(60) }},
		{"20 fps", func() FrameTimes { return Steady(20) }},
		{"jittered 45 fps", func() FrameTimes { return Jittered(45, 0.5, 3) }},
	} {
		t.Run(pc.name, func(t *testing.T) {
			want, _, wantRender := run(t, pc.frames(), truth)
			if wrong, _, _ := run(t, pc.frames(), predicted); wrong == want {
				t.Fatal("the run without the late presses has the true run's hash: the test shows nothing")
			}
			for _, m := range []mode{fromSource, betweenFrames} {
				got, st, render := run(t, pc.frames(), m)
				if got != want || render != wantRender {
					t.Errorf("rewinding (mode %d): hash %x, want %x as with the input from the start; render matrix\n%v\nwant\n%v", m, got, want, render, wantRender)
				}
				if st.Count != 3 || st.MaxDepth < 4 {
					t.Errorf("mode %d: rollbacks %+v: want 3, the deepest at least 4 ticks", m, st)
				}
			}
		})
	}
}
