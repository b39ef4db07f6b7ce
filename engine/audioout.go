package engine

import "github.com/tickwork/tickwork/engine/audio"

// AudioOutput plays the game's sound: engine/audio/device's Output on a
// sound card, or an *audio.Feeder read by anything else.
type AudioOutput interface {
	// Feed is called once per frame on the main goroutine, after the
	// frame's ticks, with the game's mixer and where the clock stands: it
	// takes what the ticks have fixed of the timeline.
	Feed(game *audio.Mixer, c audio.GameClock)
	// PlayUI starts a sound on the output's UI lane as soon as the
	// output can, outside the game's timeline: what Game.Audio().PlayUI
	// calls. Called on the main goroutine.
	PlayUI(p audio.Play) (audio.VoiceID, error)
}

var _ AudioOutput = (*audio.Feeder)(nil)

// AudioControls is the game's sound: the mixer the ticks' sounds are
// placed on, the output that plays it, sounds on the output's UI lane, and
// where the ticks stand on the audio timeline, in sample positions (a
// sample is one instant of sound across all channels; audio.Rate of them
// make a second). Get it with Game.Audio; it is a small value that allocates nothing, so fetch it
// where it is used. Its methods run on the main goroutine. To place a
// sound on the game's timeline, use TickContext.PlaySound from a tick.
type AudioControls struct{ g *Game }

// Audio returns the game's sound controls. Call it on the main goroutine.
func (g *Game) Audio() AudioControls { return AudioControls{g} }

// Mixer returns the game's mixer: the timeline the ticks' sounds are
// placed on, counted in sample positions of game time. Render it to hear
// or record the game (a device's feeder, or a file after a headless run).
func (a AudioControls) Mixer() *audio.Mixer { return a.g.mixer }

// SamplePosition returns the audio timeline's sample position at the game
// time the ticks have reached: the last tick's sounds begin there, every
// earlier sound before it.
func (a AudioControls) SamplePosition() int64 {
	return audio.SampleOfTick(a.g.sched.GameTime(), 0, 0)
}

// TickSamplePosition returns the audio timeline's sample position where
// the last tick's sounds begin (0 before the first tick): a function of
// the ticks alone, unlike SamplePosition, which follows the clock between
// ticks. A recording of the mix that ends a fixed time after it is the
// same at any frame rate.
func (a AudioControls) TickSamplePosition() int64 { return a.g.tickSample }

// SetOutput makes out play the game's sound from the next frame (nil:
// none, the default, and what a headless game has). Once an output feeds
// from the game's mixer, nothing else should render it: to keep a copy of
// the mix as it is played, tap the mixer (audio.Mixer.SetTap).
func (a AudioControls) SetOutput(out AudioOutput) { a.g.audioOut = out }

// PlayUI starts p on the output's UI lane: a menu click, a HUD chime. It
// is heard one output latency later, and plays on while the game is
// paused or in slow motion, at its own pitch. It is not on the game's
// timeline, so a recording, a replay or a rendered mix does not contain
// it. Call it from any state callback. Without an output it does nothing
// and returns 0.
func (a AudioControls) PlayUI(p audio.Play) (audio.VoiceID, error) {
	if a.g.audioOut == nil {
		return 0, nil
	}
	return a.g.audioOut.PlayUI(p)
}

// feedAudio hands the output what the frame's ticks fixed of the timeline.
func (g *Game) feedAudio() {
	if g.audioOut == nil {
		return
	}
	g.audioOut.Feed(g.mixer, audio.GameClock{Sample: g.Audio().SamplePosition(), Scale: g.sched.TimeScale(), Paused: g.sched.Paused()})
}
