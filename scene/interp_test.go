package scene

import (
	"flag"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/timing"
)

// mover moves its actor by a fixed step each tick, in position, rotation
// and scale.
type mover struct {
	step  mgl32.Vec3
	turn  mgl32.Quat
	grow  mgl32.Vec3
	count int
}

func (v *mover) Tick(a *Actor, t timing.TickInfo, m *Manager) error {
	a.Local.Pos = a.Local.Pos.Add(v.step)
	if v.turn != (mgl32.Quat{}) {
		a.Local.Rot = v.turn.Mul(a.Local.Rot)
	}
	a.Local.Scale = a.Local.Scale.Add(v.grow)
	v.count++
	return nil
}

// TestInterpolateAlpha: alpha 0, 0.5 and 1 show the last-world transform,
// the midpoint and the world transform.
func TestInterpolateAlpha(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{
		Pos: mgl32.Vec3{1, 2, 3}, Rot: deg(10, yAxis), Scale: mgl32.Vec3{1, 1, 1},
		Behavior: &mover{step: mgl32.Vec3{2, 0, -4}, turn: deg(50, yAxis), grow: mgl32.Vec3{1, 0, 0.5}},
	})
	tick(t, &m, 0)
	a := actor(t, &m, h)
	tests := []struct {
		alpha float32
		want  Transform
	}{
		{0, trs(mgl32.Vec3{1, 2, 3}, deg(10, yAxis), mgl32.Vec3{1, 1, 1})},
		{0.5, trs(mgl32.Vec3{2, 2, 1}, deg(35, yAxis), mgl32.Vec3{1.5, 1, 1.25})},
		{1, trs(mgl32.Vec3{3, 2, -1}, deg(60, yAxis), mgl32.Vec3{2, 1, 1.5})},
	}
	for _, tt := range tests {
		m.Interpolate(tt.alpha)
		checkMat(t, "render at alpha "+fmtFloat(tt.alpha), a.RenderMatrix(), refMatrix(tt.want), 2e-5)
	}
	m.Interpolate(0)
	checkMat(t, "render at alpha 0 vs LastWorldMatrix", a.RenderMatrix(), a.LastWorldMatrix(), 1e-6)
	m.Interpolate(1)
	checkMat(t, "render at alpha 1 vs WorldMatrix", a.RenderMatrix(), a.WorldMatrix(), 1e-6)
}

func TestInterpolateClampsAlpha(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{Behavior: &mover{step: mgl32.Vec3{1, 0, 0}}})
	tick(t, &m, 0)
	a := actor(t, &m, h)
	tests := []struct {
		alpha float32
		want  float32 // x of the render position
	}{
		{float32(math.NaN()), 0},
		{-3, 0},
		{7, 1},
		{float32(math.Inf(1)), 1},
	}
	for _, tt := range tests {
		m.Interpolate(tt.alpha)
		if got := a.RenderMatrix()[12]; got != tt.want {
			t.Errorf("Interpolate(%v): render x got %v, want %v", tt.alpha, got, tt.want)
		}
	}
}

// TestRenderRigidAtEveryAlpha: the render matrix of a rigid actor, root or
// child, has an orthonormal rotation part and the actor's scale at every
// alpha, in both blending modes.
func TestRenderRigidAtEveryAlpha(t *testing.T) {
	var m Manager
	root := spawn(t, &m, Spec{Scale: mgl32.Vec3{2, 3, 0.5},
		Behavior: &mover{step: mgl32.Vec3{1, 2, 3}, turn: deg(150, mgl32.Vec3{1, 2, 3})}})
	child := spawn(t, &m, Spec{Parent: root, Pos: mgl32.Vec3{0, 4, 0}, Scale: mgl32.Vec3{1, 1, 1},
		Behavior: &mover{turn: deg(-80, xAxis)}})
	tick(t, &m, 0)
	tick(t, &m, 1)
	for _, mode := range []Mode{ModeInterpolate, ModeExtrapolate} {
		m.SetMode(mode)
		for i := 0; i <= 20; i++ {
			alpha := float32(i) / 20
			m.Interpolate(alpha)
			for _, tc := range []struct {
				h     Handle
				scale mgl32.Vec3
			}{{root, mgl32.Vec3{2, 3, 0.5}}, {child, mgl32.Vec3{2, 3, 0.5}}} {
				e, scale := rigidError(actor(t, &m, tc.h).RenderMatrix())
				if e > 1e-5 {
					t.Errorf("%v, %v at alpha %g: RᵀR − I = %g, want ≤ 1e-5", mode, tc.h, alpha, e)
				}
				checkVec(t, mode.String()+" scale", scale, tc.scale, 1e-5)
			}
		}
	}
}

