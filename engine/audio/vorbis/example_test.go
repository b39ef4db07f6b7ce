package vorbis_test

import (
	"fmt"
	"os"

	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
)

// Music in Ogg Vorbis streams: the codec decodes it while the mixer
// renders, a few thousand frames at a time.
func Example() {
	data, err := os.ReadFile("../testdata/tone-left.ogg")
	if err != nil {
		fmt.Println(err)
		return
	}
	music, err := audio.StreamBytes("tone-left.ogg", data, vorbis.Codec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := audio.NewMixer(1)
	if _, err := m.Start(0, audio.Play{Stream: music, Loop: true, Volume: 1}); err != nil {
		fmt.Println(err)
		return
	}
	buf := make([]float32, 2*4800)
	for range 15 { // 1.5 s of a 1 s file: it loops
		m.Render(buf)
	}
	fmt.Println(music.Format(), m.Voices(), m.Err())
	// Output: Ogg Vorbis 1 <nil>
}
