package timing

// View reads a Scheduler without being able to change it: what a game's
// states, overlays and tools may look at. Its zero value reads nothing
// (every method returns zero values). Methods are called on the game
// loop's goroutine, like the Scheduler's.
type View struct{ s *Scheduler }

// View returns a read-only view of s.
func (s *Scheduler) View() View { return View{s} }

// Config returns the scheduler's configuration (see Scheduler.Config).
func (v View) Config() Config {
	if v.s == nil {
		return Config{}
	}
	return v.s.Config()
}

// Stats returns the scheduler's statistics (see Scheduler.Stats).
func (v View) Stats() Stats {
	if v.s == nil {
		return Stats{}
	}
	return v.s.Stats()
}

// Rate returns the tick rate in Hz.
func (v View) Rate() int {
	if v.s == nil {
		return 0
	}
	return v.s.Rate()
}

// Ticks returns the number of ticks run.
func (v View) Ticks() uint64 {
	if v.s == nil {
		return 0
	}
	return v.s.Ticks()
}

// GameTime returns the game time that has flowed (see Scheduler.GameTime).
func (v View) GameTime() Micros {
	if v.s == nil {
		return 0
	}
	return v.s.GameTime()
}

// Dropped returns the game time the overload policy dropped.
func (v View) Dropped() Micros {
	if v.s == nil {
		return 0
	}
	return v.s.Dropped()
}

// Skipped returns the real time taken out of play (see Scheduler.Skip).
func (v View) Skipped() Micros {
	if v.s == nil {
		return 0
	}
	return v.s.Skipped()
}

// Owed returns the game time CatchUp still owes.
func (v View) Owed() Micros {
	if v.s == nil {
		return 0
	}
	return v.s.Owed()
}

// Alpha returns the interpolation factor.
func (v View) Alpha() float64 {
	if v.s == nil {
		return 0
	}
	return v.s.Alpha()
}

// Until returns the real time after which k more ticks are due (see
// Scheduler.Until).
func (v View) Until(k int) Micros {
	if v.s == nil {
		return 0
	}
	return v.s.Until(k)
}

// RunningSlowly reports whether frames keep hitting the overload cap.
func (v View) RunningSlowly() bool { return v.s != nil && v.s.RunningSlowly() }
