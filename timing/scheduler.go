package timing

import (
	"errors"
	"math"
	"math/bits"
)

// ErrNotPaused is returned by Step when the scheduler is running: single
// steps are for inspecting a paused game.
var ErrNotPaused = errors.New("timing: Step needs a paused scheduler: call Pause first")

// Scheduler decides, once per frame, how many fixed ticks to run and how far
// between the last two ticks the frame is. It never reads a clock: the
// caller reads its monotonic clock once per frame and passes the time in, so
// every behaviour can be driven by synthetic timestamps.
//
// All methods are called from the game loop's goroutine (the main one);
// a Scheduler is not safe for concurrent use.
type Scheduler struct {
	cfg  Config
	rate uint64

	started bool
	last    Micros // real time of the previous Advance

	acc   uint64 // the phase: game time accumulated but not yet ticked, in units
	ticks uint64 // ticks run (committed by Advance)

	// The simulated time of tick i is epochTime + floor((i-epochTicks)·1e6/rate):
	// the epoch moves only when the rate changes.
	epochTicks uint64
	epochTime  Micros

	game    exact  // game time that flowed: simulated or pending, not dropped, paused or skipped
	dropped exact  // game time dropped by the overload policy
	skipped Micros // real time taken out of play by Skip

	scaleQ   uint64 // time scale in 1/65536 steps
	scaleRem uint64 // carried remainder of scaled time, in units/65536

	paused        bool
	autoFrameTime bool // MaxFrameTime was defaulted: it follows the rate
	absorb        bool // the next Advance's delta counts as paused (set by Resume)
	steps         int  // pending single steps

	// The frame in progress, between Begin and End.
	inFrame      bool
	stepping     bool   // the frame runs single steps
	capHit       bool   // the frame hit a cap
	due          int    // ticks still due this frame
	ran          int    // ticks run this frame
	frameDropped uint64 // units dropped this frame
	frame        Due

	stats statsState
}

// New returns a scheduler for cfg, or a *ConfigError naming the first
// invalid field. The scheduler starts with the first call to Advance.
func New(cfg Config) (*Scheduler, error) {
	c, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Scheduler{cfg: c, rate: uint64(c.Rate), autoFrameTime: cfg.MaxFrameTime == 0}
	s.scaleQ = scaleToQ(c.TimeScale)
	return s, nil
}

func scaleToQ(f float64) uint64 { return uint64(math.Round(f * 65536)) }

// Config returns the scheduler's configuration with defaults filled in and
// the current rate and time scale.
func (s *Scheduler) Config() Config { return s.cfg }

// Due is what one frame's Advance (or Begin … End) made due: how many
// ticks to run and the interpolation factor to draw with afterwards. It is
// a value; keep it for the frame and call Tick(i) for i in [0, Ticks).
type Due struct {
	Now     Micros  // the real time passed to Advance
	Delta   Micros  // real time since the previous frame (0 for the first)
	Ticks   int     // ticks to run this frame, 0 to MaxTicksPerFrame
	Alpha   float64 // interpolation factor after this frame's ticks, in [0, 1)
	Dropped Micros  // game time the overload policy dropped this frame
	Paused  bool    // the scheduler is paused (Ticks counts single steps only)

	first      uint64
	epochTicks uint64
	epochTime  Micros
	rate       uint64
	accBefore  uint64 // phase before this frame's ticks were taken off
	step       bool
}

// Tick returns the description of the frame's i-th tick, 0 ≤ i < Ticks.
// It is pure arithmetic on the frame: calling it does not advance anything.
func (f *Due) Tick(i int) TickInfo {
	t := tickInfo(f.first+uint64(i), f.epochTicks, f.epochTime, f.rate, f.step)
	if !f.step {
		if due := uint64(i+1) * unitsPerTick; f.accBefore > due {
			t.Overdue = Micros((f.accBefore - due) / f.rate)
		}
	}
	return t
}

// tickInfo describes tick idx at rate, whose epoch (where the rate last
// changed) is tick epochTicks at time epochTime.
func tickInfo(idx, epochTicks uint64, epochTime Micros, rate uint64, step bool) TickInfo {
	return TickInfo{
		Index:       idx,
		Time:        epochTime + Micros(mulDiv(idx-epochTicks, unitsPerTick, rate)),
		Rate:        int(rate),
		Delta:       1 / float64(rate),
		DeltaMicros: Micros(unitsPerTick / rate),
		Step:        step,
	}
}

