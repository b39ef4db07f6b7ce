package engine

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// bouncer is a described behaviour: it moves by its velocity and turns
// back at the walls.
type bouncer struct {
	vel   mgl32.Vec3
	bumps int
}

func (d *bouncer) Describe(v *fields.Visitor) {
	v.Vec3("vel", &d.vel)
	v.Int("bumps", &d.bumps)
}

func (d *bouncer) Tick(a *scene.Actor, t timing.TickInfo, _ *scene.Manager) error {
	a.Local.Pos = a.Local.Pos.Add(d.vel.Mul(float32(t.Delta)))
	if a.Local.Pos[0] > 10 || a.Local.Pos[0] < -10 {
		d.vel[0] = -d.vel[0]
		d.bumps++
	}
	return nil
}

// leaky keeps a counter its type does not describe and moves by it: the
// state a snapshot cannot restore.
type leaky struct {
	bouncer
	steps int
}

func (l *leaky) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	l.steps++
	a.Local.Pos[1] = float32(l.steps) * 0.01
	return l.bouncer.Tick(a, t, m)
}

// arena is a described state with a scene: key A spawns a bouncer with a
// random velocity and plays a sound, key D removes the oldest, messages
// count the spawns.
type arena struct {
	world   scene.Manager
	spawned int
	score   int64
	kids    []scene.Handle
	leak    bool // spawn leaky behaviours
	clip    *audio.Clip
	voices  []audio.VoiceID
	push    bool // push a pause state at the next tick
}

// pauseState is a state with nothing of its own.
type pauseState struct{}

func (pauseState) Tick(*TickContext) error { return nil }
func (pauseState) Draw(*DrawContext)       {}

func (s *arena) Describe(v *fields.Visitor) {
	v.Int("spawned", &s.spawned)
	v.Int64("score", &s.score)
	fields.Integers(v, "kids", &s.kids)
}

func (s *arena) Draw(*DrawContext) {}

func (s *arena) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }

func (s *arena) Tick(ctx *TickContext) error {
	if s.push {
		s.push = false
		ctx.Push(pauseState{})
	}
	for _, m := range ctx.Messages() {
		s.score += int64(m.(int))
	}
	if ctx.Input.Pressed(input.KeyA) {
		var b scene.Ticker = &bouncer{vel: mgl32.Vec3{ctx.Rand().Float32()*4 - 2, 0, ctx.Rand().Float32()}}
		if s.leak {
			b = &leaky{bouncer: bouncer{vel: mgl32.Vec3{1, 0, 0}}}
		}
		h, err := s.world.Spawn(scene.Spec{Pos: mgl32.Vec3{float32(s.spawned % 5), 0, 0}, Behavior: b})
		if err != nil {
			return err
		}
		s.kids = append(s.kids, h)
		s.spawned++
		ctx.Post(1)
		if s.clip != nil {
			id, err := ctx.PlaySound(audio.Play{Clip: s.clip, Volume: 1})
			if err != nil {
				return err
			}
			s.voices = append(s.voices, id)
		}
	}
	if ctx.Input.Pressed(input.KeyD) && len(s.kids) > 0 {
		if err := s.world.Remove(s.kids[0]); err != nil {
			return err
		}
		s.kids = s.kids[1:]
	}
	return nil
}

// newArena returns an arena with n drifters.
func newArena(t testing.TB, n int) *arena {
	s := &arena{}
	for i := range n {
		if _, err := s.world.Spawn(scene.Spec{
			Pos:      mgl32.Vec3{float32(i%20) - 10, 0, float32(i / 20)},
			Behavior: &bouncer{vel: mgl32.Vec3{float32(i%7) - 3, 0, 0.5}},
		}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// lateInput is a TickSource of scripted presses, some of which arrive
// late: a press at tick p listed in late as p -> k is unknown until tick k
// (as a remote player's input in a rollback session). With rewind set, the
// source rewinds from TickEvents of tick k to the earliest such p.
type lateInput struct {
	g      *Game
	events map[uint64][]input.Event
	late   map[uint64]uint64
	rewind bool
	asked  []uint64
	err    error
}

func (s *lateInput) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	s.asked = append(s.asked, tick)
	if first, ok := s.arrive(tick); ok && s.rewind {
		if err := s.g.Rollback().Rewind(first); err != nil && s.err == nil {
			s.err = err
		}
	}
	return append(dst, s.events[tick]...), nil
}

// arrive adds the presses that become known at tick and returns the
// earliest of their ticks.
func (s *lateInput) arrive(tick uint64) (uint64, bool) {
	first, ok := tick, false
	for p, k := range s.late {
		if k == tick {
			s.events[p] = press(input.KeyA)
			first, ok = min(first, p), true
		}
	}
	return first, ok
}

func press(k input.Key) []input.Event {
	return []input.Event{{Kind: input.KeyPress, Key: k}, {Kind: input.KeyRelease, Key: k}}
}

// headlessArena starts a headless game on s with a lateInput as its source.
func headlessArena(t testing.TB, s State, window int) (*Headless, *lateInput) {
	h, err := NewHeadless(Options{Seed: 7, Logf: t.Logf}, s)
	if err != nil {
		t.Fatal(err)
	}
	sc := &lateInput{g: h.Game, events: map[uint64][]input.Event{}, late: map[uint64]uint64{}}
	h.Game.SetTickSource(sc)
	if window > 0 {
		if err := h.Game.Rollback().Enable(window); err != nil {
			t.Fatal(err)
		}
	}
	return h, sc
}
