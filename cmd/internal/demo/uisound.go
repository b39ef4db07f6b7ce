package demo

import (
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
)

// clickClip is the interface's click: a short, high blip.
func clickClip() *audio.Clip { return tone("click", 1800, 0.7, 0.05, 0.25) }

// playClick starts the click on the game's UI lane: heard at once, even
// while the game is paused, and not on the game's timeline (a replay or
// -audio-out does not contain it). Without an audio output it does
// nothing. Called from a state callback on the main goroutine.
func playClick(g *engine.Game, c *audio.Clip) error {
	_, err := g.Audio().PlayUI(audio.Play{Clip: c, Bus: audio.UI, Volume: 1})
	return err
}
