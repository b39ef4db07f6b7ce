package timing

// Pause stops game time: until Resume, Advance runs no ticks (except single
// steps) and the interpolation factor stays where it was, so the picture
// freezes without snapping. It takes effect immediately: the frame in
// which it is called counts as paused, and when a tick calls it, no further
// tick runs in that frame. Whole ticks that were due but had not run are
// dropped (counted in Dropped), so resuming never bursts and the tick that
// follows the pause is the same at any frame rate; the phase is kept.
func (s *Scheduler) Pause() {
	if s.paused {
		return
	}
	s.paused = true
	if s.inFrame && !s.stepping {
		s.due = 0
	}
	if s.acc >= unitsPerTick {
		excess := s.acc / unitsPerTick * unitsPerTick
		s.acc -= excess
		s.game.sub(excess, s.rate)
		if s.inFrame {
			s.frameDropped += excess
		} else {
			s.dropped.add(excess, s.rate)
		}
	}
}

// Resume restarts game time after Pause. The time up to the next Advance
// still counts as paused, so resuming never produces a burst of ticks,
// however long the pause lasted. Resume on a running scheduler does nothing.
func (s *Scheduler) Resume() {
	if s.paused {
		s.paused = false
		s.absorb = true
	}
}

// Paused reports whether the scheduler is paused.
func (s *Scheduler) Paused() bool { return s.paused }

// Step asks for exactly one tick at the next Advance while paused. Each tick
// advances game time by one step and leaves the interpolation factor alone.
// Several calls before one Advance queue several steps (at most
// MaxTicksPerFrame run per frame). It returns ErrNotPaused when running.
func (s *Scheduler) Step() error {
	if !s.paused {
		return ErrNotPaused
	}
	s.steps++
	return nil
}

// SetRate changes the tick rate. The interpolation phase is kept (the next
// tick comes after the same fraction of a step as it would have), so the
// picture does not jump. Called by a tick (between Begin and End), it
// applies from the next tick: the ticks still due this frame are game time
// owed, converted to the new rate, so the sequence of ticks (index, time,
// step) is the same at any frame rate. A MaxFrameTime left to its default
// follows the rate. It returns a *ConfigError if rate is out of range or
// MaxFrameTime would be shorter than one tick at the new rate.
func (s *Scheduler) SetRate(rate int) error {
	if err := checkRate(rate); err != nil {
		return err
	}
	mft := s.cfg.MaxFrameTime
	if s.autoFrameTime {
		mft = defaultFrameTime(rate)
	}
	if s.cfg.Policy != CatchUp {
		if err := checkFrameTime(mft, rate); err != nil {
			return err
		}
	}
	r1, r2 := s.rate, uint64(rate)
	if r1 == r2 {
		return nil
	}
	s.epochTime += Micros(mulDiv(s.ticks-s.epochTicks, unitsPerTick, r1))
	s.epochTicks = s.ticks
	// The phase (s.acc below one tick) is in 1e6ths of a tick at any rate:
	// it stays as is. Whole ticks owed under CatchUp are game time owed:
	// they are converted so the same time is owed at the new rate.
	if owed := s.acc / unitsPerTick * unitsPerTick; owed > 0 {
		s.acc = s.acc - owed + mulDiv(owed, r2, r1)
	}
	s.game.rescale(r1, r2)
	s.dropped.rescale(r1, r2)
	s.scaleRem = 0
	s.rate = r2
	s.cfg.Rate = rate
	s.cfg.MaxFrameTime = mft
	if s.inFrame && !s.stepping {
		s.frameDropped = mulDiv(s.frameDropped, r2, r1)
		s.due = s.plan()
	}
	return nil
}

// SetTimeScale sets how fast game time flows relative to real time (0.5 is
// slow motion, 2 fast forward), from MinTimeScale to MaxTimeScale. The step
// never changes: a slower game runs fewer ticks per second. The scale is
// kept in steps of 1/65536 and rounding is carried, so no time is lost. It
// returns a *ConfigError for a non-finite or out-of-range scale.
func (s *Scheduler) SetTimeScale(f float64) error {
	if err := checkScale(f); err != nil {
		return err
	}
	s.scaleQ = scaleToQ(f)
	s.cfg.TimeScale = f
	return nil
}

// TimeScale returns the current time scale.
func (s *Scheduler) TimeScale() float64 { return s.cfg.TimeScale }

// SetPolicy changes the overload policy, for example to CatchUp while a
// networked match runs. Whole ticks owed under CatchUp are dropped (and
// counted as dropped) when switching to Drop or Reset; the phase is kept.
func (s *Scheduler) SetPolicy(p Policy) error {
	if p >= numPolicies {
		return &ConfigError{"Policy", p.String(), "Drop, Reset or CatchUp"}
	}
	if p != CatchUp {
		if err := checkFrameTime(s.cfg.MaxFrameTime, int(s.rate)); err != nil {
			return err
		}
	}
	keep := uint64(0) // whole ticks still due in the frame in progress
	if s.inFrame && !s.stepping {
		keep = uint64(s.due) * unitsPerTick
	}
	if p != CatchUp && s.acc >= unitsPerTick+keep {
		excess := (s.acc - keep) / unitsPerTick * unitsPerTick
		s.acc -= excess
		s.game.sub(excess, s.rate)
		s.dropped.add(excess, s.rate)
	}
	s.cfg.Policy = p
	return nil
}
