package timing

// Pause stops game time: until Resume, Advance runs no ticks (except single
// steps) and the interpolation factor stays where it was, so the picture
// freezes without snapping. It takes effect immediately: the frame in
// which it is called counts as paused.
func (s *Scheduler) Pause() { s.paused = true }

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
// picture does not jump; ticks of the current frame that have not run yet
// keep the old rate's TickInfo, the new rate applies from the next Advance.
// It returns a *ConfigError if rate is out of range or MaxFrameTime would be
// shorter than one tick at the new rate.
func (s *Scheduler) SetRate(rate int) error {
	if err := checkRate(rate); err != nil {
		return err
	}
	if s.cfg.Policy != CatchUp {
		if err := checkFrameTime(s.cfg.MaxFrameTime, rate); err != nil {
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
	if p != CatchUp && s.acc >= unitsPerTick {
		excess := s.acc / unitsPerTick * unitsPerTick
		s.acc -= excess
		s.game.sub(excess, s.rate)
		s.dropped.add(excess, s.rate)
	}
	s.cfg.Policy = p
	return nil
}
