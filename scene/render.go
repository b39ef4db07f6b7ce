package scene

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// Mode chooses how Interpolate turns the last two ticks into the render
// matrices of a frame.
type Mode uint8

const (
	// ModeInterpolate, the default, shows the state between the last two
	// ticks: smooth and always correct, one tick behind.
	ModeInterpolate Mode = iota
	// ModeExtrapolate shows the newest state pushed ahead by alpha ticks of
	// the last tick's motion: no lag, but it overshoots whenever the motion
	// changes (a bounce shows the ball inside the wall for a frame).
	ModeExtrapolate
	// ModeNone shows the newest state as it is: motion steps at the tick
	// rate (temporal aliasing). Useful to see what interpolation buys.
	ModeNone
)

var modeNames = [...]string{ModeInterpolate: "interpolate", ModeExtrapolate: "extrapolate", ModeNone: "none"}

// String returns "interpolate", "extrapolate" or "none".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode returns the mode named s ("interpolate", "extrapolate" or
// "none", in any case), as String writes it.
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Mode(m), nil
		}
	}
	return ModeInterpolate, fmt.Errorf("scene: unknown render mode %q (want interpolate, extrapolate or none)", s)
}

// MarshalText implements encoding.TextMarshaler, for flag.TextVar and config
// files.
func (m Mode) MarshalText() ([]byte, error) {
	if int(m) >= len(modeNames) {
		return nil, fmt.Errorf("scene: invalid render mode %d", uint8(m))
	}
	return []byte(modeNames[m]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseMode.
func (m *Mode) UnmarshalText(text []byte) error {
	v, err := ParseMode(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// SetMode switches how the following frames are rendered. It may be called
// at any time, typically between frames when a key or an option changes it.
func (m *Manager) SetMode(mode Mode) { m.mode = mode }

// Mode returns the current render mode.
func (m *Manager) Mode() Mode { return m.mode }

// Interpolate sets every actor's render matrix for the frame about to be
// drawn. The engine calls it once per frame, after the frame's ticks, with
// alpha = time since the last tick / tick step, in [0, 1) (clamped to
// [0, 1]; NaN counts as 0).
//
// In ModeInterpolate the render transform is the blend of last-world and
// world at alpha; in ModeExtrapolate it is world pushed alpha ticks further
// along the last tick's motion (the blend at 1+alpha); in ModeNone it is
// world. Positions and scales blend linearly, rotations along the shortest
// arc: by normalised lerp for a turn of up to 60° per tick (within 0.27° of
// the constant-speed slerp, and much cheaper), by slerp beyond. Transforms
// are blended as TRS, never as matrices, so the render matrix of a rigid
// actor is rigid at every alpha.
//
// A root actor blends its world TRS. A child blends its TRS relative to its
// parent (taken from both last-world and world transforms) and composes the
// result with its parent's render transform: a moon orbiting a spinning
// planet follows the arc, not the chord between two ticks' positions, and a
// sword held in a hand stays in the hand at every alpha. A blend that would
// overflow shows the world transform instead.
//
// Once SetAspect has been called, a moving root actor without children
// whose mesh's bounding sphere (built-in meshes, and those SetMeshBounds
// knows), scaled by its largest blended scale, lies wholly outside the
// camera's view is not blended: it is culled, and BuildDrawList leaves it
// out. Its world and last-world transforms are untouched, so it blends
// correctly whenever it comes back into view, and RenderMatrix computes
// its render matrix if asked. The test is conservative: it never culls
// what would show a pixel.
//
// It changes no game state and allocates nothing (a mesh ID seen for the
// first time grows the cache of bounding spheres once).
func (m *Manager) Interpolate(alpha float32) {
	if !(alpha > 0) { // also NaN
		alpha = 0
	} else if alpha > 1 {
		alpha = 1
	}
	m.alpha = alpha
	if m.viewer != nil { // before culling, which needs the frame's view
		m.viewer.Render(alpha, &m.draw.Camera)
	}
	mode := m.mode
	t, minDot := alpha, float32(nlerpMinDot)
	if mode == ModeExtrapolate {
		t, minDot = 1+alpha, nlerpMinDotExtrap
	}
	cur := m.cur & 1
	cull := m.beginCull(cur, t, minDot) && mode != ModeNone
	for c, ch := range m.chunks {
		n := m.chunkLen(c)
		flags, wt, render := ch.flags[:n], ch.wt[:n], ch.render[:n]
		for k, f := range flags {
			if f&flagAlive == 0 {
				continue
			}
			if f&(flagOutside|flagStale|flagInside) != 0 { // no store when clear
				f &^= flagOutside | flagStale | flagInside
				flags[k] = f
			}
			if mode == ModeNone {
				render[k] = *ch.worldMatrix(k, cur)
				continue
			}
			if f&flagChild != 0 {
				continue // after its parent, below
			}
			if f&flagMoved == 0 {
				ch.settle(k, cur)
				continue
			}
			if cull && m.cullRoot(ch, k, cur, t) {
				continue
			}
			var r Transform
			blendTRS(&r, &wt[k][cur^1], &wt[k][cur], t, minDot)
			ch.setRender(k, &r, cur)
		}
	}
	if mode == ModeNone {
		return
	}
	m.ensureOrder() // after a reparent or removal between ticks
	for _, i := range m.order {
		ch, k := m.col(i)
		if ch.flags[k]&flagMoved == 0 {
			ch.settle(k, cur)
			continue
		}
		m.blendChild(ch, k, cur, t, minDot)
	}
}

// blendChild sets the render matrix of slot k of ch, a moving actor with a
// parent whose render transform is up to date: its transform relative to
// the parent is blended and composed with the parent's render transform.
func (m *Manager) blendChild(ch *chunk, k int, cur uint8, t, minDot float32) {
	pc, pk := m.col(ch.parent[k])
	w, pw := &ch.wt[k], &pc.wt[pk]
	var r, l1 Transform
	if relative(&r, &pw[cur^1], &w[cur^1]) && relative(&l1, &pw[cur], &w[cur]) {
		blendTRS(&r, &r, &l1, t, minDot)
		Compose(&r, &pc.renderT[pk], &r)
	} else { // a parent of zero scale: blend in world space
		blendTRS(&r, &w[cur^1], &w[cur], t, minDot)
	}
	ch.setRender(k, &r, cur)
}

// settle shows slot k, an actor that did not move in the last tick, as it
// is.
func (c *chunk) settle(k int, cur uint8) {
	if c.flags[k]&flagSettled == 0 {
		c.render[k] = *c.worldMatrix(k, cur)
		c.renderT[k] = c.wt[k][cur]
		c.flags[k] |= flagSettled
	}
}

// setRender builds slot k's render matrix from the blended transform r
// and, if the actor has children, keeps r (with a unit rotation) for them
// to compose with.
func (c *chunk) setRender(k int, r *Transform, cur uint8) {
	if !finitePosScale(r) {
		*r = c.wt[k][cur]
	}
	trsMatrix(&c.render[k], &r.Pos, &r.Rot, &r.Scale)
	if c.flags[k]&flagParent != 0 {
		unitRot(&r.Rot)
		c.renderT[k] = *r
	}
}

// UpdateEffects tells every actor whose behaviour is an Effect how long
// the frame took, in seconds of real time. The engine calls it once per
// frame on the main goroutine, after Interpolate and before BuildDrawList.
// It is for visual-only effects; see Effect.
//
// An Effect that panics makes UpdateEffects panic with a *PanicError
// naming the actor.
func (m *Manager) UpdateEffects(dt float32) {
	if m.effects() == 0 {
		return
	}
	defer m.repanic("Update")
	for c := 0; c < len(m.chunks); c++ {
		ch := m.chunks[c]
		if ch.effects == 0 {
			continue
		}
		for k, f := range ch.effect[:m.chunkLen(c)] {
			if f != nil && ch.flags[k]&flagAlive != 0 {
				a := &ch.a[k]
				m.running = runSlot(c, k)
				f.Update(a, dt)
			}
		}
	}
}

// SetCamera makes the actor named by h the camera: each frame, the view is
// the inverse of its render transform (interpolated like every actor's), so
// the camera moves as smoothly as what it follows. The camera actor's scale
// is ignored; it is typically not drawn (gfx.MeshNone). NoHandle returns to
// the fixed view set by SetView. If the camera actor is removed, the view
// stays where it last was.
func (m *Manager) SetCamera(h Handle) error {
	if h != NoHandle {
		if _, _, err := m.lookup("set camera", h); err != nil {
			return err
		}
	}
	m.camera = h
	return nil
}

// Camera returns the camera actor's handle, NoHandle if there is none.
func (m *Manager) Camera() Handle { return m.camera }

// Viewer renders a scene's view: a camera that moves in ticks and is drawn
// between them, as scene/camera's cameras are.
type Viewer interface {
	// Render writes the view and lens drawn at alpha (0 the previous
	// tick, 1 the newest) into dst. It must change no game state.
	Render(alpha float32, dst *gfx.Camera)
}

// SetViewer makes v the source of the view and the lens: each frame,
// Interpolate asks it for the frame's view at the frame's alpha before it
// culls, so what is culled and what is drawn see the same view. It takes
// precedence over the camera actor (SetCamera), SetView and SetLens (the
// viewer's zero lens fields mean gfx's defaults); nil returns to them.
// Call it from the game's goroutine, outside Interpolate.
func (m *Manager) SetViewer(v Viewer) {
	if v == nil && m.viewer != nil {
		m.draw.Camera.FovY, m.draw.Camera.Near, m.draw.Camera.Far = m.lens[0], m.lens[1], m.lens[2]
	}
	m.viewer = v
}

// SetView sets the view matrix used when no camera actor is set. Until it
// is called that view is the identity.
func (m *Manager) SetView(view mgl32.Mat4) { m.view, m.viewSet = view, true }

// SetLens sets the camera's vertical field of view (radians) and clip
// distances; zero values mean gfx's defaults. A lens gfx.CheckLens refuses
// (a NaN, a field of view outside (0, π), near ≤ 0, far ≤ near) is not
// set: the error names the value and what is allowed.
func (m *Manager) SetLens(fovY, near, far float32) error {
	if err := gfx.CheckLens(fovY, near, far); err != nil {
		return fmt.Errorf("scene: SetLens: %w", err)
	}
	m.lens = [3]float32{fovY, near, far}
	if m.viewer == nil {
		m.draw.Camera.FovY, m.draw.Camera.Near, m.draw.Camera.Far = fovY, near, far
	}
	return nil
}

// SetLight sets the scene's light; the zero Light means gfx.DefaultLight.
func (m *Manager) SetLight(l gfx.Light) { m.draw.Light = l }

// DrawList returns the manager's draw list as last built, without building it.
func (m *Manager) DrawList() *gfx.DrawList { return &m.draw }

// BuildDrawList refills the manager's draw list for the current frame and
// returns it: the camera view (see SetCamera), the lens and light, and for
// every live actor that is visible (neither it nor an ancestor Hidden) and
// has a mesh, one instance with its render matrix and colour, batched per
// mesh and material, unless its bounding sphere lies outside the camera's
// view (see Interpolate and SetAspect); then Drawer behaviours add what they
// draw. It must follow the frame's Interpolate, whose culling it uses. The engine calls it once
// per frame, after Interpolate and UpdateEffects. The list is reused: it is valid
// until the next call, and a steady scene allocates nothing. A Drawer that
// panics makes BuildDrawList panic with a *PanicError naming the actor.
func (m *Manager) BuildDrawList() *gfx.DrawList {
	d := &m.draw
	d.Reset()
	m.buildView()
	if m.cull.test {
		m.cull.seen, m.cull.out = 0, 0
	}
	defer m.repanic("Draw")
	m.markHidden()
	for c, ch := range m.chunks {
		n := m.chunkLen(c)
		flags, render, acts := ch.flags[:n], ch.render[:n], ch.a[:n]
		for k, f := range flags {
			if f&flagAlive == 0 {
				continue
			}
			a := &acts[k]
			if a.Hidden || f&(flagChild|flagHiddenAbove) == flagChild|flagHiddenAbove {
				continue
			}
			if a.Mesh != gfx.MeshNone && (!m.cull.test || m.inView(ch, k)) { // no call when not culling
				d.AddWith(a.Mesh, a.Material, &render[k], ch.color[k])
			}
			if f&flagDrawer != 0 {
				m.running = runSlot(c, k)
				ch.draw[k].Draw(a, d)
			}
		}
	}
	return d
}

// markHidden sets flagHiddenAbove on every actor that has a parent when
// one of its ancestors is Hidden (hiding an actor hides its descendants,
// as Godot's visible does), and clears it on the others: one pass over the
// order, where every parent comes before its children, so the cost is
// linear in the actors whatever the hierarchy's depth. Roots are not
// marked: a reader checks for a parent first.
func (m *Manager) markHidden() {
	m.ensureOrder()
	for _, i := range m.order {
		ch, k := m.col(i)
		pc, pk := m.col(ch.parent[k])
		if pc.a[pk].Hidden || pc.parent[pk] >= 0 && pc.flags[pk]&flagHiddenAbove != 0 {
			ch.flags[k] |= flagHiddenAbove
		} else {
			ch.flags[k] &^= flagHiddenAbove
		}
	}
}

// effects returns the number of live actors with an Effect.
func (m *Manager) effects() int32 {
	var n int32
	for _, ch := range m.chunks {
		n += ch.effects
	}
	return n
}

// buildView sets the draw list's view from the camera actor, or the fixed
// view.
func (m *Manager) buildView() {
	if m.viewer != nil {
		return // Interpolate rendered the viewer's view
	}
	if m.camera == NoHandle {
		if !m.viewSet {
			m.view, m.viewSet = mgl32.Ident4(), true
		}
		m.draw.Camera.View = m.view
		return
	}
	_, a, err := m.lookup("camera", m.camera)
	if err != nil {
		return // removed: keep the last view
	}
	rigidInverse(&m.draw.Camera.View, &a.ch.render[a.k()])
}

// rigidInverse writes into dst the inverse of the rigid part of r (a T·R·S
// matrix): Rᵀ and −Rᵀ·t, the scale divided out of R's columns. A column of
// zero length leaves dst unchanged.
func rigidInverse(dst, r *mgl32.Mat4) {
	var inv [3]float32
	for c := range 3 {
		x, y, z := r[c*4], r[c*4+1], r[c*4+2]
		n := x*x + y*y + z*z
		if !(n > 0) || n-n != 0 {
			return
		}
		inv[c] = float32(1 / math.Sqrt(float64(n)))
	}
	// Rotation columns, normalised; the view's rows are these columns.
	c0 := mgl32.Vec3{r[0] * inv[0], r[1] * inv[0], r[2] * inv[0]}
	c1 := mgl32.Vec3{r[4] * inv[1], r[5] * inv[1], r[6] * inv[1]}
	c2 := mgl32.Vec3{r[8] * inv[2], r[9] * inv[2], r[10] * inv[2]}
	tx, ty, tz := r[12], r[13], r[14]
	*dst = mgl32.Mat4{
		c0[0], c1[0], c2[0], 0,
		c0[1], c1[1], c2[1], 0,
		c0[2], c1[2], c2[2], 0,
		-(c0[0]*tx + c0[1]*ty + c0[2]*tz), -(c1[0]*tx + c1[1]*ty + c1[2]*tz), -(c2[0]*tx + c2[1]*ty + c2[2]*tz), 1,
	}
}
