package engine

import (
	"errors"
	"fmt"

	"github.com/tickwork/tickwork/scene"
)

// ErrReentered is returned by Game.RunFrame and Game.Stop when they are
// called from inside the game loop (a state's Tick or hook, a behaviour, a
// tick sink): a state asks for changes through its Context (Push, Pop,
// Quit) and the loop applies them between ticks.
var ErrReentered = errors.New("engine: RunFrame or Stop called from inside the game loop: ask through the Context (Push, Pop, Quit) instead")

// ErrQuit ends the game cleanly when a State's Tick returns it (or wraps
// it): every state is exited, top first, and Run returns nil.
var ErrQuit = errors.New("engine: quit")

// State is one screen of the game: a title menu, gameplay, a pause overlay.
// The Game keeps a stack of them; the top one receives input.
//
// Tick runs once per fixed tick (30 times per second by default) while the
// state is ticking, on the main goroutine. It is the only place game state
// may change. Returning ErrQuit ends the game cleanly; any other error ends
// it with that error.
//
// Draw runs once per displayed frame while the state is visible, bottom
// state first, on the main goroutine. It adds HUD items through the
// context and must not change game state. A state's scenes (see
// SceneOwner) are interpolated and drawn by the engine before its Draw.
type State interface {
	Tick(ctx *TickContext) error
	Draw(ctx *DrawContext)
}

// SceneOwner is implemented by states that own scene managers (a menu owns
// none). The engine ticks each scene right after the state's Tick, teleports
// its actors when the state is entered, interpolates it every frame with the
// state's alpha and adds its draw list to the frame.
//
// Scenes appends the state's scenes to dst and returns the result, the way
// append does: write it `return append(dst, &s.world)`. The engine calls it
// every tick and frame, on the main goroutine, with a dst it keeps, so it
// allocates nothing however many scenes there are.
type SceneOwner interface {
	Scenes(dst []*scene.Manager) []*scene.Manager
}

// Enterer is implemented by states that set themselves up when pushed.
// Enter runs once, before the state's first tick, on the main goroutine.
type Enterer interface {
	Enter(ctx *Context) error
}

// Exiter is implemented by states that release resources when popped,
// replaced, or when the game ends (states are exited top first).
type Exiter interface {
	Exit(ctx *Context) error
}

// Coverer is implemented by states that want to know when another state is
// pushed over them (Covered) and when they are on top again (Uncovered).
type Coverer interface {
	Covered(ctx *Context)
	Uncovered(ctx *Context)
}

// Below says what happens to the states below an overlay.
type Below struct {
	Draw bool // the states below are still drawn (a transparent overlay)
	Tick bool // the states below still tick (a HUD over running gameplay)
}

// Overlay is implemented by states that let the states below them show
// through or keep running. A state without it hides and freezes everything
// below. A pause menu returns Below{Draw: true}: gameplay stays visible,
// frozen, and its interpolation freezes too, so it neither moves nor smears.
type Overlay interface {
	Below() Below
}

// Named is implemented by states that give themselves a name for errors and
// logs. Others are named by their type.
type Named interface {
	Name() string
}

// Hasher is implemented by states that keep game state outside their scenes
// and want it in the game's state hash (Game.Hash), for determinism tests
// and replays. A state can instead describe its fields once
// (fields.Describer, package scene/fields), and its hash, snapshot and
// debug view all come from that description; a state that is both is
// hashed by its Hash method (it wins), so a hand-tuned Hash can cover less
// or more than the description.
type Hasher interface {
	Hash() uint64
}

func stateName(s State) string {
	if n, ok := s.(Named); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}

// scenesOf returns so's scenes in *buf, a buffer the engine keeps for one
// place that asks. A state that returns a slice of its own instead of
// appending to dst gets it copied, so that the engine never hands that
// slice to another state as dst (which would overwrite it). In steady
// state it allocates nothing.
func scenesOf(so SceneOwner, buf *[]*scene.Manager) []*scene.Manager {
	got := so.Scenes((*buf)[:0])
	if len(got) > 0 && (cap(*buf) == 0 || &got[:1][0] != &(*buf)[:1][0]) {
		*buf = append((*buf)[:0], got...)
		return *buf
	}
	if len(got) == 0 {
		return got
	}
	*buf = got
	return got
}

// oldSceneOwner is SceneOwner's form before Scenes took a dst: a state
// that still has it is told so, instead of silently losing its scenes.
type oldSceneOwner interface {
	Scenes() []*scene.Manager
}
