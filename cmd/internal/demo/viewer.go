package demo

import (
	"fmt"
	"log"
	"math"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/camera"
	"github.com/tickwork/tickwork/scene/fields"
)

// ViewerKeys are the model viewer's keys, in the order shown on screen.
var ViewerKeys = []Binding{
	{[]input.Key{input.KeyLeft, input.KeyRight, input.KeyUp, input.KeyDown}, "arrows / drag", "orbit the camera", nil},
	{Label: "right button", Action: "mouse-look, held"},
	{[]input.Key{input.KeyEqual, input.KeyMinus}, "+ / - / wheel", "zoom", nil},
	{[]input.Key{input.KeyTab}, "Tab", "next animation", nil},
	{[]input.Key{input.KeySpace}, "Space", "pause / play the animation", nil},
	{[]input.Key{input.KeyR}, "R", "reset the view", nil},
	{[]input.Key{input.KeyF1}, "F1", "debug overlay", nil},
	{[]input.Key{input.KeyF2}, "F2", "debug drawing: the orbit's target, the model's bounds", nil},
	{[]input.Key{input.KeyQ, input.KeyEscape}, "Q / Esc", "quit", nil},
}

// Viewer is the model viewer (sample -model FILE): the model spawned at the
// origin, its first animation playing, lit by a sun and a point light
// orbiting it (its PBR materials' highlights move), an orbit camera on keys
// and mouse.
// Tick runs once per tick and Draw once per frame, on the main goroutine.
type Viewer struct {
	cfg   Config
	model *asset.Model
	world scene.Manager
	inst  *asset.Instance
	anim  *asset.Animator
	char  *asset.Character // a skinned or morphed model: its pose plays the clips
	which int              // the animation playing, -1 for none
	orbit camera.Orbit
	home  camera.Orbit // the view R returns to
	codec fields.Codec // hashes the orbit from its description
	reach float32      // the radius of the sphere around the model
	built bool

	dragging   bool
	lastX      float64
	lastY      float64
	info, note string
}

// NewViewer returns the viewer of the model file cfg.Model.
func NewViewer(cfg Config) *Viewer { return &Viewer{cfg: cfg, which: -1} }

// Name names the state in errors and logs.
func (v *Viewer) Name() string { return "viewer" }

// Scenes returns the viewer's scene.
func (v *Viewer) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &v.world) }

// Enter loads the model into the sample's library and spawns it.
func (v *Viewer) Enter(*engine.Context) error {
	if v.built {
		return nil
	}
	if v.cfg.Assets == nil {
		a, err := LoadAssets()
		if err != nil {
			return err
		}
		v.cfg.Assets = a
	}
	lib := v.cfg.Assets.Lib
	v.world.SetMeshBounds(lib) // cull the model's meshes too
	md, err := lib.LoadModelFile(v.cfg.Model)
	if err != nil {
		return err
	}
	v.model = md
	v.info = md.Info.String()
	for _, n := range md.Notices { // skin weights normalised, ...
		log.Printf("sample: %s: %s", v.cfg.Model, n)
	}
	if len(md.Notices) > 0 {
		v.note = md.Notices[0]
	}
	v.world.SetLight(gfx.Light{Dir: mgl32.Vec3{-0.4, -1, -0.5}, Color: gfx.RGB(1.1, 1.08, 1.02),
		Ambient: gfx.RGB(0.34, 0.36, 0.42), Ground: gfx.RGB(0.14, 0.13, 0.12)})
	// A dark studio sky, so that the HUD's text stays readable over it.
	v.world.SetEnvironment(gfx.Environment{ToneMap: gfx.ToneNeutral,
		Sky: gfx.Sky{Zenith: gfx.RGB(0.06, 0.08, 0.13), Horizon: gfx.RGB(0.2, 0.22, 0.27), Ground: gfx.RGB(0.1, 0.1, 0.1)}})
	if deformed(md) {
		if v.char, err = md.SpawnCharacter(&v.world, scene.Spec{}, 1); err != nil {
			return err
		}
		v.inst = v.char.Instance()
	} else if v.inst, err = md.Spawn(&v.world, scene.Spec{}); err != nil {
		return err
	}
	var drawnBy map[scene.Handle][]gfx.MeshID // meshes a Character draws, by node actor
	if v.char != nil {
		drawnBy = make(map[scene.Handle][]gfx.MeshID)
		for i, h := range v.inst.Nodes {
			drawnBy[h] = md.Nodes[i].Meshes
		}
	}
	center, radius := modelBounds(&v.world, lib, drawnBy)
	v.reach = radius
	if err := v.spawnLamp(center, radius); err != nil {
		return err
	}
	// The old viewer's yaw 0.6 and pitch 0.35 (eye above, to the right) in
	// the camera package's terms: yaw and pitch are the view's direction.
	v.orbit = camera.Orbit{
		Target: center, Distance: 2.6 * radius, MinDistance: 1e-3, MaxDistance: 1e5,
		ZoomStep: float32(math.Exp(0.15)), // one wheel notch, as before
		Aim: camera.Aim{
			Yaw: -0.6, Pitch: -0.35, MinPitch: -1.5, MaxPitch: 1.5,
			LookSpeed: 0.005, TurnSpeed: 1.6, FovY: mgl32.DegToRad(45),
		},
	}
	v.orbit.Near, v.orbit.Far = 0.01, 1000
	if err := v.orbit.Check(); err != nil {
		return err
	}
	v.orbit.Snap()
	v.home = v.orbit
	v.world.SetViewer(&v.orbit)
	if len(md.Animations) > 0 {
		if err := v.play(0); err != nil {
			return err
		}
	}
	v.built = true
	return nil
}

