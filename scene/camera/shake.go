package camera

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Default shake amplitudes at strength 1.
const (
	DefaultShakeOffset float32 = 0.2  // world units
	DefaultShakeAngle  float32 = 0.04 // radians, about 2.3°
)

// Shake shakes a camera: every tick of a shake moves the eye and turns the
// view by random amounts that fade out over the shake's ticks. It is
// deterministic: the random numbers come from its own generator, seeded by
// Seed and part of the camera's hash, and are drawn only in ticks, so a
// replay shakes the same. Frames interpolate the shaken poses like any
// other motion. The zero Shake is still, and shakes with seed 0.
type Shake struct {
	// MaxOffset and MaxAngle are how far a shake of strength 1 moves the
	// eye (world units) and turns the view (radians, each of yaw, pitch and
	// roll); 0 means DefaultShakeOffset and DefaultShakeAngle.
	MaxOffset, MaxAngle float32

	rng         uint64
	strength    float32
	total, left int32
	off         mgl32.Vec3
	ang         [3]float32 // yaw, pitch, roll
}

// Seed restarts the shake's random numbers from seed. Call it in a tick (or
// before the first): two cameras seeded alike shake alike.
func (s *Shake) Seed(seed uint64) { s.rng = seed }

// Start starts a shake of the given strength (1 is full: MaxOffset and
// MaxAngle) that fades to nothing over ticks ticks, from the camera's next
// Tick. A shake still running keeps the stronger of the two. A strength
// outside [0, 10] or a non-positive ticks is refused with an error and
// changes nothing. Call it in a tick.
func (s *Shake) Start(strength float32, ticks int) error {
	if !(strength >= 0 && strength <= 10) {
		return fmt.Errorf("camera: Shake.Start: strength %v is invalid: allowed 0 to 10 (1 is MaxOffset and MaxAngle)", strength)
	}
	if ticks <= 0 || ticks > math.MaxInt32 {
		return fmt.Errorf("camera: Shake.Start: %d ticks is invalid: allowed 1 to %d", ticks, math.MaxInt32)
	}
	if cur := s.amplitude(); cur > strength {
		strength = cur
	}
	s.strength, s.total, s.left = strength, int32(ticks), int32(ticks)
	return nil
}

// Stop ends the shake at the next tick.
func (s *Shake) Stop() { s.left = 0 }

// Active reports whether the shake will move the camera at its next tick.
func (s *Shake) Active() bool { return s.left > 0 }

// amplitude is the strength of the next shaken tick: it falls with the
// square of the ticks left, so a shake fades out smoothly.
func (s *Shake) amplitude() float32 {
	if s.left <= 0 || s.total <= 0 {
		return 0
	}
	f := float32(s.left) / float32(s.total)
	return s.strength * f * f
}

// tick draws this tick's offsets.
func (s *Shake) tick() {
	a := s.amplitude()
	if a == 0 {
		s.off, s.ang = mgl32.Vec3{}, [3]float32{}
		return
	}
	s.left--
	o, r := s.MaxOffset, s.MaxAngle
	if o == 0 {
		o = DefaultShakeOffset
	}
	if r == 0 {
		r = DefaultShakeAngle
	}
	for i := range s.off {
		s.off[i] = a * o * s.next()
	}
	for i := range s.ang {
		s.ang[i] = a * r * s.next()
	}
}

// apply adds this tick's offsets to p.
func (s *Shake) apply(p *Pose) {
	p.Eye = p.Eye.Add(s.off)
	p.Yaw = wrap(p.Yaw + s.ang[0])
	p.Pitch += s.ang[1]
	p.Roll += s.ang[2]
}

// next returns a number in [−1, 1) from the shake's generator (SplitMix64).
func (s *Shake) next() float32 {
	s.rng += 0x9e3779b97f4a7c15
	z := s.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	return float32(z>>40)/float32(1<<23) - 1
}

func (s *Shake) check() error {
	if !(s.MaxOffset >= 0) || !finite(s.MaxOffset) {
		return fmt.Errorf("camera: Shake.MaxOffset %v is invalid: allowed a finite distance ≥ 0 (0 means %v)", s.MaxOffset, DefaultShakeOffset)
	}
	if !(s.MaxAngle >= 0) || !finite(s.MaxAngle) {
		return fmt.Errorf("camera: Shake.MaxAngle %v is invalid: allowed a finite angle ≥ 0 (0 means %v)", s.MaxAngle, DefaultShakeAngle)
	}
	return nil
}
