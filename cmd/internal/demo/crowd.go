package demo

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// The crowd: Config.Actors extra cubes for stress tests, on rings around the
// scene, three layers high, each ring orbiting at its own speed and
// direction while its cubes spin.
const (
	crowdInner   = 11.0 // radius of the first rings
	crowdSpacing = 0.75 // distance between cubes along a ring and between rings
	crowdLayers  = 3
	crowdScale   = 0.32
)

// ring is the motion shared by the cubes of one ring. Gameplay advances it
// once per tick, before the scene's behaviours run; each cube then only
// rotates its starting offset and orientation by it.
type ring struct {
	orbit, spin   float64 // angles, radians
	orbitV, spinV float64 // radians per second
	axis          mgl32.Vec3
	cos, sin      float32    // of the orbit angle
	rot           mgl32.Quat // of the spin angle about axis
	height        float32
	color         gfx.Color
}

// advance moves the ring by one tick of dt seconds.
func (r *ring) advance(dt float64) {
	r.orbit = wrapAngle(r.orbit + r.orbitV*dt)
	r.spin = wrapAngle(r.spin + r.spinV*dt)
	s, c := math.Sincos(r.orbit)
	r.cos, r.sin = float32(c), float32(s)
	r.rot = axisAngle(r.axis, r.spin)
}

// ringCube is the data of one crowd cube, its actor's Behavior: where it
// sits on its ring when the ring's angle is zero, and how it is turned.
// crowdTicker moves it.
type ringCube struct {
	r      *ring
	x0, z0 float32
	q0     mgl32.Quat
}

// crowdTicker ticks every crowd cube in one call per tick (a
// scene.BulkTicker): each is a 2D rotation and one quaternion product
// through pointers, a few nanoseconds, with no interface call per cube.
// The cubes only read their ring and write their own Local, so ticking
// them together after the other behaviours gives the scene it gave when
// each cube was a Ticker.
type crowdTicker struct{}

// TickBulk places each crowd cube on its ring for this tick.
func (*crowdTicker) TickBulk(actors []*scene.Actor, _ timing.TickInfo, _ *scene.Manager) error {
	for _, a := range actors {
		c, ok := a.Behavior().(*ringCube)
		if !ok {
			return fmt.Errorf("demo: crowd ticker given %v, whose behaviour is a %T, not a crowd cube", a.Handle(), a.Behavior())
		}
		c.place(&a.Local)
	}
	return nil
}

// place sets t's horizontal position and rotation from the ring's angles.
func (c *ringCube) place(t *scene.Transform) {
	r := c.r
	t.Pos[0] = r.cos*c.x0 - r.sin*c.z0
	t.Pos[2] = r.sin*c.x0 + r.cos*c.z0
	mulQuat(&t.Rot, &r.rot, &c.q0)
}

// ringRadius returns the radius of ring k: crowdLayers rings, one above
// the other, share each radius.
func ringRadius(k int) float64 { return crowdInner + crowdSpacing*float64(k/crowdLayers) }

// ringSize returns how many cubes fit on a ring of the given radius.
func ringSize(radius float64) int { return int(2 * math.Pi * radius / crowdSpacing) }

// crowdRadius returns the radius of the outermost ring needed for n cubes.
func crowdRadius(n int) float32 {
	r := crowdInner
	for k, left := 0, n; left > 0; k++ {
		r = ringRadius(k)
		left -= ringSize(r)
	}
	return float32(r)
}

// spawnCrowd spawns n ring cubes into m.
func (g *Gameplay) spawnCrowd(m *scene.Manager, n int) error {
	g.crowd = make([]ringCube, n)
	bulk := new(crowdTicker)
	for k, done := 0, 0; done < n; k++ {
		layer := k % crowdLayers
		rad := ringRadius(k)
		count := min(ringSize(rad), n-done)
		dir := float64(1 - 2*(k%2))
		hue := float32(math.Mod(float64(k)*0.13, 1))
		r := &ring{
			orbitV: dir * 2.6 / math.Sqrt(rad), // Kepler-like: outer rings are slower
			spinV:  1.5 + float64(k%5)*0.4,
			axis:   mgl32.Vec3{0.3, 1, 0.2}.Normalize(),
			height: 0.6 + 0.8*float32(layer),
			color:  hsv(hue, 0.55, 0.95),
		}
		r.advance(0)
		g.rings = append(g.rings, r)
		for i := range count {
			th := 2 * math.Pi * (float64(i) + 0.5*float64(layer)) / float64(count)
			c := &g.crowd[done+i]
			c.r = r
			c.x0, c.z0 = float32(rad*math.Cos(th)), float32(rad*math.Sin(th))
			c.q0 = axisAngle(mgl32.Vec3{0, 1, 0}, th)
			at := scene.Transform{Pos: mgl32.Vec3{0, r.height, 0}}
			c.place(&at)
			_, err := m.Spawn(scene.Spec{
				Pos:      at.Pos,
				Rot:      at.Rot,
				Scale:    mgl32.Vec3{crowdScale, crowdScale, crowdScale},
				Mesh:     gfx.MeshCube,
				Color:    r.color,
				Behavior: c,
				Bulk:     bulk,
			})
			if err != nil {
				return fmt.Errorf("demo: spawning crowd cube %d: %w", done+i, err)
			}
		}
		done += count
	}
	return nil
}

// hsv returns the opaque colour of hue h, saturation s and value v, all in
// [0, 1].
func hsv(h, s, v float32) gfx.Color {
	h6 := h * 6
	i := int(h6) % 6
	f := h6 - float32(int(h6))
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	switch i {
	case 0:
		return gfx.RGB(v, t, p)
	case 1:
		return gfx.RGB(q, v, p)
	case 2:
		return gfx.RGB(p, v, t)
	case 3:
		return gfx.RGB(p, q, v)
	case 4:
		return gfx.RGB(t, p, v)
	}
	return gfx.RGB(v, p, q)
}
