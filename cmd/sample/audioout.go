package main

import (
	"fmt"
	"io"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/atomicfile"
	"github.com/tickwork/tickwork/engine/audio"
)

// audioTail is how long the mix goes on after the last tick, so the last
// sounds ring out: half a second.
const audioTail = audio.Rate / 2

// mixRecorder keeps every frame of the game's timeline as the mixer
// renders it, for -audio-out: in a window the device's feeder renders the
// timeline while the game plays, so the file is a recording of what was
// played (the game lane, before it is resampled for the device).
type mixRecorder struct{ frames []float32 }

// recordMix taps g's mixer; call it before the first tick.
func recordMix(g *engine.Game) *mixRecorder {
	r := &mixRecorder{}
	g.Audio().Mixer().SetTap(func(f []float32) { r.frames = append(r.frames, f...) })
	return r
}

// write renders the rest of the game's mix, up to the last tick's place
// (Game.Audio().TickSamplePosition, which the frame rate does not move) plus audioTail, and writes the whole timeline to path as a WAV file,
// atomically. The mix is a function of the ticks alone: the same run at
// any frame rate, windowed with a device or headless, or its replay,
// writes the same bytes.
func (r *mixRecorder) write(g *engine.Game, path string) error {
	m := g.Audio().Mixer()
	end := g.Audio().TickSamplePosition() + audioTail
	if n := end - m.Cursor(); n > 0 {
		m.Render(make([]float32, 2*n))
	}
	frames := r.frames[:min(int64(len(r.frames)), 2*end)]
	if err := atomicfile.Write(path, 0, func(w io.Writer) error { return audio.WriteWAV(w, frames) }); err != nil {
		return fmt.Errorf("-audio-out %s: %w", path, err)
	}
	return nil
}
