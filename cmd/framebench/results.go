package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/engine/atomicfile"
)

// resultsVersion is the version of the JSON written by a run; the report
// refuses files of another version.
const resultsVersion = 1

// Results are everything one run of the harness measured, written as JSON
// (-out) and read back by the report.
type Results struct {
	Version  int       `json:"version"`
	Date     string    `json:"date"` // RFC 3339, when the run started
	Command  string    `json:"command"`
	Machine  Machine   `json:"machine"`
	Settings Settings  `json:"settings"`
	Runs     []Run     `json:"runs"`
	Skipped  []Skipped `json:"skipped,omitempty"`
	Plot     string    `json:"plot,omitempty"`  // path of the frame-time plot of every run
	Plots    []string  `json:"plots,omitempty"` // one plot per scenario, when there are several
	Soak     *Soak     `json:"soak,omitempty"`

	Peer *PeerComparison `json:"peer,omitempty"` // -peer: tickwork against a peer engine
}

// Machine describes where the numbers were taken.
type Machine struct {
	CPU         string     `json:"cpu"`
	Cores       int        `json:"cores"`
	MemoryBytes uint64     `json:"memory_bytes"`
	OS          string     `json:"os"`
	Kernel      string     `json:"kernel"`
	Arch        string     `json:"arch"`
	GoVersion   string     `json:"go_version"`
	GLRenderer  string     `json:"gl_renderer,omitempty"`
	GLVersion   string     `json:"gl_version,omitempty"`
	LoadBefore  [3]float64 `json:"load_before"` // 1, 5 and 15 min load averages
	LoadAfter   [3]float64 `json:"load_after"`
	Display     string     `json:"display,omitempty"`
	GLUnavail   string     `json:"gl_unavailable,omitempty"` // why no GL strings were read
	GOMAXPROCS  int        `json:"gomaxprocs"`
}

// Settings are the run's flags that shape the numbers.
type Settings struct {
	DurationS     float64 `json:"duration_s"`
	WarmupS       float64 `json:"warmup_s"`
	TickRate      int     `json:"tick_rate"`
	Width         int     `json:"width"`
	Height        int     `json:"height"`
	VaryMaxSleepS float64 `json:"vary_max_sleep_s"`
	Seed          uint64  `json:"seed"`
}

// Skipped is a run that could not be made, and why.
type Skipped struct {
	Scenario string `json:"scenario"`
	Actors   int    `json:"actors"`
	Reason   string `json:"reason"`
}

// Dist summarises a per-frame quantity in milliseconds.
type Dist = peer.Dist

// Run is one scenario at one actor count.
type Run struct {
	Scenario string `json:"scenario"`
	Actors   int    `json:"actors"`
	Window   bool   `json:"window"`
	VSync    bool   `json:"vsync"`
	Vary     bool   `json:"vary"`

	SceneActors int     `json:"scene_actors"` // actors in the scene, the extra ones included
	DurationS   float64 `json:"duration_s"`   // measured real time, after the warm-up
	Frames      int     `json:"frames"`
	Ticks       uint64  `json:"ticks"`
	Recorded    int     `json:"recorded"` // frames kept for the distributions and the plot

	FPSMedian float64 `json:"fps_median"` // 1 / median frame interval
	FPSMean   float64 `json:"fps_mean"`   // frames / duration
	TPS       float64 `json:"tps"`        // ticks / duration

	Interval    Dist `json:"interval"`      // real time between successive frame ends
	Tick        Dist `json:"tick"`          // FrameProfile.Tick
	Interpolate Dist `json:"interpolate"`   // FrameProfile.Interpolate
	Build       Dist `json:"build"`         // FrameProfile.Build
	EngineCPU   Dist `json:"engine_cpu"`    // Tick + Interpolate + Build
	Render      Dist `json:"render"`        // FrameProfile.Render
	Swap        Dist `json:"swap"`          // FrameProfile.Swap
	Pace        Dist `json:"pace"`          // FrameProfile.Pace
	SwapAndPace Dist `json:"swap_and_pace"` // Swap + Pace

	Renderer *RendererStats `json:"renderer,omitempty"` // gl41 Stats, windowed runs

	// Every allocation MemStats counted over the measured part, and of
	// them the Go runtime's own (AllocSite.Runtime), which the per-frame
	// and per-tick figures leave out.
	Mallocs           uint64  `json:"mallocs"`
	AllocBytes        uint64  `json:"alloc_bytes"`
	RuntimeMallocs    uint64  `json:"runtime_mallocs"`
	RuntimeAllocBytes uint64  `json:"runtime_alloc_bytes"`
	AllocsPerFrame    float64 `json:"allocs_per_frame"` // (Mallocs − RuntimeMallocs) / Frames
	AllocsPerTick     float64 `json:"allocs_per_tick"`
	BytesPerFrame     float64 `json:"bytes_per_frame"`
	GCCycles          uint32  `json:"gc_cycles"`

	// AllocSites are the stacks that allocated in the measured part, most
	// first, from the allocation profile (every allocation is recorded).
	AllocSites []AllocSite `json:"alloc_sites,omitempty"`

	Pacing *Pacing `json:"pacing,omitempty"` // paced runs

	Exact Exactness `json:"exact"`

	Engine EngineStats `json:"engine"` // Game.Debug().Stats at the end

	MaxSleepMs float64  `json:"max_sleep_ms,omitempty"` // vary: the random sleep's bound
	SleptMs    float64  `json:"slept_ms,omitempty"`     // vary: total slept in the measured part
	GLError    string   `json:"gl_error,omitempty"`
	Logs       []string `json:"logs,omitempty"`
}

