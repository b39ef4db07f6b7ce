package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/cmd/internal/demo"
)

// config is a measuring run's settings, from the flags.
type config struct {
	actors    []int
	scenarios []scenario
	duration  time.Duration
	warmup    time.Duration
	tickRate  int
	width     int
	height    int
	seed      uint64
	out       string
	plot      string
	quiet     bool
	cpuProf   string
	memProf   string

	varyActors   int
	varyDuration time.Duration
	varyMax      time.Duration

	peer         string // the peer binary; empty: no comparison
	peerCubes    []int
	peerRounds   int
	peerDuration time.Duration
	peerWarmup   time.Duration
	peerPace     time.Duration

	soak         time.Duration
	soakActors   int
	soakEvery    time.Duration
	soakWarmup   time.Duration
	soakScenario scenario
}

// flagError is a flag whose value is out of range.
type flagError struct {
	flag, value, allowed string
}

func (e *flagError) Error() string {
	return fmt.Sprintf("invalid value %q for -%s: allowed %s", e.value, e.flag, e.allowed)
}

// parseError is an error of the flag package, which has already printed
// it with the usage.
type parseError struct{ err error }

func (e *parseError) Error() string { return e.err.Error() }
func (e *parseError) Unwrap() error { return e.err }

// listFlag is a comma-separated list kept as text until validation.
type listFlag struct{ s string }

func (l *listFlag) String() string     { return l.s }
func (l *listFlag) Set(s string) error { l.s = s; return nil }

