package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
)

// PeerComparison is tickwork against a peer engine on package peer's cube
// scene: rounds of runs, tickwork (one behaviour per cube) and the peer
// lit both ways (peer.Shadings) taking turns at each size, then both paced
// to 60 Hz. A frame-rate ratio is the median of the rounds' ratios (each
// round's runs are taken side by side, so a drift of the host's speed
// between rounds cancels out of them); the other figures are medians over
// the rounds.
type PeerComparison struct {
	Engine        string      `json:"engine"` // as the peer reports itself
	Binary        string      `json:"binary"`
	Rounds        int         `json:"rounds"`
	DurationS     float64     `json:"duration_s"`      // measured time of each frame-rate run
	WarmupS       float64     `json:"warmup_s"`        // before each run
	PaceDurationS float64     `json:"pace_duration_s"` // measured time of each pacing run
	Sizes         []PeerSize  `json:"sizes"`
	Pacing        *PeerPacing `json:"pacing,omitempty"`
	Errors        []string    `json:"errors,omitempty"` // runs that failed
}

// PeerSize is the engines' frame rates at one cube count: tickwork's and
// the peer's lit in gamma space (as a raylib user writes it) and in
// linear light (tickwork's pixels).
type PeerSize struct {
	Cubes       int       `json:"cubes"`
	TickworkFPS []float64 `json:"tickwork_fps"`        // each round's median frame rate
	GammaFPS    []float64 `json:"peer_gamma_fps"`      // the peer lit in gamma space
	LinearFPS   []float64 `json:"peer_linear_fps"`     // the peer lit in linear light
	Tickwork    float64   `json:"tickwork_fps_median"` // median over the rounds
	Gamma       float64   `json:"peer_gamma_fps_median"`
	Linear      float64   `json:"peer_linear_fps_median"`

	// Each round's tickwork ÷ peer frame rate, for the rounds in which both
	// runs were made; RatioGamma and RatioLinear are their medians (0 when
	// a side has no run; see finish for results without rounds' ratios).
	RoundsGamma  []float64 `json:"round_ratios_gamma,omitempty"`
	RoundsLinear []float64 `json:"round_ratios_linear,omitempty"`
	RatioGamma   float64   `json:"ratio_gamma"`
	RatioLinear  float64   `json:"ratio_linear"`

	// Profiles is where each round's tickwork frame went; Profile is the
	// one of the round with the median frame rate (the lower of the two
	// middle rounds for an even count), nil without tickwork runs.
	Profiles []PeerProfile `json:"tickwork_profiles,omitempty"`
	Profile  *PeerProfile  `json:"tickwork_profile,omitempty"`
}

// peerFPS is the peer's frame rates of s lit with shading k.
func (s *PeerSize) peerFPS(k peer.Shading) *[]float64 {
	if k == peer.ShadingGamma {
		return &s.GammaFPS
	}
	return &s.LinearFPS
}

// ratio is the median over the rounds of tickwork's frame rate over the
// peer's lit with shading k (0 when a side has no run).
func (s *PeerSize) ratio(k peer.Shading) float64 {
	if k == peer.ShadingGamma {
		return s.RatioGamma
	}
	return s.RatioLinear
}

// rounds is the list of each round's ratio against the peer lit with
// shading k.
func (s *PeerSize) rounds(k peer.Shading) *[]float64 {
	if k == peer.ShadingGamma {
		return &s.RoundsGamma
	}
	return &s.RoundsLinear
}

// peerMedian is the peer's median frame rate lit with shading k.
func (s *PeerSize) peerMedian(k peer.Shading) float64 {
	if k == peer.ShadingGamma {
		return s.Gamma
	}
	return s.Linear
}

// PeerProfile is where one tickwork run's frames went: the mean of each
// part per frame, in milliseconds. The parts are those of the engine's
// FrameProfile and the renderer's Stats; what is left of the frame is
// input, pacing checks and the harness's own recording.
type PeerProfile struct {
	FPS       float64 `json:"fps"`             // the run's median frame rate
	FrameMs   float64 `json:"frame_ms"`        // mean frame interval
	EngineMs  float64 `json:"engine_ms"`       // ticks, interpolation and the draw list
	RenderMs  float64 `json:"renderer_cpu_ms"` // the renderer's own work: draw lists, state, uploads
	DrawMs    float64 `json:"draw_ms"`         // inside glDraw* calls: the driver's work there
	SwapMs    float64 `json:"swap_ms"`         // swapping buffers: the driver finishing and presenting the frame
	Instances float64 `json:"instances"`       // instances drawn per frame, after culling
}

// profileOf is run r's PeerProfile.
func profileOf(r *Run) PeerProfile {
	p := PeerProfile{FPS: r.FPSMedian, FrameMs: r.Interval.Mean, EngineMs: r.EngineCPU.Mean, SwapMs: r.Swap.Mean}
	if rs := r.Renderer; rs != nil {
		p.RenderMs, p.DrawMs, p.Instances = rs.CPU.Mean, rs.Draw.Mean, rs.InstancesFrame
	}
	return p
}

