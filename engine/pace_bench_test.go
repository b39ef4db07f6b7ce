//go:build unix

package engine

import (
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/tickwork/tickwork/timing"
)

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPace60Hz paces empty frames to 60 Hz on a locked OS thread, as
// the game's main loop does when the driver ignores vsync, and reports the
// lateness of each paced frame (median, p99, worst) and the CPU the process
// spent per paced second: what the pacer's sleep-then-spin costs. Each
// iteration is one frame (16.7 ms), so run it with -benchtime=600x or so.
func BenchmarkPace60Hz(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p := &pacer{}
	p.init(NewRealClock(), false, 60, 0)
	for range 30 { // let the margin settle
		p.wait(false)
	}
	late := make([]timing.Micros, 0, b.N)
	cpu0, wall0 := cpuTime(b), time.Now()
	b.ResetTimer()
	for range b.N {
		p.wait(false)
		late = append(late, timing.Since(p.clock.Now(), p.deadline))
	}
	b.StopTimer()
	cpu, wall := cpuTime(b)-cpu0, time.Since(wall0)
	slices.Sort(late)
	q := func(f float64) float64 { return float64(late[int(f*float64(len(late)-1))]) }
	b.ReportMetric(q(0.5), "p50-late-µs")
	b.ReportMetric(q(0.99), "p99-late-µs")
	b.ReportMetric(q(1), "max-late-µs")
	b.ReportMetric(float64(cpu.Microseconds())/wall.Seconds()/1e3, "cpu-ms/s")
}
