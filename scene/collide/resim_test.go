package collide

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// pileScene is a floor and a pyramid of boxes settling on it.
type pileScene struct {
	m scene.Manager
	w *World
}

func (p *pileScene) Describe(v *fields.Visitor) {
	v.Struct("world", p.w)
	for _, a := range p.m.All() {
		v.Vec3("pos", &a.Local.Pos)
		v.Quat("rot", &a.Local.Rot)
	}
}

func newPile(t *testing.T) *pileScene {
	p := &pileScene{w: New(Config{})}
	floor, _ := p.m.Spawn(scene.Spec{Pos: mgl32.Vec3{0, -0.5, 0}, Scale: mgl32.Vec3{20, 1, 20}})
	if err := p.w.Attach(&p.m, floor, Collider{Shape: Box(mgl32.Vec3{0.5, 0.5, 0.5})}); err != nil {
		t.Fatal(err)
	}
	for layer, n := range [3]int{3, 2, 1} {
		for i := range n {
			for j := range n {
				off := func(k int) float32 { return (float32(k) - float32(n-1)/2) * 0.62 }
				h, _ := p.m.Spawn(scene.Spec{Pos: mgl32.Vec3{off(i), 0.3 + float32(layer)*0.605, off(j)}, Scale: mgl32.Vec3{0.6, 0.6, 0.6}})
				if err := p.w.Attach(&p.m, h, Collider{Shape: Box(mgl32.Vec3{0.5, 0.5, 0.5}), Body: Dynamic, Friction: 0.6}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return p
}

func (p *pileScene) step(t *testing.T, i uint64) {
	ti := timing.TickInfo{Index: i, Rate: 30, Delta: 1.0 / 30}
	if err := p.w.Step(&p.m, ti); err != nil {
		t.Fatal(err)
	}
	if err := p.m.Tick(ti); err != nil {
		t.Fatal(err)
	}
}

// TestResimulateFromSnapshot: ticks run again from a snapshot give the
// same state, whichever tick the snapshot is taken before (the engine's
// sync test and rollback rely on it).
func TestResimulateFromSnapshot(t *testing.T) {
	for _, at := range []uint64{1, 9, 17, 33, 60} {
		p := newPile(t)
		for i := range at {
			p.step(t, i)
		}
		snap := fields.Save(p, nil)
		var want []uint64
		var dumps []string
		for i := at; i < at+8; i++ {
			p.step(t, i)
			want = append(want, fields.Hash(p))
			dumps = append(dumps, fields.Dump(p))
		}
		if _, err := fields.Load(p, snap); err != nil {
			t.Fatal(err)
		}
		for k, i := 0, at; i < at+8; i, k = i+1, k+1 {
			p.step(t, i)
			if got := fields.Hash(p); got != want[k] {
				a, b := strings.Split(dumps[k], "\n"), strings.Split(fields.Dump(p), "\n")
				for j := range min(len(a), len(b)) {
					if a[j] != b[j] {
						t.Logf("%s\n%s", a[j], b[j])
					}
				}
				t.Fatalf("snapshot before tick %d: tick %d differs when run again", at, i)
			}
		}
	}
}

// TestSaveAllocatesNothing: once its buffer has grown, saving the world
// (as rollback does every tick) allocates nothing.
func TestSaveAllocatesNothing(t *testing.T) {
	p := newPile(t)
	for i := range uint64(5) {
		p.step(t, i)
	}
	var c fields.Codec
	buf := c.Save(p.w, nil)
	if allocs := testing.AllocsPerRun(20, func() { buf = c.Save(p.w, buf[:0]) }); allocs != 0 {
		t.Errorf("saving the world allocates %v times, want 0", allocs)
	}
}

// countLines is a LineDrawer that counts what it is given.
type countLines struct{ n int }

func (c *countLines) Line(a, b mgl32.Vec3, _ gfx.Color)                          { c.n++ }
func (c *countLines) Arrow(a, b mgl32.Vec3, _ gfx.Color)                         { c.n++ }
func (c *countLines) OrientedBox(*mgl32.Mat4, mgl32.Vec3, mgl32.Vec3, gfx.Color) { c.n++ }
func (c *countLines) Sphere(mgl32.Vec3, float32, gfx.Color)                      { c.n++ }

// TestDrawDebugAllocatesNothing: the debug view of a pile of boxes, drawn
// every frame, allocates nothing.
func TestDrawDebugAllocatesNothing(t *testing.T) {
	p := newPile(t)
	p.step(t, 0)
	var c countLines
	if allocs := testing.AllocsPerRun(20, func() { p.w.DrawDebug(&c) }); allocs != 0 || c.n == 0 {
		t.Errorf("DrawDebug: %v allocations, %d shapes drawn; want 0 allocations, some shapes", allocs, c.n)
	}
}
