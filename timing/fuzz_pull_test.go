package timing

import (
	"encoding/binary"
	"testing"
)

// FuzzInFrameControl drives Begin/Next/End with control calls made between
// ticks of a frame, as a game's ticks make them, and checks what must hold
// whatever they are: tick indices run on without gaps, tick times grow,
// each tick's step is its rate's, a frame never runs more ticks than its
// cap, alpha stays in [0, 1), a paused scheduler runs no ordinary tick,
// and game time is conserved within a rate (ticks + pending + dropped =
// time flowed, in units, when no scale or pause intervened).
func FuzzInFrameControl(f *testing.F) {
	f.Add(byte(0), []byte{0, 0x40, 0x9c, 1, 60, 0, 2, 3, 0, 0x40, 0x9c})
	f.Add(byte(2), []byte{0, 0xff, 0xff, 1, 240, 0, 1, 1, 0, 4, 0, 0x10, 0x27})
	f.Add(byte(5), []byte{1, 0x20, 0x00, 5, 1, 7, 0, 0x10, 0x27, 6})
	f.Fuzz(func(t *testing.T, policy byte, ops []byte) {
		cfg := Config{Policy: Policy(policy % 3), MaxTicksPerFrame: 1 + int(policy>>2)%8}
		s := mustNew(t, cfg)
		var now Micros
		s.Advance(now)
		next := uint64(0)
		var last TickInfo
		for i := 0; i < len(ops); {
			// A frame: its length, then control calls between its ticks.
			d := Micros(0)
			if i+2 < len(ops) {
				d = Micros(binary.LittleEndian.Uint16(ops[i+1:]))
				if ops[i]&1 == 1 {
					d *= 50
				}
			}
			i += 3
			now += d
			s.Begin(now)
			ran := 0
			for {
				ti, ok := s.Next()
				if !ok {
					break
				}
				ran++
				if ti.Index != next {
					t.Fatalf("tick index %d, want %d", ti.Index, next)
				}
				if ti.Index > 0 && ti.Time <= last.Time {
					t.Fatalf("tick %d at %v, not after tick %d at %v", ti.Index, ti.Time, last.Index, last.Time)
				}
				if ti.Delta != 1/float64(ti.Rate) || ti.Rate < 1 || ti.Rate > MaxRate {
					t.Fatalf("tick %d: rate %d, delta %v", ti.Index, ti.Rate, ti.Delta)
				}
				if s.Paused() && !ti.Step {
					t.Fatalf("tick %d ran while paused without being a step", ti.Index)
				}
				next++
				last = ti
				if i < len(ops) { // the tick's control call
					op, arg := ops[i]%8, byte(0)
					if i+1 < len(ops) {
						arg = ops[i+1]
					}
					i += 2
					switch op {
					case 1:
						_ = s.SetRate(1 + int(arg)*4%MaxRate)
					case 2:
						s.Pause()
					case 3:
						s.Resume()
					case 4:
						_ = s.Step()
					case 5:
						_ = s.SetTimeScale(float64(arg%128+1) / 32)
					case 6:
						_ = s.SetPolicy(Policy(arg % 3))
					}
				}
			}
			fr := s.End()
			if fr.Ticks != ran || ran > s.cfg.MaxTicksPerFrame {
				t.Fatalf("frame ran %d ticks, End says %d, cap %d", ran, fr.Ticks, s.cfg.MaxTicksPerFrame)
			}
			if fr.Alpha < 0 || fr.Alpha >= 1 {
				t.Fatalf("alpha %v outside [0, 1)", fr.Alpha)
			}
			if s.Ticks() != next {
				t.Fatalf("Ticks() = %d, ticks handed out %d", s.Ticks(), next)
			}
			if s.cfg.Policy != CatchUp && !s.Paused() && s.acc >= unitsPerTick {
				t.Fatalf("policy %v: %d units pending after the frame, a whole tick or more", s.cfg.Policy, s.acc)
			}
		}
	})
}
