package timing

import (
	"encoding/binary"
	"testing"
)

// FuzzScheduler drives a scheduler with arbitrary frame times and virtual-time
// operations and checks the invariants that must hold whatever happens.
func FuzzScheduler(f *testing.F) {
	f.Add(byte(0), []byte{0, 0x41, 0x10, 0, 0x41, 0x10, 0, 0x80, 0x80})
	f.Add(byte(1), []byte{0, 0xff, 0xff, 1, 0, 0x10, 0x10, 3, 0, 0, 2, 0, 0x10, 0x10})
	f.Add(byte(2), []byte{0, 0xff, 0xff, 0, 0xff, 0xff, 5, 7, 0, 0x01, 0x00})
	f.Add(byte(3), []byte{4, 200, 0, 0x20, 0x00, 6, 2, 0, 0x30, 0x00, 0, 0x00, 0x01})
	f.Fuzz(func(t *testing.T, policy byte, ops []byte) {
		cfg := Config{Policy: Policy(policy % 3), MaxTicksPerFrame: 1 + int(policy>>2)%8}
		s := mustNew(t, cfg)
		var now Micros
		s.Advance(now)
		pure := true // only frames so far, at scale 1 and a fixed rate
		nextIndex := uint64(0)
		var lastTime Micros
		for i := 0; i < len(ops); i++ {
			op := ops[i] % 8
			arg := uint16(0)
			if i+2 < len(ops) {
				arg = binary.LittleEndian.Uint16(ops[i+1:])
			}
			switch op {
			case 0, 1: // a frame: up to 65 ms, or up to 65 s when op == 1
				i += 2
				d := Micros(arg)
				if op == 1 {
					d *= Millisecond
				}
				now += d
			case 2:
				s.Pause()
				pure = false
			case 3:
				s.Resume()
				pure = false
			case 4:
				_ = s.Step()
				pure = false
			case 5:
				i += 2
				_ = s.SetTimeScale(float64(arg%512+1) / 64)
				pure = false
			case 6:
				i += 2
				_ = s.SetRate(int(arg%240) + 1)
				pure = false
			case 7:
				now -= Micros(arg) // time going backwards
				pure = false
				i += 2
			}
			f := s.Advance(now)
			if f.Alpha < 0 || f.Alpha >= 1 {
				t.Fatalf("op %d: alpha %v outside [0,1)", i, f.Alpha)
			}
			if f.Ticks < 0 || f.Ticks > cfg.MaxTicksPerFrame {
				t.Fatalf("op %d: %d ticks in a frame, cap %d", i, f.Ticks, cfg.MaxTicksPerFrame)
			}
			for k := range f.Ticks {
				ti := f.Tick(k)
				if ti.Index != nextIndex {
					t.Fatalf("op %d: tick index %d, want %d", i, ti.Index, nextIndex)
				}
				if ti.Index > 0 && ti.Time <= lastTime {
					t.Fatalf("op %d: tick %d starts at %v, not after the previous tick's %v", i, ti.Index, ti.Time, lastTime)
				}
				nextIndex++
				lastTime = ti.Time
			}
			if s.Ticks() != nextIndex {
				t.Fatalf("op %d: Ticks() = %d, ticks handed out %d", i, s.Ticks(), nextIndex)
			}
			if s.Owed() > s.cfg.MaxDebt {
				t.Fatalf("op %d: owed %v beyond MaxDebt %v", i, s.Owed(), s.cfg.MaxDebt)
			}
			if pure {
				r := s.rate
				if got, want := s.ticks*unitsPerTick+s.acc+s.dropped.units(r), uint64(now)*r; got != want {
					t.Fatalf("op %d: simulated+pending+dropped = %d units, elapsed %d", i, got, want)
				}
			}
		}
	})
}
