package main

import (
	"cmp"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

// AllocSite is one call stack that allocated during a run's measured part,
// as the allocation profile recorded it (-memprofile only).
type AllocSite struct {
	Count int64    `json:"count"` // allocations made from this stack
	Bytes int64    `json:"bytes"`
	Stack []string `json:"stack"` // innermost first: "function file:line"
	// Runtime names the Go runtime's own bookkeeping that allocated (see
	// runtimeOwn); empty for an allocation the harness counts.
	Runtime string `json:"runtime,omitempty"`
}

// runtimeOwn are the Go runtime's own allocations, recognised by a
// function on their stack, that the harness does not count against the
// engine: they come from the scheduler's and the timers' high-water
// marks, not from anything a frame or a tick asks for, and no change to
// the engine removes them.
var runtimeOwn = []struct{ fn, why string }{
	// A goroutine locked to its thread (the main one, for GLFW) that is
	// preempted or blocks hands its processor to another thread; when
	// none is idle the runtime starts one: 7 allocations, 5,576 B with
	// Go 1.26 on linux/amd64 (the m, its g0 and signal g, profiling
	// stacks). Threads are never freed, so it happens only when more
	// are needed at once than ever before.
	{"runtime.newm", "a new OS thread"},
	// A processor's timer heap grows (16, 32, 48 B…) the first time it
	// holds more timers at once than before: the runtime's scavenger
	// sleeping, or a sleep of the pacer landing on another processor.
	{"runtime.(*timers).addHeap", "a processor's timer heap grew"},
	// The collector's background workers refill their caches (a sudog
	// when the mark phase ends). A collection inside a measured part
	// shows in its GC count, a goal of its own; this one is mostly that
	// of the collection that takes the closing snapshot.
	{"runtime.gcBgMarkWorker", "the garbage collector's worker"},
	// A goroutine that blocks on a channel takes a wait record (a sudog)
	// from its processor's cache, which the runtime fills by allocating
	// until it holds as many as ever wait at once: a large scene's first
	// few hundred split ticks (scene/parallel.go), whose goroutines wait
	// for each other. The records are reused for the life of the process;
	// scene's TestSplitPropagationAllocatesNothing counts none once warm.
	{"runtime.acquireSudog", "the runtime's pool of goroutine wait records grew"},
}

// ownedBy returns why a stack is the runtime's own allocation, or "".
// The first entry of runtimeOwn found anywhere on the stack names it (a
// collector's worker waits on a sudog too).
func ownedBy(stack []string) string {
	for _, o := range runtimeOwn {
		for _, f := range stack {
			if fn, _, _ := strings.Cut(f, " "); fn == o.fn {
				return o.why
			}
		}
	}
	return ""
}

// allocTrace tells a run's measured part's allocations apart from the rest
// of the command's: it snapshots the allocation profile just before the
// part's first MemStats reading and just after its last, and keeps the
// stacks whose counts grew. The profile is complete only as of the latest
// garbage collection, so each snapshot is taken right after one; the
// buffers are allocated before the first, so that taking the snapshots
// allocates nothing the second one would see.
//
// begin and end are called by measure on the goroutine that runs the
// frames, around the measured part. Between them runtime.MemProfileRate is
// 1, so that every allocation is recorded; outside, it is what it was (the
// runtime's sampling rate, or 1 with -memprofile). Recording every one of
// the millions of allocations that build a 100k-actor scene would grow the
// profile's tables for the rest of the command, and with them the
// runtime's background work: paced frames then came late by a millisecond
// or two now and then.
type allocTrace struct {
	before, after []runtime.MemProfileRecord
	ok            bool // both snapshots fitted their buffers
	rate          int  // MemProfileRate before begin
}

// traceSlack is how many more stacks than already recorded the buffers
// hold: room for the stacks first seen during the measured part.
const traceSlack = 4096

// begin takes the snapshot at the start of the measured part.
func (t *allocTrace) begin() {
	n, _ := runtime.MemProfile(nil, true)
	if cap(t.before) < n+traceSlack {
		t.before = make([]runtime.MemProfileRecord, n+traceSlack)
		t.after = make([]runtime.MemProfileRecord, n+2*traceSlack)
	}
	// A collection publishes every allocation so far, the buffers'
	// included; returning the freed memory to the OS at once leaves the
	// runtime's background scavenger nothing to do during the measured
	// part, where it would take CPU time from the frames.
	debug.FreeOSMemory()
	n, t.ok = runtime.MemProfile(t.before[:cap(t.before)], true)
	t.before = t.before[:n]
	t.rate, runtime.MemProfileRate = runtime.MemProfileRate, 1
}

// end takes the snapshot at the end of the measured part.
func (t *allocTrace) end() {
	runtime.MemProfileRate = t.rate
	runtime.GC()
	n, ok := runtime.MemProfile(t.after[:cap(t.after)], true)
	t.ok = t.ok && ok
	t.after = t.after[:n]
}

// sites returns the stacks that allocated between begin and end, the most
// allocations first, or an error when a snapshot did not fit its buffer.
func (t *allocTrace) sites() ([]AllocSite, error) {
	if !t.ok {
		return nil, fmt.Errorf("the allocation profile outgrew its %d-record buffer: raise traceSlack", cap(t.after))
	}
	return diffProfiles(t.before, t.after), nil
}

// diffProfiles returns, for every stack of after, the allocations it made
// since before: the ones whose cumulative count grew, most first.
func diffProfiles(before, after []runtime.MemProfileRecord) []AllocSite {
	type total struct{ objs, bytes int64 }
	base := make(map[[32]uintptr]total, len(before))
	for i := range before {
		r := &before[i]
		b := base[r.Stack0]
		base[r.Stack0] = total{b.objs + r.AllocObjects, b.bytes + r.AllocBytes}
	}
	grew := make(map[[32]uintptr]total)
	for i := range after {
		r := &after[i]
		g := grew[r.Stack0]
		grew[r.Stack0] = total{g.objs + r.AllocObjects, g.bytes + r.AllocBytes}
	}
	var out []AllocSite
	for stk, a := range grew {
		b := base[stk]
		if a.objs <= b.objs {
			continue
		}
		n := 0
		for n < len(stk) && stk[n] != 0 {
			n++
		}
		s := AllocSite{Count: a.objs - b.objs, Bytes: a.bytes - b.bytes, Stack: symbolise(stk[:n])}
		s.Runtime = ownedBy(s.Stack)
		out = append(out, s)
	}
	slices.SortFunc(out, func(x, y AllocSite) int {
		if c := cmp.Compare(y.Count, x.Count); c != 0 {
			return c
		}
		return slices.Compare(x.Stack, y.Stack)
	})
	return out
}

// countSites splits the measured part's allocations, as MemStats counted
// them (mallocs, bytes), into the harness's count and the runtime's own.
// The sites come from snapshots taken just outside the MemStats readings,
// and the collections that take them may start a thread themselves, so
// the counted part is the sites' counted total (no harness code runs
// between the readings and the snapshots) and the runtime's own is the
// rest of what MemStats saw.
func countSites(sites []AllocSite, mallocs, bytes uint64) (ownMallocs, ownBytes uint64) {
	var n, b uint64
	for _, s := range sites {
		if s.Runtime == "" {
			n += uint64(s.Count)
			b += uint64(s.Bytes)
		}
	}
	return mallocs - min(mallocs, n), bytes - min(bytes, b)
}

// symbolise names each frame of a recorded stack, innermost first.
func symbolise(pcs []uintptr) []string {
	var out []string
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		if f.Function != "" || f.File != "" {
			out = append(out, fmt.Sprintf("%s %s:%d", f.Function, f.File, f.Line))
		}
		if !more {
			return out
		}
	}
}

// siteLines formats sites for the progress output: one line per site,
// its count and bytes, then its stack indented.
func siteLines(sites []AllocSite) string {
	var b strings.Builder
	for _, s := range sites {
		own := ""
		if s.Runtime != "" {
			own = " (the Go runtime's own, not counted: " + s.Runtime + ")"
		}
		fmt.Fprintf(&b, "  %d allocation(s), %d B%s:\n", s.Count, s.Bytes, own)
		for _, f := range s.Stack {
			fmt.Fprintf(&b, "      %s\n", f)
		}
	}
	return b.String()
}