// Shown returns the simulated time the screen shows when the frame is drawn
// with interpolation: one step behind the newest state, plus Alpha of a
// step. (At 30 Hz, at t = 110 ms it shows ≈ 76.7 ms.)
func (f *Due) Shown() Micros {
	next := f.epochTime + Micros(mulDiv(f.first+uint64(f.Ticks)-f.epochTicks, unitsPerTick, f.rate))
	back := (1 - f.Alpha) * unitsPerTick / float64(f.rate)
	if float64(next) <= back {
		return 0
	}
	return next - Micros(math.Round(back))
}

// Ahead returns how far, in seconds, the extrapolate mode renders ahead of
// the newest state: Alpha of a step.
func (f *Due) Ahead() float64 { return f.Alpha / float64(f.rate) }

// Advance moves the scheduler to real time now (microseconds from any fixed
// origin; only differences are used, so a wrapping counter is fine) and
// runs the bookkeeping of every tick due, returning them as a Due whose
// Tick(i) describes each. Call it exactly once per frame, with the clock
// read once for that frame; run the ticks, then draw with Alpha. It is
// Begin, Next until it reports no more, then End: use those instead when
// the ticks themselves may change the scheduler (SetRate, Pause…), so that
// each change applies from the very next tick whatever the frame rate.
//
// The first call starts the clock and runs no tick. A time earlier than the
// previous call's is clamped: the frame counts as zero time (counted in
// Stats.Backwards) and the clock continues from the earlier time.
func (s *Scheduler) Advance(now Micros) Due {
	s.Begin(now)
	for s.due > 0 {
		s.next()
	}
	return s.End()
}

// Begin starts a frame at real time now: it adds the frame's game time,
// applies the overload policy and makes ticks due. Take them one at a time
// with Next, then call End. Between Begin and End, a tick may call SetRate,
// SetTimeScale, SetPolicy, Pause, Resume or Step: each takes effect from
// the next tick, at the same tick index at any frame rate (see Next).
func (s *Scheduler) Begin(now Micros) {
	f := Due{Now: now, rate: s.rate, first: s.ticks, epochTicks: s.epochTicks, epochTime: s.epochTime}
	s.inFrame = true
	s.ran, s.capHit, s.frameDropped = 0, false, 0
	if !s.started {
		s.started = true
		s.last = now
		s.due, s.stepping = 0, false
		s.frame = f
		return
	}
	d := now - s.last // wrap-safe
	if d > math.MaxInt64 {
		d = 0
		s.stats.backwards++
	}
	s.last = now
	f.Delta = d

	if s.paused || s.absorb {
		s.absorb = false
		f.Paused = s.paused
		n := min(s.steps, s.cfg.MaxTicksPerFrame)
		s.steps -= n
		s.due, s.stepping = n, n > 0
		f.step = n > 0
		f.accBefore = s.acc
		s.frame = f
		return
	}

	var dropped uint64
	switch s.cfg.Policy {
	case CatchUp:
		limit := uint64(s.cfg.MaxDebt)*s.rate + uint64(s.cfg.MaxTicksPerFrame+1)*unitsPerTick
		u := s.scale(d)
		if u > limit {
			dropped += u - limit
			u = limit
		}
		s.acc += u
		s.game.add(u, s.rate)
	case Reset:
		// Jon Watte's game loop: when more game time waits to be simulated
		// than MAX_ALLOWED_FRAMETIME (a load, a debugger pause), forget the
		// backlog and the phase and resume with exactly one tick.
		u := s.scale(d)
		if total := s.acc + u; total > uint64(s.cfg.MaxFrameTime)*s.rate {
			s.capHit = true
			dropped += total - unitsPerTick
			s.game.sub(s.acc, s.rate)
			s.acc = unitsPerTick
			s.game.add(unitsPerTick, s.rate)
		} else {
			s.acc = total
			s.game.add(u, s.rate)
		}
	default: // Drop: simulate at most MaxFrameTime of real time per frame.
		if d > s.cfg.MaxFrameTime {
			s.capHit = true
			dropped += s.scale(d - s.cfg.MaxFrameTime)
			d = s.cfg.MaxFrameTime
		}
		u := s.scale(d)
		s.acc += u
		s.game.add(u, s.rate)
	}
	s.frameDropped = dropped
	f.accBefore = s.acc
	s.stepping = false
	s.due = s.plan()
	s.frame = f
}

