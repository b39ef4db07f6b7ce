package engine

import "github.com/tickwork/tickwork/timing"

// SlowLogInterval is the least time between two of the engine's "running
// slowly" / "running normally again" log lines. A game that hovers at the
// edge of its budget flips between the two many times a second; the lines
// then come at most this often and carry the totals.
const SlowLogInterval = 5 * timing.Second

// slowLog rate-limits the reports of running slowly.
type slowLog struct {
	logged   bool          // the last line said "running slowly"
	was      bool          // the scheduler was running slowly last frame
	at       timing.Micros // clock reading of the last line
	any      bool          // a line was logged
	episodes int           // slow episodes begun since the last line
}

// reportSlow logs when the game starts running slowly and when it recovers,
// at most once per SlowLogInterval of the game's clock (now, the frame's one
// reading), with the game time dropped so far and the number of slow
// episodes since the previous line.
func (g *Game) reportSlow(now timing.Micros) {
	l := &g.slow
	slow := g.sched.RunningSlowly()
	if slow && !l.was {
		l.episodes++
	}
	l.was = slow
	if slow == l.logged || (l.any && now-l.at < SlowLogInterval) {
		return
	}
	l.logged, l.at, l.any = slow, now, true
	st := g.sched.Stats()
	if slow {
		g.logf("tickwork: running slowly: frames keep hitting the cap of %d ticks; %v of game time dropped in all, %d slow episode(s) since the last report",
			g.sched.Config().MaxTicksPerFrame, st.Dropped, l.episodes)
	} else {
		g.logf("tickwork: running normally again; %v of game time dropped in all, %d slow episode(s) since the last report",
			st.Dropped, l.episodes)
	}
	l.episodes = 0
}
