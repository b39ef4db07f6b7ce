package main

// The audio goals: what mixing costs, that it allocates nothing, that the
// game loop hardly waits on sound, and how tightly a tick's sound follows
// its picture on the device path.
const (
	goalMixCPU     = 10.0 // ms of CPU per second of audio, 64 voices
	goalFeedWait   = 1000 // µs: the loop's 99th-percentile wait feeding a device
	goalLockJitter = 2.0  // ms: settled spread of a sound's offset after its picture
	goalLockOffset = 80.0 // ms: the offset itself (queue + device buffer)
	audioPkg       = "engine/audio"
	mixBench       = "BenchmarkMix64Voices"
	feederBench    = "BenchmarkFeederFrame"
	clockLockBench = "BenchmarkClockLock"
)

// audioGoals are the figures of the mixer and the device feeder.
func audioGoals(b *benchSet) []goal {
	var gs []goal
	row := func(name, bench, metric string, ok func(v float64, name, src string) goal, target string) {
		src := audioPkg + " " + bench + " (" + metric + ")"
		if v, found := b.metric(audioPkg, bench, metric); found {
			gs = append(gs, ok(v, name, src))
			return
		}
		gs = append(gs, absent(name, src, target, missingBench(audioPkg, bench)))
	}
	row("Mixing 64 voices at 48 kHz: CPU per second of audio", mixBench, "cpu-ms/s",
		func(v float64, n, s string) goal { return atMost(n, s, v, goalMixCPU, "ms") }, "≤ "+withUnit(goalMixCPU, "ms"))
	row("Mixing 64 voices: allocations per render", mixBench, "allocs/op",
		func(v float64, n, s string) goal { return zero(n, s, v, "allocs") }, "0 allocs")
	row("Feeding the device once a frame (16 voices): allocations", feederBench, "allocs/op",
		func(v float64, n, s string) goal { return zero(n, s, v, "allocs") }, "0 allocs")
	row("Time the game loop waits on sound: one frame's feed, 99th percentile", feederBench, "p99-feed-µs",
		func(v float64, n, s string) goal {
			g := atMost(n, s, v, goalFeedWait, "µs")
			if m, ok := b.metric(audioPkg, feederBench, "max-feed-µs"); ok {
				g.Measured += " (longest " + withUnit(m, "µs") + ")"
			}
			return g
		}, "≤ "+withUnit(goalFeedWait, "µs"))
	row("A tick's sound after its picture, device path (simulated device 300 ppm fast, 60 fps ±4 ms)", clockLockBench, "offset-ms",
		func(v float64, n, s string) goal { return atMost(n, s, v, goalLockOffset, "ms") }, "≤ "+withUnit(goalLockOffset, "ms"))
	row("Jitter of that offset once locked (peak to peak)", clockLockBench, "jitter-ms",
		func(v float64, n, s string) goal { return atMost(n, s, v, goalLockJitter, "ms") }, "≤ "+withUnit(goalLockJitter, "ms"))
	for _, f := range []struct{ sub, what string }{{"tone-left.ogg", "Ogg Vorbis (stereo)"}, {"tone-left.mp3", "MP3 (stereo)"}, {"tone-mono-22k.ogg", "Ogg Vorbis 22 kHz mono"}} {
		if v, ok := b.metric(audioPkg, "BenchmarkStream/"+f.sub, "cpu-ms/s"); ok {
			gs = append(gs, infoGoal("Streaming "+f.what+": decode and mix, CPU per second of audio",
				audioPkg+" BenchmarkStream/"+f.sub+" (cpu-ms/s)", withUnit(v, "ms")))
		}
	}
	return gs
}
