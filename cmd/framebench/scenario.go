package main

import (
	"math/rand/v2"
	"strings"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// scenario is one way of running the sample's scene.
type scenario struct {
	name   string
	window bool // engine/window and gl41 under the display; else a null window and renderer
	vsync  bool // vsync requested (Xvfb ignores it: the engine's pacer runs)
	vary   bool // each frame sleeps a random time: the frame rate varies
	cubes  bool // package peer's cube scene instead of the sample's
	about  string
}

// scenarios are the known scenarios, in the order they run.
var scenarios = []scenario{
	{name: "headless", about: "null window and renderer, real clock, unpaced: the engine's CPU work per frame"},
	{name: "novsync", window: true, about: "window under the display, vsync off, unpaced: the most frames llvmpipe draws"},
	{name: "vsync", window: true, vsync: true, about: "window, vsync on; Xvfb ignores it, so the engine paces frames in software to 60 Hz"},
	{name: "varying", window: true, vary: true, about: "window, vsync off, each frame sleeps a random time: tick exactness under a varying frame rate"},
	{name: "vsync-headless", vsync: true, about: "null window and renderer, vsync requested: the swap returns at once, so the engine paces to 60 Hz: the pacer alone"},
	{name: "varying-headless", vary: true, about: "as varying, with the null window and renderer"},
}

// The peer comparison's scenarios (-peer): not in the list above, they run
// interleaved with a peer engine's runs of the same scene.
var (
	cubesScenario = scenario{name: "cubes", window: true, cubes: true,
		about: "package peer's cube scene in a window, vsync off, unpaced: the frame rate against a peer engine"}
	cubesPacedScenario = scenario{name: "cubes-paced", window: true, vsync: true, cubes: true,
		about: "one cube of the same scene, vsync on (ignored by Xvfb): the engine paces to 60 Hz, against a peer's frame limiter"}
)

func findScenario(name string) (scenario, bool) {
	for _, s := range scenarios {
		if s.name == name {
			return s, true
		}
	}
	return scenario{}, false
}

func scenarioNames() string {
	names := make([]string, len(scenarios))
	for i, s := range scenarios {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// nullWindow is a window that never has events: a fixed framebuffer size
// and a swap that returns at once.
type nullWindow struct{ w, h int }

func (w *nullWindow) PollEvents(dst []input.Event, _ func() timing.Micros) []input.Event {
	return dst
}
func (w *nullWindow) FramebufferSize() (int, int) { return w.w, w.h }
func (w *nullWindow) SwapBuffers() error          { return nil }

// jitterWindow wraps a window and sleeps a random 0 to max inside every
// swap, so frames take varying real time. It passes the engine.Display the
// engine looks for (vsync, refresh rate, content scale, minimised) through
// to the wrapped window.
type jitterWindow struct {
	engine.Window
	disp  engine.Display // the wrapped window's, found once (nil: none)
	rng   *rand.Rand
	max   time.Duration
	slept time.Duration
}

func newJitterWindow(w engine.Window, max time.Duration, seed uint64) *jitterWindow {
	d, _ := w.(engine.Display)
	return &jitterWindow{Window: w, disp: d, rng: rand.New(rand.NewPCG(seed, 0x6a177e5)), max: max}
}

// SwapBuffers sleeps, then presents.
func (w *jitterWindow) SwapBuffers() error {
	d := time.Duration(w.rng.Int64N(int64(w.max) + 1))
	time.Sleep(d)
	w.slept += d
	return w.Window.SwapBuffers()
}

// SetVSync passes vsync on to the wrapped window if it has it.
func (w *jitterWindow) SetVSync(on bool) {
	if d := w.disp; d != nil {
		d.SetVSync(on)
	}
}

// RefreshRate passes the wrapped window's refresh rate on (0: unknown).
func (w *jitterWindow) RefreshRate() int {
	if d := w.disp; d != nil {
		return d.RefreshRate()
	}
	return 0
}

// ContentScale passes the wrapped window's content scale on (1: none).
func (w *jitterWindow) ContentScale() float32 {
	if d := w.disp; d != nil {
		return d.ContentScale()
	}
	return 1
}

// Iconified passes the wrapped window's minimised flag on.
func (w *jitterWindow) Iconified() bool {
	if d := w.disp; d != nil {
		return d.Iconified()
	}
	return false
}
