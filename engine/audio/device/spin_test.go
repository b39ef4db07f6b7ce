//go:build cgo && linux

package device_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/timing"
)

// cpuTime returns the process's user and system time so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ALSA's null device takes whatever it is given at once, so oto's write
// loop went round without ever waiting: a core spun for as long as the
// game ran (a windowed game used twice the CPU, and lost frames). The
// Output notices a device that takes samples faster than real time, sets it
// aside and reads the queue at real time itself: a game at 60 frames per
// second costs a few percent of a core, as without a device.
func TestInstantDeviceDoesNotSpin(t *testing.T) {
	if !inChild(t, "TestInstantDeviceDoesNotSpin", "pcm.!default { type null }\n") {
		return
	}
	out, notices := openNull(t)
	h, err := engine.NewHeadless(engine.Options{}, &beeper{clip: &audio.Clip{Name: "beep", Samples: make([]float32, 2*2400)}})
	if err != nil {
		t.Fatal(err)
	}
	h.Game.Audio().SetOutput(out)
	run := func(d time.Duration) (wall, cpu time.Duration) {
		start, cpu0 := time.Now(), cpuTime(t)
		last := start
		for time.Since(start) < d {
			now := time.Now()
			if err := h.RunFrame(timing.Micros(now.Sub(last).Microseconds())); err != nil {
				t.Fatal(err)
			}
			last = now
			time.Sleep(16 * time.Millisecond) // a 60 fps loop
		}
		return time.Since(start), cpuTime(t) - cpu0
	}
	run(300 * time.Millisecond) // the device opens and is found out
	wall, cpu := run(time.Second)
	st := out.Stats()
	t.Logf("%v of CPU in %v (%.0f%%); %d samples consumed, %d underrun, instant device: %v", cpu, wall, 100*cpu.Seconds()/wall.Seconds(), st.Consumed, st.Underrun, st.Instant)
	if r := cpu.Seconds() / wall.Seconds(); r > 0.30 {
		t.Errorf("the game used %.0f%% of a core, want under 30%% (a 60 fps loop of a few voices: 3%% here, 10%% under the race detector)", 100*r)
	}
	if !st.Instant || out.Silent() || len(*notices) != 0 {
		t.Errorf("instant %v, silent %v, notices %q: want the null device found out, playing, no notice", st.Instant, out.Silent(), *notices)
	}
	// Read at real time: a second's samples, give or take a queue.
	if lo, hi := int64(1.3*audio.Rate)-int64(st.Level)-2048, int64(1.3*audio.Rate*1.01)+int64(st.Level)+2048; st.Consumed < lo || st.Consumed > hi {
		t.Errorf("consumed %d samples in 1.3 s, want %d to %d (real time)", st.Consumed, lo, hi)
	}
}