// parseFlags parses the measuring run's flags into a validated config.
func parseFlags(fs *flag.FlagSet, args []string) (*config, error) {
	c := &config{}
	actors := listFlag{"1000,10000,100000"}
	scen := listFlag{"headless,novsync,vsync,vsync-headless,varying"}
	soakScen := "vsync"
	fs.Var(&actors, "actors", "comma-separated extra actor counts of the sample's gameplay scene, each 0 to "+strconv.Itoa(demo.MaxActors))
	fs.Var(&scen, "scenarios", "comma-separated scenarios: "+scenarioNames()+", all, or none (with -peer: the comparison alone)")
	fs.DurationVar(&c.duration, "duration", 10*time.Second, "measured time of each run, after the warm-up (10ms to 1h)")
	fs.DurationVar(&c.warmup, "warmup", time.Second, "time run before measuring, so buffers reach their size (0 to 10m)")
	fs.IntVar(&c.tickRate, "tick-rate", 30, "logic ticks per second, 1 to 1000")
	fs.IntVar(&c.width, "width", 1280, "window width, 16 to 16384")
	fs.IntVar(&c.height, "height", 720, "window height, 16 to 16384")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the varying scenario's random frame times")
	fs.StringVar(&c.out, "out", "framebench.json", "results file (JSON), written atomically")
	fs.StringVar(&c.plot, "plot", "framebench.png", "frame-time plot (PNG or SVG by extension); empty: none")
	fs.BoolVar(&c.quiet, "q", false, "no progress lines on stderr")
	fs.StringVar(&c.cpuProf, "cpuprofile", "", "write a CPU profile of the whole command to this file (go tool pprof)")
	fs.StringVar(&c.memProf, "memprofile", "", "write the allocation profile of the whole command (every allocation) to this file at the end, and print each run's measured-part allocation sites")
	fs.IntVar(&c.varyActors, "vary-actors", 10000, "extra actors of the varying scenarios")
	fs.DurationVar(&c.varyDuration, "vary-duration", 10*time.Second, "measured time of the varying scenarios (10ms to 1h)")
	fs.DurationVar(&c.varyMax, "vary-max", 30*time.Millisecond, "varying scenarios: each frame sleeps a random 0 to this (1ms to 200ms)")
	peerCubes := listFlag{"1000,10000,20000,50000"}
	fs.StringVar(&c.peer, "peer", "", "peer engine binary (cmd/framebench/peers/raylib, built with -tags x11): compare tickwork with it on the cube scene, interleaved")
	fs.Var(&peerCubes, "peer-cubes", fmt.Sprintf("comma-separated cube counts of the peer comparison, each 1 to %d", peer.MaxCubes))
	fs.IntVar(&c.peerRounds, "peer-rounds", 3, "rounds of the peer comparison (1 to 100); figures are medians over them")
	fs.DurationVar(&c.peerDuration, "peer-duration", 2*time.Second, "measured time of each frame-rate run of the peer comparison (10ms to 10m)")
	fs.DurationVar(&c.peerWarmup, "peer-warmup", 500*time.Millisecond, "warm-up of each run of the peer comparison (0 to 1m)")
	fs.DurationVar(&c.peerPace, "peer-pace-duration", 3*time.Second, "measured time of each 60 Hz pacing run of the peer comparison (10ms to 10m)")
	fs.DurationVar(&c.soak, "soak", 0, "run a soak of this length instead of the scenarios (e.g. 10m; 1s to 24h)")
	fs.IntVar(&c.soakActors, "soak-actors", 10000, "soak: extra actors")
	fs.DurationVar(&c.soakEvery, "soak-every", 10*time.Second, "soak: sampling interval of heap and RSS")
	fs.DurationVar(&c.soakWarmup, "soak-warmup", 30*time.Second, "soak: time before the baseline sample (less than -soak)")
	fs.StringVar(&soakScen, "soak-scenario", soakScen, "soak: headless, novsync or vsync")
	if err := fs.Parse(args); err != nil {
		return nil, &parseError{err}
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var err error
	if c.actors, err = parseActors(actors.s); err != nil {
		return nil, err
	}
	if c.scenarios, err = parseScenarios(scen.s); err != nil {
		return nil, err
	}
	if c.peerCubes, err = parseCubes(peerCubes.s); err != nil {
		return nil, err
	}
	if c.soakScenario, err = parseSoakScenario(soakScen); err != nil {
		return nil, err
	}
	return c, c.validate()
}

func parseActors(s string) ([]int, error) {
	allowed := fmt.Sprintf("a comma-separated list of counts, each 0 to %d", demo.MaxActors)
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > demo.MaxActors {
			return nil, &flagError{"actors", s, allowed}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

func parseCubes(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > peer.MaxCubes {
			return nil, &flagError{"peer-cubes", s, fmt.Sprintf("a comma-separated list of counts, each 1 to %d", peer.MaxCubes)}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

func parseScenarios(s string) ([]scenario, error) {
	switch strings.TrimSpace(s) {
	case "all":
		return slices.Clone(scenarios), nil
	case "none":
		return nil, nil
	}
	var out []scenario
	for _, f := range strings.Split(s, ",") {
		sc, ok := findScenario(strings.TrimSpace(f))
		if !ok {
			return nil, &flagError{"scenarios", s, "a comma-separated list of " + scenarioNames() + ", or all"}
		}
		if !slices.Contains(out, sc) {
			out = append(out, sc)
		}
	}
	return out, nil
}

func parseSoakScenario(s string) (scenario, error) {
	sc, ok := findScenario(s)
	if !ok || sc.vary {
		return scenario{}, &flagError{"soak-scenario", s, "headless, novsync or vsync"}
	}
	return sc, nil
}

func (c *config) validate() error {
	bad := func(name string, v any, allowed string) error {
		return &flagError{name, fmt.Sprint(v), allowed}
	}
	switch {
	case c.duration < 10*time.Millisecond || c.duration > time.Hour:
		return bad("duration", c.duration, "10ms to 1h")
	case c.warmup < 0 || c.warmup > 10*time.Minute:
		return bad("warmup", c.warmup, "0 to 10m")
	case c.tickRate < 1 || c.tickRate > 1000:
		return bad("tick-rate", c.tickRate, "1 to 1000")
	case c.width < 16 || c.width > 16384:
		return bad("width", c.width, "16 to 16384")
	case c.height < 16 || c.height > 16384:
		return bad("height", c.height, "16 to 16384")
	case c.out == "":
		return bad("out", c.out, "a file path")
	case c.plot != "" && !validPlotExt(c.plot):
		return bad("plot", c.plot, "a path ending in .png or .svg, or empty for no plot")
	case c.varyActors < 0 || c.varyActors > demo.MaxActors:
		return bad("vary-actors", c.varyActors, fmt.Sprintf("0 to %d", demo.MaxActors))
	case c.varyDuration < 10*time.Millisecond || c.varyDuration > time.Hour:
		return bad("vary-duration", c.varyDuration, "10ms to 1h")
	case c.varyMax < time.Millisecond || c.varyMax > 200*time.Millisecond:
		return bad("vary-max", c.varyMax, "1ms to 200ms")
	case c.peerRounds < 1 || c.peerRounds > 100:
		return bad("peer-rounds", c.peerRounds, "1 to 100")
	case c.peerDuration < 10*time.Millisecond || c.peerDuration > 10*time.Minute:
		return bad("peer-duration", c.peerDuration, "10ms to 10m")
	case c.peerWarmup < 0 || c.peerWarmup > time.Minute:
		return bad("peer-warmup", c.peerWarmup, "0 to 1m")
	case c.peerPace < 10*time.Millisecond || c.peerPace > 10*time.Minute:
		return bad("peer-pace-duration", c.peerPace, "10ms to 10m")
	case c.soak != 0 && (c.soak < time.Second || c.soak > 24*time.Hour):
		return bad("soak", c.soak, "0 (no soak) or 1s to 24h")
	case c.soakActors < 0 || c.soakActors > demo.MaxActors:
		return bad("soak-actors", c.soakActors, fmt.Sprintf("0 to %d", demo.MaxActors))
	case c.soakEvery < 10*time.Millisecond || c.soakEvery > time.Hour:
		return bad("soak-every", c.soakEvery, "10ms to 1h")
	case c.soak != 0 && (c.soakWarmup < 0 || c.soakWarmup >= c.soak):
		return bad("soak-warmup", c.soakWarmup, fmt.Sprintf("0 to less than -soak (%v)", c.soak))
	case c.soak != 0 && c.soakEvery > c.soak-c.soakWarmup:
		return bad("soak-every", c.soakEvery, fmt.Sprintf("at most -soak minus -soak-warmup (%v), so growth is sampled", c.soak-c.soakWarmup))
	}
	return nil
}

func validPlotExt(p string) bool {
	p = strings.ToLower(p)
	return strings.HasSuffix(p, ".png") || strings.HasSuffix(p, ".svg")
}
