package engine

import (
	"math"
	"testing"

	"github.com/tickwork/tickwork/engine/audio"
)

// base is the state under a round: it pushes the round at tick 0 and
// pushes a new round whenever the old one has popped itself.
type base struct {
	rounds int
	round  func() State
}

func (b *base) Tick(ctx *TickContext) error {
	if ctx.Tick.Index == 0 || ctx.StateTicks() > 0 && b.rounds < 2 {
		b.rounds++
		ctx.Push(b.round())
	}
	return nil
}
func (*base) Draw(*DrawContext) {}

// round starts looping music in its first tick and pops itself after
// ten; persistent music and a voice it stops in Exit are started too.
type round struct {
	music, persistent, stopped audio.VoiceID
	clip                       *audio.Clip
	playPersistent             bool
}

func (r *round) Tick(ctx *TickContext) error {
	if ctx.StateTicks() == 0 {
		var err error
		if r.music, err = ctx.PlaySound(audio.Play{Clip: r.clip, Loop: true, Volume: 1}); err != nil {
			return err
		}
		if r.stopped, err = ctx.PlayPersistentSound(audio.Play{Clip: r.clip, Loop: true, Volume: 1}); err != nil {
			return err
		}
		if r.playPersistent {
			if r.persistent, err = ctx.PlayPersistentSound(audio.Play{Clip: r.clip, Loop: true, Volume: 1}); err != nil {
				return err
			}
		}
	}
	if ctx.StateTicks() == 10 {
		ctx.Pop()
	}
	return nil
}
func (*round) Draw(*DrawContext) {}
func (r *round) Exit(ctx *Context) error {
	ctx.StopSound(r.stopped) // from a hook, not a tick
	return nil
}

// A voice a state starts stops when the state is popped (a restarted round
// does not double its music); a persistent one plays on; StopSound works
// from Exit.
func TestSoundsStopWhenTheirStateIsPopped(t *testing.T) {
	clip := &audio.Clip{Name: "music", Samples: []float32{0.25, 0.25, 0.25, 0.25}}
	var rounds []*round
	b := &base{round: func() State {
		r := &round{clip: clip, playPersistent: len(rounds) == 0}
		rounds = append(rounds, r)
		return r
	}}
	h, err := NewHeadless(Options{}, b)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunTicks(18, Steady(60)); err != nil { // the first round has popped, the second runs
		t.Fatal(err)
	}
	m := h.Game.Audio().Mixer()
	buf := make([]float32, 2*(h.Game.Audio().TickSamplePosition()+audio.Rate/10))
	m.Render(buf)
	if len(rounds) != 2 {
		t.Fatalf("%d rounds started, want 2", len(rounds))
	}
	// Playing now: the second round's music and the first round's
	// persistent music; its own music and the one stopped in Exit ended.
	if got := m.Voices(); got != 3 {
		t.Errorf("%d voices after the first round popped, want 3 (the second round's two and the first's persistent one)", got)
	}
	one := 0.25 * math.Cos(math.Pi/4) // a voice of 0.25, panned to the centre
	if v := float64(buf[len(buf)-2]); math.Abs(v-3*one) > 1e-6 {
		t.Errorf("the mix after the pop is %v, want %v (three voices of 0.25)", v, 3*one)
	}
}
