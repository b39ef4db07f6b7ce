package audio_test

import (
	"fmt"

	"github.com/tickwork/tickwork/engine/audio"
)

// A feeder between the game's timeline and a device: the engine feeds it
// once per frame, the device reads from it on its own goroutine.
func ExampleFeeder() {
	game, _ := audio.NewMixer(8)
	f, _ := audio.NewFeeder(audio.FeederConfig{})
	click := &audio.Clip{Name: "click", Samples: []float32{0.5, 0.5}}
	if _, err := f.PlayUI(audio.Play{Clip: click, Volume: 1}); err != nil {
		fmt.Println(err)
	}
	f.Feed(game, audio.GameClock{Sample: 800, Scale: 1}) // after the frame's ticks
	dev := make([]float32, 2*256)
	f.Read(dev) // on the device's goroutine
	st := f.Stats()
	// Centred, the click's 0.5 is panned at constant power: 0.5·cos(π/4).
	fmt.Printf("queued for the device: %d samples; the click: %.4f\n", st.Level, dev[0])
	// Output: queued for the device: 1024 samples; the click: 0.3536
}