// LampPeriod is how long the viewer's light takes to go round the model,
// in seconds.
const LampPeriod = 8

// spawnLamp spawns a warm point light orbiting the model (a pivot on the
// model's centre turning in ticks, the light its child, drawn as a small
// sphere), so that its PBR materials show their highlights move: at the
// distance it orbits it lights about as much as the sun.
func (v *Viewer) spawnLamp(center mgl32.Vec3, radius float32) error {
	pivot, err := v.world.Spawn(scene.Spec{Pos: center, Behavior: &Spinner{Axis: up, Speed: 2 * math.Pi / LampPeriod}})
	if err != nil {
		return fmt.Errorf("demo: viewer's light: %w", err)
	}
	d := 1.6 * radius
	s := 0.04 * radius
	_, err = v.world.Spawn(scene.Spec{
		Parent: pivot, Pos: mgl32.Vec3{d, 0.7 * radius, 0}, Scale: mgl32.Vec3{s, s, s},
		Mesh: gfx.MeshSphere, Color: gfx.RGB(1, 0.85, 0.6),
		Behavior: &scene.Light{Light: gfx.PunctualLight{Color: gfx.RGB(1, 0.85, 0.6), Intensity: 3 * d * d}},
	})
	if err != nil {
		return fmt.Errorf("demo: viewer's light: %w", err)
	}
	return nil
}

// deformed reports whether md has skins or morph targets: the viewer
// then plays it as a Character.
func deformed(md *asset.Model) bool {
	for _, n := range md.Nodes {
		if len(n.Weights) > 0 {
			return true
		}
	}
	return len(md.Skins) > 0
}

// play switches to animation i.
func (v *Viewer) play(i int) error {
	if v.char != nil {
		if err := v.char.Pose.Play(0, i, true, 0); err != nil {
			return err
		}
		v.which = i
		return nil
	}
	if v.anim != nil {
		if err := v.anim.Stop(&v.world); err != nil {
			return err
		}
	}
	a, err := v.inst.Play(&v.world, i, true)
	if err != nil {
		return err
	}
	v.anim, v.which = a, i
	return nil
}

// Tick reads the keys and the mouse and steers the camera.
func (v *Viewer) Tick(ctx *engine.TickContext) error {
	in := ctx.Input
	if pressed(in, input.KeyQ, input.KeyEscape) {
		return engine.ErrQuit
	}
	windowKeys(ctx, func(s string) { v.note = s })
	dt := ctx.Tick.Delta
	// Keys, drag, wheel and mouse-look become one tick of camera input. The
	// old viewer's angles ran the other way round (they placed the eye; the
	// camera's place the view), hence the signs.
	var ci camera.Input
	if in.Down(input.KeyLeft) {
		ci.Turn[0]++
	}
	if in.Down(input.KeyRight) {
		ci.Turn[0]--
	}
	if in.Down(input.KeyUp) {
		ci.Turn[1]--
	}
	if in.Down(input.KeyDown) {
		ci.Turn[1]++
	}
	if in.Down(input.KeyEqual) || in.Down(input.KeyKPAdd) {
		ci.Zoom += float32(10 * dt) // e^(1.5·dt) a tick, as before
	}
	if in.Down(input.KeyMinus) || in.Down(input.KeyKPSubtract) {
		ci.Zoom -= float32(10 * dt)
	}
	_, sy := in.Scroll()
	ci.Zoom += float32(sy)
	x, y := in.Cursor()
	if in.ButtonDown(input.ButtonLeft) {
		if v.dragging { // a drag turns twice as fast as mouse-look
			ci.Look[0] -= float32(2 * (x - v.lastX))
			ci.Look[1] += float32(2 * (y - v.lastY))
		}
		v.dragging = true
	} else {
		v.dragging = false
	}
	v.lastX, v.lastY = x, y
	// Mouse-look: the right button captures the cursor while held, and the
	// camera turns by the tick's mouse motion.
	switch {
	case in.ButtonPressed(input.ButtonRight):
		if err := ctx.Game().Window().SetCursorMode(input.CursorCaptured); err != nil {
			v.note = err.Error()
		}
	case in.ButtonReleased(input.ButtonRight):
		if err := ctx.Game().Window().SetCursorMode(input.CursorNormal); err != nil {
			v.note = err.Error()
		}
	}
	mx, my := in.MouseMotion()
	ci.Look[0] -= float32(mx)
	ci.Look[1] += float32(my)
	if pressed(in, input.KeyR) {
		v.orbit.Aim, v.orbit.Distance = v.home.Aim, v.home.Distance
	}
	v.orbit.Tick(ci, dt)
	if n := len(v.model.Animations); n > 0 {
		if pressed(in, input.KeyTab) {
			if err := v.play((v.which + 1) % n); err != nil {
				return err
			}
		}
		if pressed(in, input.KeySpace) {
			if v.char != nil {
				l := &v.char.Pose.Layers[0]
				l.Speed = 1 - l.Speed
			} else {
				v.anim.Paused = !v.anim.Paused
			}
		}
	}
	return nil
}

