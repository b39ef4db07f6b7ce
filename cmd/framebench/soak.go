package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/tickwork/tickwork/timing"
)

// soakLimit is the largest growth of heap and RSS after the warm-up that
// a soak accepts.
const soakLimit = 0.01

// runSoak runs the sample's scene for c.soak, sampling the heap and the
// resident set every c.soakEvery, and checks that both stay flat after the
// warm-up, that GL reports no error and that the tick count is exact.
func runSoak(c *config, args []string, stdout, stderr io.Writer) int {
	sc := c.soakScenario
	res := &Results{
		Version: resultsVersion,
		Date:    time.Now().UTC().Format(time.RFC3339),
		Command: commandLine(args),
		Machine: machineInfo(),
	}
	t, err := openTarget(c, sc)
	if err != nil {
		if isNoDisplay(err) {
			err = noDisplay(sc, err)
		}
		fmt.Fprintf(stderr, "framebench: soak: %v\n", err)
		return 1
	}
	if t.gl != nil {
		res.Machine.GLRenderer, res.Machine.GLVersion = t.gl.Name(), t.gl.Version()
	}
	s, err := soak(c, sc, t)
	if cerr := t.close(); cerr != nil && err == nil {
		err = fmt.Errorf("closing the window: %w", cerr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "framebench: soak: %v\n", err)
		return 1
	}
	res.Soak = s
	res.Machine.LoadAfter = loadAvg()
	s.LoadBefore, s.LoadAfter = res.Machine.LoadBefore, res.Machine.LoadAfter
	if c.plot != "" {
		if err := writeSoakPlot(c.plot, s); err != nil {
			fmt.Fprintf(stderr, "framebench: %v\n", err)
			return 1
		}
		s.Plot = c.plot
	}
	if err := writeJSON(c.out, res); err != nil {
		fmt.Fprintf(stderr, "framebench: %v\n", err)
		return 1
	}
	problems := soakProblems(s)
	fmt.Fprintf(stdout, "framebench: soak %s, %d actors, %.0f s: heap in use %+.2f%%, heap alloc %+.2f%%, RSS %+.2f%% after warm-up; %d GC, %d mallocs; ticks %d of ⌊%d µs·rate/1e6⌋ = %d; GL error: %s; results: %s\n",
		s.Scenario, s.Actors, s.DurationS, 100*s.HeapGrowth, 100*s.AllocGrowth, 100*s.RSSGrowth, s.GCCycles, s.Mallocs,
		s.Exact.Ticks, s.Exact.GameTimeUs, s.Exact.Expected, orNone(s.GLError), c.out)
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "framebench: soak failed: %s\n", strings.Join(problems, "; "))
		return 1
	}
	return 0
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// soakProblems lists the soak's failed checks.
func soakProblems(s *Soak) []string {
	var p []string
	if s.HeapGrowth > soakLimit {
		p = append(p, fmt.Sprintf("heap in use grew %.2f%% after warm-up (limit %.0f%%)", 100*s.HeapGrowth, 100*soakLimit))
	}
	if s.RSSGrowth > soakLimit {
		p = append(p, fmt.Sprintf("RSS grew %.2f%% after warm-up (limit %.0f%%)", 100*s.RSSGrowth, 100*soakLimit))
	}
	if s.GLError != "" {
		p = append(p, "GL error: "+s.GLError)
	}
	if !s.Exact.Exact {
		p = append(p, fmt.Sprintf("ticks %d, want ⌊GameTime·rate/1e6⌋ = %d", s.Exact.Ticks, s.Exact.Expected))
	}
	return p
}

// soak runs the game on t and samples it.
func soak(c *config, sc scenario, t *target) (*Soak, error) {
	rc, err := start(c, sc, c.soakActors, t)
	if err != nil {
		return nil, err
	}
	s := &Soak{
		Date:       time.Now().UTC().Format(time.RFC3339),
		Scenario:   sc.name,
		Actors:     c.soakActors,
		RequestedS: c.soak.Seconds(),
		WarmupS:    c.soakWarmup.Seconds(),
		EveryS:     c.soakEvery.Seconds(),
		Samples:    make([]SoakSample, 0, int(c.soak/c.soakEvery)+3),
	}
	rss := newRSSReader()
	defer rss.close()
	var ms runtime.MemStats
	t0 := rc.clk.Now()
	sample := func(now timing.Micros) {
		runtime.ReadMemStats(&ms)
		s.Samples = append(s.Samples, SoakSample{
			T: (now - t0).Seconds(), HeapAlloc: ms.HeapAlloc, HeapInuse: ms.HeapInuse, RSS: rss.read(),
			NumGC: ms.NumGC, Mallocs: ms.Mallocs, Frames: s.Frames, Ticks: rc.g.Time().Ticks(),
		})
	}
	every := timing.Micros(c.soakEvery / time.Microsecond)
	warm := t0 + timing.Micros(c.soakWarmup/time.Microsecond)
	end := t0 + timing.Micros(c.soak/time.Microsecond)
	next := t0
	var ticksSum uint64
	maxPer := 0
	ticks0 := rc.g.Time().Ticks()
	warmTaken := false
	for {
		now := rc.clk.Now()
		if now >= end {
			break
		}
		if now >= next || (!warmTaken && now >= warm) {
			sample(now)
			warmTaken = warmTaken || now >= warm
			for next <= now {
				next += every
			}
		}
		if err := rc.frame(); err != nil {
			rc.g.Stop()
			return nil, err
		}
		s.Frames++
		p := rc.g.Debug().Profile()
		ticksSum += uint64(p.Ticks)
		maxPer = max(maxPer, p.Ticks)
	}
	now := rc.clk.Now()
	sample(now)
	s.DurationS = (now - t0).Seconds()
	s.Exact = rc.exactness(ticksSum, rc.g.Time().Ticks()-ticks0, maxPer)
	s.GLChecked = t.gl != nil
	glErr, err := rc.stop()
	s.GLError = glErr
	if err != nil {
		return nil, fmt.Errorf("ending the game: %w", err)
	}
	soakGrowth(s)
	return s, nil
}

// soakGrowth computes the growth of the heap and the RSS after the warm-up:
// the largest sample after it relative to the first sample at or after it.
func soakGrowth(s *Soak) {
	base := -1
	for i, x := range s.Samples {
		if x.T >= s.WarmupS {
			base = i
			break
		}
	}
	if base < 0 {
		return
	}
	growth := func(get func(*SoakSample) uint64) float64 {
		b := get(&s.Samples[base])
		if b == 0 {
			return 0
		}
		top := b
		for i := base; i < len(s.Samples); i++ {
			top = max(top, get(&s.Samples[i]))
		}
		return float64(top-b) / float64(b)
	}
	s.HeapGrowth = growth(func(x *SoakSample) uint64 { return x.HeapInuse })
	s.AllocGrowth = growth(func(x *SoakSample) uint64 { return x.HeapAlloc })
	s.RSSGrowth = growth(func(x *SoakSample) uint64 { return x.RSS })
	last := &s.Samples[len(s.Samples)-1]
	s.GCCycles = last.NumGC - s.Samples[base].NumGC
	s.Mallocs = last.Mallocs - s.Samples[base].Mallocs
}