// TestChildFollowsArc: a moon orbiting a spinning planet stays at its
// distance from the planet at every alpha (an arc, not a chord), and a
// rigidly attached child stays attached.
func TestChildFollowsArc(t *testing.T) {
	var m Manager
	planet := spawn(t, &m, Spec{Pos: mgl32.Vec3{3, 1, -2},
		Behavior: &mover{step: mgl32.Vec3{0.5, 0, 0}, turn: deg(50, yAxis)}})
	moon := spawn(t, &m, Spec{Parent: planet, Pos: mgl32.Vec3{5, 0, 0}})
	for i := uint64(0); i < 4; i++ {
		tick(t, &m, i)
		for j := 0; j <= 10; j++ {
			alpha := float32(j) / 10
			m.Interpolate(alpha)
			pr := actor(t, &m, planet).RenderMatrix()
			mr := actor(t, &m, moon).RenderMatrix()
			if d := pos(mr).Sub(pos(pr)).Len(); math.Abs(float64(d-5)) > 1e-4 {
				t.Errorf("tick %d alpha %g: moon's distance to the planet got %g, want 5", i, alpha, d)
			}
			// Rigidly attached: the moon's render matrix is the planet's
			// times its local matrix.
			checkMat(t, "moon render", mr, pr.Mul4(actor(t, &m, moon).LocalMatrix()), 1e-4)
		}
	}
	// The chord between the two ticks' positions would be much shorter: the
	// test above would fail with per-actor world-space blending.
	last, world := actor(t, &m, moon).LastWorld().Pos, actor(t, &m, moon).World().Pos
	pl, pw := actor(t, &m, planet).LastWorld().Pos, actor(t, &m, planet).World().Pos
	chordMid := last.Add(world).Mul(0.5).Sub(pl.Add(pw).Mul(0.5)).Len()
	if chordMid > 4.8 {
		t.Fatalf("chord midpoint distance %g: the motion is too slow for this test to mean anything", chordMid)
	}
}

// TestTeleportNoSmear: a teleported actor (and its children) shows at its
// new place at every alpha.
func TestTeleportNoSmear(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{})
	child := spawn(t, &m, Spec{Parent: h, Pos: mgl32.Vec3{0, 1, 0}})
	tick(t, &m, 0)
	a := actor(t, &m, h)
	a.Local.Pos = mgl32.Vec3{100, 0, 0}
	if err := m.Teleport(h); err != nil {
		t.Fatal(err)
	}
	for _, alpha := range []float32{0, 0.5, 1} {
		m.Interpolate(alpha)
		checkVec(t, "teleported render at "+fmtFloat(alpha), pos(a.RenderMatrix()), mgl32.Vec3{100, 0, 0}, 0)
		checkVec(t, "its child", pos(actor(t, &m, child).RenderMatrix()), mgl32.Vec3{100, 1, 0}, 1e-5)
	}
	// Also when the teleport happens during a tick, from a behaviour.
	a.SetBehavior(behaviorFunc(func(a *Actor, ti timing.TickInfo, m *Manager) error {
		a.Local.Pos = mgl32.Vec3{-50, 0, 0}
		return m.Teleport(a.Handle())
	}))
	tick(t, &m, 1)
	m.Interpolate(0.5)
	checkVec(t, "teleported during a tick, render at 0.5", pos(a.RenderMatrix()), mgl32.Vec3{-50, 0, 0}, 0)

	// Without the teleport, the same jump smears: the test can tell.
	a.SetBehavior(behaviorFunc(func(a *Actor, ti timing.TickInfo, m *Manager) error {
		a.Local.Pos = mgl32.Vec3{50, 0, 0}
		return nil
	}))
	tick(t, &m, 2)
	m.Interpolate(0.5)
	checkVec(t, "moved without teleport, render at 0.5", pos(a.RenderMatrix()), mgl32.Vec3{0, 0, 0}, 0)
}

func TestTeleportAll(t *testing.T) {
	var m Manager
	hs := []Handle{
		spawn(t, &m, Spec{Behavior: &mover{step: mgl32.Vec3{10, 0, 0}}}),
		spawn(t, &m, Spec{Behavior: &mover{step: mgl32.Vec3{0, 10, 0}}}),
	}
	tick(t, &m, 0)
	if err := m.TeleportAll(); err != nil {
		t.Fatal(err)
	}
	m.Interpolate(0.5)
	for _, h := range hs {
		a := actor(t, &m, h)
		checkMat(t, h.String()+" render after TeleportAll", a.RenderMatrix(), a.WorldMatrix(), 0)
	}
}

