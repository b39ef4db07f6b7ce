package mp3_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/mp3"
)

// A short MP3 decodes whole into a clip at audio.Rate: this one second of
// tone is a little longer, with the encoder's delay and its last frame's
// padding.
func Example() {
	data, err := os.ReadFile("../testdata/tone-mono-22k.mp3")
	if err != nil {
		fmt.Println(err)
		return
	}
	clip, err := mp3.Decode("tone-mono-22k.mp3", bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	secs := float64(clip.Len()) / audio.Rate
	fmt.Println(secs >= 1 && secs < 1.1)
	// Output: true
}
