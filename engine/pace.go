package engine

import (
	"slices"
	"time"

	"github.com/tickwork/tickwork/timing"
)

// pacer keeps a game from presenting frames faster than the display shows
// them when vsync cannot do it: when the driver ignores the swap interval
// (Xvfb, some VMs and compositors), when the window is minimised, and for an
// FPS cap with vsync off. It waits sleep-then-spin: it sleeps until a
// margin before the deadline and spins the rest. The sleep is
// preciseSleep (clock_nanosleep on Linux, which wakes tens of microseconds
// late where time.Sleep on the locked main thread wakes up to a millisecond
// late or more), and the margin follows a high quantile of how late recent
// sleeps have woken, so the pacer spins only as long as wake-ups need.
type pacer struct {
	clock Clock
	sleep func(time.Duration)

	off        bool
	vsync      bool
	fpsCap     int
	defRefresh int
	refresh    int // Hz reported by the window, 0 if unknown

	// Detection of an ignored swap interval: the time from the start of a
	// frame to the end of its swap, without the pacer's own wait. A driver
	// that honours vsync blocks in the swap until the display refreshes.
	work    [16]timing.Micros
	nwork   int
	iwork   int
	ignored bool

	deadline timing.Micros
	have     bool

	over   [64]timing.Micros // recent oversleeps
	iover  int
	nover  int
	margin timing.Micros

	late    [256]timing.Micros // lateness of paced frames that waited
	ilate   int
	nlate   int
	scratch [256]timing.Micros
}

// The spin margin is the overKeep-th largest of the last len(pacer.over)
// oversleeps (the 97th percentile of 64) plus marginGuard, clamped to
// [minMargin, maxMargin]. A quantile rather than the maximum lets a lone
// wake-up many milliseconds late (a descheduled thread) cost one late frame
// instead of a long spin on every frame until it ages out; the guard covers
// the tail above the quantile. The first frames use startMargin.
const (
	overKeep    = 3
	marginGuard = 100 * timing.Microsecond
	minMargin   = 150 * timing.Microsecond
	maxMargin   = 3 * timing.Millisecond
	startMargin = 2 * timing.Millisecond
)

func (p *pacer) init(c Clock, vsync bool, fpsCap, defRefresh int) {
	p.clock, p.sleep = c, preciseSleep
	p.vsync, p.fpsCap = vsync, fpsCap
	p.defRefresh = defRefresh
	if p.defRefresh == 0 {
		p.defRefresh = 60
	}
	p.margin = startMargin
}

func (p *pacer) setRefresh(hz int) { p.refresh = hz }

func (p *pacer) setVSync(on bool) {
	if on != p.vsync {
		p.vsync = on
		p.nwork, p.iwork, p.ignored = 0, 0, false
	}
}

func (p *pacer) refreshInterval() timing.Micros {
	hz := p.refresh
	if hz <= 0 {
		hz = p.defRefresh
	}
	return timing.Second / timing.Micros(hz)
}

// interval returns the frame interval paced to in software, 0 for none.
func (p *pacer) interval() timing.Micros {
	switch {
	case p.off:
		return 0
	case p.vsync && p.ignored:
		return p.refreshInterval()
	case !p.vsync && p.fpsCap > 0:
		return timing.Second / timing.Micros(p.fpsCap)
	}
	return 0
}

func (p *pacer) startFrame() timing.Micros { return p.clock.Now() }

// endFrame records a frame's unpaced duration and decides whether the
// driver honours vsync. A driver that does blocks in the swap until the
// display refreshes, so a frame lasts at least the refresh interval: the
// median of the last 16 frames under 85% of it means the swap interval is
// ignored; above 95%, honoured; in between the last decision stands.
func (p *pacer) endFrame(start timing.Micros) {
	if !p.vsync {
		return
	}
	p.work[p.iwork] = timing.Since(p.clock.Now(), start)
	p.iwork = (p.iwork + 1) % len(p.work)
	if p.nwork < len(p.work) {
		p.nwork++
		return
	}
	s := p.scratch[:0]
	s = append(s, p.work[:]...)
	slices.Sort(s)
	med, iv := s[len(s)/2], p.refreshInterval()
	switch {
	case med < iv*85/100:
		p.ignored = true
	case med > iv*95/100:
		p.ignored = false
	}
}

// wait paces the frame that just ended, if pacing is needed. A minimised
// window has no swap to block on, so it is always paced to the refresh rate.
func (p *pacer) wait(minimised bool) {
	if p.off {
		return
	}
	iv := p.interval()
	if minimised {
		iv = p.refreshInterval()
	}
	if iv > 0 {
		p.wait1(iv)
	} else {
		p.have = false
	}
}

func (p *pacer) wait1(iv timing.Micros) {
	now := p.clock.Now()
	if !p.have {
		p.deadline, p.have = now, true
	}
	p.deadline += iv
	if int64(now-p.deadline) > int64(iv) { // more than a frame behind: start over
		p.deadline = now
		return
	}
	if int64(p.deadline-now) <= 0 {
		return
	}
	for {
		left := int64(p.deadline - p.clock.Now())
		if left <= 0 {
			break
		}
		if left > int64(p.margin) {
			want := timing.Micros(left) - p.margin
			t0 := p.clock.Now()
			p.sleep(time.Duration(want) * time.Microsecond)
			slept := timing.Since(p.clock.Now(), t0)
			over := timing.Micros(0)
			if slept > want {
				over = slept - want
			}
			p.noteOversleep(over)
			continue
		}
		// Spin on the clock: yielding here (runtime.Gosched) on the
		// locked main thread makes the scheduler hand the thread off and
		// start new ones, which costs allocations and wakes late.
	}
	p.late[p.ilate] = timing.Since(p.clock.Now(), p.deadline)
	p.ilate = (p.ilate + 1) % len(p.late)
	p.nlate = min(p.nlate+1, len(p.late))
}

// noteOversleep records how late a sleep woke and adapts the spin margin
// to a high quantile of recent oversleeps (see overKeep). It is called by
// wait1 after each sleep, on the game loop's thread, and allocates nothing.
func (p *pacer) noteOversleep(over timing.Micros) {
	p.over[p.iover] = over
	p.iover = (p.iover + 1) % len(p.over)
	p.nover = min(p.nover+1, len(p.over))
	if p.nover < len(p.over)/4 {
		return // too few to trust: keep the start margin
	}
	s := append(p.scratch[:0], p.over[:p.nover]...)
	slices.Sort(s)
	q := s[max(len(s)-overKeep, 0)]
	p.margin = min(max(q+marginGuard, minMargin), maxMargin)
}

// errorP99 returns the 99th-percentile lateness of paced frames.
func (p *pacer) errorP99() timing.Micros {
	if p.nlate == 0 {
		return 0
	}
	s := append(p.scratch[:0], p.late[:p.nlate]...)
	slices.Sort(s)
	return s[(len(s)*99+99)/100-1]
}
