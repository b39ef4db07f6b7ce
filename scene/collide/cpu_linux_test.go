//go:build linux

package collide

import "syscall"

// cpuTime returns the CPU time the process has used, in seconds: on a
// shared machine it measures the work, where wall time measures the
// neighbours too.
func cpuTime() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
