package demo

import (
	"flag"
	"fmt"
	"io"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/session"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// Flags are the sample's command-line settings. Register them on a
// flag.FlagSet, parse, then Validate: the run is described by Options (the
// engine's), Config (the scene's), Start (the first state) and FrameTimes
// (a headless run's frame durations).
type Flags struct {
	TickRate   int        // -tick-rate: ticks per second
	VSync      bool       // -vsync
	Mode       scene.Mode // -mode: interpolate, extrapolate or none
	Width      int        // -width, window size in screen coordinates
	Height     int        // -height
	Actors     int        // -actors: extra orbiting cubes
	Frames     int        // -frames: with a window, quit after this many frames (0: when closed)
	Screenshot string     // -screenshot: PNG of the last frame
	Headless   bool       // -headless: no window, null renderer, manual clock
	Ticks      int        // -ticks: ticks a headless run runs
	FPS        float64    // -fps: a headless run's frame rate
	Jitter     float64    // -jitter: a headless run's frame-time jitter, share of the period
	Seed       uint64     // -seed: seed of the headless frame-time generator
	Record     string     // -record: record the run to this file
	Replay     string     // -replay: replay this recording
	Bisect     bool       // -bisect: with -replay, find where and what diverges
	StartState string     // -start: auto, title or gameplay
	Model      string     // -model: view this glTF file (.gltf or .glb)
	Info       bool       // -info: with -model, print the file's counts and exit
	Nodes      bool       // -nodes: with -model, print every node's world matrix at -at and exit
	At         float64    // -at: with -nodes, the time of the first animation in seconds
	ShaderDir  string     // -shader-dir: read and watch the shaders in this directory
	AudioOut   string     // -audio-out: write the game's whole mix to this WAV file
	SyncTest   int        // -synctest: headless, roll back this many ticks after every tick and compare
	Host       string     // -host: host a two-player match, listening on this address
	Join       string     // -join: join the match hosted at this address
	Bot        uint64     // -bot: with -host or -join, play with a bot of this seed instead of the keyboard (0: keyboard)
	NetSim     string     // -netsim: with -host or -join, simulate a bad network (session.ParseConditions)
	NetMode    string     // -netmode: rollback or lockstep

	fs *flag.FlagSet
}

// Register defines the flags on fs with their defaults.
func (f *Flags) Register(fs *flag.FlagSet) {
	f.fs = fs
	fs.IntVar(&f.TickRate, "tick-rate", 30, "logic ticks per second, 1 to 1000")
	fs.BoolVar(&f.VSync, "vsync", true, "wait for the display's refresh when presenting frames")
	fs.TextVar(&f.Mode, "mode", scene.ModeInterpolate, "how frames are drawn between ticks: interpolate, extrapolate or none")
	fs.IntVar(&f.Width, "width", 1280, "window width, 1 to 16384")
	fs.IntVar(&f.Height, "height", 720, "window height, 1 to 16384")
	fs.IntVar(&f.Actors, "actors", 0, fmt.Sprintf("extra orbiting cubes for stress tests, 0 to %d", MaxActors))
	fs.IntVar(&f.Frames, "frames", 0, "with a window: quit after this many frames and print frames, ticks, fps and tps (0: run until closed)")
	fs.StringVar(&f.Screenshot, "screenshot", "", "with a window: write the last frame as a PNG to this file")
	fs.BoolVar(&f.Headless, "headless", false, "no window: run -ticks ticks of gameplay on a manual clock and print the state hash")
	fs.IntVar(&f.Ticks, "ticks", 300, "headless: ticks to run, 1 to 1000000000")
	fs.Float64Var(&f.FPS, "fps", 60, "headless: simulated frames per second, "+fpsRange())
	fs.Float64Var(&f.Jitter, "jitter", 0, "headless: random frame-time jitter as a share of the frame period, 0 to below 1")
	fs.Uint64Var(&f.Seed, "seed", 1, "headless: seed of the jittered frame times (never changes the game)")
	fs.StringVar(&f.Record, "record", "", "record the run's input and state hashes to this file")
	fs.StringVar(&f.Replay, "replay", "", "replay a recording (with a window, or with -headless)")
	fs.BoolVar(&f.Bisect, "bisect", false, "with -replay: find the first tick where the replay diverges (at 60 fps against 7 fps±50%, and against the recording) and what differs there; no window")
	fs.StringVar(&f.Model, "model", "", "open a model viewer of this glTF 2.0 file (.gltf or .glb): the model, its animations, an orbit camera")
	fs.BoolVar(&f.Info, "info", false, "with -model: load the file without a window and print nodes=N meshes=M primitives=P vertices=V triangles=T textures=X materials=Y animations=A skins=S joints=J targets=M")
	fs.BoolVar(&f.Nodes, "nodes", false, "with -model: load the file without a window, sample its first animation at -at seconds (clamped to the clip) and print node=I name=NAME world=m00,…,m33 per node (column-major)")
	fs.Float64Var(&f.At, "at", 0, "with -nodes: the first animation's time in seconds")
	fs.StringVar(&f.AudioOut, "audio-out", "", "write the game's whole sound mix to this WAV file (48 kHz stereo, 16-bit) when it ends, atomically; the same ticks give the same bytes at any frame rate")
	fs.StringVar(&f.ShaderDir, "shader-dir", "", "with a window: read the shaders from this directory (e.g. shaders) and recompile them when they change; a failed compile keeps the previous program and shows the log")
	fs.IntVar(&f.SyncTest, "synctest", 0, fmt.Sprintf("headless: after every tick, roll back this many ticks (1 to %d), run them again and stop at the first difference; 0: off", engine.MaxRollbackWindow))
	fs.StringVar(&f.Host, "host", "", "host a two-player match, listening on this UDP address (e.g. 127.0.0.1:7000; port 0 picks a free port and prints it)")
	fs.StringVar(&f.Join, "join", "", "join the two-player match hosted at this UDP address")
	fs.Uint64Var(&f.Bot, "bot", 0, "with -host or -join: this machine's player is a bot of this seed instead of the keyboard (0: the keyboard)")
	fs.StringVar(&f.NetSim, "netsim", "", "with -host or -join: simulate a bad network on what this process sends and receives, e.g. latency=100ms,jitter=20ms,loss=0.05")
	fs.StringVar(&f.NetMode, "netmode", "rollback", "with -host or -join: rollback (predict the other player, rewind when wrong) or lockstep (wait for their input)")
	fs.StringVar(&f.StartState, "start", "auto", "first state: title, gameplay, or auto (gameplay with -headless or -frames, else title)")
}

// Given reports whether the flag name was set on the command line.
func (f *Flags) Given(name string) bool {
	given := false
	if f.fs != nil {
		f.fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	}
	return given
}

// FlagError is a flag whose value is out of range or does not go with the
// others.
type FlagError struct {
	Flag    string // the flag's name, without the dash
	Value   string
	Allowed string
}

func (e *FlagError) Error() string {
	return fmt.Sprintf("invalid value %s for -%s: allowed %s", e.Value, e.Flag, e.Allowed)
}

// Validate checks the parsed flags, returning a *FlagError for the first
// bad one.
func (f *Flags) Validate() error {
	bad := func(name string, v any, allowed string) error {
		return &FlagError{Flag: name, Value: fmt.Sprint(v), Allowed: allowed}
	}
	switch {
	case f.TickRate < 1 || f.TickRate > 1000:
		return bad("tick-rate", f.TickRate, "1 to 1000")
	case f.Width < 1 || f.Width > 16384:
		return bad("width", f.Width, "1 to 16384")
	case f.Height < 1 || f.Height > 16384:
		return bad("height", f.Height, "1 to 16384")
	case f.Actors < 0 || f.Actors > MaxActors:
		return bad("actors", f.Actors, fmt.Sprintf("0 to %d", MaxActors))
	case f.Frames < 0:
		return bad("frames", f.Frames, "0 (until the window is closed) or more")
	case f.Ticks < 1 || f.Ticks > 1_000_000_000:
		return bad("ticks", f.Ticks, "1 to 1000000000")
	case engine.Steady(f.FPS).Err() != nil: // the engine's range, engine.MinFPS to engine.MaxFPS
		return bad("fps", f.FPS, fpsRange())
	case !(f.Jitter >= 0 && f.Jitter < 1):
		return bad("jitter", f.Jitter, "0 to below 1")
	case f.StartState != "auto" && f.StartState != StartTitle && f.StartState != StartGameplay:
		return bad("start", f.StartState, "auto, title or gameplay")
	case f.Headless && f.Screenshot != "":
		return bad("screenshot", f.Screenshot, "only with a window, not with -headless")
	case f.Headless && f.Frames != 0:
		return bad("frames", f.Frames, "only with a window; a headless run counts -ticks")
	case f.Record != "" && f.Replay != "":
		return bad("record", f.Record, "only without -replay")
	case f.Bisect && f.Replay == "":
		return bad("bisect", f.Bisect, "only with -replay FILE")
	case f.Replay != "" && f.Given("start"):
		return bad("start", f.StartState, "only without -replay (the recording says where it starts)")
	case f.Headless && f.ShaderDir != "":
		return bad("shader-dir", f.ShaderDir, "only with a window, not with -headless")
	case f.SyncTest < 0 || f.SyncTest > engine.MaxRollbackWindow:
		return bad("synctest", f.SyncTest, fmt.Sprintf("0 (off) to %d", engine.MaxRollbackWindow))
	case f.SyncTest != 0 && (!f.Headless || f.Bisect):
		return bad("synctest", f.SyncTest, "only with -headless (and without -bisect)")
	case f.Host != "" && f.Join != "":
		return bad("join", f.Join, "only without -host (a machine hosts or joins)")
	case (f.Host != "" || f.Join != "") && (f.Replay != "" || f.Model != "" || f.SyncTest != 0):
		return bad("host", f.Host+f.Join, "only without -replay, -model and -synctest")
	case f.Host == "" && f.Join == "" && (f.Bot != 0 || f.NetSim != "" || f.Given("netmode")):
		return bad("bot", f.Bot, "-bot, -netsim and -netmode only with -host or -join")
	case f.NetMode != "rollback" && f.NetMode != "lockstep":
		return bad("netmode", f.NetMode, "rollback or lockstep")
	case f.Info && f.Model == "":
		return bad("info", f.Info, "only with -model FILE")
	case f.Nodes && (f.Model == "" || f.Info):
		return bad("nodes", f.Nodes, "only with -model FILE, without -info")
	case f.Given("at") && !f.Nodes:
		return bad("at", f.At, "only with -nodes")
	case f.At != f.At || f.At > 1e9 || f.At < -1e9:
		return bad("at", f.At, "a time in seconds")
	case f.Model != "" && (f.Record != "" || f.Replay != ""):
		return bad("model", f.Model, "only without -record and -replay (the sample records its own game)")
	case f.Model != "" && (f.Given("start") || f.Actors != 0):
		return bad("model", f.Model, "only without -start and -actors (the viewer shows the model alone)")
	}
	if _, err := session.ParseConditions(f.NetSim); err != nil {
		return bad("netsim", f.NetSim, fmt.Sprintf("comma-separated key=value pairs (%v)", err))
	}
	return nil
}

// fpsRange is the range of -fps: the engine's frame rates, as its errors
// state them.
func fpsRange() string { return fmt.Sprintf("%g to %g", engine.MinFPS, engine.MaxFPS) }

// Background is the sample's clear colour, a night blue.
var Background = gfx.RGB(0.1, 0.13, 0.2)

// Options returns the engine options of the sample at its defaults (30 Hz,
// vsync, interpolation): its seed and background. A benchmark or a test
// that runs the gameplay starts from them.
func Options() engine.Options { return engine.Options{Seed: GameSeed, Clear: Background} }

// Options returns the engine options the flags ask for: Options with the
// tick rate, vsync and render mode set.
func (f *Flags) Options() engine.Options {
	o := Options()
	o.TickRate, o.NoVSync, o.Mode = f.TickRate, !f.VSync, f.Mode
	return o
}

// Config returns the scene the flags ask for.
func (f *Flags) Config() Config {
	c := Config{Actors: f.Actors, Model: f.Model}
	if f.Online() {
		c.Players = 2
	}
	return c
}

// Online reports whether the run is a two-player match (-host or -join).
func (f *Flags) Online() bool { return f.Host != "" || f.Join != "" }

// Start returns the first state's name: -start, where auto means gameplay
// for unattended runs (-headless, -frames) and the title screen otherwise.
func (f *Flags) Start() string {
	switch {
	case f.Model != "":
		return StartViewer
	case f.StartState != "auto":
		return f.StartState
	case f.Headless || f.Frames > 0 || f.Online():
		return StartGameplay
	}
	return StartTitle
}

// FrameTimes returns a headless run's frame durations: steady at -fps, or
// jittered by -jitter from -seed.
func (f *Flags) FrameTimes() engine.FrameTimes {
	if f.Jitter > 0 {
		return engine.Jittered(f.FPS, f.Jitter, f.Seed)
	}
	return engine.Steady(f.FPS)
}

// PrintUsage writes the command's usage: what it does, the flags and the
// keys.
func PrintUsage(w io.Writer, fs *flag.FlagSet, name string) {
	fmt.Fprintf(w, "usage: %s [flags]\n\n", name)
	fmt.Fprintf(w, "tickwork's sample game: fixed-rate ticks, smooth interpolated frames.\n")
	fmt.Fprintf(w, "With -headless the last line is \"ticks=N hash=H\"; with -frames it is\n")
	fmt.Fprintf(w, "\"frames=N ticks=M fps=F tps=T\".\n\nFlags:\n")
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
	fmt.Fprintf(w, "\nKeys:\n")
	width := 0
	for _, b := range Keys {
		width = max(width, len(b.Label))
	}
	for _, b := range Keys {
		fmt.Fprintf(w, "  %-*s  %s\n", width, b.Label, b.Action)
	}
}
