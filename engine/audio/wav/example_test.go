package wav_test

import (
	"bytes"
	"fmt"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/wav"
)

// A game that reads WAV files imports this package and passes its codec to
// whatever decodes: audio.Decode, audio.StreamBytes, an asset library's
// LoadSound. A game that does not import it links no WAV decoder.
func Example() {
	var file bytes.Buffer
	samples := []float32{0.5, -0.5, 0.25, -0.25} // two stereo frames at audio.Rate
	if err := audio.WriteWAV(&file, samples); err != nil {
		fmt.Println(err)
		return
	}
	clip, err := audio.Decode("two.wav", bytes.NewReader(file.Bytes()), wav.Codec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(clip.Len(), wav.Codec{}.Name())

	// A file of another format, or none given, is an error naming it.
	_, err = audio.Decode("notes.txt", bytes.NewReader([]byte("do re mi fa sol")), wav.Codec{})
	fmt.Println(err)
	_, err = audio.Decode("two.wav", bytes.NewReader(file.Bytes()))
	fmt.Println(err != nil)
	// Output:
	// 2 WAV
	// audio: notes.txt: not a sound file this game reads (it starts 64 6f 20 72 65 20 6d 69 20 66 61 20; want WAV)
	// true
}