// RendererStats are gl41's per-frame counters, over the measured frames.
type RendererStats struct {
	CPU             Dist    `json:"cpu"`    // Stats.CPUTime
	Render          Dist    `json:"render"` // Stats.RenderTime
	Draw            Dist    `json:"draw"`   // Stats.DrawTime
	Upload          Dist    `json:"upload"` // Stats.UploadTime
	GLCallsPerFrame float64 `json:"gl_calls_per_frame"`
	DrawCallsFrame  float64 `json:"draw_calls_per_frame"`
	InstancesFrame  float64 `json:"instances_per_frame"`
}

// Pacing compares paced frames with their target interval.
type Pacing struct {
	TargetMs         float64 `json:"target_ms"`           // Game.Debug().Stats().Pacing
	EngineP99Ms      float64 `json:"engine_p99_ms"`       // Game.Debug().Stats().PaceErrorP99 at the end
	EngineP99MaxMs   float64 `json:"engine_p99_max_ms"`   // its largest value sampled during the run
	IntervalErrP50Ms float64 `json:"interval_err_p50_ms"` // |interval − target|
	IntervalErrP99Ms float64 `json:"interval_err_p99_ms"`
	IntervalStdMs    float64 `json:"interval_std_ms"`
	Within05ms       float64 `json:"within_0_5ms"` // share of intervals within ±0.5 ms of the target
	Within1ms        float64 `json:"within_1ms"`
	VSyncIgnored     bool    `json:"vsync_ignored"`
}

// Exactness checks the tick count against the game time over the whole run
// (warm-up included).
type Exactness struct {
	Ticks       uint64 `json:"ticks"`        // Game.Time().Ticks()
	GameTimeUs  uint64 `json:"game_time_us"` // Scheduler.GameTime()
	Expected    uint64 `json:"expected"`     // ⌊GameTime·rate/1e6⌋
	Exact       bool   `json:"exact"`        // Ticks == Expected
	DroppedUs   uint64 `json:"dropped_us"`   // Scheduler.Dropped()
	SkippedUs   uint64 `json:"skipped_us"`   // Scheduler.Skipped(): the first frame's drawing, not played
	RealMinUs   uint64 `json:"real_min_us"`  // real time from Start to the last frame's clock reading lies
	RealMaxUs   uint64 `json:"real_max_us"`  // between these bounds
	NoLostTime  bool   `json:"no_lost_time"` // GameTime + SkippedUs within the real-time bounds and nothing dropped
	FramesTicks uint64 `json:"frames_ticks"` // ticks counted frame by frame in the measured part
	TickSumOK   bool   `json:"tick_sum_ok"`  // FramesTicks equals the ticks run in the measured part
	MaxPerFrame int    `json:"max_ticks_per_frame"`
}

// EngineStats is Game.Debug().Stats at the end of a run.
type EngineStats struct {
	TPS          float64 `json:"tps"`
	FPS          float64 `json:"fps"`
	FrameMeanMs  float64 `json:"frame_mean_ms"`
	FrameP99Ms   float64 `json:"frame_p99_ms"`
	DroppedUs    uint64  `json:"dropped_us"`
	VSyncIgnored bool    `json:"vsync_ignored"`
	PacingUs     uint64  `json:"pacing_us"`
	PaceErrP99Us uint64  `json:"pace_error_p99_us"`
}

// Soak is a long run sampled for memory growth.
type Soak struct {
	Date        string       `json:"date"`
	Scenario    string       `json:"scenario"`
	Actors      int          `json:"actors"`
	DurationS   float64      `json:"duration_s"` // what was actually run
	RequestedS  float64      `json:"requested_s"`
	WarmupS     float64      `json:"warmup_s"`
	EveryS      float64      `json:"every_s"`
	Frames      int          `json:"frames"`
	Samples     []SoakSample `json:"samples"`
	HeapGrowth  float64      `json:"heap_growth"`  // (max HeapInuse after warm-up − at warm-up) / at warm-up
	AllocGrowth float64      `json:"alloc_growth"` // the same for HeapAlloc
	RSSGrowth   float64      `json:"rss_growth"`
	GCCycles    uint32       `json:"gc_cycles"` // after warm-up
	Mallocs     uint64       `json:"mallocs"`   // after warm-up
	GLError     string       `json:"gl_error,omitempty"`
	GLChecked   bool         `json:"gl_checked"`
	Exact       Exactness    `json:"exact"`
	Plot        string       `json:"plot,omitempty"`
	LoadBefore  [3]float64   `json:"load_before"`
	LoadAfter   [3]float64   `json:"load_after"`
	Machine     *Machine     `json:"machine,omitempty"`
}

// SoakSample is one periodic reading during a soak.
type SoakSample struct {
	T         float64 `json:"t_s"`
	HeapAlloc uint64  `json:"heap_alloc"`
	HeapInuse uint64  `json:"heap_inuse"`
	RSS       uint64  `json:"rss"`
	NumGC     uint32  `json:"num_gc"`
	Mallocs   uint64  `json:"mallocs"`
	Frames    int     `json:"frames"`
	Ticks     uint64  `json:"ticks"`
}

// writeJSON writes v as indented JSON to path, atomically.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return atomicfile.WriteFile(path, append(b, '\n'), 0)
}

// readResults reads a harness results file.
func readResults(path string) (*Results, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading results: %w", err)
	}
	var r Results
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("reading results %s: %w", path, err)
	}
	if r.Version != resultsVersion {
		return nil, fmt.Errorf("reading results %s: version %d, want %d (rerun the harness)", path, r.Version, resultsVersion)
	}
	return &r, nil
}
