package engine

import (
	"math/rand/v2"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// Context is what a state's hooks (Enter, Exit, Covered, Uncovered) and its
// Tick see of the game: stack changes, the game's random source and the
// state's own clock. It is only valid during the call it is passed to.
type Context struct {
	game  *Game
	entry *entry
}

// Game returns the game, for its settings (tick rate, time scale, vsync…).
func (c *Context) Game() *Game { return c.game }

// Push asks to push s on top of the stack. Like every stack change it is
// applied after the current tick (or hook) returns, between ticks, never in
// the middle of ticking the stack.
func (c *Context) Push(s State) { c.game.request(opPush, s) }

// Pop asks to pop the top state. Popping the last state ends the game
// cleanly.
func (c *Context) Pop() { c.game.request(opPop, nil) }

// Replace asks to replace the top state with s: the top state is exited and
// s entered, without the state below being uncovered in between.
func (c *Context) Replace(s State) { c.game.request(opReplace, s) }

// Quit asks to end the game cleanly after the current tick: every state is
// exited, top first, and Run returns nil.
func (c *Context) Quit() { c.game.request(opQuit, nil) }

// Rand returns the game's random source: a math/rand/v2 *rand.Rand over a
// PCG source seeded from Options.Seed. Games that draw their randomness
// from it (in ticks, in tick order) replay exactly, and its state is part
// of Game.Hash, so a run that draws differently diverges at once. Never use
// math/rand's global functions in game logic.
func (c *Context) Rand() *rand.Rand { return c.game.rand }

// StateTime returns this state's own game time: the simulated time of its
// ticks so far. It advances only while the state ticks (L. Spiro's per-state
// timer), so a paused gameplay state's clock stops under a pause menu.
func (c *Context) StateTime() timing.Micros { return c.entry.clock.now() }

// StateTicks returns how many ticks this state has run.
func (c *Context) StateTicks() uint64 { return c.entry.clock.ticks }

// TickContext is passed to State.Tick: the tick's fixed-step description and
// the input delivered to it.
type TickContext struct {
	Context

	// Tick describes the tick: index, simulated time, the fixed Delta.
	Tick timing.TickInfo

	// Input is the input delivered to this tick. The top state receives the
	// window's events; states below see an empty view (held keys included).
	Input *Input
}

// Post sends msg to this state: its next Tick finds it in Messages, after
// the messages posted before it. A state's behaviours post what happened
// in the scene (a pickup taken, an enemy down) and the state reacts in
// its next tick, in the same order in every run and replay. Messages wait
// while the state does not tick (frozen under an overlay) and are dropped
// when it is popped. Post a pointer or a small value: a larger value is
// boxed into an interface, which allocates. On the main goroutine, during
// a tick or a hook.
func (c *Context) Post(msg any) { c.entry.posted = append(c.entry.posted, msg) }

// Messages returns the messages posted to this state (Post) since its
// previous Tick, oldest first: by its behaviours during the previous tick,
// by its own Tick or hooks. The slice is reused: do not keep it past the
// tick.
func (c *TickContext) Messages() []any { return c.entry.inbox }

// TickContextOf returns the TickContext of the tick m is running in: the
// engine sets it (m.SetEnv) once per tick, before the scene's Tick, so a
// behaviour reaches the tick's input, plays sounds on the game's timeline,
// posts messages to its state and draws from the game's random source.
// Call it from a behaviour's Tick (scene.Ticker, scene.BulkTicker) with
// the manager it was given, on the main goroutine:
//
//	func (c *Coin) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
//		ctx := engine.TickContextOf(m)
//		if ctx != nil && ctx.Input.Pressed(input.KeySpace) {
//			_, err := ctx.PlaySound(audio.Play{Clip: c.clip, Volume: 1})
//			ctx.Post(c)
//			return err
//		}
//		return nil
//	}
//
// It returns nil outside the engine's ticks (in an Effect or Drawer, or for
// a Manager ticked by a program of its own): check it where a behaviour
// also runs without the engine, as in a scene-only test. The context is
// only valid during the call.
func TickContextOf(m *scene.Manager) *TickContext {
	c, _ := m.Env().(*TickContext)
	return c
}

// StepBelow asks the engine to tick, once, the states below this one that
// are drawn but frozen (a pause menu single-stepping the game under it).
// It applies to the next tick.
func (c *TickContext) StepBelow() { c.game.stepBelow = true }

// DrawContext is passed to State.Draw, once per frame.
type DrawContext struct {
	game  *Game
	entry *entry

	// Alpha is the interpolation factor this state's scenes were drawn with:
	// the frame's, or the value frozen when the state stopped ticking.
	Alpha float32

	// FrameDelta is the real time since the previous frame in seconds,
	// scaled by the time scale and 0 while the state is frozen. Use it for
	// visual-only effects, never for anything game logic reads.
	FrameDelta float32

	// Width and Height are the HUD's size in logical units: the
	// framebuffer's size in pixels ÷ Scale.
	Width, Height int

	// Scale is how many framebuffer pixels one logical unit spans: the
	// window's content scale, 2 on most HiDPI displays, 1 headless.
	Scale float32

	// Face is the default text face (text.Default: Go Regular,
	// text.DefaultSize units), the one HUD text without a face is drawn
	// with: lay out a HUD with Face.Measure (times a text's Scale), or
	// draw with it and with faces of your own. Made once per Game.
	Face *text.Face

	// HUD receives 2D rectangles and text, drawn over the scenes, on this
	// state's own layer: over the HUD items of the states below it.
	HUD gfx.Layer
}

// Game returns the game, for reading statistics and settings.
func (c *DrawContext) Game() *Game { return c.game }

// stepClock is a state's own clock: the sum of the steps of its ticks, kept
// like the scheduler's tick times (exact within a rate, floor at a change).
type stepClock struct {
	base  timing.Micros
	n     uint64 // ticks at the current rate
	rate  int
	ticks uint64
}

func (c *stepClock) advance(rate int) {
	if rate != c.rate {
		c.base = c.now()
		c.n, c.rate = 0, rate
	}
	c.n++
	c.ticks++
}

func (c *stepClock) now() timing.Micros {
	if c.rate == 0 {
		return c.base
	}
	return c.base + timing.Micros(c.n*uint64(timing.Second)/uint64(c.rate))
}
