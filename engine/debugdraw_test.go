package engine

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// sketcher draws with Debug: its Tick a line at x = the tick's index and
// a label, its actor's behaviour a line on top at the same x, its Draw a
// line at x = 1000 + the frame's number.
type sketcher struct {
	world  scene.Manager
	frames int
	ticks  int
	on     bool // what Debug().On() said in the latest tick
}

func (s *sketcher) Enter(*Context) error {
	s.world.SetView(mgl32.LookAtV(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	_, err := s.world.Spawn(scene.Spec{Mesh: gfx.MeshCube, Behavior: topSketch{}})
	return err
}
func (s *sketcher) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }
func (s *sketcher) Tick(ctx *TickContext) error {
	s.ticks++
	d := ctx.Debug()
	s.on = d.On()
	x := float32(ctx.Tick.Index)
	d.Line(mgl32.Vec3{x, 0, 0}, mgl32.Vec3{x, 1, 0}, gfx.RGB(1, 0, 0))
	d.Text(mgl32.Vec3{}, gfx.RGB(1, 1, 1), "origin")
	return nil
}
func (s *sketcher) Draw(ctx *DrawContext) {
	s.frames++
	x := float32(1000 + s.frames)
	ctx.Debug().Line(mgl32.Vec3{x, 0, 0}, mgl32.Vec3{x, 1, 0}, gfx.RGB(0, 1, 0))
}

// topSketch is a behaviour drawing through DebugOf: from its tick a line
// on top at x = the tick's index, from every frame one on top at x = 2000
// (Effect) and one depth-tested at x = 3000 (Drawer).
type topSketch struct{}

func (topSketch) Tick(a *scene.Actor, t timing.TickInfo, m *scene.Manager) error {
	x := float32(t.Index)
	DebugOf(m).OnTop().Line(mgl32.Vec3{x, 0, 0}, mgl32.Vec3{x, 2, 0}, gfx.RGB(0, 0, 1))
	return nil
}

func (topSketch) Update(a *scene.Actor, dt float32) {
	DebugOf(a.Manager()).OnTop().Line(mgl32.Vec3{2000, 0, 0}, mgl32.Vec3{2000, 2, 0}, gfx.RGB(0, 0, 1))
}

func (topSketch) Draw(a *scene.Actor, d *gfx.DrawList) {
	DebugOf(a.Manager()).Line(mgl32.Vec3{3000, 0, 0}, mgl32.Vec3{3000, 2, 0}, gfx.RGB(0, 0, 1))
}

// lineSpy is a renderer that records the x of every segment of the frame's
// first scene: depth-tested and on top, and the HUD texts.
type lineSpy struct {
	depth, top []float32
	texts      []gfx.Text
}

func (r *lineSpy) Render(f *gfx.Picture) error {
	r.depth, r.top, r.texts = r.depth[:0], r.top[:0], append(r.texts[:0], f.HUD.Texts...)
	if len(f.Scenes) == 0 {
		return nil
	}
	for _, l := range f.Scenes[0].LineBuffers() {
		for i := 0; i < len(l.Vertices()); i += 2 {
			if l.OnTop {
				r.top = append(r.top, l.Vertices()[i].Pos[0])
			} else {
				r.depth = append(r.depth, l.Vertices()[i].Pos[0])
			}
		}
	}
	return nil
}

func debugGame(t testing.TB, on bool) (*Game, *ManualClock, *lineSpy, *sketcher) {
	t.Helper()
	clk := &ManualClock{}
	g, err := New(Options{TickRate: 10, Clock: clk, NoPacing: true, DebugDraw: on})
	if err != nil {
		t.Fatal(err)
	}
	r, s := &lineSpy{}, &sketcher{}
	if err := g.Start(&nullWindow{800, 600}, r, s); err != nil {
		t.Fatal(err)
	}
	return g, clk, r, s
}

// TestDebugLifetime: what a tick draws stays on screen, frame after frame,
// until the state's next tick (only the last tick of a frame shows); what
// a frame draws shows in that frame only.
func TestDebugLifetime(t *testing.T) {
	g, clk, r, s := debugGame(t, true)
	lastTick := -1.0
	for i, step := range []timing.Micros{40_000, 40_000, 40_000, 40_000, 250_000, 10_000, 10_000, 100_000} {
		ticksBefore := s.ticks
		clk.Advance(step)
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
		if s.ticks > ticksBefore {
			lastTick = float64(g.Debug().Stats().Ticks - 1)
		}
		// Tick buffers come first, then the frame's: the Drawer's, then
		// the state's Draw's.
		wantDepth := []float32{3000, float32(1000 + s.frames)}
		wantTop := []float32{2000}
		wantTexts := 0
		if lastTick >= 0 {
			wantDepth = append([]float32{float32(lastTick)}, wantDepth...)
			wantTop = append([]float32{float32(lastTick)}, wantTop...)
			wantTexts = 1
		}
		if !slices.Equal(r.depth, wantDepth) || !slices.Equal(r.top, wantTop) {
			t.Fatalf("frame %d (%d ticks so far): lines at x %v, on top %v; want %v, %v: the last tick's and this frame's",
				i, s.ticks, r.depth, r.top, wantDepth, wantTop)
		}
		if len(r.texts) != wantTexts || wantTexts == 1 && (r.texts[0].S != "origin" || r.texts[0].X != 400 || r.texts[0].Y != 300) {
			t.Fatalf("frame %d: HUD texts %+v, want %d: the last tick's label \"origin\" at the centre 400, 300", i, r.texts, wantTexts)
		}
	}
	if s.ticks < 4 {
		t.Fatalf("only %d ticks ran: the steps no longer cover frames with and without ticks", s.ticks)
	}
	if !s.on {
		t.Fatal("TickContext.Debug().On() = false with Options.DebugDraw set")
	}

	// Off: nothing drawn, nothing handed to the renderer, from the next frame.
	g.Debug().SetDrawing(false)
	for range 3 {
		clk.Advance(100_000)
		if err := g.RunFrame(); err != nil {
			t.Fatal(err)
		}
		if len(r.depth)+len(r.top)+len(r.texts) != 0 || s.on {
			t.Fatalf("debug drawing off: %v lines, %v on top, %d texts, On() %v; want none", r.depth, r.top, len(r.texts), s.on)
		}
	}
	// On again: starts from nothing, then shows the next tick's drawing.
	g.Debug().SetDrawing(true)
	clk.Advance(100_000)
	if err := g.RunFrame(); err != nil {
		t.Fatal(err)
	}
	if want := float32(g.Debug().Stats().Ticks - 1); len(r.depth) != 3 || r.depth[0] != want {
		t.Fatalf("debug drawing back on: lines at %v, want the new tick's %v and this frame's two", r.depth, want)
	}
}

// TestDebugOffIsFree: with debug drawing off the states' calls store
// nothing and allocate nothing; on, a warm frame allocates nothing either.
func TestDebugOffIsFree(t *testing.T) {
	for _, on := range []bool{false, true} {
		g, clk, r, s := debugGame(t, on)
		frame := func() {
			clk.Advance(50_000)
			if err := g.RunFrame(); err != nil {
				t.Fatal(err)
			}
		}
		for range 20 {
			frame()
		}
		if n := testing.AllocsPerRun(50, frame); n != 0 {
			t.Errorf("debug drawing on=%v: a frame allocates %v times, want 0", on, n)
		}
		if !on {
			if len(r.depth)+len(r.top)+len(r.texts) != 0 || g.stack[0].debug != nil {
				t.Errorf("debug drawing off: %d lines and %d texts handed over, buffers %v; want none", len(r.depth)+len(r.top), len(r.texts), g.stack[0].debug)
			}
		}
		_ = s
	}
	var d Debug // the zero Debug draws nothing and does not panic
	d.Line(mgl32.Vec3{}, mgl32.Vec3{1, 1, 1}, gfx.RGB(1, 1, 1))
	d.OnTop().Sphere(mgl32.Vec3{}, 1, gfx.RGB(1, 1, 1))
}

// TestDebugNotHashed: the same run with debug drawing on and off reaches
// the same hash.
func TestDebugNotHashed(t *testing.T) {
	var hashes [2]uint64
	for i, on := range []bool{false, true} {
		g, clk, _, _ := debugGame(t, on)
		for range 30 {
			clk.Advance(37_000)
			if err := g.RunFrame(); err != nil {
				t.Fatal(err)
			}
		}
		hashes[i] = g.Hash()
	}
	if hashes[0] != hashes[1] {
		t.Fatalf("hash with debug drawing off %x, on %x; want the same", hashes[0], hashes[1])
	}
}

// BenchmarkDebugLines10k draws 10,000 lines a frame through Debug, on and
// off: the CPU cost of building the vertices a state submits.
func BenchmarkDebugLines10k(b *testing.B) {
	for _, on := range []bool{true, false} {
		name := "off"
		if on {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			var d Debug
			var lines debugLines
			if on {
				d = Debug{&lines.frame, &lines.frameTop}
			}
			c := gfx.RGB(0.3, 0.9, 0.5)
			b.ReportAllocs()
			for b.Loop() {
				lines.frame.Reset()
				for i := range 10000 {
					x := float32(i)
					d.Line(mgl32.Vec3{x, 0, 0}, mgl32.Vec3{x, 1, 0}, c)
				}
			}
		})
	}
}
