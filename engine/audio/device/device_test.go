//go:build cgo

package device_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/device"
	"github.com/tickwork/tickwork/timing"
)

var _ engine.AudioOutput = (*device.Output)(nil)

// childEnv names what a child test process does: oto opens one device per
// process, so each case runs in a process of its own with its own ALSA
// configuration.
const childEnv = "TICKWORK_DEVICE_CHILD"

// child runs test name again in a new process whose ALSA configuration is
// conf (alsa-lib honours ALSA_CONFIG_PATH in place of its own alsa.conf)
// and returns its output.
func child(t *testing.T, name, conf string) (string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "asound.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=1", "ALSA_CONFIG_PATH="+path)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// inChild reports whether this process is the child that runs test name;
// in the parent it runs that child with ALSA configuration conf, logs its
// output and fails the test when the child does.
func inChild(t *testing.T, name, conf string) bool {
	t.Helper()
	if os.Getenv(childEnv) != "" {
		return true
	}
	out, err := child(t, name, conf)
	t.Log(out)
	if err != nil {
		t.Fatalf("the child process failed: %v", err)
	}
	return false
}

// collect returns a Logf that appends each notice to *notices.
func collect(notices *[]string) func(format string, args ...any) {
	return func(f string, a ...any) { *notices = append(*notices, fmt.Sprintf(f, a...)) }
}

// openNull opens the Output on ALSA's null device (in the child process
// inChild started with it as the default), collecting its notices; the
// Output is closed when the test ends.
func openNull(t *testing.T) (*device.Output, *[]string) {
	t.Helper()
	notices := new([]string)
	out, err := device.Open(device.Config{Logf: collect(notices)})
	if err != nil {
		t.Fatalf("Open with ALSA's null device: %v", err)
	}
	t.Cleanup(func() { out.Close() })
	return out, notices
}

// beeper is a game state that starts a short beep every fifth tick.
type beeper struct{ clip *audio.Clip }

func (b *beeper) Tick(ctx *engine.TickContext) error {
	if ctx.Tick.Index%5 == 0 {
		_, err := ctx.PlaySound(audio.Play{Clip: b.clip, Volume: 1})
		return err
	}
	return nil
}

func (b *beeper) Draw(*engine.DrawContext) {}

// TestNullDevicePlaysARunningGame opens the real device path through oto
// and ALSA's null device (which discards what it is given), runs a game
// for 400 ms of real time feeding it, and checks that the device pulled
// samples at about real time (the reader paces a device that would take
// them faster), that nothing failed, and that no frame spent long in Feed.
func TestNullDevicePlaysARunningGame(t *testing.T) {
	if !inChild(t, "TestNullDevicePlaysARunningGame", "pcm.!default { type null }\n") {
		return
	}
	out, notices := openNull(t)
	if _, err := device.Open(device.Config{}); err == nil || !strings.Contains(err.Error(), "already open") {
		t.Errorf("a second Open: got %v, want an error saying a device is already open", err)
	}
	clip := &audio.Clip{Name: "beep", Samples: make([]float32, 2*2400)}
	for i := range clip.Samples {
		clip.Samples[i] = 0.1
	}
	// A headless game whose manual clock follows real time, as a
	// windowed game's would.
	h, err := engine.NewHeadless(engine.Options{}, &beeper{clip: clip})
	if err != nil {
		t.Fatal(err)
	}
	game := h.Game
	game.Audio().SetOutput(out)
	start := time.Now()
	last := start
	for time.Since(start) < 400*time.Millisecond {
		now := time.Now()
		if err := h.RunFrame(timing.Micros(now.Sub(last).Microseconds())); err != nil {
			t.Fatal(err)
		}
		last = now
		if _, err := game.Audio().PlayUI(audio.Play{Clip: clip, Volume: 1}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(4 * time.Millisecond) // a 250 fps loop
	}
	elapsed := time.Since(start)
	st := out.Stats()
	t.Logf("%v: %d samples consumed (%.0f per second), %d underrun, %d reads paced, longest Feed %v, level %d",
		elapsed, st.Consumed, float64(st.Consumed)/elapsed.Seconds(), st.Underrun, st.Paced, st.MaxFeed, st.Level)
	if out.Silent() || out.Err() != nil || len(*notices) != 0 {
		t.Errorf("silent %v, err %v, notices %q: want a playing device", out.Silent(), out.Err(), *notices)
	}
	// The device took at least a queue and at most real time plus the
	// pacing's slack (60 ms and the device's 20 ms buffer) and one player
	// buffer.
	if lo, hi := int64(st.Level), int64(elapsed.Seconds()*audio.Rate*1.002+0.08*audio.Rate+512); st.Consumed < lo || st.Consumed > hi {
		t.Errorf("the device consumed %d samples in %v, want %d to %d", st.Consumed, elapsed, lo, hi)
	}
	// A Feed renders about one frame's sound (4 ms here, 192 samples, a
	// few voices): tens of microseconds. 20 ms allows for a loaded
	// two-core machine under the race detector; a loop that waited on
	// the device would wait a device period (10 ms) again and again.
	if st.MaxFeed > 20*time.Millisecond {
		t.Errorf("the longest Feed took %v, want under 20ms", st.MaxFeed)
	}
	if err := game.Stop(); err != nil {
		t.Fatal(err)
	}
}

// TestNoDeviceRunsSilently opens with an ALSA configuration that has no
// default device: Open must say so once, and the game run on silent.
func TestNoDeviceRunsSilently(t *testing.T) {
	if !inChild(t, "TestNoDeviceRunsSilently", "pcm.nothing { type null }\n") {
		return
	}
	var notices []string
	out, err := device.Open(device.Config{Logf: collect(&notices)})
	if err == nil || out == nil || !out.Silent() {
		t.Fatalf("Open without a device: got %v, %v; want a silent Output and the reason", out, err)
	}
	if len(notices) != 1 || !strings.Contains(notices[0], "runs on silently") || !strings.Contains(notices[0], "asoundrc") {
		t.Errorf("notices %q: want one saying the game runs silently and how to get sound", notices)
	}
	game, err := engine.NewHeadless(engine.Options{}, &beeper{clip: &audio.Clip{Samples: []float32{1, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	game.Game.Audio().SetOutput(out)
	if err := game.RunTicks(30, engine.Steady(60)); err != nil {
		t.Fatal(err)
	}
	if id, err := game.Game.Audio().PlayUI(audio.Play{Clip: &audio.Clip{Samples: []float32{1, 1}}, Volume: 1}); id != 0 || err != nil {
		t.Errorf("PlayUI on a silent Output: got %v, %v; want 0, nil", id, err)
	}
	if len(notices) != 1 {
		t.Errorf("%d notices after running, want still 1", len(notices))
	}
}
