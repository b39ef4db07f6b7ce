//go:build linux

package engine

import (
	"time"

	"golang.org/x/sys/unix"
)

// preciseSleep blocks the calling OS thread for d with clock_nanosleep on
// CLOCK_MONOTONIC, to an absolute deadline taken as it is called, so an
// interrupted sleep resumes to the same deadline. Unlike time.Sleep, which
// parks the goroutine and needs the runtime's timer to wake it and hand the
// locked main thread back, the kernel wakes this thread directly: it wakes
// tens of microseconds late rather than up to a millisecond (more when
// other threads compete for the cores). It is called by the frame pacer on
// the game loop's thread. If the clock cannot be read it falls back to
// time.Sleep.
func preciseSleep(d time.Duration) {
	if d <= 0 {
		return
	}
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		time.Sleep(d)
		return
	}
	ts = unix.NsecToTimespec(ts.Nano() + int64(d))
	for {
		err := unix.ClockNanosleep(unix.CLOCK_MONOTONIC, unix.TIMER_ABSTIME, &ts, nil)
		if err != unix.EINTR {
			return
		}
	}
}
