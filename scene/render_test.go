package scene

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/timing"
)

// TestCameraView: the view is the inverse of the camera actor's render
// matrix, interpolated like every actor's; its scale is ignored.
func TestCameraView(t *testing.T) {
	var m Manager
	tests := []struct {
		name  string
		scale mgl32.Vec3
	}{
		{"unit scale", mgl32.Vec3{1, 1, 1}},
		{"scaled camera", mgl32.Vec3{2, 3, 0.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cam := spawn(t, &m, Spec{Pos: mgl32.Vec3{1, 2, 10}, Rot: deg(30, yAxis), Scale: tt.scale,
				Behavior: &mover{step: mgl32.Vec3{0, 0, -2}, turn: deg(40, mgl32.Vec3{1, 1, 0})}})
			if err := m.SetCamera(cam); err != nil {
				t.Fatal(err)
			}
			if m.Camera() != cam {
				t.Errorf("Camera: got %v, want %v", m.Camera(), cam)
			}
			tick(t, &m, 0)
			for _, alpha := range []float32{0, 0.3, 1} {
				m.Interpolate(alpha)
				d := m.BuildDrawList()
				r := actor(t, &m, cam).RenderMatrix()
				// The camera's rigid render transform: its matrix without scale.
				rigid := r.Mul4(mgl32.Scale3D(1/tt.scale[0], 1/tt.scale[1], 1/tt.scale[2]))
				checkMat(t, "view at "+fmtFloat(alpha), d.Camera.View, rigid.Inv(), 1e-5)
				checkMat(t, "view × rigid render", d.Camera.View.Mul4(rigid), mgl32.Ident4(), 1e-5)
			}
		})
	}
	t.Run("fixed view", func(t *testing.T) {
		var m Manager
		if got := m.BuildDrawList().Camera.View; got != mgl32.Ident4() {
			t.Errorf("default view: got %v, want identity", got)
		}
		v := mgl32.LookAtV(mgl32.Vec3{0, 5, 5}, mgl32.Vec3{}, yAxis)
		m.SetView(v)
		if got := m.BuildDrawList().Camera.View; got != v {
			t.Errorf("SetView: got %v, want %v", got, v)
		}
		if err := m.SetCamera(makeHandle(3, 1)); !errors.Is(err, ErrNoActor) {
			t.Errorf("SetCamera(unknown): got %v, want ErrNoActor", err)
		}
	})
	t.Run("bad lens refused", func(t *testing.T) {
		nan := float32(math.NaN())
		for _, c := range []struct {
			fov, near, far float32
			want           string
		}{
			{nan, 0.1, 10, "field of view"},
			{4, 0.1, 10, "field of view"},
			{-1, 0.1, 10, "field of view"},
			{1, -0.1, 10, "near"},
			{1, nan, 10, "near"},
			{1, 1, 0.5, "far"},
			{1, 0.1, float32(math.Inf(1)), "far"},
		} {
			var m Manager
			err := m.SetLens(c.fov, c.near, c.far)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("SetLens(%v, %v, %v): got %v, want an error naming the %s", c.fov, c.near, c.far, err, c.want)
			}
			if cam := m.BuildDrawList().Camera; cam.FovY != 0 || cam.Near != 0 || cam.Far != 0 {
				t.Errorf("SetLens(%v, %v, %v): got lens %+v set, want it left alone", c.fov, c.near, c.far, cam)
			}
		}
	})
	t.Run("lens and light", func(t *testing.T) {
		var m Manager
		if err := m.SetLens(1, 0.5, 100); err != nil {
			t.Fatal(err)
		}
		light := gfx.Light{Dir: mgl32.Vec3{0, -1, 0}, Color: gfx.RGB(1, 0, 0)}
		m.SetLight(light)
		d := m.BuildDrawList()
		if d.Camera.FovY != 1 || d.Camera.Near != 0.5 || d.Camera.Far != 100 || d.Light != light {
			t.Errorf("draw list camera %+v, light %+v; want lens (1, 0.5, 100) and %+v", d.Camera, d.Light, light)
		}
	})
}

// sparks is a visual-only behaviour: it counts frame time and draws extra
// instances.
type sparks struct {
	frames int
	t      float32
}

func (s *sparks) Update(a *Actor, dt float32) { s.frames++; s.t += dt }
func (s *sparks) Draw(a *Actor, d *gfx.DrawList) {
	m := a.RenderMatrix()
	d.Add(gfx.MeshSphere, &m, gfx.RGB(1, 1, 0))
	d.Add(gfx.MeshSphere, &m, gfx.RGB(1, 0.5, 0))
}

