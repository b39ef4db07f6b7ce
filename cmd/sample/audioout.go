package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/atomicfile"
	"github.com/tickwork/tickwork/engine/audio"
)

// audioTail is how long the mix goes on after the last tick, so the last
// sounds ring out: half a second.
const audioTail = audio.Rate / 2

// mixRecorder writes every sample of the game's timeline to the -audio-out
// file as the mixer renders it: in a window the device's feeder renders
// the timeline while the game plays, so the file is a recording of what
// was played (the game lane, before it is resampled for the device). The
// file is written as it grows, into a temporary file that finish saves
// over the target: memory stays bounded however long the game runs.
type mixRecorder struct {
	path string
	file *atomicfile.File
	wav  *audio.WAVWriter
	err  error // the first write error
}

// recordMix creates path's temporary file and taps g's mixer; call it
// before the first tick.
func recordMix(g *engine.Game, path string) (*mixRecorder, error) {
	f, err := atomicfile.Create(path, 0)
	if err != nil {
		return nil, fmt.Errorf("-audio-out %s: %w", path, err)
	}
	w, err := audio.NewWAVWriter(f)
	if err != nil {
		f.Abort()
		return nil, fmt.Errorf("-audio-out %s: %w", path, err)
	}
	r := &mixRecorder{path: path, file: f, wav: w}
	g.Audio().Mixer().SetTap(func(samples []float32) {
		if err := w.Write(samples); err != nil && r.err == nil {
			r.err = err
		}
	})
	return r, nil
}

// finish renders the rest of the game's mix, up to the last tick's place
// (Game.Audio().TickSamplePosition, which the frame rate does not move) plus
// audioTail, and saves the file. The mix is a function of the ticks alone:
// the same run at any frame rate, windowed with a device or headless, or
// its replay, writes the same bytes. A mix longer than a WAV file holds
// is saved cut at the limit, with an error saying so.
func (r *mixRecorder) finish(g *engine.Game) error {
	m := g.Audio().Mixer()
	end := g.Audio().TickSamplePosition() + audioTail
	buf := make([]float32, 2*4096)
	for m.Cursor() < end && r.err == nil {
		m.Render(buf[:2*min(end-m.Cursor(), 4096)])
	}
	m.SetTap(nil)
	full := errors.Is(r.err, audio.ErrWAVFull)
	if r.err != nil && !full {
		r.file.Abort()
		return fmt.Errorf("-audio-out %s: %w", r.path, r.err)
	}
	if err := r.wav.Close(); err != nil {
		r.file.Abort()
		return fmt.Errorf("-audio-out %s: %w", r.path, err)
	}
	if err := r.file.Commit(); err != nil {
		return fmt.Errorf("-audio-out %s: %w", r.path, err)
	}
	if full {
		return fmt.Errorf("-audio-out %s: the game's mix ran past what a WAV file holds (%v): the file holds its first %v", r.path, wavMax, wavMax)
	}
	return nil
}

// abort discards the file, when the game ended with an error.
func (r *mixRecorder) abort() {
	if r != nil {
		r.file.Abort()
	}
}

// wavMax is the longest mix a WAV file holds.
const wavMax = time.Duration(audio.MaxWAVSamples) * time.Second / audio.Rate

// checkAudioOutLength refuses, before the game runs, a headless run whose
// mix is longer than a WAV file holds: ticks ticks at rate per second,
// plus the tail.
func checkAudioOutLength(ticks uint64, rate int) error {
	if rate <= 0 {
		return nil // the engine refuses the rate itself
	}
	samples := float64(ticks)/float64(rate)*audio.Rate + audioTail
	if samples > audio.MaxWAVSamples {
		return fmt.Errorf("-audio-out: %d ticks at %d per second are %v of sound; a WAV file holds at most %v (4 GiB): run fewer ticks or leave out -audio-out",
			ticks, rate, time.Duration(samples/audio.Rate*float64(time.Second)).Round(time.Second), wavMax.Round(time.Second))
	}
	return nil
}
