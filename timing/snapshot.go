package timing

import "errors"

// SchedulerState is a Scheduler's whole state: tick index, owed time
// (the phase), rate and epoch, time scale, pause, pending single steps,
// dropped time and the statistics. Scheduler.Save fills one and
// Scheduler.Restore puts it back. It holds no pointers: saving copies a
// value and allocates nothing.
type SchedulerState struct {
	s     Scheduler
	saved bool
}

// Ticks returns the number of ticks the saved scheduler had run.
func (st *SchedulerState) Ticks() uint64 { return st.s.ticks }

// Save copies the scheduler's state into dst. Call it between frames (not
// between Begin and End), on the goroutine that runs the loop.
func (s *Scheduler) Save(dst *SchedulerState) error {
	if s.inFrame {
		return errors.New("timing: Save during a frame (between Begin and End): save between frames")
	}
	dst.s, dst.saved = *s, true
	return nil
}

// Restore puts back the state src holds. It fails, changing nothing,
// during a frame or given a state never saved.
func (s *Scheduler) Restore(src *SchedulerState) error {
	switch {
	case s.inFrame:
		return errors.New("timing: Restore during a frame (between Begin and End): restore between frames")
	case !src.saved:
		return errors.New("timing: Restore of a SchedulerState that Save never filled")
	}
	*s = src.s
	return nil
}
