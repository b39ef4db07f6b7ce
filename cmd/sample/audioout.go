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

// writeAudio renders the game's whole mix, from the start of the timeline
// to the last tick's place plus audioTail, and writes it to path as a WAV
// file, atomically. The mix is a function of the ticks alone: the same
// run at any frame rate, or its replay, writes the same bytes.
func writeAudio(g *engine.Game, path string) error {
	m := g.Mixer()
	end := g.AudioFrames() + audioTail
	if n := end - m.Cursor(); n > 0 {
		buf := make([]float32, 2*n)
		m.Render(buf)
		if err := atomicfile.Write(path, 0, func(w io.Writer) error { return audio.WriteWAV(w, buf) }); err != nil {
			return fmt.Errorf("-audio-out %s: %w", path, err)
		}
		return nil
	}
	return fmt.Errorf("-audio-out %s: the mix has already been played out", path)
}
