package engine

import (
	"github.com/tickwork/tickwork/engine/audio"
)

// MaxVoices is how many sounds the game's mixer plays at once; past it the
// quietest is stolen (Mixer.Stolen counts them).
const MaxVoices = 64

// PlaySound starts p at this tick's place on the audio timeline: the
// tick's game time plus one step, as audio.FrameOfTick computes it, the
// same one-tick delay as the interpolated picture. Whatever frame ran the
// tick, the sound starts at the same sample, so a replay at any frame rate
// produces the same audio. Call it from a state's Tick or a behaviour's
// (TickContextOf(m).PlaySound).
func (c *TickContext) PlaySound(p audio.Play) (audio.VoiceID, error) {
	return c.game.mixer.Start(audio.FrameOfTick(c.Tick.Time, c.Tick.DeltaMicros, 0), p)
}

// StopSound ends voice id at this tick's place on the timeline.
func (c *TickContext) StopSound(id audio.VoiceID) {
	c.game.mixer.Stop(id, audio.FrameOfTick(c.Tick.Time, c.Tick.DeltaMicros, 0))
}

// Mixer returns the game's mixer: the timeline the ticks' sounds are
// placed on, counted in frames of game time. Render it to hear or record
// the game (a device's feeder, or a file after a headless run).
func (g *Game) Mixer() *audio.Mixer { return g.mixer }

// AudioFrames returns the audio timeline's frame at the game time the ticks
// have reached: the last tick's sounds begin there, every earlier sound
// before it.
func (g *Game) AudioFrames() int64 {
	t := g.sched.GameTime()
	return audio.FrameOfTick(t, 0, 0)
}

// SetBusVolume sets bus b's volume (0 to 4) from this tick's place on the
// audio timeline (audio.Mixer.SetBusVolumeAt), like PlaySound: a mute or a
// fade the simulation decides lands at the same sample in every run and
// replay. Call it from a state's Tick.
func (c *TickContext) SetBusVolume(b audio.Bus, v float32) error {
	return c.game.mixer.SetBusVolumeAt(b, v, audio.FrameOfTick(c.Tick.Time, c.Tick.DeltaMicros, 0))
}

// TickAudioFrames returns the audio timeline's frame where the last tick's
// sounds begin (0 before the first tick): a function of the ticks alone,
// unlike AudioFrames, which follows the clock between ticks. A recording of
// the mix that ends a fixed time after it is the same at any frame rate.
func (g *Game) TickAudioFrames() int64 { return g.tickFrame }
