package demo

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// maxSparks is the size of a Sparks pool: the most sparks alive at once.
const maxSparks = 160

// Sparks is a visual-only particle emitter: small cubes thrown up from its
// actor's render position, falling, bouncing once on the floor and
// shrinking away. It is an Effect and a Drawer, not a Ticker: it is advanced
// on the real frame time (zero while the game is paused or frozen under an
// overlay), it changes nothing the simulation reads, and its random numbers
// come from its own generator, never the game's. Frames differ from machine
// to machine, so the sparks do too; the game's hash does not.
//
// Every spark lives in a fixed pool and its model matrix is written in
// place, so a frame allocates nothing.
type Sparks struct {
	Rate  float32   // sparks per second
	Life  float32   // seconds a spark lives
	Size  float32   // edge of a new spark
	Color gfx.Color // colour of a new spark

	p     [maxSparks]spark
	emit  float32 // sparks owed to the emission rate
	next  int     // pool slot to reuse next
	rng   uint64  // xorshift state; visual only
	alive int
}

type spark struct {
	pos, vel mgl32.Vec3
	age      float32 // seconds; a spark is dead when age >= life
	life     float32
	m        mgl32.Mat4 // model matrix for this frame
}

// Update ages and moves the sparks by dt seconds and emits new ones from
// the actor's render position. It runs once per displayed frame, after the
// scene's interpolation.
func (s *Sparks) Update(a *scene.Actor, dt float32) {
	if dt <= 0 {
		return // paused or frozen: the sparks freeze too
	}
	dt = min(dt, 0.1) // a long hitch must not fling sparks through the floor
	if s.rng == 0 {
		s.rng = 0x9e3779b97f4a7c15
	}
	s.emit += s.Rate * dt
	r := a.RenderMatrix()
	origin := mgl32.Vec3{r[12], r[13], r[14]}
	for ; s.emit >= 1; s.emit-- {
		p := &s.p[s.next]
		s.next = (s.next + 1) % maxSparks
		p.pos = origin
		p.vel = mgl32.Vec3{4 * (s.rand() - 0.5), 2 + 3*s.rand(), 4 * (s.rand() - 0.5)}
		p.age, p.life = 0, s.Life*(0.5+s.rand())
	}
	s.alive = 0
	for i := range s.p {
		p := &s.p[i]
		if p.age >= p.life {
			continue
		}
		p.age += dt
		p.vel[1] -= 9.81 * dt
		p.pos = p.pos.Add(p.vel.Mul(dt))
		if p.pos[1] < 0 && p.vel[1] < 0 { // one soft bounce on the floor
			p.pos[1], p.vel[1] = 0, -0.4*p.vel[1]
		}
		k := s.Size * max(0, 1-p.age/p.life)
		p.m = mgl32.Mat4{}
		p.m[0], p.m[5], p.m[10], p.m[15] = k, k, k, 1
		p.m[12], p.m[13], p.m[14] = p.pos[0], p.pos[1], p.pos[2]
		if p.age < p.life {
			s.alive++
		}
	}
}

// Draw adds the living sparks to the frame's draw list, once per frame.
func (s *Sparks) Draw(_ *scene.Actor, d *gfx.DrawList) {
	for i := range s.p {
		if p := &s.p[i]; p.age < p.life {
			d.Add(gfx.MeshCube, &p.m, s.Color)
		}
	}
}

// Alive returns the number of sparks alive after the last frame.
func (s *Sparks) Alive() int { return s.alive }

// rand returns a number in [0, 1) from the emitter's own generator.
func (s *Sparks) rand() float32 {
	s.rng ^= s.rng << 13
	s.rng ^= s.rng >> 7
	s.rng ^= s.rng << 17
	return float32(s.rng>>40) / (1 << 24)
}
