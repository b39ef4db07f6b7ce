package demo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tickwork/tickwork/engine"
)

// Config is what the gameplay scene is made of. The zero value is the
// sample scene as the player sees it.
type Config struct {
	// Actors is the number of extra cubes, orbiting on rings around the
	// scene, for stress tests and benchmarks (0 to MaxActors).
	Actors int

	// Model is the glTF file the viewer shows (StartViewer).
	Model string

	// Player is the name typed on the title screen, shown in the HUD; it
	// changes nothing in the game.
	Player string
	// Players is 2 for an online match of two players (each event's
	// player read by session.PlayerOf: player 1 pushes the ball, player 2
	// moves the magenta cube), 0 for one player at this machine.
	Players int

	// Assets are the sample's loaded assets, whose library the window's
	// renderer draws from; nil loads them when a state is entered (a
	// headless run or a test).
	Assets *Assets
}

// SceneVersion names the gameplay scene's content. Recordings store it:
// one made with another scene replays its input, but its hashes cannot be
// compared.
const SceneVersion = "2"

// MaxActors is the most extra actors Config accepts.
const MaxActors = 1_000_000

// GameSeed seeds the game's random source (engine.Options.Seed): the
// teleports' destinations. Recordings store it.
const GameSeed uint64 = 1

// The states a run can start in.
const (
	StartTitle    = "title"
	StartGameplay = "gameplay"
	StartViewer   = "viewer" // the model viewer of Config.Model
)

// Validate reports a Config out of range.
func (c Config) Validate() error {
	if c.Actors < 0 || c.Actors > MaxActors {
		return fmt.Errorf("demo: Config.Actors = %d: allowed 0 to %d", c.Actors, MaxActors)
	}
	if c.Players != 0 && c.Players != 2 {
		return fmt.Errorf("demo: Config.Players = %d: allowed 0 (one player) or 2 (an online match)", c.Players)
	}
	return nil
}

// NewState returns the state a run starts in: StartTitle or StartGameplay.
func NewState(start string, c Config) (engine.State, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	switch start {
	case StartTitle:
		return NewTitle(c), nil
	case StartGameplay:
		return NewGameplay(c), nil
	case StartViewer:
		if c.Model == "" {
			return nil, fmt.Errorf("demo: the viewer needs a model file")
		}
		return NewViewer(c), nil
	}
	return nil, fmt.Errorf("demo: unknown first state %q (want %s or %s)", start, StartTitle, StartGameplay)
}

// StateName describes the first state of a run and its Config in one
// string, e.g. "gameplay actors=1000", as a recording's header keeps it;
// ParseStateName reads it back.
func StateName(start string, c Config) string {
	if c.Actors == 0 {
		return start
	}
	return start + " actors=" + strconv.Itoa(c.Actors)
}

// ParseStateName reads a string written by StateName.
func ParseStateName(s string) (start string, c Config, err error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return "", c, fmt.Errorf("demo: empty first state")
	}
	start = fields[0]
	if start != StartTitle && start != StartGameplay {
		return "", c, fmt.Errorf("demo: unknown first state %q (want %s or %s)", start, StartTitle, StartGameplay)
	}
	for _, f := range fields[1:] {
		v, ok := strings.CutPrefix(f, "actors=")
		if !ok {
			return "", c, fmt.Errorf("demo: first state %q: unknown setting %q", s, f)
		}
		if c.Actors, err = strconv.Atoi(v); err != nil {
			return "", c, fmt.Errorf("demo: first state %q: %w", s, err)
		}
	}
	if err := c.Validate(); err != nil {
		return "", c, err
	}
	return start, c, nil
}
