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
	"github.com/tickwork/tickwork/timing"
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
	{[]input.Key{input.KeyQ, input.KeyEscape}, "Q / Esc", "quit", nil},
}

// Viewer is the model viewer (sample -model FILE): the model spawned at the
// origin, its first animation playing, an orbit camera on keys and mouse.
// Tick runs once per tick and Draw once per frame, on the main goroutine.
type Viewer struct {
	cfg   Config
	model *asset.Model
	world scene.Manager
	inst  *asset.Instance
	anim  *asset.Animator
	char  *asset.Character // a skinned or morphed model: its pose plays the clips
	which int              // the animation playing, -1 for none
	orbit *Orbit
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
	if err := v.world.SetLens(mgl32.DegToRad(45), 0.01, 1000); err != nil {
		return err
	}
	v.world.SetLight(gfx.Light{Dir: mgl32.Vec3{-0.4, -1, -0.5}, Color: gfx.RGB(0.9, 0.9, 0.85), Ambient: gfx.RGB(0.35, 0.35, 0.4)})
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
	v.orbit = &Orbit{Target: center, Distance: 2.6 * radius, Yaw: 0.6, Pitch: 0.35, home: [3]float64{0.6, 0.35, float64(2.6 * radius)}}
	cam, err := v.world.Spawn(scene.Spec{Behavior: v.orbit})
	if err != nil {
		return err
	}
	a, _ := v.world.Actor(cam)
	v.orbit.place(a)
	if err := v.world.Teleport(cam); err != nil {
		return err
	}
	if err := v.world.SetCamera(cam); err != nil {
		return err
	}
	if len(md.Animations) > 0 {
		if err := v.play(0); err != nil {
			return err
		}
	}
	v.built = true
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
	o := v.orbit
	turn := 1.6 * dt
	if in.Down(input.KeyLeft) {
		o.Yaw -= turn
	}
	if in.Down(input.KeyRight) {
		o.Yaw += turn
	}
	if in.Down(input.KeyUp) {
		o.Pitch += turn
	}
	if in.Down(input.KeyDown) {
		o.Pitch -= turn
	}
	zoom := 1.0
	if in.Down(input.KeyEqual) || in.Down(input.KeyKPAdd) {
		zoom *= math.Exp(-1.5 * dt)
	}
	if in.Down(input.KeyMinus) || in.Down(input.KeyKPSubtract) {
		zoom *= math.Exp(1.5 * dt)
	}
	if _, sy := in.Scroll(); sy != 0 {
		zoom *= math.Exp(-0.15 * sy)
	}
	o.Distance = float32(min(max(float64(o.Distance)*zoom, 1e-3), 1e5))
	x, y := in.Cursor()
	if in.ButtonDown(input.ButtonLeft) {
		if v.dragging {
			o.Yaw += (x - v.lastX) * 0.01
			o.Pitch += (y - v.lastY) * 0.01
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
	o.Yaw += mx * 0.005
	o.Pitch += my * 0.005
	o.Pitch = min(max(o.Pitch, -1.5), 1.5)
	if pressed(in, input.KeyR) {
		o.Yaw, o.Pitch, o.Distance = o.home[0], o.home[1], float32(o.home[2])
	}
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

// Hash returns the viewer's state outside the scene: the animation
// playing and its time.
func (v *Viewer) Hash() uint64 {
	if v.char != nil && v.which >= 0 {
		return uint64(v.which+1)<<52 ^ math.Float64bits(v.char.Pose.Layers[0].Time())
	}
	if v.anim == nil {
		return 0
	}
	return uint64(v.which+1)<<52 ^ math.Float64bits(v.anim.Time())
}

// Draw shows the file, its counts, the animation and the keys.
func (v *Viewer) Draw(ctx *engine.DrawContext) {
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

// Orbit is a camera behaviour circling a target: Yaw and Pitch (radians)
// and Distance place the eye; the viewer's Tick changes them from the
// input, and each tick places the camera, so its motion is interpolated
// like every actor's.
type Orbit struct {
	Target     mgl32.Vec3
	Distance   float32
	Yaw, Pitch float64
	home       [3]float64
}

// Tick places the camera.
func (o *Orbit) Tick(a *scene.Actor, _ timing.TickInfo, _ *scene.Manager) error {
	o.place(a)
	return nil
}

func (o *Orbit) place(a *scene.Actor) {
	sy, cy := math.Sincos(o.Yaw)
	sp, cp := math.Sincos(o.Pitch)
	d := float64(o.Distance)
	eye := o.Target.Add(mgl32.Vec3{float32(d * cp * sy), float32(d * sp), float32(d * cp * cy)})
	a.Local.Pos = eye
	a.Local.Rot = lookRotation(eye, o.Target, mgl32.Vec3{0, 1, 0})
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
