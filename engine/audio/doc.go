// Package audio is tickwork's mixer: pure Go, no cgo, deterministic. It
// mixes voices of decoded clips into 48 kHz stereo float32 samples on one
// timeline counted in samples (Rate per second of game time), so the same
// starts at the same samples give the same output bit for bit, however the
// output is pulled (in chunks of any size, headless or by a device).
//
// A sample here is one instant of sound across all channels: a pair of
// float32 values, left then right, in the mixer's buffers. Positions on the
// timeline, lengths, fades and queue sizes all count samples; a buffer of n
// samples is a []float32 of 2n values. "Frame" in tickwork is the display
// frame only (one pass of the game loop, one picture).
//
// A sound started by the simulation belongs at its tick's place on that
// timeline: SampleOfTick gives the sample where tick n's sound begins (the
// tick's time plus one step, the same one-tick delay as the interpolated
// picture), whatever frame ran the tick. A Mixer is used from one
// goroutine: the engine's main one, which starts voices and, through a
// Feeder once per frame, renders what the ticks have fixed for a device;
// the device's goroutine only copies from the Feeder's lock-free queue.
//
// Sounds come from files through codecs, each in a package of its own so
// that a game links only the decoders it imports: engine/audio/wav,
// engine/audio/vorbis (Ogg Vorbis) and engine/audio/mp3. Whoever decodes
// is given the codecs to try (there is no registry): Decode reads a short
// file whole into a Clip; a Stream (music) is decoded while it plays, a
// few thousand samples at a time inside Render, by a resampler that keeps
// its place, so a stream too gives the same output however the output is
// pulled. Voices have a volume, a pan, looping and linear fades (Play.FadeIn,
// Mixer.FadeOut); bus volumes can change at a sample (SetBusVolumeAt).
package audio
