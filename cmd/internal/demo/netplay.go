package demo

import (
	"fmt"
	"math/rand/v2"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/session"
	"github.com/tickwork/tickwork/scene/fields"
)

// CubeSpeed is how fast the second player moves the magenta cube, m/s.
const CubeSpeed = 4

// Arrow bits of a player's held keys in a two-player match.
const (
	holdUp uint8 = 1 << iota
	holdDown
	holdLeft
	holdRight
)

// arrowBit returns k's bit among the held arrows, or 0.
func arrowBit(k input.Key) uint8 {
	switch k {
	case input.KeyUp:
		return holdUp
	case input.KeyDown:
		return holdDown
	case input.KeyLeft:
		return holdLeft
	case input.KeyRight:
		return holdRight
	}
	return 0
}

// axes returns the held arrows as x and z in -1..1.
func axes(held uint8) (x, z float64) {
	if held&holdRight != 0 {
		x++
	}
	if held&holdLeft != 0 {
		x--
	}
	if held&holdDown != 0 {
		z++
	}
	if held&holdUp != 0 {
		z--
	}
	return x, z
}

// players is the two players' input in an online match (Config.Players
// 2): each event of a tick belongs to the player session.PlayerOf names,
// and each player's held arrows are kept here, since the engine's merged
// input mixes both players' keys. Player 1 (the host) pushes the ball,
// player 2 moves the magenta cube; T teleports the cube for either.
// Updated in the gameplay's Tick, on the main goroutine; described for
// snapshots.
type players struct {
	held [2]uint8
}

// update takes the tick's events and reports which players pressed T.
func (p *players) update(evs []input.Event) (teleport [2]bool) {
	for _, e := range evs {
		pl := session.PlayerOf(e)
		if pl < 0 || pl >= len(p.held) {
			continue
		}
		switch e.Kind {
		case input.KeyPress:
			p.held[pl] |= arrowBit(e.Key)
			teleport[pl] = teleport[pl] || e.Key == input.KeyT
		case input.KeyRelease:
			p.held[pl] &^= arrowBit(e.Key)
		}
	}
	return teleport
}

// Describe lists each player's held arrows.
func (p *players) Describe(v *fields.Visitor) {
	fields.Integer(v, "held0", &p.held[0])
	fields.Integer(v, "held1", &p.held[1])
}

// netTick is the two-player part of Tick: player 1's arrows push the
// ball, player 2's move the cube inside the walls. It reports whether a
// player pressed T. Pausing is left out: an overlay would change the state
// stack, which a rollback cannot cross.
func (g *Gameplay) netTick(ctx *engine.TickContext) (bool, error) {
	t := g.net.update(ctx.Input.Events())
	x, z := axes(g.net.held[0])
	g.ball.Push = [2]float64{PadPush * x, PadPush * z}
	if x, z = axes(g.net.held[1]); x != 0 || z != 0 {
		a, err := g.world.Actor(g.teleH)
		if err != nil {
			return false, fmt.Errorf("demo: player 2's cube: %w", err)
		}
		wall, step := float32(g.ball.Wall), float32(CubeSpeed*ctx.Tick.Delta)
		a.Local.Pos[0] = min(max(a.Local.Pos[0]+step*float32(x), -wall), wall)
		a.Local.Pos[2] = min(max(a.Local.Pos[2]+step*float32(z), -wall), wall)
	}
	return t[0] || t[1], nil
}

// Bot returns a seeded bot's input for a player of a match: at each tick,
// from the seed and the tick alone (with the arrows it holds), it may
// press or release an arrow, and now and then T. The same seed gives the
// same events at the same ticks on any machine. Called on the main
// goroutine, once per tick, as a session's Config.Local.
func Bot(seed uint64) func(tick uint64, dst []input.Event) []input.Event {
	pcg := rand.NewPCG(seed, 0)
	r := rand.New(pcg)
	var held uint8
	return func(tick uint64, dst []input.Event) []input.Event {
		pcg.Seed(seed, tick)
		if r.IntN(6) == 0 {
			k := [...]input.Key{input.KeyUp, input.KeyDown, input.KeyLeft, input.KeyRight}[r.IntN(4)]
			kind := input.KeyPress
			if held&arrowBit(k) != 0 {
				kind = input.KeyRelease
			}
			held ^= arrowBit(k)
			dst = append(dst, input.Event{Kind: kind, Key: k})
		}
		if r.IntN(90) == 0 {
			dst = append(dst, input.Event{Kind: input.KeyPress, Key: input.KeyT},
				input.Event{Kind: input.KeyRelease, Key: input.KeyT})
		}
		return dst
	}
}
