package demo

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// tagged is a tick source of a two-player match without a network: each
// player's events from its own function, asked once per tick (as a session
// asks Local) and tagged with the player's slot in Time, as a session
// gives them; a tick run again gets the same events.
type tagged struct {
	players []func(tick uint64, dst []input.Event) []input.Event
	kept    map[uint64][]input.Event
}

func newTagged(players ...func(tick uint64, dst []input.Event) []input.Event) *tagged {
	return &tagged{players: players, kept: map[uint64][]input.Event{}}
}

func (s *tagged) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	evs, ok := s.kept[tick]
	for p, f := range s.players {
		if ok || f == nil {
			continue
		}
		n := len(evs)
		evs = f(tick, evs)
		for i := n; i < len(evs); i++ {
			evs[i].Time = timing.Micros(p)
		}
	}
	s.kept[tick] = evs
	return append(dst, evs...), nil
}

// hold presses key at tick 0 and keeps it held.
func hold(key input.Key) func(tick uint64, dst []input.Event) []input.Event {
	return func(tick uint64, dst []input.Event) []input.Event {
		if tick == 0 {
			dst = append(dst, input.Event{Kind: input.KeyPress, Key: key})
		}
		return dst
	}
}

// TestTwoPlayersEachControlTheirOwn: in a two-player match player 1's
// arrows push the ball and player 2's move the magenta cube, each reading
// only its own events (session.PlayerOf), although the engine merges them.
func TestTwoPlayersEachControlTheirOwn(t *testing.T) {
	type end struct {
		ball [3]float64
		cube mgl32.Vec3
	}
	run := func(src *tagged) end {
		h, g := play(t, Config{Players: 2})
		h.Game.SetTickSource(src)
		ticks(t, h, 45) // before the first teleport by itself (2 s at 30 Hz)
		return end{g.ball.State.Pos, actor(t, g.Scene(), g.teleH).Local.Pos}
	}
	still := run(newTagged(nil, nil))
	p1 := run(newTagged(hold(input.KeyRight), nil))
	p2 := run(newTagged(nil, hold(input.KeyRight)))
	if p1.ball == still.ball || p1.cube != still.cube {
		t.Errorf("player 1 holding Right: ball %v (still %v), cube %v (still %v): want the ball pushed and the cube still",
			p1.ball, still.ball, p1.cube, still.cube)
	}
	if p2.ball != still.ball || !(p2.cube[0] > still.cube[0]) {
		t.Errorf("player 2 holding Right: ball %v (still %v), cube %v (still %v): want the ball as without input and the cube moved along +x",
			p2.ball, still.ball, p2.cube, still.cube)
	}
}

// TestTwoPlayerMatchPassesTheSyncTest: with two seeded bots, the match's
// state is all in its snapshots (the players' held keys included): rolling
// back 8 ticks after every tick changes nothing.
func TestTwoPlayerMatchPassesTheSyncTest(t *testing.T) {
	hashes := make([]uint64, 0, 2)
	for _, k := range []int{0, 8} {
		h, _ := play(t, Config{Players: 2})
		h.Game.SetTickSource(newTagged(Bot(1), Bot(2)))
		if err := h.Game.Rollback().SyncTest(k); err != nil {
			t.Fatal(err)
		}
		ticks(t, h, 200)
		hashes = append(hashes, h.Game.Hash())
	}
	if hashes[0] != hashes[1] {
		t.Errorf("hash with the sync test %016x, without %016x: want the same", hashes[1], hashes[0])
	}
}

// TestBotIsSeeded: a bot's events are a function of its seed and the
// tick: two bots of one seed agree, another seed differs, and a bot never
// releases an arrow it does not hold.
func TestBotIsSeeded(t *testing.T) {
	a, b, c := Bot(7), Bot(7), Bot(8)
	var ea, eb, ec []input.Event
	held := map[input.Key]bool{}
	for tick := range uint64(600) {
		n := len(ea)
		ea, eb, ec = a(tick, ea), b(tick, eb), c(tick, ec)
		for _, e := range ea[n:] {
			if arrowBit(e.Key) == 0 {
				continue
			}
			if e.Kind == input.KeyRelease && !held[e.Key] {
				t.Fatalf("tick %d: the bot releases %v, which it does not hold", tick, e.Key)
			}
			held[e.Key] = e.Kind == input.KeyPress
		}
	}
	if len(ea) == 0 || !slices.Equal(ea, eb) || slices.Equal(ea, ec) {
		t.Errorf("bots of seed 7 gave %d and %d events (equal %v), seed 8 %d (equal %v): want some, the same for one seed, others for another",
			len(ea), len(eb), slices.Equal(ea, eb), len(ec), slices.Equal(ea, ec))
	}
}
