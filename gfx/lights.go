package gfx

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxLights is how many point and spot lights a renderer shades per scene
// (forward shading: every lit fragment loops over them).
const MaxLights = 16

// LightKind is a punctual light's kind.
type LightKind uint8

const (
	PointLight LightKind = iota // shines in every direction from Position: the zero value
	SpotLight                   // shines in a cone around Dir
)

// PunctualLight is a point or spot light, as KHR_lights_punctual defines
// them: intensity in candela, falling off with the inverse square of the
// distance and smoothly to zero at Range. A scene adds its lights to its
// draw list every frame (DrawList.AddLight), placed from an actor's render
// matrix (Place), so they move as smoothly as everything else.
type PunctualLight struct {
	Kind      LightKind
	Position  mgl32.Vec3 // world space
	Dir       mgl32.Vec3 // the direction a spot light shines, world space; need not be unit length
	Color     Color      // linear; the zero Color means white
	Intensity float32    // candela; 0 means 1
	Range     float32    // distance where the light ends; 0 means unlimited (inverse square only)
	Inner     float32    // spot: the cone's full-intensity half-angle, radians (default 0)
	Outer     float32    // spot: the cone's half-angle where it reaches 0, radians; 0 means π/4
}

// Place sets the light's position and direction from a render (world)
// matrix, as glTF places lights: at the node's origin, shining along its
// −Z axis. m is only read.
func (l *PunctualLight) Place(m *mgl32.Mat4) {
	l.Position = mgl32.Vec3{m[12], m[13], m[14]}
	l.Dir = mgl32.Vec3{-m[8], -m[9], -m[10]}
}

// Validate reports a light whose values are out of range.
func (l *PunctualLight) Validate() error {
	outer := l.Outer
	if outer == 0 {
		outer = math.Pi / 4
	}
	c := l.Color
	switch {
	case l.Kind > SpotLight:
		return fmt.Errorf("gfx: light kind %d: PointLight or SpotLight", l.Kind)
	case !finite(l.Position[0], l.Position[1], l.Position[2], l.Dir[0], l.Dir[1], l.Dir[2]):
		return fmt.Errorf("gfx: light position %v or direction %v is not finite", l.Position, l.Dir)
	case !(c.R >= 0 && c.G >= 0 && c.B >= 0) || !finite(c.R, c.G, c.B):
		return fmt.Errorf("gfx: light colour %+v: finite components of 0 or more", c)
	case !(l.Intensity >= 0) || !finite(l.Intensity):
		return fmt.Errorf("gfx: light intensity %v: a finite value of 0 or more (0 means 1)", l.Intensity)
	case !(l.Range >= 0) || !finite(l.Range):
		return fmt.Errorf("gfx: light range %v: a finite distance of 0 or more (0 means unlimited)", l.Range)
	case l.Kind == SpotLight && !(l.Inner >= 0 && l.Inner < outer && outer <= math.Pi/2):
		return fmt.Errorf("gfx: spot cone angles inner %v, outer %v: want 0 ≤ inner < outer ≤ π/2", l.Inner, l.Outer)
	}
	return nil
}

// LightBlock is the lights of one scene packed as a shader reads them:
// arrays of vec4, the nearest MaxLights lights to the camera. A renderer
// keeps one and refills it per scene with Pack; it allocates only when a
// scene has more lights than any before.
type LightBlock struct {
	N int // lights packed, at most MaxLights
	// PosInvRange: xyz position, w 1/range² (0: unlimited).
	PosInvRange [MaxLights][4]float32
	// ColorKind: rgb colour × intensity (linear), w 0 for a point light, 1 for a spot.
	ColorKind [MaxLights][4]float32
	// Dir: xyz the unit direction a spot shines, w 0.
	Dir [MaxLights][4]float32
	// Cone: a spot's scale and offset, its attenuation being
	// clamp(cos(angle)·scale + offset, 0, 1)², as KHR_lights_punctual's
	// reference code; (0, 1) for a point light.
	Cone [MaxLights][2]float32

	// Dropped counts the lights left out because the scene had more than
	// MaxLights (the farthest from the camera) or they were invalid.
	Dropped int
	// Invalid is the first invalid light's error, if any.
	Invalid error

	order []int32
	dist  []float32
}

// Pack fills b from lights, keeping the MaxLights lights nearest to eye
// when there are more (a scene with more lights than that drops the
// farthest, counted in Dropped, so the renderer can say so once). An
// invalid light (see PunctualLight.Validate) is skipped and reported in
// Invalid. Pack runs once per scene per frame on the render thread.
func (b *LightBlock) Pack(lights []PunctualLight, eye mgl32.Vec3) {
	b.N, b.Dropped, b.Invalid = 0, 0, nil
	b.order, b.dist = b.order[:0], b.dist[:0]
	for i := range lights {
		l := &lights[i]
		if err := l.Validate(); err != nil {
			if b.Invalid == nil {
				b.Invalid = fmt.Errorf("light %d: %w", i, err)
			}
			b.Dropped++
			continue
		}
		b.order = append(b.order, int32(i))
		b.dist = append(b.dist, l.Position.Sub(eye).LenSqr())
	}
	if len(b.order) > MaxLights {
		b.Dropped += len(b.order) - MaxLights
		// Partial selection sort: MaxLights passes over at most a few
		// hundred lights, no allocation.
		for k := 0; k < MaxLights; k++ {
			best := k
			for j := k + 1; j < len(b.order); j++ {
				if b.dist[j] < b.dist[best] {
					best = j
				}
			}
			b.order[k], b.order[best] = b.order[best], b.order[k]
			b.dist[k], b.dist[best] = b.dist[best], b.dist[k]
		}
		b.order = b.order[:MaxLights]
	}
	for _, i := range b.order {
		b.put(&lights[i])
	}
}

func (b *LightBlock) put(l *PunctualLight) {
	k := b.N
	b.N++
	inv := float32(0)
	if l.Range > 0 {
		inv = 1 / (l.Range * l.Range)
	}
	c, in := l.Color, l.Intensity
	if c == (Color{}) {
		c = Color{1, 1, 1, 1}
	}
	if in == 0 {
		in = 1
	}
	b.PosInvRange[k] = [4]float32{l.Position[0], l.Position[1], l.Position[2], inv}
	kind := float32(0)
	d := mgl32.Vec3{0, 0, -1}
	scale, offset := float32(0), float32(1)
	if l.Kind == SpotLight {
		kind = 1
		if n := l.Dir.Len(); n > 1e-12 {
			d = l.Dir.Mul(1 / n)
		}
		outer := l.Outer
		if outer == 0 {
			outer = math.Pi / 4
		}
		co, ci := float32(math.Cos(float64(outer))), float32(math.Cos(float64(l.Inner)))
		scale = 1 / max(1e-3, ci-co)
		offset = -co * scale
	}
	b.ColorKind[k] = [4]float32{c.R * in, c.G * in, c.B * in, kind}
	b.Dir[k] = [4]float32{d[0], d[1], d[2], 0}
	b.Cone[k] = [2]float32{scale, offset}
}