// Hash returns the viewer's state outside the scene: the orbit camera (its
// description, scene/fields), the animation playing and its time. It
// allocates nothing once warm.
func (v *Viewer) Hash() uint64 {
	h := v.codec.Hash(&v.orbit)
	if v.char != nil && v.which >= 0 {
		return h*1099511628211 ^ uint64(v.which+1)<<52 ^ math.Float64bits(v.char.Pose.Layers[0].Time())
	}
	if v.anim == nil {
		return h
	}
	return h*1099511628211 ^ uint64(v.which+1)<<52 ^ math.Float64bits(v.anim.Time())
}

// Draw shows the file, its counts, the animation and the keys; with debug
// drawing on (F2), the orbit's target and the sphere around the model.
func (v *Viewer) Draw(ctx *engine.DrawContext) {
	if d := ctx.Debug(); d.On() {
		t := v.orbit.Target
		at := mgl32.Translate3D(t[0], t[1], t[2])
		d.OnTop().Axes(&at, 0.3*v.reach)
		d.Sphere(t, v.reach, boundsColor)
	}
	h := ctx.HUD
	f := ctx.Face
	y := float32(12)
	line := func(c gfx.Color, s string) {
		text(h, 12, y, 1, c, s)
		y += lineH(f) + 4
	}
	line(titleColor, filepath.Base(v.cfg.Model))
	line(dimColor, v.info)
	if v.anim != nil || v.char != nil && v.which >= 0 {
		state, t := "playing", 0.0
		if v.char != nil {
			t = v.char.Pose.Layers[0].Time()
			if v.char.Pose.Layers[0].Speed == 0 {
				state = "paused"
			}
		} else {
			t = v.anim.Time()
			if v.anim.Paused {
				state = "paused"
			}
		}
		a := &v.model.Animations[v.which]
		line(textColor, fmt.Sprintf("animation %d/%d %q %.2f / %.2f s, %s", v.which+1, len(v.model.Animations), a.Name, t, a.Duration, state))
	} else {
		line(dimColor, "no animations")
	}
	if v.note != "" {
		line(gfx.RGB(1, 0.6, 0.4), v.note)
	}
	tw, th := tableSize(f, 1, ViewerKeys)
	x := float32(ctx.Width) - tw - 16
	ky := float32(ctx.Height) - th - 16
	h.AddRect(x-8, ky-8, tw+16, th+12, panelColor)
	keyTable(h, f, x, ky, 1, ViewerKeys)
}

// modelBounds returns a sphere around the meshes drawn in m (the viewer's
// scene holds the model alone), from the meshes' bounds and the actors'
// world transforms.
func modelBounds(m *scene.Manager, lib *asset.Library, extra map[scene.Handle][]gfx.MeshID) (mgl32.Vec3, float32) {
	lo := mgl32.Vec3{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := lo.Mul(-1)
	for _, a := range m.All() {
		for _, id := range append([]gfx.MeshID{a.Mesh}, extra[a.Handle()]...) {
			addBounds(lib, a, id, &lo, &hi)
		}
	}
	if lo[0] > hi[0] { // nothing drawn
		return mgl32.Vec3{}, 1
	}
	return lo.Add(hi).Mul(0.5), max(hi.Sub(lo).Len()/2, 1e-3)
}

// addBounds grows lo and hi to hold mesh id drawn by actor a (bind pose).
func addBounds(lib *asset.Library, a *scene.Actor, id gfx.MeshID, lo, hi *mgl32.Vec3) {
	{
		mesh, ok := lib.Mesh(id)
		if !ok {
			return
		}
		b := mesh.Bounds()
		w := a.WorldMatrix()
		scale := max(w.Col(0).Vec3().Len(), w.Col(1).Vec3().Len(), w.Col(2).Vec3().Len())
		c := w.Mul4x1(b.Center.Vec4(1)).Vec3()
		r := b.Radius * scale
		for k := range 3 {
			lo[k] = min(lo[k], c[k]-r)
			hi[k] = max(hi[k], c[k]+r)
		}
	}
}
