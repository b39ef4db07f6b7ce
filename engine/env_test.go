package engine

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// bell is a behaviour that reacts to the game by itself: when its key is
// pressed it plays its clip, jumps to a spot drawn from the game's random
// source and posts itself to its state; while D is held it slides along X.
type bell struct {
	id   int
	key  input.Key
	clip *audio.Clip
}

func (b *bell) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	ctx := TickContextOf(m)
	if ctx == nil {
		return errors.New("no tick context during the engine's tick")
	}
	if ctx.Input.Down(input.KeyD) {
		a.Local.Pos[0] += float32(t.Delta)
	}
	if !ctx.Input.Pressed(b.key) {
		return nil
	}
	if _, err := ctx.PlaySound(audio.Play{Clip: b.clip, Volume: 1}); err != nil {
		return err
	}
	r := ctx.Rand()
	a.Local.Pos[1] = r.Float32() * 10
	ctx.Post(b)
	return nil
}

// belfry owns a scene of bells and notes, per tick, the messages its bells
// posted; its Hash covers them, so Game.Hash does too.
type belfry struct {
	m     scene.Manager
	heard []string
}

func newBelfry(t testing.TB) *belfry {
	s := &belfry{}
	clip := &audio.Clip{Name: "ding", Samples: []float32{1, 1, 0.5, 0.5}}
	for i, k := range []input.Key{input.KeyA, input.KeyB, input.KeyA} {
		if _, err := s.m.Spawn(scene.Spec{Pos: mgl32.Vec3{float32(i), 0, 0}, Mesh: gfx.MeshCube,
			Behavior: &bell{id: i, key: k, clip: clip}}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func (s *belfry) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.m) }
func (s *belfry) Draw(*DrawContext)                            {}
func (s *belfry) Tick(ctx *TickContext) error {
	for _, msg := range ctx.Messages() {
		s.heard = append(s.heard, fmt.Sprintf("tick %d: bell %d", ctx.Tick.Index, msg.(*bell).id))
	}
	return nil
}
func (s *belfry) Hash() uint64 {
	h := fnv.New64a()
	for _, l := range s.heard {
		h.Write([]byte(l))
	}
	return h.Sum64()
}

// A behaviour that reads input, plays sounds, draws random numbers and
// posts messages through TickContextOf gives the same game (hash, messages
// and the mix, sample for sample) at any frame rate.
func TestBehaviourReachesTheTickSameAtAnyFrameRate(t *testing.T) {
	const ticks = 120
	type run struct {
		hash  uint64
		heard []string
		mix   []float32
	}
	play := func(frames FrameTimes) run {
		s := newBelfry(t)
		h, err := NewHeadless(Options{}, s)
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		for _, tick := range []uint64{5, 17, 90} {
			h.Inject(tick, key(input.KeyPress, input.KeyA, 0), key(input.KeyRelease, input.KeyA, 0))
		}
		h.Inject(40, key(input.KeyPress, input.KeyB, 0))
		h.Inject(41, key(input.KeyRelease, input.KeyB, 0), key(input.KeyPress, input.KeyD, 0))
		h.Inject(70, key(input.KeyRelease, input.KeyD, 0))
		if err := h.RunTicks(ticks, frames); err != nil {
			t.Fatal(err)
		}
		mix := make([]float32, 2*h.Game.Audio().TickSamplePosition())
		h.Game.Audio().Mixer().Render(mix)
		return run{h.Game.Hash(), s.heard, mix}
	}
	ref := play(Steady(60))
	wantHeard := []string{"tick 6: bell 0", "tick 6: bell 2", "tick 18: bell 0", "tick 18: bell 2",
		"tick 41: bell 1", "tick 91: bell 0", "tick 91: bell 2"}
	if !slices.Equal(ref.heard, wantHeard) {
		t.Fatalf("the state heard %q, want %q (each press posted in its tick, read in the next)", ref.heard, wantHeard)
	}
	// Tick 5's bells start at tick 5's place on the audio timeline: two
	// clips mixed at that frame (one alone, panned centre, is 0.71), and
	// nothing before it.
	at := audio.SampleOfTick(5*33333, 33333, 0)
	if got := ref.mix[2*at]; got < 1.2 {
		t.Errorf("the mix at tick 5's frame %d: %v, want two bells sounding (> 1.2)", at, got)
	}
	if i := slices.IndexFunc(ref.mix, func(v float32) bool { return v != 0 }); i != int(2*at) {
		t.Errorf("the first sound is at sample %d, want %d (tick 5's frame)", i, 2*at)
	}
	for _, tc := range []struct {
		name   string
		frames FrameTimes
	}{
		{"7 fps", Steady(7)},
		{"240 fps jitter 0.5", Jittered(240, 0.5, 1)},
		{"one tick per frame", nil},
	} {
		got := play(tc.frames)
		if got.hash != ref.hash {
			t.Errorf("%s: hash %016x, want %016x (60 fps)", tc.name, got.hash, ref.hash)
		}
		if !slices.Equal(got.heard, ref.heard) {
			t.Errorf("%s: the state heard %q, want %q", tc.name, got.heard, ref.heard)
		}
		if !slices.Equal(got.mix, ref.mix) {
			t.Errorf("%s: the mix differs from the one at 60 fps", tc.name)
		}
	}
}

// Outside the engine's ticks a manager has no tick context: an Effect, or a
// Manager ticked by a program of its own, gets nil.
func TestTickContextOfOutsideATick(t *testing.T) {
	s := newBelfry(t)
	if c := TickContextOf(&s.m); c != nil {
		t.Errorf("before any tick: got %p, want nil", c)
	}
	h, err := NewHeadless(Options{}, s)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunTicks(3, nil); err != nil {
		t.Fatal(err)
	}
	if c := TickContextOf(&s.m); c != nil {
		t.Errorf("between ticks: got %p, want nil", c)
	}
	err = s.m.Tick(timing.TickInfo{Index: 99, Rate: 30, Delta: 1.0 / 30, DeltaMicros: 33333})
	if err == nil || !strings.Contains(err.Error(), "no tick context") {
		t.Errorf("a tick outside the engine: got %v, want the bells' error", err)
	}
}