// plan returns how many ticks are due now in an ordinary (not stepping)
// frame: the whole ticks in the phase, up to what is left of the frame's
// cap. Under Drop and Reset, whole ticks beyond the cap are dropped: the
// game slows down instead of banking the time.
func (s *Scheduler) plan() int {
	n := s.acc / unitsPerTick
	left := uint64(s.cfg.MaxTicksPerFrame - min(s.ran, s.cfg.MaxTicksPerFrame))
	if n > left {
		s.capHit = true
		if s.cfg.Policy != CatchUp {
			excess := (n - left) * unitsPerTick
			s.acc -= excess
			s.game.sub(excess, s.rate)
			s.frameDropped += excess
		}
		n = left
	}
	return int(n)
}

// Next takes the frame's next due tick and describes it, or reports false
// when no more ticks are due this frame. Each tick is described with the
// scheduler's settings at the moment it is taken, so a change made by one
// tick applies from the next: at the same tick index whatever the frame
// rate. Call it only between Begin and End.
func (s *Scheduler) Next() (TickInfo, bool) {
	if !s.inFrame || s.due <= 0 {
		return TickInfo{}, false
	}
	return s.next(), true
}

func (s *Scheduler) next() TickInfo {
	t := tickInfo(s.ticks, s.epochTicks, s.epochTime, s.rate, s.stepping)
	s.ticks++
	s.ran++
	s.due--
	if s.stepping {
		s.game.add(unitsPerTick, s.rate)
	} else {
		s.acc -= unitsPerTick
		t.Overdue = Micros(s.acc / s.rate)
	}
	return t
}

// Due returns how many ticks are still due in the current frame, at the
// current settings (a tick that changes the rate changes it).
func (s *Scheduler) Due() int { return s.due }

// End finishes the frame begun by Begin: it applies the policy's bounds to
// what is left (CatchUp's MaxDebt), records the statistics and returns the
// frame: the ticks run, the interpolation factor to draw with, the time
// dropped. Ticks still due (a caller stopped taking them) stay pending and
// are due in the next frame.
func (s *Scheduler) End() Due {
	f := s.frame
	s.inFrame = false
	f.Ticks = s.ran
	f.step = s.stepping
	f.first = s.ticks - uint64(s.ran)
	if s.rate != f.rate {
		// The rate changed during the frame: describe the frame from the
		// new epoch (Tick(i) is then meaningful only for ticks after it).
		f.rate, f.epochTicks, f.epochTime = s.rate, s.epochTicks, s.epochTime
	}
	if !s.stepping && s.cfg.Policy == CatchUp {
		// Keep at most MaxDebt of owed ticks; drop whole ticks beyond it so
		// the phase is kept.
		maxOwed := uint64(s.cfg.MaxDebt) * s.rate / unitsPerTick
		if owed := s.acc / unitsPerTick; owed > maxOwed {
			excess := (owed - maxOwed) * unitsPerTick
			s.acc -= excess
			s.game.sub(excess, s.rate)
			s.frameDropped += excess
		}
	}
	if s.frameDropped > 0 {
		s.dropped.add(s.frameDropped, s.rate)
		f.Dropped = Micros(s.frameDropped / s.rate)
	}
	f.Paused = s.paused
	s.due = 0
	s.finish(&f, s.capHit)
	return f
}

func (s *Scheduler) finish(f *Due, capHit bool) {
	f.Alpha = s.Alpha()
	s.stats.frame(f.Now, float64(s.ticks)+float64(s.acc)/unitsPerTick, f.Ticks, capHit)
}

