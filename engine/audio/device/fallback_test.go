package device

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine/audio"
)

// dyingSink is a device that works for a number of samples and then fails,
// the way a USB headset that is pulled out does.
type dyingSink struct {
	samples, failAt int
	paused          int
}

func (d *dyingSink) err() error {
	d.samples++
	if d.samples > d.failAt {
		return errors.New("ALSA error at snd_pcm_writei: No such device")
	}
	return nil
}
func (d *dyingSink) pause()         { d.paused++ }
func (d *dyingSink) close() error   { return nil }
func (d *dyingSink) suspend() error { return nil }

// A device that fails mid-game turns the Output silent with exactly one
// notice naming the failure; the game's feeding goes on without error and
// interface sounds become no-ops.
func TestDeviceLostMidGameFallsSilentWithOneNotice(t *testing.T) {
	f, err := audio.NewFeeder(audio.FeederConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var notices []string
	dev := &dyingSink{failAt: 5}
	o := &Output{f: f, dev: dev, rd: newReader(f, 20*time.Millisecond), logf: func(format string, args ...any) {
		notices = append(notices, fmt.Sprintf(format, args...))
	}}
	game, err := audio.NewMixer(8)
	if err != nil {
		t.Fatal(err)
	}
	click := &audio.Clip{Name: "click", Samples: []float32{1, 1, 1, 1}}
	for frame := 1; frame <= 20; frame++ {
		if frame == 3 || frame == 12 {
			if _, err := game.Start(game.Cursor(), audio.Play{Clip: click, Volume: 1}); err != nil {
				t.Fatal(err)
			}
		}
		o.Feed(game, audio.GameClock{Sample: int64(frame) * 800, Scale: 1})
		if got, want := o.Silent(), frame > 5; got != want {
			t.Fatalf("frame %d: got Silent %v, want %v", frame, got, want)
		}
	}
	if len(notices) != 1 {
		t.Fatalf("got %d notices, want 1: %q", len(notices), notices)
	}
	for _, want := range []string{"No such device", "runs on silently"} {
		if !strings.Contains(notices[0], want) {
			t.Errorf("notice %q does not say %q", notices[0], want)
		}
	}
	if o.Err() == nil || !strings.Contains(o.Err().Error(), "No such device") {
		t.Errorf("got Err %v, want the device's error", o.Err())
	}
	if dev.paused != 1 {
		t.Errorf("got the player paused %d times, want once", dev.paused)
	}
	if id, err := o.PlayUI(audio.Play{Clip: click, Volume: 1}); id != 0 || err != nil {
		t.Errorf("PlayUI on a silent Output: got (%d, %v), want (0, nil)", id, err)
	}
}
