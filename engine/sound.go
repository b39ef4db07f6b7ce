package engine

import (
	"github.com/tickwork/tickwork/engine/audio"
)

// MaxVoices is how many sounds the game's mixer plays at once; past it the
// quietest is stolen (Mixer.Stolen counts them).
const MaxVoices = 64

// PlaySound starts p at this tick's place on the audio timeline: the
// tick's game time plus one step, as audio.SampleOfTick computes it, the
// same one-tick delay as the interpolated picture. Whatever frame ran the
// tick, the sound starts at the same sample, so a replay at any frame rate
// produces the same audio. The voice belongs to the ticking state: it
// stops when the state is popped or replaced (at the place of the tick
// that asked for it), so a round that starts again does not play its
// music twice; PlayPersistentSound starts one that outlives it. Call it
// from a state's Tick or a behaviour's (TickContextOf(m).PlaySound: the
// voice belongs to the state whose scene the behaviour is in).
func (c *TickContext) PlaySound(p audio.Play) (audio.VoiceID, error) {
	return c.game.mixer.StartOwned(audio.SampleOfTick(c.Tick.Time, c.Tick.DeltaMicros, 0), p, c.entry.owner)
}

// PlayPersistentSound starts p like PlaySound, but the voice belongs to no
// state: it plays on after the state that started it leaves the stack
// (music across rounds) until it ends or StopSound stops it.
func (c *TickContext) PlayPersistentSound(p audio.Play) (audio.VoiceID, error) {
	return c.game.mixer.Start(audio.SampleOfTick(c.Tick.Time, c.Tick.DeltaMicros, 0), p)
}

// StopSound ends voice id where the last tick's sounds begin (in a Tick,
// this tick's place on the timeline). It works from any callback of a
// state: Tick, Enter, Exit, Covered, Uncovered. Stopping a voice that has
// ended does nothing.
func (c *Context) StopSound(id audio.VoiceID) {
	c.game.mixer.Stop(id, c.game.tickSample)
}

// SetBusVolume sets bus b's volume (0 to 4) from this tick's place on the
// audio timeline (audio.Mixer.SetBusVolumeAt), like PlaySound: a mute or a
// fade the simulation decides lands at the same sample in every run and
// replay. Call it from a state's Tick.
func (c *TickContext) SetBusVolume(b audio.Bus, v float32) error {
	return c.game.mixer.SetBusVolumeAt(b, v, audio.SampleOfTick(c.Tick.Time, c.Tick.DeltaMicros, 0))
}