// scale converts d µs of real time to game-time units at the current time
// scale, carrying the rounding remainder so no time is lost.
func (s *Scheduler) scale(d Micros) uint64 {
	hi, lo := bits.Mul64(uint64(d), s.rate*s.scaleQ)
	lo, c := bits.Add64(lo, s.scaleRem, 0)
	hi += c
	s.scaleRem = lo & 0xffff
	if hi>>16 != 0 {
		return ^uint64(0) >> 1 // absurd input; still far beyond any cap
	}
	return hi<<48 | lo>>16
}

// Alpha returns the interpolation factor: how far the game time is between
// the newest tick and the next, in [0, 1). Paused, it stays where it was.
func (s *Scheduler) Alpha() float64 {
	if s.acc >= unitsPerTick { // CatchUp owes ticks: show the newest state
		return float64(unitsPerTick-1) / unitsPerTick
	}
	return float64(s.acc) / unitsPerTick
}

// Rate returns the tick rate in Hz.
func (s *Scheduler) Rate() int { return int(s.rate) }

// Ticks returns the number of ticks run (committed by Advance) so far.
func (s *Scheduler) Ticks() uint64 { return s.ticks }

// GameTime returns the game time that has flowed: real time scaled by the
// time scale, excluding time paused, dropped or skipped, including single
// steps, rounded down to whole microseconds. The scheduler keeps it exactly
// (in units of 1/rate µs), and after every frame that owes no tick (every frame
// but CatchUp's in debt), at a constant rate, Ticks() == ⌊T·rate/1e6⌋ for
// the exact time T. Since GameTime() ≤ T < GameTime()+1µs, the rounded value
// gives ⌊GameTime·rate/1e6⌋ ≤ Ticks() ≤ ⌊(GameTime+1µs)·rate/1e6⌋: one less
// than Ticks() exactly when T is a tick boundary that is not a whole
// microsecond (33333.3̅ µs at 30 Hz), as after a single step or a Reset.
func (s *Scheduler) GameTime() Micros { return s.game.us }

// Dropped returns the total game time the overload policy has dropped.
func (s *Scheduler) Dropped() Micros { return s.dropped.us }

// Skip takes the real time from the previous frame's clock reading to now
// out of play: the next frame counts its time from now, as if the clock
// had started then. Nothing is ticked, owed or dropped for it; Skipped
// adds it up. The engine calls it once, when the first frame has been
// presented, so that the time the first picture took (compiling shaders,
// uploading meshes: a fifth of a second under a software rasteriser) is
// start-up, not game time for the next frame to catch up or drop. Call it
// between frames; before the first Advance, or for a time earlier than the
// previous reading, it does nothing.
func (s *Scheduler) Skip(now Micros) {
	if !s.started || s.inFrame {
		return
	}
	d := now - s.last // wrap-safe
	if d > math.MaxInt64 {
		return
	}
	s.skipped += d
	s.last = now
}

// Skipped returns the total real time Skip has taken out of play.
func (s *Scheduler) Skipped() Micros { return s.skipped }

// Owed returns the game time policy CatchUp still owes: whole ticks behind
// beyond the tick in progress. It is 0 under the other policies.
func (s *Scheduler) Owed() Micros {
	if s.acc < unitsPerTick {
		return 0
	}
	return Micros((s.acc / unitsPerTick * unitsPerTick) / s.rate)
}

// Overdue returns how late, in game time, the newest tick ran relative to
// its ideal deadline (the "overdue" of "Game loops – Not to be taken lightly"): the phase left after the last frame's ticks.
func (s *Scheduler) Overdue() Micros { return Micros(s.acc / s.rate) }

// Until returns the real time, from the latest Advance, after which k more
// ticks are due at the current rate and time scale (ignoring the per-frame
// cap). A headless runner uses it to end a run on an exact tick. It returns
// 0 when they are already due, and the maximum Micros while paused.
func (s *Scheduler) Until(k int) Micros {
	if s.paused {
		return ^Micros(0)
	}
	need := uint64(k) * unitsPerTick
	if need <= s.acc {
		return 0
	}
	need -= s.acc
	// real µs d gives floor((d·rate·scaleQ + rem) / 65536) units.
	num := need<<16 - min(s.scaleRem, need<<16)
	den := s.rate * s.scaleQ
	return Micros((num + den - 1) / den)
}