// String is the profile in a line: "55.2 ms a frame: 37.1 inside glDraw*, …".
func (p *PeerProfile) String() string {
	other := p.FrameMs - p.EngineMs - p.RenderMs - p.DrawMs - p.SwapMs
	return fmt.Sprintf("%s ms a frame: %s inside glDraw* (the driver's vertex work), %s swapping (the driver finishing and presenting), %s engine (ticks, interpolation, draw list), %s renderer, %s other; %s instances drawn",
		num(p.FrameMs), num(p.DrawMs), num(p.SwapMs), num(p.EngineMs), num(p.RenderMs), num(max(other, 0)), num(p.Instances))
}

// PeerPacing is both engines paced to 60 Hz in a one-cube scene: the
// error of each frame interval against the target, the same measure for
// both (the harness times tickwork's frames, the peer times its own).
type PeerPacing struct {
	TargetMs          float64   `json:"target_ms"`
	TickworkP99       []float64 `json:"tickwork_p99_ms"` // each round's |interval − target| p99
	PeerP99           []float64 `json:"peer_p99_ms"`
	TickworkEngineP99 []float64 `json:"tickwork_engine_p99_ms"` // Game.Debug().Stats().PaceErrorP99, largest sampled
	Tickwork          float64   `json:"tickwork_p99_median_ms"`
	Peer              float64   `json:"peer_p99_median_ms"`
	TickworkEngine    float64   `json:"tickwork_engine_p99_median_ms"`
}

// median is the median of vs (0 for none).
func median(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[n/2]
}

// finish computes the medians and ratios from the rounds. Results written
// before the rounds' ratios were kept have none: when no run failed (so
// the frame-rate lists are aligned round by round), the ratios are taken
// round by round from the frame rates; otherwise the ratio is that of each
// side's median.
func (pc *PeerComparison) finish() {
	for i := range pc.Sizes {
		s := &pc.Sizes[i]
		s.Tickwork, s.Gamma, s.Linear = median(s.TickworkFPS), median(s.GammaFPS), median(s.LinearFPS)
		for _, k := range peer.Shadings {
			rs, fps := s.rounds(k), *s.peerFPS(k)
			if len(*rs) == 0 && len(pc.Errors) == 0 && len(fps) == len(s.TickworkFPS) {
				for j, f := range fps {
					if r := fpsRatio(s.TickworkFPS[j], f); r > 0 {
						*rs = append(*rs, r)
					}
				}
			}
		}
		s.RatioGamma, s.RatioLinear = median(s.RoundsGamma), median(s.RoundsLinear)
		if len(s.RoundsGamma) == 0 {
			s.RatioGamma = fpsRatio(s.Tickwork, s.Gamma)
		}
		if len(s.RoundsLinear) == 0 {
			s.RatioLinear = fpsRatio(s.Tickwork, s.Linear)
		}
		s.Profile = nil
		if n := len(s.Profiles); n > 0 {
			byFPS := slices.Clone(s.Profiles)
			slices.SortFunc(byFPS, func(a, b PeerProfile) int { return cmp.Compare(a.FPS, b.FPS) })
			s.Profile = &byFPS[(n-1)/2]
		}
	}
	if p := pc.Pacing; p != nil {
		p.Tickwork, p.Peer, p.TickworkEngine = median(p.TickworkP99), median(p.PeerP99), median(p.TickworkEngineP99)
	}
}

// fpsRatio is a ÷ b, 0 unless both are positive.
func fpsRatio(a, b float64) float64 {
	if a > 0 && b > 0 {
		return a / b
	}
	return 0
}

