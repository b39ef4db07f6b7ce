package engine

import (
	"errors"
	"fmt"
	"image"
	"log"
	"math/rand/v2"
	"os"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// Window is the platform a game runs in: engine/window's GLFW window in a real
// game, a null window headless. All methods are called on the main goroutine.
type Window interface {
	// PollEvents processes pending window-system events and appends them to
	// dst, each stamped with stamp(). Called once per frame, first thing.
	PollEvents(dst []input.Event, stamp func() timing.Micros) []input.Event
	// FramebufferSize returns the drawable size in pixels; 0×0 while the
	// window is minimised.
	FramebufferSize() (width, height int)
	// SwapBuffers presents the frame; with vsync it may wait for the display.
	SwapBuffers() error
}

// Display is what a window may tell the engine about the screen it shows
// on, and the one display setting the engine makes itself. It is optional:
// Start looks for it once (engine/window's Window has it; its tests check
// it at compile time); a window without it, as headless, is taken as
// never minimised, at a content scale of 1, with an unknown refresh rate.
// Every method is called on the main goroutine.
type Display interface {
	// SetVSync turns vsync on or off: called by Start with the options'
	// setting and by Game.Window().SetVSync.
	SetVSync(on bool)
	// RefreshRate reports the display's refresh rate in Hz (0 when
	// unknown): called by Start, to pace frames when the driver ignores
	// vsync.
	RefreshRate() int
	// ContentScale reports how many framebuffer pixels one logical unit
	// of the HUD spans (2 on a HiDPI display): called once per frame.
	ContentScale() float32
	// Iconified reports whether the window is minimised: called once per
	// frame (see Options.Minimised).
	Iconified() bool
}

// Screenshotter is the renderer's optional ability to read the frame just
// rendered, top row first: called on the main goroutine after Render,
// before the swap, when Game.Window().Screenshot asked for one. The engine
// writes the PNG file. gfx/gl41's Renderer has it.
type Screenshotter interface {
	Screenshot() (*image.RGBA, error)
}

// Game owns the clock, the fixed-step scheduler, the stack of states, the
// input queue and the picture being built. Build it with New, then Run it with
// a window and a renderer (or drive it with Headless). A Game runs on the
// main goroutine and is not safe for concurrent use.
type Game struct {
	face  *text.Face // text.Default, for DrawContext.Face and the overlay
	mixer *audio.Mixer
	// tickSample is the audio sample position where the last tick's
	// sounds begin (Audio().TickSamplePosition).
	tickSample int64
	audioOut   AudioOutput // nil: silent
	window     windowState // what states asked of the window
	opts       Options
	sched      *timing.Scheduler
	clock      Clock
	stamp      func() timing.Micros
	rand       *rand.Rand
	pcg        *rand.PCG    // rand's source, whose state Hash includes
	hbuf       []byte       // Hash's scratch for the source's state
	fcodec     fields.Codec // hashes states that describe their fields
	mode       scene.Mode
	logf       func(string, ...any)

	win      Window
	r        gfx.Renderer
	graphics gfx.Graphics // the player's graphics settings (see WindowControls.SetGraphics)
	// The window's optional abilities, found once in Start (nil: the
	// window lacks them), for the reason entry gives.
	display  Display
	settings WindowSettings

	stack     []*entry
	pending   []stackOp
	stepBelow bool
	quit      bool
	started   bool
	stopped   bool
	presented bool // the first frame has run: its time was skipped

	in      *Input
	quiet   *Input // the empty view states below the top get
	queue   []input.Event
	polled  []input.Event
	deliver []input.Event
	// unknownEvents counts the events of an unknown kind dropped before
	// delivery (Stats.UnknownEvents).
	unknownEvents uint64
	held          []input.Key
	source        TickSource
	live          LiveInput // source, when it takes the window's input too
	sinks         []TickSink

	picture   gfx.Picture
	tctx      TickContext
	dctx      DrawContext
	lastFrame timing.Due
	at        hookMark // the game code running, for PanicError

	// Scenes' dst buffers, one per place that asks, so that no call
	// reuses a list another is still reading.
	sbTick, sbDraw, sbHash, sbMode []*scene.Manager
	sig                            interrupts
	headless                       bool
	exit                           func(int) // os.Exit; tests replace it
	transforms                     repairLog
	inFrame                        bool // RunFrame is running: the loop must not be entered again
	minimised                      bool // the window was minimised at the last frame
	pausedMin                      bool // game time was paused because the window was minimised
	tickLimit                      int  // most ticks a frame may run (0: the scheduler's cap); Headless.RunTicks sets it
	pace                           pacer
	overlay                        overlay
	screenshot                     string
	shotErr                        error
	slow                           slowLog
	prof                           FrameProfile
	lapAt                          timing.Micros

	// owners counts the states pushed: each gets the next as its voices' owner.
	owners uint64

	rb rollback // snapshots, rewinds and the sync test (Game.Rollback)
}

type entry struct {
	state   State
	name    string
	alpha   float32
	ticking bool
	clock   stepClock

	// Messages (Context.Post): posted collects them, and at the state's
	// next tick they become inbox, what TickContext.Messages returns.
	posted, inbox []any

	// The state's optional abilities, found once when it is pushed: a type
	// assertion to an interface type on every frame fills the runtime's
	// per-site cache at random moments, and each filling allocates.
	scenes  SceneOwner       // nil: no scenes
	overlay Overlay          // nil: not an overlay
	hasher  Hasher           // nil: no state of its own in Hash
	desc    fields.Describer // nil: not described, or a Hasher (whose Hash wins)

	// owner tags the voices the state starts (audio.Mixer.StartOwned):
	// they stop when it leaves the stack. Unique per push.
	owner uint64

	debug *debugLines // made when debug drawing first draws for the state
}

// New validates opts and returns a game ready to Run. Invalid options
// return an *OptionsError naming the field, before any window opens.
func New(opts Options) (*Game, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	cfg, _ := opts.timingConfig()
	sched, err := timing.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	g := &Game{opts: opts, sched: sched, clock: opts.Clock, mode: opts.Mode, logf: opts.Logf}
	if g.face, err = text.Default(); err != nil {
		return nil, fmt.Errorf("engine: the default text face: %w", err)
	}
	if g.mixer, err = audio.NewMixer(MaxVoices); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if g.clock == nil {
		g.clock = NewRealClock()
	}
	if g.logf == nil {
		g.logf = log.Printf
	}
	seed := opts.Seed
	if seed == 0 {
		seed = 1
	}
	g.pcg = rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	g.rand = rand.New(g.pcg)
	g.stamp = g.clock.Now
	g.in = newInput()
	g.quiet = newInput()
	if opts.PadDeadZone > 0 {
		g.in.deadZone, g.quiet.deadZone = opts.PadDeadZone, opts.PadDeadZone
	}
	if g.opts.Clear == (gfx.Color{}) {
		g.opts.Clear = gfx.Color{R: 0.08, G: 0.09, B: 0.12, A: 1}
	}
	g.pace.init(g.clock, !opts.NoVSync, opts.FPSCap, opts.DefaultRefresh)
	g.pace.off = opts.NoPacing
	g.overlay.on = opts.Overlay
	return g, nil
}

// Run opens the game with first as its only state and runs frames until the
// game ends: the last state popped, ErrQuit returned, Quit called or the
// window closed. It returns nil after a clean end, or the first error with
// the state's name, always after exiting every state. Call it on the main
// goroutine (the one engine/window locked to the main OS thread).
func (g *Game) Run(win Window, r gfx.Renderer, first State) error {
	if err := g.Start(win, r, first); err != nil {
		return err
	}
	for {
		if err := g.RunFrame(); err != nil {
			if errors.Is(err, ErrQuit) {
				return nil
			}
			return err
		}
	}
}

// Start prepares the game to run frames with RunFrame: it enters first. Run
// calls it; call it yourself to drive frames from your own loop.
func (g *Game) Start(win Window, r gfx.Renderer, first State) (err error) {
	if g.started {
		return errors.New("engine: the game was already started; a Game runs once")
	}
	if win == nil || r == nil || first == nil {
		return errors.New("engine: Start needs a window, a renderer and a first state")
	}
	g.started = true
	defer g.ending(&err)
	if g.opts.Signals == SignalsHandle || (g.opts.Signals == SignalsAuto && !g.headless) {
		if g.exit == nil {
			g.exit = os.Exit
		}
		g.sig.start(g.exit)
	}
	g.win, g.r = win, r
	g.display, _ = win.(Display)
	g.settings, _ = win.(WindowSettings)
	if g.display != nil {
		g.display.SetVSync(!g.opts.NoVSync)
		g.pace.setRefresh(g.display.RefreshRate())
	}
	g.request(opPush, first)
	if err := g.applyStack(); err != nil {
		return g.fail(err)
	}
	if len(g.stack) == 0 {
		return g.fail(ErrQuit)
	}
	g.sched.Advance(g.clock.Now()) // the clock starts now
	return nil
}

// fail ends the game after err: every state is exited, top first. It
// returns err, joined with any error from an Exit.
func (g *Game) fail(err error) error {
	if g.stopped {
		return err
	}
	g.stopped = true
	defer g.sig.stop()
	var errs []error
	if !errors.Is(err, ErrQuit) {
		errs = append(errs, err)
	}
	for _, s := range g.sinks {
		if e, ok := s.(GameEnder); ok {
			g.markSink("TickSink", s)
			if eerr := g.guard(func() error { return e.GameEnd(g) }); eerr != nil {
				errs = append(errs, fmt.Errorf("engine: ending %T: %w", s, eerr))
			}
		}
	}
	for len(g.stack) > 0 {
		e := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		if x, ok := e.state.(Exiter); ok {
			if xerr := g.call(e, "Exit", func(c *Context) error { return x.Exit(c) }); xerr != nil {
				errs = append(errs, xerr)
			}
		}
	}
	for _, s := range g.sinks {
		g.markSink("TickSink", s)
		if cerr := g.guard(s.Close); cerr != nil {
			errs = append(errs, fmt.Errorf("engine: closing %T: %w", s, cerr))
		}
	}
	g.sinks = nil
	if len(errs) == 0 {
		return ErrQuit
	}
	return errors.Join(errs...)
}

// Stop ends a game driven with Start and RunFrame: every state is exited, top
// first. It returns nil after a clean end. Calling it after the game ended
// does nothing.
func (g *Game) Stop() error {
	if g.inFrame {
		return ErrReentered
	}
	if err := g.fail(ErrQuit); !errors.Is(err, ErrQuit) {
		return err
	}
	return nil
}

// Rand returns the game's seeded random source.
func (g *Game) Rand() *rand.Rand { return g.rand }

// Options returns the options the game was built with.
func (g *Game) Options() Options { return g.opts }

// Depth returns the number of states on the stack.
func (g *Game) Depth() int { return len(g.stack) }

// Top returns the top state, or nil when the stack is empty.
func (g *Game) Top() State {
	if len(g.stack) == 0 {
		return nil
	}
	return g.stack[len(g.stack)-1].state
}

// States returns the states on the stack, bottom first, into dst.
func (g *Game) States(dst []State) []State {
	for _, e := range g.stack {
		dst = append(dst, e.state)
	}
	return dst
}