func TestBuildDrawList(t *testing.T) {
	var m Manager
	red, blue := gfx.RGB(1, 0, 0), gfx.RGB(0, 0, 1)
	cube1 := spawn(t, &m, Spec{Mesh: gfx.MeshCube, Color: red, Pos: mgl32.Vec3{1, 0, 0}})
	spawn(t, &m, Spec{Mesh: gfx.MeshPlane, Color: blue})
	cube2 := spawn(t, &m, Spec{Mesh: gfx.MeshCube, Color: blue, Pos: mgl32.Vec3{2, 0, 0}})
	spawn(t, &m, Spec{Mesh: gfx.MeshCube, Hidden: true})
	sp := &sparks{}
	spawn(t, &m, Spec{Behavior: sp}) // MeshNone: not drawn itself, but draws
	hiddenSparks := &sparks{}
	spawn(t, &m, Spec{Behavior: hiddenSparks, Hidden: true})
	tick(t, &m, 0)
	m.Interpolate(0.5)
	m.UpdateEffects(0.016)
	m.UpdateEffects(0.017)
	d := m.BuildDrawList()
	want := map[gfx.MeshID]int{gfx.MeshCube: 2, gfx.MeshPlane: 1, gfx.MeshSphere: 2}
	for _, b := range d.Batches() {
		if got := len(b.Instances); got != want[b.Mesh] {
			t.Errorf("batch %v: got %d instances, want %d", b.Mesh, got, want[b.Mesh])
		}
	}
	if d.Len() != 5 {
		t.Errorf("Len: got %d, want 5", d.Len())
	}
	var cubes []gfx.Instance
	for _, b := range d.Batches() {
		if b.Mesh == gfx.MeshCube {
			cubes = b.Instances
		}
	}
	for i, h := range []Handle{cube1, cube2} {
		a := actor(t, &m, h)
		if cubes[i].Model != a.RenderMatrix() || cubes[i].Color != a.Color() {
			t.Errorf("cube %d: got %v %v, want its render matrix %v and colour %v", i, cubes[i].Model, cubes[i].Color, a.RenderMatrix(), a.Color())
		}
	}
	if sp.frames != 2 || math.Abs(float64(sp.t-0.033)) > 1e-6 {
		t.Errorf("Effect: got %d frames, %g s; want 2, 0.033", sp.frames, sp.t)
	}
	// Rebuilding gives the same list, not a longer one.
	if d2 := m.BuildDrawList(); d2 != d || d2.Len() != 5 {
		t.Errorf("second BuildDrawList: got %p with %d instances, want %p with 5", d2, d2.Len(), d)
	}
	if m.DrawList() != d {
		t.Errorf("DrawList: got %p, want %p", m.DrawList(), d)
	}
}

