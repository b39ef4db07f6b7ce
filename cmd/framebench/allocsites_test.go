package main

import (
	"runtime"
	"strings"
	"testing"
)

var allocSink []byte

//go:noinline
func allocateInMeasuredPart() { allocSink = make([]byte, 3000) }

// The trace finds an allocation made between begin and end, with the
// function that made it on its stack, counted as the harness's own.
func TestAllocTraceFindsTheMeasuredPartsAllocation(t *testing.T) {
	// At the default sampling rate a 3,000 B allocation would be recorded
	// about once in 170: begin must record every one, and end restore the
	// rate.
	defer func(r int) { runtime.MemProfileRate = r }(runtime.MemProfileRate)
	const sampled = 512 * 1024
	runtime.MemProfileRate = sampled
	var tr allocTrace
	tr.begin()
	allocateInMeasuredPart()
	tr.end()
	if runtime.MemProfileRate != sampled {
		t.Errorf("MemProfileRate after end: got %d, want %d (as before begin)", runtime.MemProfileRate, sampled)
	}
	sites, err := tr.sites()
	if err != nil {
		t.Fatal(err)
	}
	var found *AllocSite
	for i := range sites {
		for _, f := range sites[i].Stack {
			if strings.Contains(f, ".allocateInMeasuredPart ") {
				found = &sites[i]
			}
		}
	}
	if found == nil {
		t.Fatalf("got sites %+v, want one through allocateInMeasuredPart", sites)
	}
	// 3,000 B round up to the 3,072 B size class.
	if found.Count != 1 || found.Bytes != 3072 || found.Runtime != "" {
		t.Errorf("got %d allocations, %d B, runtime %q; want 1, 3072 B and counted", found.Count, found.Bytes, found.Runtime)
	}
	// A second trace with nothing allocated in between finds nothing of the
	// test's (the buffers are reused).
	tr.begin()
	tr.end()
	if sites, err = tr.sites(); err != nil {
		t.Fatal(err)
	}
	for _, s := range sites {
		if s.Runtime == "" {
			t.Errorf("an empty measured part: got %d allocations at %v, want none", s.Count, s.Stack)
		}
	}
}

func TestDiffProfiles(t *testing.T) {
	rec := func(pc uintptr, objs, bytes int64) runtime.MemProfileRecord {
		r := runtime.MemProfileRecord{AllocObjects: objs, AllocBytes: bytes}
		r.Stack0[0] = pc
		return r
	}
	before := []runtime.MemProfileRecord{rec(1, 5, 80), rec(2, 1, 16)}
	after := []runtime.MemProfileRecord{rec(1, 5, 80), rec(2, 3, 48), rec(3, 1, 2048)}
	got := diffProfiles(before, after)
	// Stack 1 did not allocate; 3 (one new) and 2 (two more) did, most first.
	if len(got) != 2 || got[0].Count != 2 || got[0].Bytes != 32 || got[1].Count != 1 || got[1].Bytes != 2048 {
		t.Errorf("got %+v, want stack 2 (2 allocations, 32 B) then stack 3 (1, 2048 B)", got)
	}
}

func TestOwnedBy(t *testing.T) {
	tests := []struct {
		name  string
		stack []string
		want  string
	}{
		{"new thread", []string{"runtime.mallocgc malloc.go:1", "runtime.allocm proc.go:2", "runtime.newm proc.go:3", "runtime.mcall asm.s:4"}, "a new OS thread"},
		{"timer heap", []string{"runtime.growslice slice.go:1", "runtime.(*timers).addHeap time.go:2", "runtime.bgscavenge mgcscavenge.go:3"}, "a processor's timer heap grew"},
		{"type assertion cache", []string{"runtime.buildTypeAssertCache iface.go:1", "runtime.typeAssert iface.go:2", "github.com/tickwork/tickwork/engine.(*Game).draw draw.go:3"}, ""},
		{"the harness's own", []string{"runtime.makeslice slice.go:1", "main.(*recorder).measure measure.go:2"}, ""},
		{"collector", []string{"runtime.newobject malloc.go:1", "runtime.acquireSudog proc.go:2", "runtime.gcMarkDone mgc.go:3", "runtime.gcBgMarkWorker mgc.go:4"}, "the garbage collector's worker"},
		{"a split tick waiting", []string{"runtime.newobject malloc.go:1", "runtime.acquireSudog proc.go:2", "runtime.chanrecv chan.go:3", "github.com/tickwork/tickwork/scene.(*Manager).runSplit parallel.go:4"}, "the runtime's pool of goroutine wait records grew"},
		{"a name that only begins the same", []string{"runtime.newmHandoff proc.go:1"}, ""},
	}
	for _, tt := range tests {
		if got := ownedBy(tt.stack); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCountSites(t *testing.T) {
	thread := AllocSite{Count: 7, Bytes: 5576, Runtime: "a new OS thread"}
	ours := AllocSite{Count: 1, Bytes: 48}
	tests := []struct {
		name                string
		sites               []AllocSite
		mallocs, bytes      uint64
		wantOwn, wantOwnVol uint64
	}{
		{"a thread inside the readings", []AllocSite{thread}, 7, 5576, 7, 5576},
		{"a thread and one of ours", []AllocSite{thread, ours}, 8, 5624, 7, 5576},
		// The collection after the last reading started the thread: MemStats
		// saw only ours, and nothing is left out.
		{"a thread after the readings", []AllocSite{thread, ours}, 1, 48, 0, 0},
		{"nothing", nil, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		own, ownBytes := countSites(tt.sites, tt.mallocs, tt.bytes)
		if own != tt.wantOwn || ownBytes != tt.wantOwnVol {
			t.Errorf("%s: got %d allocations, %d B of the runtime's own, want %d and %d", tt.name, own, ownBytes, tt.wantOwn, tt.wantOwnVol)
		}
	}
}

func TestRuntimeNote(t *testing.T) {
	thread := AllocSite{Count: 7, Bytes: 5576, Runtime: "a new OS thread"}
	timer := AllocSite{Count: 1, Bytes: 16, Runtime: "a processor's timer heap grew"}
	runs := []*Run{
		{Mallocs: 7, RuntimeMallocs: 7, AllocSites: []AllocSite{thread}},
		{},
		{Mallocs: 2, RuntimeMallocs: 1, AllocSites: []AllocSite{timer, {Count: 1, Bytes: 8}}},
	}
	want := "; not counted: 8 allocations of the Go runtime's own in 2 runs (a new OS thread, a processor's timer heap grew)"
	if got := runtimeNote(runs); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := runtimeNote(runs[1:2]); got != "" {
		t.Errorf("no runtime allocations: got %q, want \"\"", got)
	}
}
