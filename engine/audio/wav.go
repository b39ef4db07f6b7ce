package audio

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// WriteWAV writes samples (interleaved stereo at Rate) as a 16-bit PCM
// WAV file. Values are clipped to [-1, 1] and rounded to the nearest step,
// so the same samples give the same bytes.
func WriteWAV(w io.Writer, samples []float32) error {
	if len(samples)%2 != 0 {
		return fmt.Errorf("audio: WriteWAV: %d samples is not a whole number of stereo frames", len(samples))
	}
	data := 2 * len(samples)
	if data > math.MaxUint32-36 {
		return fmt.Errorf("audio: WriteWAV: %d samples are too many for a WAV file", len(samples))
	}
	b := make([]byte, 0, 44+data)
	b = append(b, "RIFF"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(36+data))
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)       // fmt chunk size
	b = binary.LittleEndian.AppendUint16(b, 1)        // PCM
	b = binary.LittleEndian.AppendUint16(b, 2)        // channels
	b = binary.LittleEndian.AppendUint32(b, Rate)     // frames per second
	b = binary.LittleEndian.AppendUint32(b, Rate*2*2) // bytes per second
	b = binary.LittleEndian.AppendUint16(b, 4)        // bytes per frame
	b = binary.LittleEndian.AppendUint16(b, 16)       // bits per sample
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(data))
	for _, s := range samples {
		if s != s {
			s = 0 // NaN: silence rather than an undefined conversion
		}
		v := math.Round(float64(min(max(s, -1), 1)) * 32767)
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(v)))
	}
	_, err := w.Write(b)
	return err
}