// TestNonFiniteReverted: NaN or Inf put into a transform by a behaviour is
// caught at the end of the tick: the actor is reverted, Tick's error names
// it, and nothing non-finite reaches the draw list.
func TestNonFiniteReverted(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	tests := []struct {
		name   string
		poison func(l *Transform)
		parent bool // poison a child instead of a root
	}{
		{"NaN position", func(l *Transform) { l.Pos[1] = nan }, false},
		{"Inf scale", func(l *Transform) { l.Scale[2] = -inf }, false},
		{"NaN rotation", func(l *Transform) { l.Rot.V[0] = nan }, false},
		{"NaN position of a child", func(l *Transform) { l.Pos[0] = nan }, true},
		{"child overflowing under a huge parent", func(l *Transform) { l.Pos[0] = 3e38 }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m Manager
			parent := spawn(t, &m, Spec{Mesh: gfx.MeshCube, Scale: mgl32.Vec3{100, 100, 100}})
			s := Spec{Mesh: gfx.MeshCube, Pos: mgl32.Vec3{1, 2, 3}}
			if tt.parent {
				s.Parent = parent
			}
			var poisoned bool
			s.Behavior = behaviorFunc(func(a *Actor, ti timing.TickInfo, m *Manager) error {
				a.Local.Pos[0]++ // a finite move first: the revert goes to the last finite state
				if ti.Index == 1 {
					tt.poison(&a.Local)
					poisoned = true
				}
				return nil
			})
			bad := spawn(t, &m, s)
			grandchild := spawn(t, &m, Spec{Mesh: gfx.MeshSphere, Parent: bad, Pos: mgl32.Vec3{0, 1, 0}})
			tick(t, &m, 0)
			before := actor(t, &m, bad).Local
			beforeWorld := actor(t, &m, bad).WorldMatrix()

			err := m.Tick(tickInfo(1))
			if !poisoned {
				t.Fatal("the behaviour did not run")
			}
			var te *TransformError
			if !errors.Is(err, ErrNonFinite) || !errors.As(err, &te) {
				t.Fatalf("Tick: got %v, want a *TransformError for ErrNonFinite", err)
			}
			if len(te.Handles) != 1 || te.Handles[0] != bad || te.Tick != 1 {
				t.Errorf("TransformError: got handles %v at tick %d, want [%v] at tick 1", te.Handles, te.Tick, bad)
			}
			if !strings.Contains(err.Error(), bad.String()) {
				t.Errorf("error %q does not name %v", err, bad)
			}
			a := actor(t, &m, bad)
			if a.Local != before {
				t.Errorf("Local after revert: got %+v, want the last finite %+v", a.Local, before)
			}
			checkMat(t, "world after revert", a.WorldMatrix(), beforeWorld, 1e-6)
			for _, alpha := range []float32{0, 0.5, 1} {
				for _, mode := range []Mode{ModeInterpolate, ModeExtrapolate, ModeNone} {
					m.SetMode(mode)
					m.Interpolate(alpha)
					d := m.BuildDrawList()
					for _, b := range d.Batches() {
						for _, in := range b.Instances {
							if !finiteMat(&in.Model) {
								t.Fatalf("%v at alpha %g: non-finite matrix in the draw list: %v", mode, alpha, in.Model)
							}
						}
					}
					if d.Len() != 3 {
						t.Errorf("draw list: got %d instances, want 3", d.Len())
					}
				}
			}
			if g := actor(t, &m, grandchild).WorldMatrix(); !finiteMat(&g) {
				t.Errorf("grandchild's world matrix is not finite: %v", g)
			}
			// The next tick is clean again.
			if err := m.Tick(tickInfo(2)); err != nil {
				t.Errorf("tick after the revert: %v", err)
			}
		})
	}
}

// TestZeroRotation: a zero quaternion becomes the identity and is
// reported; a drifted one is renormalised silently.
func TestZeroRotation(t *testing.T) {
	var m Manager
	zero := spawn(t, &m, Spec{Pos: mgl32.Vec3{1, 0, 0}})
	drift := spawn(t, &m, Spec{})
	child := spawn(t, &m, Spec{Parent: drift})
	actor(t, &m, zero).Local.Rot = mgl32.Quat{}
	actor(t, &m, drift).Local.Rot = deg(40, xAxis).Scale(1.5)
	actor(t, &m, child).Local.Rot = mgl32.Quat{}
	err := m.Tick(tickInfo(0))
	var te *TransformError
	if !errors.Is(err, ErrZeroRotation) || !errors.As(err, &te) {
		t.Fatalf("Tick: got %v, want a *TransformError for ErrZeroRotation", err)
	}
	if fmtHandles(te.Handles) != fmtHandles([]Handle{zero, child}) {
		t.Errorf("reported handles: got %v, want %v", te.Handles, []Handle{zero, child})
	}
	for _, h := range []Handle{zero, child} {
		if got := actor(t, &m, h).Local.Rot; got != mgl32.QuatIdent() {
			t.Errorf("%v rotation: got %v, want identity", h, got)
		}
	}
	if got := actor(t, &m, drift).Local.Rot; !got.ApproxEqualThreshold(deg(40, xAxis), 1e-6) {
		t.Errorf("drifted rotation: got %v, want %v", got, deg(40, xAxis))
	}
	if err := m.Tick(tickInfo(1)); err != nil {
		t.Errorf("next tick: %v", err)
	}
	// Teleport applies the same rule.
	actor(t, &m, zero).Local.Rot = mgl32.Quat{}
	if err := m.Teleport(zero); !errors.Is(err, ErrZeroRotation) {
		t.Errorf("Teleport with a zero rotation: got %v, want ErrZeroRotation", err)
	}
	if got := actor(t, &m, zero).WorldMatrix(); got != mgl32.Translate3D(1, 0, 0) {
		t.Errorf("world after Teleport: got %v, want a pure translation", got)
	}
}

