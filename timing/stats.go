package timing

import "slices"

// StatsWindow is the number of most recent frames the sliding-window
// statistics look at (at most one second's worth of them).
const StatsWindow = 256

// Stats are the scheduler's counters and sliding-window rates.
type Stats struct {
	Frames uint64 // frames advanced
	Ticks  uint64 // ticks run

	// TPS and FPS are ticks and frames per second of real time over the
	// last second (or the last StatsWindow frames, if that is shorter; and
	// at least the last two frames, however long ago).
	TPS, FPS float64

	// FrameMean and FrameP99 are the mean and 99th-percentile real time
	// between frames over the same window.
	FrameMean, FrameP99 Micros

	Dropped       Micros // total game time dropped by the overload policy
	Owed          Micros // game time owed under CatchUp
	Overdue       Micros // how late the newest tick ran (the "overdue" of "Game loops – Not to be taken lightly", after Koen Witters)
	LastTicks     int    // ticks run by the latest frame
	MaxTicks      int    // most ticks run in one frame so far
	RunningSlowly bool   // frames keep hitting the cap (see RunningSlowly)
	Backwards     uint64 // frames whose time went backwards (clamped to 0)
}

const (
	slowAfter   = 2 // consecutive capped frames before RunningSlowly turns on
	recoverOver = 8 // consecutive uncapped frames before it turns off
)

type statsState struct {
	frames    uint64
	times     [StatsWindow]Micros  // real time of each recent frame, ring
	progress  [StatsWindow]float64 // ticks run plus the phase after each recent frame, ring
	head, n   int
	lastTicks int
	maxTicks  int
	hits      int // consecutive capped frames
	clean     int // consecutive uncapped frames
	slow      bool
	backwards uint64
	scratch   [StatsWindow]Micros
}

func (st *statsState) frame(now Micros, progress float64, n int, capHit bool) {
	st.frames++
	st.times[st.head] = now
	st.progress[st.head] = progress
	st.head = (st.head + 1) % StatsWindow
	if st.n < StatsWindow {
		st.n++
	}
	st.lastTicks = n
	st.maxTicks = max(st.maxTicks, n)
	if capHit {
		st.hits++
		st.clean = 0
		if st.hits >= slowAfter {
			st.slow = true
		}
	} else {
		st.clean++
		st.hits = 0
		if st.clean >= recoverOver {
			st.slow = false
		}
	}
}

// RunningSlowly reports whether frames keep hitting the overload cap: it
// turns on when two frames in a row hit it (a single hitch, such as a load,
// is not "slow") and off after eight frames in a row do not.
func (s *Scheduler) RunningSlowly() bool { return s.stats.slow }

// Stats returns the counters and the sliding-window rates. It does not
// allocate; call it as often as you draw an overlay.
func (s *Scheduler) Stats() Stats {
	st := &s.stats
	out := Stats{
		Frames:        st.frames,
		Ticks:         s.ticks,
		Dropped:       s.dropped.us,
		Owed:          s.Owed(),
		Overdue:       s.Overdue(),
		LastTicks:     st.lastTicks,
		MaxTicks:      st.maxTicks,
		RunningSlowly: st.slow,
		Backwards:     st.backwards,
	}
	if st.n < 2 {
		return out
	}
	newest := (st.head - 1 + StatsWindow) % StatsWindow
	tNew := st.times[newest]
	// Walk back while frames are within one second of the newest (but
	// take at least two frames, however slow they are).
	k := 2
	for k < st.n {
		i := (newest - k + StatsWindow) % StatsWindow
		if Since(tNew, st.times[i]) > Second {
			break
		}
		k++
	}
	oldest := (newest - (k - 1) + StatsWindow) % StatsWindow
	span := Since(tNew, st.times[oldest])
	if k < 2 || span == 0 {
		return out
	}
	sec := span.Seconds()
	out.FPS = float64(k-1) / sec
	// Progress counts the phase too, so a steady 30 Hz reads 30.0 however
	// the frames fall between ticks.
	out.TPS = (st.progress[newest] - st.progress[oldest]) / sec
	d := st.scratch[:0]
	for j := 1; j < k; j++ {
		a := (oldest + j - 1) % StatsWindow
		b := (oldest + j) % StatsWindow
		d = append(d, Since(st.times[b], st.times[a]))
	}
	out.FrameMean = span / Micros(len(d))
	slices.Sort(d)
	out.FrameP99 = d[(len(d)*99+99)/100-1]
	return out
}
