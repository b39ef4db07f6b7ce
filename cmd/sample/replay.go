package main

import (
	"fmt"
	"strconv"

	"github.com/tickwork/tickwork/cmd/internal/demo"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
)

// hashEvery is how often a recording stores the game's hash, in ticks: a
// replay that diverges is caught within this many ticks.
const hashEvery = 30

// record makes g record its run to path, from its first tick; the engine
// finishes the file, atomically, when the game ends. The scene's settings
// go into the recording's metadata, so that -replay restores them.
func record(g *engine.Game, path, start string, cfg demo.Config) error {
	rec, err := newRecorder(g, path, start, cfg)
	if err != nil {
		return err
	}
	g.AddTickSink(rec)
	return nil
}

// newRecorder creates the recording of g to path.
func newRecorder(g *engine.Game, path, start string, cfg demo.Config) (*replay.Recorder, error) {
	rec, err := replay.Create(path, replay.Header{
		TickRate: g.Time().TickRate(), Seed: g.Options().Seed, InitialState: start, HashEvery: hashEvery,
		Meta: meta(cfg),
	})
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	return rec, nil
}

// Metadata keys: the number of extra actors, the scene's content
// (demo.SceneVersion; recordings made before it was stored have none), and
// for a two-player match, its number of players.
const (
	metaActors  = "actors"
	metaScene   = "scene"
	metaPlayers = "players"
)

// meta is a recording's metadata for the scene cfg.
func meta(cfg demo.Config) []replay.Meta {
	m := []replay.Meta{{Key: metaActors, Value: strconv.Itoa(cfg.Actors)}, {Key: metaScene, Value: demo.SceneVersion}}
	if cfg.Players != 0 {
		m = append(m, replay.Meta{Key: metaPlayers, Value: strconv.Itoa(cfg.Players)})
	}
	return m
}

// sameScene reports whether a recording was made with this sample's
// gameplay scene, so that its hashes can be compared.
func sameScene(h replay.Header) bool {
	v, _ := h.Get(metaScene)
	return v == demo.SceneVersion
}

// recordedScene returns the first state and the scene a recording was made
// with: from its metadata, or, for recordings made before the sample
// stored any, from the initial state's name (demo.StateName).
func recordedScene(h replay.Header) (string, demo.Config, error) {
	start, cfg, err := demo.ParseStateName(h.InitialState)
	if err != nil {
		return "", cfg, err
	}
	if v, ok := h.Get(metaActors); ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", cfg, fmt.Errorf("metadata %s=%q is not a number", metaActors, v)
		}
		cfg.Actors = n
	}
	if v, ok := h.Get(metaPlayers); ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", cfg, fmt.Errorf("metadata %s=%q is not a number", metaPlayers, v)
		}
		cfg.Players = n
	}
	if err := cfg.Validate(); err != nil {
		return "", cfg, err
	}
	return start, cfg, nil
}

// attachReplay makes the recording p supply g's input, tick by tick, and
// check g's hash where it has one. Past its last tick the game gets no
// input and nothing is checked. A recording whose hashes cannot be
// compared (another scheme, or another scene: makePlan marks it) replays
// its input unchecked.
func attachReplay(g *engine.Game, p *replay.Player) error {
	if err := p.Check(g); err != nil {
		return err
	}
	g.SetTickSource(p)
	g.AddTickSink(p)
	return nil
}

// hashAt is a tick sink that keeps Game.Hash after one given tick: the
// state a run or a recording ends in, even if the game quits in that tick.
// With quit set it then ends the game (engine.ErrQuit): a windowed replay
// ends after the recording's last tick.
type hashAt struct {
	tick uint64
	hash uint64
	ok   bool
	quit bool
}

func (s *hashAt) TickInput(uint64, []input.Event) error { return nil }

func (s *hashAt) TickDone(tick uint64, g *engine.Game) error {
	if tick == s.tick {
		s.hash, s.ok = g.Hash(), true
		if s.quit {
			return engine.ErrQuit
		}
	}
	return nil
}

func (s *hashAt) Close() error { return nil }