// runPeerComparison runs the rounds and puts the comparison into res; it
// reports whether every run was made. It runs on the main goroutine (the
// tickwork runs open windows).
func runPeerComparison(c *config, res *Results, keep *keeper, buf *[]frameRec, logf func(string, ...any)) bool {
	pc := &PeerComparison{
		Binary: relPath(c.peer), Rounds: c.peerRounds, DurationS: c.peerDuration.Seconds(), WarmupS: c.peerWarmup.Seconds(),
		PaceDurationS: c.peerPace.Seconds(), Pacing: &PeerPacing{},
	}
	res.Peer = pc
	for _, n := range c.peerCubes {
		pc.Sizes = append(pc.Sizes, PeerSize{Cubes: n})
	}
	cc := *c
	cc.warmup = c.peerWarmup
	fail := func(what string, err error) {
		pc.Errors = append(pc.Errors, what+": "+firstLine(err.Error()))
		logf("peer comparison: %s: %v", what, err)
	}
	tickwork := func(sc scenario, n int, d time.Duration) (*Run, error) {
		if need := recCapacity(d); cap(*buf) < need {
			*buf = make([]frameRec, 0, need)
		}
		if err := keep.open(); err != nil {
			return nil, err
		}
		r, _, err := measureOne(&cc, sc, n, d, buf, res)
		if err != nil {
			return nil, err
		}
		logf("peer comparison: tickwork %s", runLine(&r))
		return &r, nil
	}
	other := func(n, pace int, k peer.Shading, d time.Duration) (*peer.Report, error) {
		rep, err := runPeerBinary(c.peer, c, n, pace, k, d)
		if err != nil {
			return nil, err
		}
		pc.Engine = rep.Engine
		logf("peer comparison: %s (%s), %d cubes: %d frames in %.1f s, median %.1f fps; pace err p99 %.3f ms",
			rep.Engine, k, rep.Cubes, rep.Frames, rep.DurationS, rep.FPSMedian, rep.IntervalErrP99)
		return rep, nil
	}
	// The runs of one size: tickwork, then the peer lit each way.
	sides := len(peer.Shadings) + 1
	ok := true
	for round := range c.peerRounds {
		for i := range pc.Sizes {
			s := &pc.Sizes[i]
			// This round's frame rates: tickwork's, then the peer's lit
			// each way (0 for a run that failed).
			fps := make([]float64, sides)
			// Rotate who goes first, so that a drift in the machine's
			// speed over the run favours no side.
			for k := range sides {
				side := (round + i + k) % sides
				if side == 0 {
					r, err := tickwork(cubesScenario, s.Cubes, c.peerDuration)
					if err != nil {
						fail(fmt.Sprintf("%s, %d cubes, round %d", sideTickwork, s.Cubes, round+1), err)
						if ok = false; isNoDisplay(err) {
							return false
						}
						continue
					}
					s.TickworkFPS = append(s.TickworkFPS, r.FPSMedian)
					s.Profiles = append(s.Profiles, profileOf(r))
					fps[0] = r.FPSMedian
					continue
				}
				sh := peer.Shadings[side-1]
				rep, err := other(s.Cubes, 0, sh, c.peerDuration)
				if err != nil {
					fail(fmt.Sprintf("%s, %d cubes, round %d", peerSide(sh), s.Cubes, round+1), err)
					ok = false
					continue
				}
				pf := s.peerFPS(sh)
				*pf = append(*pf, rep.FPSMedian)
				fps[side] = rep.FPSMedian
			}
			for j, sh := range peer.Shadings {
				if r := fpsRatio(fps[0], fps[j+1]); r > 0 {
					rs := s.rounds(sh)
					*rs = append(*rs, r)
				}
			}
		}
		p := pc.Pacing
		for k := range 2 {
			if (round+k)%2 == 0 {
				r, err := tickwork(cubesPacedScenario, 1, c.peerPace)
				switch {
				case err != nil:
					fail(fmt.Sprintf("%s pacing, round %d", sideTickwork, round+1), err)
					ok = false
				case r.Pacing == nil:
					fail(fmt.Sprintf("%s pacing, round %d", sideTickwork, round+1), errors.New("the engine did not pace in software (it saw the driver honour vsync)"))
					ok = false
				default:
					p.TargetMs = r.Pacing.TargetMs
					p.TickworkP99 = append(p.TickworkP99, r.Pacing.IntervalErrP99Ms)
					p.TickworkEngineP99 = append(p.TickworkEngineP99, r.Pacing.EngineP99MaxMs)
				}
			} else {
				rep, err := other(1, 60, peer.ShadingLinear, c.peerPace)
				if err != nil {
					fail(fmt.Sprintf("%s pacing, round %d", sidePeer, round+1), err)
					ok = false
					continue
				}
				p.PeerP99 = append(p.PeerP99, rep.IntervalErrP99)
			}
		}
	}
	pc.finish()
	return ok
}

// The sides of the comparison, as its errors name them.
const (
	sideTickwork = "tickwork"
	sidePeer     = "peer"
)

// peerSide names the peer lit with shading k in errors: "peer (gamma)".
func peerSide(k peer.Shading) string { return sidePeer + " (" + string(k) + ")" }

// runPeerBinary runs the peer binary once, lit with shading k, and reads
// its report.
func runPeerBinary(bin string, c *config, cubes, pace int, k peer.Shading, d time.Duration) (*peer.Report, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.peerWarmup+d+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-cubes", strconv.Itoa(cubes), "-pace", strconv.Itoa(pace), "-shading", string(k),
		"-duration", d.String(), "-warmup", c.peerWarmup.String(),
		"-width", strconv.Itoa(c.width), "-height", strconv.Itoa(c.height))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 300 {
			msg = "…" + msg[len(msg)-300:]
		}
		return nil, fmt.Errorf("running the peer %s: %w: %s (build it with: cd cmd/framebench && go build -tags x11 ./peers/raylib)", bin, err, msg)
	}
	rep, err := peer.ParseReport(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", bin, err)
	}
	if rep.Cubes != cubes {
		return nil, fmt.Errorf("%s drew %d cubes, asked %d", bin, rep.Cubes, cubes)
	}
	if rep.Shading != k {
		return nil, fmt.Errorf("%s lit its cubes %q, asked %q (is it an older peer? rebuild it)", bin, rep.Shading, k)
	}
	return rep, nil
}