// TestSpawnNoSmear: a new actor appears where it is spawned, not sliding
// from the origin, both between ticks and from a behaviour.
func TestSpawnNoSmear(t *testing.T) {
	var m Manager
	var inTick Handle
	spawn(t, &m, Spec{Behavior: behaviorFunc(func(a *Actor, ti timing.TickInfo, m *Manager) error {
		if ti.Index == 0 {
			var err error
			inTick, err = m.Spawn(Spec{Pos: mgl32.Vec3{0, 0, 30}})
			return err
		}
		return nil
	})})
	between := spawn(t, &m, Spec{Pos: mgl32.Vec3{20, 0, 0}})
	m.Interpolate(0.5)
	checkVec(t, "spawned between ticks, before any tick", pos(actor(t, &m, between).RenderMatrix()), mgl32.Vec3{20, 0, 0}, 0)
	tick(t, &m, 0)
	for _, alpha := range []float32{0, 0.5} {
		m.Interpolate(alpha)
		checkVec(t, "spawned between ticks", pos(actor(t, &m, between).RenderMatrix()), mgl32.Vec3{20, 0, 0}, 0)
		checkVec(t, "spawned in a tick", pos(actor(t, &m, inTick).RenderMatrix()), mgl32.Vec3{0, 0, 30}, 0)
	}
}

// TestModes: extrapolation at alpha 0.5 shows 1.5 ticks of the last
// motion past the last-world state; ModeNone shows the world state.
func TestModes(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{Behavior: &mover{step: mgl32.Vec3{2, 0, 0}, turn: deg(20, zAxis), grow: mgl32.Vec3{0, 0.5, 0}}})
	tick(t, &m, 0) // x 0 → 2, 0° → 20°, scale y 1 → 1.5
	a := actor(t, &m, h)
	tests := []struct {
		mode  Mode
		alpha float32
		want  Transform
	}{
		{ModeInterpolate, 0.5, trs(mgl32.Vec3{1, 0, 0}, deg(10, zAxis), mgl32.Vec3{1, 1.25, 1})},
		{ModeExtrapolate, 0, trs(mgl32.Vec3{2, 0, 0}, deg(20, zAxis), mgl32.Vec3{1, 1.5, 1})},
		{ModeExtrapolate, 0.5, trs(mgl32.Vec3{3, 0, 0}, deg(30, zAxis), mgl32.Vec3{1, 1.75, 1})},
		{ModeNone, 0.5, trs(mgl32.Vec3{2, 0, 0}, deg(20, zAxis), mgl32.Vec3{1, 1.5, 1})},
		{ModeNone, 0, trs(mgl32.Vec3{2, 0, 0}, deg(20, zAxis), mgl32.Vec3{1, 1.5, 1})},
	}
	for _, tt := range tests {
		m.SetMode(tt.mode)
		if m.Mode() != tt.mode {
			t.Fatalf("Mode: got %v, want %v", m.Mode(), tt.mode)
		}
		m.Interpolate(tt.alpha)
		checkMat(t, tt.mode.String()+" at "+fmtFloat(tt.alpha), a.RenderMatrix(), refMatrix(tt.want), 2e-5)
	}
	// Extrapolating a fast turn continues along the same arc.
	m.SetMode(ModeExtrapolate)
	a.SetBehavior(&mover{turn: deg(100, yAxis)})
	a.Local.Rot = mgl32.QuatIdent()
	if err := m.Teleport(h); err != nil {
		t.Fatal(err)
	}
	tick(t, &m, 1) // 0° → 100°
	m.Interpolate(0.5)
	checkMat(t, "extrapolated fast turn", a.RenderMatrix(), refMatrix(trs(a.World().Pos, deg(150, yAxis), a.World().Scale)), 1e-4)
}

func TestParseMode(t *testing.T) {
	tests := []struct {
		in      string
		want    Mode
		wantErr bool
	}{
		{"interpolate", ModeInterpolate, false},
		{"extrapolate", ModeExtrapolate, false},
		{"none", ModeNone, false},
		{" Extrapolate ", ModeExtrapolate, false},
		{"lerp", ModeInterpolate, true},
		{"", ModeInterpolate, true},
	}
	for _, tt := range tests {
		got, err := ParseMode(tt.in)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("ParseMode(%q): got %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
	for _, mode := range []Mode{ModeInterpolate, ModeExtrapolate, ModeNone} {
		back, err := ParseMode(mode.String())
		if err != nil || back != mode {
			t.Errorf("ParseMode(%v.String()): got %v, %v", mode, back, err)
		}
	}
	if got := Mode(9).String(); got != "Mode(9)" {
		t.Errorf("Mode(9).String(): got %q, want %q", got, "Mode(9)")
	}
	if _, err := Mode(9).MarshalText(); err == nil {
		t.Errorf("Mode(9).MarshalText: got no error")
	}
	// As a command-line flag.
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var mode Mode
	fs.TextVar(&mode, "render-mode", ModeInterpolate, "interpolate, extrapolate or none")
	if err := fs.Parse([]string{"-render-mode", "none"}); err != nil || mode != ModeNone {
		t.Errorf("flag -render-mode none: got %v, %v; want none", mode, err)
	}
	if err := fs.Parse([]string{"-render-mode", "sideways"}); err == nil {
		t.Errorf("flag -render-mode sideways: got no error")
	}
}
