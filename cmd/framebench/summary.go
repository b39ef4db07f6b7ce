package main

import (
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/timing"
)

// dist summarises values in microseconds as a Dist in milliseconds.
func dist(us []int64) Dist { return peer.DistOf(us) }

// p99Index is the nearest-rank 99th percentile's index in a sorted slice
// of n values (the engine's statistics use the same rank).
func p99Index(n int) int { return peer.P99Index(n) }

// column extracts one field of every record.
func column(recs []frameRec, f func(*frameRec) int64) []int64 {
	out := make([]int64, len(recs))
	for i := range recs {
		out[i] = f(&recs[i])
	}
	return out
}

// summarise turns a finished measured part into a Run.
func summarise(rc *recorder, ms0, ms1 runtime.MemStats, ticks0 uint64, elapsed timing.Micros) Run {
	recs := rc.buf
	sc := rc.sc
	r := Run{
		Scenario: sc.name, Actors: rc.actors, Window: sc.window, VSync: sc.vsync, Vary: sc.vary,
		SceneActors: rc.state.Scene().Len(),
		DurationS:   elapsed.Seconds(),
		Frames:      rc.frames,
		Ticks:       rc.g.Time().Ticks() - ticks0,
		Recorded:    len(recs),
		Logs:        rc.messages(),
	}
	if r.DurationS > 0 {
		r.FPSMean = float64(r.Frames) / r.DurationS
		r.TPS = float64(r.Ticks) / r.DurationS
	}
	get := func(f func(*frameRec) int64) Dist { return dist(column(recs, f)) }
	intervals := column(recs, func(f *frameRec) int64 { return int64(f.interval) })
	r.Interval = dist(intervals)
	if r.Interval.Median > 0 {
		r.FPSMedian = 1e3 / r.Interval.Median
	}
	r.Tick = get(func(f *frameRec) int64 { return int64(f.tick) })
	r.Interpolate = get(func(f *frameRec) int64 { return int64(f.interp) })
	r.Build = get(func(f *frameRec) int64 { return int64(f.build) })
	r.EngineCPU = get(func(f *frameRec) int64 { return int64(f.tick) + int64(f.interp) + int64(f.build) })
	r.Render = get(func(f *frameRec) int64 { return int64(f.render) })
	r.Swap = get(func(f *frameRec) int64 { return int64(f.swap) })
	r.Pace = get(func(f *frameRec) int64 { return int64(f.pace) })
	r.SwapAndPace = get(func(f *frameRec) int64 { return int64(f.swap) + int64(f.pace) })

	if rc.t.gl != nil {
		rs := &RendererStats{
			CPU:    get(func(f *frameRec) int64 { return int64(f.rcpu) }),
			Render: get(func(f *frameRec) int64 { return int64(f.rrender) }),
			Draw:   get(func(f *frameRec) int64 { return int64(f.rdraw) }),
			Upload: get(func(f *frameRec) int64 { return int64(f.rupload) }),
		}
		var calls, draws, inst float64
		for i := range recs {
			calls += float64(recs[i].glCalls)
			draws += float64(recs[i].draws)
			inst += float64(recs[i].inst)
		}
		if n := float64(len(recs)); n > 0 {
			rs.GLCallsPerFrame, rs.DrawCallsFrame, rs.InstancesFrame = calls/n, draws/n, inst/n
		}
		r.Renderer = rs
	}

	r.Mallocs = ms1.Mallocs - ms0.Mallocs
	r.AllocBytes = ms1.TotalAlloc - ms0.TotalAlloc
	r.GCCycles = ms1.NumGC - ms0.NumGC
	if rc.trace != nil {
		sites, err := rc.trace.sites()
		if err != nil {
			r.Logs = append(r.Logs, fmt.Sprintf("allocation sites: %v; every allocation is counted", err))
		} else {
			r.AllocSites = sites
			r.RuntimeMallocs, r.RuntimeAllocBytes = countSites(sites, r.Mallocs, r.AllocBytes)
		}
	}
	counted, countedBytes := r.Mallocs-r.RuntimeMallocs, r.AllocBytes-r.RuntimeAllocBytes
	if r.Frames > 0 {
		r.AllocsPerFrame = float64(counted) / float64(r.Frames)
		r.BytesPerFrame = float64(countedBytes) / float64(r.Frames)
	}
	if r.Ticks > 0 {
		r.AllocsPerTick = float64(counted) / float64(r.Ticks)
	}

	st := rc.g.Debug().Stats()
	r.Engine = EngineStats{
		TPS: st.TPS, FPS: st.FPS,
		FrameMeanMs: float64(st.FrameMean) / 1e3, FrameP99Ms: float64(st.FrameP99) / 1e3,
		DroppedUs: uint64(st.Dropped), VSyncIgnored: st.VSyncIgnored,
		PacingUs: uint64(st.Pacing), PaceErrP99Us: uint64(st.PaceErrorP99),
	}
	if st.Pacing > 0 {
		r.Pacing = pacing(intervals, float64(st.Pacing), st, rc.paceMaxUs)
	}

	var sum uint64
	maxPer := 0
	for i := range recs {
		sum += uint64(recs[i].ticks)
		maxPer = max(maxPer, int(recs[i].ticks))
	}
	if len(recs) < rc.frames { // not every frame was kept: the sum cannot be checked
		sum = r.Ticks
	}
	r.Exact = rc.exactness(sum, r.Ticks, maxPer)
	if rc.jw != nil {
		r.MaxSleepMs = float64(rc.c.varyMax.Microseconds()) / 1e3
		r.SleptMs = float64(rc.jw.slept.Microseconds()) / 1e3
	}
	return r
}

// pacing compares the frame intervals with the pacer's target.
func pacing(intervals []int64, targetUs float64, st engine.Stats, maxP99 timing.Micros) *Pacing {
	p := &Pacing{
		TargetMs:       targetUs / 1e3,
		EngineP99Ms:    float64(st.PaceErrorP99) / 1e3,
		EngineP99MaxMs: float64(maxP99) / 1e3,
		VSyncIgnored:   st.VSyncIgnored,
	}
	errs := make([]float64, len(intervals))
	var sum, sq float64
	in05, in1 := 0, 0
	for i, v := range intervals {
		e := math.Abs(float64(v) - targetUs)
		errs[i] = e
		sum += float64(v)
		sq += float64(v) * float64(v)
		if e <= 500 {
			in05++
		}
		if e <= 1000 {
			in1++
		}
	}
	n := float64(len(intervals))
	if n == 0 {
		return p
	}
	slices.Sort(errs)
	p.IntervalErrP50Ms = errs[len(errs)/2] / 1e3
	p.IntervalErrP99Ms = errs[p99Index(len(errs))] / 1e3
	mean := sum / n
	p.IntervalStdMs = math.Sqrt(math.Max(0, sq/n-mean*mean)) / 1e3
	p.Within05ms, p.Within1ms = float64(in05)/n, float64(in1)/n
	return p
}