func TestTeleportNonFiniteRefused(t *testing.T) {
	var m Manager
	h := spawn(t, &m, Spec{Pos: mgl32.Vec3{1, 2, 3}})
	a := actor(t, &m, h)
	a.Local.Pos[0] = float32(math.NaN())
	if err := m.Teleport(h); !errors.Is(err, ErrNonFinite) {
		t.Errorf("Teleport of a NaN transform: got %v, want ErrNonFinite", err)
	}
	if w := a.WorldMatrix(); !finiteMat(&w) {
		t.Errorf("world after refused teleport: %v", w)
	}
}

func TestTeleportRepairsDescendants(t *testing.T) {
	var m Manager
	root := spawn(t, &m, Spec{})
	child := spawn(t, &m, Spec{Parent: root, Pos: mgl32.Vec3{0, 1, 0}})
	grand := spawn(t, &m, Spec{Parent: child, Pos: mgl32.Vec3{0, 1, 0}})
	actor(t, &m, child).Local.Pos[2] = float32(math.Inf(-1))
	actor(t, &m, root).Local.Pos = mgl32.Vec3{5, 0, 0}
	err := m.Teleport(root)
	var te *TransformError
	if !errors.As(err, &te) || !errors.Is(err, ErrNonFinite) || fmtHandles(te.Handles) != fmtHandles([]Handle{child}) {
		t.Fatalf("Teleport: got %v, want ErrNonFinite naming only %v", err, child)
	}
	checkVec(t, "child after teleport", actor(t, &m, child).World().Pos, mgl32.Vec3{5, 1, 0}, 0)
	checkVec(t, "grandchild after teleport", actor(t, &m, grand).World().Pos, mgl32.Vec3{5, 2, 0}, 0)
	m.Interpolate(0.5)
	checkVec(t, "grandchild render", pos(actor(t, &m, grand).RenderMatrix()), mgl32.Vec3{5, 2, 0}, 1e-6)
}

func TestBuildDrawListBatchesPerMaterial(t *testing.T) {
	var m Manager
	own := spawn(t, &m, Spec{Mesh: gfx.MeshCube})
	other := spawn(t, &m, Spec{Mesh: gfx.MeshCube, Material: 2})
	m.Tick(tickInfo(0))
	m.Interpolate(1)
	d := m.BuildDrawList()
	tests := []struct {
		h   Handle
		mat gfx.MaterialID
	}{{own, 0}, {other, 2}}
	for _, tt := range tests {
		found := 0
		for _, b := range d.Batches() {
			if b.Mesh == gfx.MeshCube && b.Material == tt.mat {
				found = len(b.Instances)
			}
		}
		if found != 1 {
			t.Errorf("actor %v: got %d instances in the cube batch of material %d, want 1", tt.h, found, tt.mat)
		}
	}
}

// oldSparks is an effect written before 1.0, with Frame instead of Update.
type oldSparks struct{}

func (oldSparks) Frame(*Actor, float32) {}

// bothSparks has Update, and a Frame of its own that is no concern of the
// scene's.
type bothSparks struct{ oldSparks }

func (bothSparks) Update(*Actor, float32) {}

// A behaviour still written for Framer is refused by name by Spawn and
// SpawnTree, adding nothing, rather than silently never updated; an
// Effect is accepted.
func TestSpawnRefusesAFramer(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    any
		want string // "" : accepted
	}{
		{"old Frame method", oldSparks{}, "scene.oldSparks has Frame(a, dt), which is now Update(a, dt)"},
		{"Effect", &sparks{}, ""},
		{"Effect with a Frame too", bothSparks{}, ""},
		{"plain data", 42, ""},
	} {
		for _, spawn := range []struct {
			how string
			do  func(m *Manager, s Spec) error
		}{
			{"Spawn", func(m *Manager, s Spec) error { _, err := m.Spawn(s); return err }},
			{"SpawnTree", func(m *Manager, s Spec) error { _, err := m.SpawnTree([]Spec{{}, s}, nil); return err }},
		} {
			var m Manager
			err := spawn.do(&m, Spec{Behavior: tc.b})
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%s, %s: %v, want accepted", spawn.how, tc.name, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%s, %s: got %v, want an error saying %q", spawn.how, tc.name, err, tc.want)
			case tc.want != "" && m.Len() != 0:
				t.Errorf("%s, %s: refused, yet %d actors were added", spawn.how, tc.name, m.Len())
			}
		}
	}
}
