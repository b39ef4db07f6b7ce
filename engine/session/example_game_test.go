package session_test

import (
	"fmt"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/session"
	"github.com/tickwork/tickwork/scene/fields"
)

// score is a two-player game: each player's Space presses count for that
// player (session.PlayerOf), and the last player to press leads. Its state
// is described (fields.Describer), so the engine's snapshots hold it and a
// rollback restores it; Hash puts it in Game.Hash.
type score struct {
	presses [2]int
	leader  int
}

func (s *score) Tick(ctx *engine.TickContext) error {
	for _, e := range ctx.Input.Events() {
		if p := session.PlayerOf(e); e.Kind == input.KeyPress && p < 2 {
			s.presses[p]++
			s.leader = p
		}
	}
	return nil
}

func (s *score) Draw(*engine.DrawContext) {}

func (s *score) Describe(v *fields.Visitor) {
	v.Int("presses0", &s.presses[0])
	v.Int("presses1", &s.presses[1])
	v.Int("leader", &s.leader)
}

func (s *score) Hash() uint64 {
	return uint64(s.presses[0])<<32 | uint64(s.presses[1])<<1 | uint64(s.leader)
}

// Two engine games play a rollback match over an in-process network with
// 30 ms of latency, in virtual time, on one goroutine: each game's session
// is its tick source, its rewinder is the game's Rollback(), and a remote
// press that arrives late rewinds the game and runs the ticks again. Both
// end with the same state.
func Example_rollback() {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	cond, err := session.ParseConditions("latency=30ms,seed=3")
	if err != nil {
		fmt.Println(err)
		return
	}
	net := session.NewMemoryNet()
	var games [2]*engine.Headless
	var states [2]*score
	var ss [2]*session.Session
	for i := range 2 {
		states[i] = &score{}
		h, err := engine.NewHeadless(engine.Options{TickRate: 60}, states[i])
		if err != nil {
			fmt.Println(err)
			return
		}
		defer h.Close()
		// The session's window (Config.Window, MaxWindow when 0).
		if err := h.Game.Rollback().Enable(session.MaxWindow); err != nil {
			fmt.Println(err)
			return
		}
		games[i] = h
	}
	config := func(i int) session.Config {
		return session.Config{Mode: session.Rollback, Players: 2, Delay: 1, Settings: "score v1", Now: clock,
			Rewinder: games[i].Game.Rollback(),
			Local: func(tick uint64, dst []input.Event) []input.Event { // player i presses every 7+i ticks
				if tick%uint64(7+i) == 0 {
					dst = append(dst, input.Event{Kind: input.KeyPress, Key: input.KeySpace})
				}
				return dst
			}}
	}
	ss[0], _ = session.Host(session.NewSim(net.Endpoint("a"), cond, clock), config(0))
	ss[1], _ = session.Join(session.NewSim(net.Endpoint("b"), cond, clock), "a", config(1))
	for i := range 2 {
		games[i].Game.SetTickSource(ss[i])
		games[i].Game.AddTickSink(ss[i].TickSink())
	}
	const ticks = 120
	for step := 0; step < 10_000 && !(ss[0].Settled(ticks) && ss[1].Settled(ticks)); step++ {
		for i := range 2 {
			if err := ss[i].Poll(); err != nil { // receives, and rewinds after a wrong prediction
				fmt.Println(err)
				return
			}
			if games[i].Game.Time().Ticks() < ticks && ss[i].Ready() {
				if err := games[i].RunTicks(1, nil); err != nil {
					fmt.Println(err)
					return
				}
			}
		}
		now = now.Add(time.Second / 60)
	}
	fmt.Println("same hash:", games[0].Game.Hash() == games[1].Game.Hash())
	fmt.Println("presses:", states[0].presses, "leader:", states[0].leader)
	fmt.Println("rolled back:", ss[0].Stats().Rollbacks > 0 || ss[1].Stats().Rollbacks > 0)
	// Output:
	// same hash: true
	// presses: [17 15] leader: 1
	// rolled back: true
}
