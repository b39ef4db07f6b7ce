package engine

import "github.com/tickwork/tickwork/engine/audio"

// AudioOutput plays the game's sound: engine/audio/device's Output on a
// sound card, or an *audio.Feeder read by anything else.
type AudioOutput interface {
	// Feed is called once per frame on the main goroutine, after the
	// frame's ticks, with the game's mixer and where the clock stands: it
	// takes what the ticks have fixed of the timeline.
	Feed(game *audio.Mixer, c audio.GameClock)
	// PlayInterface starts an interface sound at the output's next frame,
	// outside the game's timeline. Called on the main goroutine.
	PlayInterface(p audio.Play) (audio.VoiceID, error)
}

var _ AudioOutput = (*audio.Feeder)(nil)

// SetAudioOutput makes out play the game's sound from the next frame (nil:
// none, the default, and what a headless game has). Once an output feeds
// from the game's mixer, nothing else should render it: to keep a copy of
// the mix as it is played, tap the mixer (audio.Mixer.SetTap). Call it on
// the main goroutine.
func (g *Game) SetAudioOutput(out AudioOutput) { g.audioOut = out }

// PlayInterface starts p on the output's live lane: a menu click, a HUD
// chime. It is heard one output latency later, and plays on while the
// game is paused or in slow motion, at its own pitch. It is not on the
// game's timeline, so a recording, a replay or a rendered mix does not
// contain it. Call it from any state callback on the main goroutine.
// Without an output it does nothing and returns 0.
func (g *Game) PlayInterface(p audio.Play) (audio.VoiceID, error) {
	if g.audioOut == nil {
		return 0, nil
	}
	return g.audioOut.PlayInterface(p)
}

// feedAudio hands the output what the frame's ticks fixed of the timeline.
func (g *Game) feedAudio() {
	if g.audioOut == nil {
		return
	}
	g.audioOut.Feed(g.mixer, audio.GameClock{Frame: g.AudioFrames(), Scale: g.sched.TimeScale(), Paused: g.sched.Paused()})
}
