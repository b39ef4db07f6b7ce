package peer

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
)

// Report is what a peer binary prints on stdout after one run, as one JSON
// object, and what framebench reads back.
type Report struct {
	Engine    string  `json:"engine"`     // the peer and its version, e.g. "raylib-go v0.55.1"
	Mode      string  `json:"mode"`       // "cubes" (vsync off, unpaced) or "pacing"
	Shading   Shading `json:"shading"`    // how the cubes were lit
	Cubes     int     `json:"cubes"`      // cubes drawn every frame
	Width     int     `json:"width"`      // window size
	Height    int     `json:"height"`     //
	DurationS float64 `json:"duration_s"` // measured real time, after the warm-up
	Frames    int     `json:"frames"`     // frames in the measured time
	FPSMedian float64 `json:"fps_median"` // 1 / median frame interval
	FPSMean   float64 `json:"fps_mean"`   // frames / duration
	Interval  Dist    `json:"interval"`   // time between successive frame starts

	// Pacing: the frame-start error against the target interval.
	TargetMs       float64 `json:"target_ms,omitempty"`
	IntervalErrP50 float64 `json:"interval_err_p50_ms,omitempty"`
	IntervalErrP99 float64 `json:"interval_err_p99_ms,omitempty"`

	GLRenderer string `json:"gl_renderer,omitempty"`
	Screenshot string `json:"screenshot,omitempty"` // the PNG written after the run, if asked
}

// Dist summarises a per-frame quantity in milliseconds.
type Dist struct {
	Min    float64 `json:"min_ms"`
	Mean   float64 `json:"mean_ms"`
	Median float64 `json:"median_ms"`
	P99    float64 `json:"p99_ms"`
	Max    float64 `json:"max_ms"`
}

// P99Index is the nearest-rank 99th percentile's index in a sorted slice of
// n values, the rank framebench and the engine's statistics use.
func P99Index(n int) int { return (n*99+99)/100 - 1 }

// DistOf summarises values in microseconds as a Dist in milliseconds: the
// nearest-rank 99th percentile, the median of an even count the mean of
// its middle two. It sorts a copy.
func DistOf(us []int64) Dist {
	if len(us) == 0 {
		return Dist{}
	}
	s := slices.Clone(us)
	slices.Sort(s)
	var sum float64
	for _, v := range s {
		sum += float64(v)
	}
	n := len(s)
	med := float64(s[n/2])
	if n%2 == 0 {
		med = (float64(s[n/2-1]) + float64(s[n/2])) / 2
	}
	return Dist{Min: float64(s[0]) / 1e3, Mean: sum / float64(n) / 1e3, Median: med / 1e3,
		P99: float64(s[P99Index(n)]) / 1e3, Max: float64(s[n-1]) / 1e3}
}

// Summarise fills r's frame statistics from the frame intervals of the
// measured part (microseconds) and its real duration. With targetUs > 0 it
// also fills the pacing error |interval − target|. It is called once, after
// the run; it sorts a copy.
func (r *Report) Summarise(intervalsUs []int64, durationS, targetUs float64) {
	r.Frames, r.DurationS = len(intervalsUs), durationS
	if durationS > 0 {
		r.FPSMean = float64(r.Frames) / durationS
	}
	if len(intervalsUs) == 0 {
		return
	}
	n := len(intervalsUs)
	r.Interval = DistOf(intervalsUs)
	med := r.Interval.Median * 1e3
	if med > 0 {
		r.FPSMedian = 1e6 / med
	}
	if targetUs <= 0 {
		return
	}
	errs := make([]float64, n)
	for i, v := range intervalsUs {
		errs[i] = math.Abs(float64(v) - targetUs)
	}
	slices.Sort(errs)
	r.TargetMs = targetUs / 1e3
	r.IntervalErrP50 = errs[n/2] / 1e3
	r.IntervalErrP99 = errs[P99Index(n)] / 1e3
}

// ParseReport reads a peer's report and checks it describes a run.
func ParseReport(b []byte) (*Report, error) {
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("peer report: %w (is the binary a framebench peer?)", err)
	}
	if r.Engine == "" || r.Frames <= 0 || r.DurationS <= 0 {
		return nil, fmt.Errorf("peer report: engine %q, %d frames in %v s: want a named engine and frames in a positive time", r.Engine, r.Frames, r.DurationS)
	}
	return &r, nil
}
