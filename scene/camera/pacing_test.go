package camera

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// rig is one camera of each kind and a transition between two of them,
// driven together from a fixed script of per-tick input.
type rig struct {
	orbit  Orbit
	fly    Fly
	fp     FirstPerson
	follow Follow
	tr     Transition
}

const rigTicks = 300 // 10 s at 30 Hz

func newRig() *rig {
	r := &rig{
		orbit:  Orbit{Distance: 6, Target: mgl32.Vec3{0, 1, 0}, MinDistance: 2, MaxDistance: 20, Aim: Aim{Pitch: -0.3}},
		fly:    Fly{Eye: mgl32.Vec3{0, 2, 10}, Speed: 4},
		fp:     FirstPerson{EyeHeight: 1.7},
		follow: Follow{Distance: 5, Offset: mgl32.Vec3{0, 1.5, 0}, Lag: 0.15, LookAhead: 0.4, Radius: 0.2},
	}
	// A wall across z = 2 for the follow camera's arm.
	r.follow.Collide = func(from, to mgl32.Vec3) (float32, bool) {
		if from[2] < 2 && to[2] > 2 {
			return (2 - from[2]) / (to[2] - from[2]), true
		}
		return 0, false
	}
	r.orbit.Shake.Seed(7)
	r.follow.Shake.Seed(8)
	return r
}

// script is the input of tick i: mouse motion, a stick, movement and zoom
// steps that change from tick to tick.
func script(i uint64) Input {
	return Input{
		Look: mgl32.Vec2{float32(int(i*7%23) - 11), float32(int(i*5%17) - 8)},
		Turn: mgl32.Vec2{float32(int(i/40%3) - 1), 0},
		Move: mgl32.Vec3{float32(int(i/25%3) - 1), float32(int(i/60%3) - 1), 1},
		Zoom: float32(int(i%31/29)) - float32(int(i%37/36)), // +1 every 31 ticks, −1 every 37
	}
}

func (r *rig) tick(i uint64, d float64) {
	in := script(i)
	switch i {
	case 40:
		_ = r.orbit.Shake.Start(1, 20)
	case 60:
		_ = r.tr.Start(&r.orbit, &r.follow, 45)
	case 150:
		_ = r.follow.Shake.Start(0.6, 30)
	}
	// The followed point runs a circle; the first-person body walks.
	a := float64(i) * d * 0.8
	r.follow.Target = mgl32.Vec3{float32(4 * math.Cos(a)), 0, float32(4 * math.Sin(a))}
	r.orbit.Tick(in, d)
	r.fly.Tick(in, d)
	r.follow.Tick(in, d)
	r.fp.Tick(in, d)
	r.fp.Feet = r.fp.Feet.Add(r.fp.Walk(in.Move).Mul(float32(3 * d)))
	r.tr.Tick()
}

// Describe names every camera of the rig, the way a game's state does.
func (r *rig) Describe(v *fields.Visitor) {
	v.Struct("orbit", &r.orbit)
	v.Struct("fly", &r.fly)
	v.Struct("fp", &r.fp)
	v.Struct("follow", &r.follow)
	v.Struct("tr", &r.tr)
}

func (r *rig) hash() uint64 { return fields.Hash(r) }

func (r *rig) render(alpha float32, dst *[5]gfx.Camera) {
	r.orbit.Render(alpha, &dst[0])
	r.fly.Render(alpha, &dst[1])
	r.fp.Render(alpha, &dst[2])
	r.follow.Render(alpha, &dst[3])
	r.tr.Render(alpha, &dst[4])
}

// snapshot returns a copy of r whose transition blends the copy's cameras.
func (r *rig) snapshot() *rig {
	c := *r
	if c.tr.started {
		c.tr.from, c.tr.to = &c.orbit, &c.follow
	}
	return &c
}

// pacing returns frame times (µs) at about fps frames per second, each off
// by up to ±jitter of the period, over span µs, with the probe times added.
func pacing(fps, jitter float64, seed uint64, span timing.Micros, probes []timing.Micros) []timing.Micros {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []timing.Micros
	now := 0.0
	for now < float64(span) {
		now += 1e6 / fps * (1 + jitter*(2*rng.Float64()-1))
		out = append(out, timing.Micros(math.Round(now)))
	}
	out = append(out, probes...)
	slices.Sort(out)
	return slices.Compact(out)
}

// The drawn path of a camera depends on game time only: at 7, 60 and
// 240 ± 50 % fps, every tick leaves the same state (hash) as a run of one
// tick per frame, every frame draws the matrices of that run's state at the
// frame's tick and alpha, and frames at the same time draw the same
// matrices at every frame rate.
func TestDrawnPathIsTheSameAtAnyFrameRate(t *testing.T) {
	// The reference: one tick after another, a snapshot after each.
	ref := newRig()
	refHash := make([]uint64, rigTicks)
	refSnap := make([]*rig, rigTicks+1)
	refSnap[0] = ref.snapshot()
	for i := range uint64(rigTicks) {
		ref.tick(i, 1.0/30)
		refHash[i] = ref.hash()
		refSnap[i+1] = ref.snapshot()
	}
	if refHash[rigTicks-1] == refHash[rigTicks-2] {
		t.Fatal("the script leaves the cameras still: the test would prove nothing")
	}

	span := timing.Micros(rigTicks) * 1e6 / 30
	var probes []timing.Micros
	for p := timing.Micros(50_000); p < span-100_000; p += 47_000 {
		probes = append(probes, p)
	}
	seen := map[timing.Micros][5]gfx.Camera{}
	for _, pc := range []struct {
		name        string
		fps, jitter float64
	}{{"7 fps", 7, 0}, {"60 fps", 60, 0}, {"240 fps ±50 %", 240, 0.5}} {
		t.Run(pc.name, func(t *testing.T) {
			s, err := timing.New(timing.Config{Rate: 30})
			if err != nil {
				t.Fatal(err)
			}
			s.Advance(0)
			r := newRig()
			var got, want [5]gfx.Camera
			frames, probed := 0, 0
			for _, now := range pacing(pc.fps, pc.jitter, 3, span, probes) {
				f := s.Advance(now)
				for i := range f.Ticks {
					ti := f.Tick(i)
					if ti.Index >= rigTicks {
						break
					}
					r.tick(ti.Index, ti.Delta)
					if h := r.hash(); h != refHash[ti.Index] {
						t.Fatalf("tick %d: hash %x, want %x (one tick per frame)", ti.Index, h, refHash[ti.Index])
					}
				}
				n := s.Ticks()
				if n == 0 || n > rigTicks {
					continue
				}
				alpha := float32(f.Alpha)
				r.render(alpha, &got)
				refSnap[n].render(alpha, &want)
				if got != want {
					t.Fatalf("frame at %v (tick %d, alpha %v): drew %v, want %v", now, n, alpha, got, want)
				}
				frames++
				if _, isProbe := slices.BinarySearch(probes, now); isProbe {
					probed++
					if other, ok := seen[now]; ok && other != got {
						t.Fatalf("frame at %v: drew\n%v\nanother frame rate drew\n%v", now, got, other)
					}
					seen[now] = got
				}
			}
			if probed != len(probes) {
				t.Errorf("%d of %d probe frames drawn", probed, len(probes))
			}
			if st := s.Dropped(); st != 0 {
				t.Errorf("%v of game time dropped: the pacing was too slow to compare", st)
			}
			t.Logf("%d frames compared", frames)
		})
	}
	// The probes saw the cameras move.
	if a, b := seen[probes[0]], seen[probes[len(probes)-1]]; a == b {
		t.Error("first and last probe frames drew the same: nothing moved")
	}
}
