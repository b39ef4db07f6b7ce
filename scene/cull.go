package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/gfx"
)

// MeshBounder gives the bounding sphere of a mesh, in the mesh's own
// coordinates, for frustum culling (asset.Library is one). ok is false for
// a mesh it does not know: actors with that mesh are never culled.
type MeshBounder interface {
	MeshBounds(id gfx.MeshID) (center mgl32.Vec3, radius float32, ok bool)
}

// Bounding spheres of the built-in meshes (gfx/mesh), centred on the
// origin: the unit cube's corners are √3/2 away, the plane's √2/2, the
// sphere of diameter 1 has radius 1/2.
var builtinRadius = [gfx.NumBuiltinMeshes]float32{
	gfx.MeshCube:   0.8660254,
	gfx.MeshPlane:  0.70710677,
	gfx.MeshSphere: 0.5,
}

// cullSlack widens every bounding sphere a little (relative, then absolute)
// so that rounding in the blend, the matrices and the planes never culls
// something that shows a pixel.
const (
	cullSlackRel = 1e-3
	cullSlackAbs = 1e-4
)

// meshSphere is a cached bounding sphere; known is false until looked up.
type meshSphere struct {
	center      mgl32.Vec3
	radius, off float32 // off: radius + |center|, a sphere around the origin
	known, ok   bool
}

// culler is the manager's frustum-culling state for the current frame.
type culler struct {
	aspect float32     // framebuffer width ÷ height; culling is off until it is set
	off    bool        // SetCulling(false)
	on     bool        // this frame's planes are valid
	cam    *mgl32.Mat4 // this frame's camera actor's render matrix: never culled; nil for none
	test   bool        // this frame, BuildDrawList culls (see beginCull)
	early  bool        // this frame, Interpolate culls too
	frame  uint32      // frames since culling was set up, for the periodic test
	// Actors with a mesh BuildDrawList considered, and how many of them were
	// out of view, in the last frame it tested them.
	seen, out int
	planes    [6][4]float32
	reach     float32    // SetShadowReach: how far towards the sun a caster is kept
	sweep     [6]float32 // each plane's normal · the light's direction × reach, this frame
	t         float32    // this frame's blend parameter, for on-demand render matrices
	minDot    float32
	bounds    MeshBounder
	spheres   []meshSphere // by MeshID
}

// SetAspect tells the manager the aspect ratio (width ÷ height) of the
// framebuffer its draw list is rendered to, the one the renderer builds the
// projection with. The engine calls it every frame before Interpolate. Once
// it is set, actors whose bounding sphere lies outside the camera's view
// are culled (see Interpolate); a non-positive or non-finite aspect turns
// culling off.
func (m *Manager) SetAspect(aspect float32) {
	if !(aspect > 0) || math.IsInf(float64(aspect), 0) {
		aspect = 0
	}
	m.cull.aspect = aspect
}

// SetCulling turns frustum culling on (the default, once SetAspect has been
// called) or off: with it off every actor is interpolated and drawn. Call
// it between frames.
func (m *Manager) SetCulling(on bool) { m.cull.off = !on }

// SetShadowReach keeps actors out of view but within distance of it
// towards the sun (against the direction of SetLight's light), so that
// they still cast their shadows into view: set it to the renderer's
// shadow distance (gfx.Graphics.ShadowDistance, gfx.DefaultShadowDistance
// by default) in a scene that culls and draws shadows. 0, the default,
// culls by the view alone. Call it when the scene is set up.
func (m *Manager) SetShadowReach(distance float32) {
	if !(distance > 0) || math.IsInf(float64(distance), 0) {
		distance = 0
	}
	m.cull.reach = distance
}

// SetMeshBounds gives the manager the bounding spheres of meshes other than
// the built-in ones (an asset.Library), so actors with those meshes can be
// culled too. Call it when the scene is set up, before the frames that use
// the meshes; the spheres are cached per mesh ID.
func (m *Manager) SetMeshBounds(b MeshBounder) {
	m.cull.bounds = b
	clear(m.cull.spheres)
}

// sphere returns the bounding sphere of mesh id, or nil if it is unknown.
// It allocates only when it first sees a larger mesh ID.
func (c *culler) sphere(id gfx.MeshID) *meshSphere {
	if int(id) < len(c.spheres) { // inlined fast path: seen before
		if s := &c.spheres[id]; s.known {
			if !s.ok {
				return nil
			}
			return s
		}
	}
	return c.lookSphere(id)
}

// lookSphere is sphere's slow path: it looks up and caches mesh id's sphere.
func (c *culler) lookSphere(id gfx.MeshID) *meshSphere {
	if id == gfx.MeshNone {
		return nil
	}
	if int(id) >= len(c.spheres) {
		c.spheres = append(c.spheres, make([]meshSphere, int(id)+1-len(c.spheres))...)
	}
	s := &c.spheres[id]
	if !s.known {
		s.known = true
		if id < gfx.NumBuiltinMeshes {
			s.radius, s.ok = builtinRadius[id], builtinRadius[id] > 0
		} else if c.bounds != nil {
			s.center, s.radius, s.ok = c.bounds.MeshBounds(id)
			if !(s.radius >= 0) || math.IsInf(float64(s.radius), 0) || !finite3(&s.center) {
				s.ok = false
			}
		}
		s.off = s.radius + s.center.Len()
	}
	if !s.ok {
		return nil
	}
	return s
}

func finite3(v *mgl32.Vec3) bool { c := v[0] + v[1] + v[2]; return c-c == 0 }

// beginCull decides whether this frame culls and, if so, extracts the
// frustum planes from the camera's projection × view. The view is the one
// BuildDrawList will use: with a camera actor, its render transform, which
// is computed here first (with its ancestors) for that purpose.
//
// BuildDrawList tests every actor when the last frame it tested found at
// least one in sixteen out of view, and otherwise every eighth frame: in a
// scene wholly in view the test would cost a tenth of the frame's
// per-actor work for nothing, and drawing something out of view for a few
// frames is only a little slower, never wrong.
//
// It reports whether Interpolate should test actors too, which it does
// only when at least three quarters of the last frame's actors were out of
// view: the test reads the actor's mesh, a cache line the blend does not
// touch, which costs more than the skipped blends save unless most actors
// are out of view (measured with BenchmarkCullInterpolate). Then
// BuildDrawList alone culls, with the render matrices, and the next frame
// tests early if it found enough out of view. Either way nothing in view
// is left out, and what is drawn has the matrix it would have unculled.
func (m *Manager) beginCull(cur uint8, t, minDot float32) bool {
	c := &m.cull
	c.t, c.minDot = t, minDot
	c.on, c.cam, c.test, c.early = false, nil, false, false
	if c.off || c.aspect == 0 {
		return false
	}
	// The viewer's view (Interpolate has rendered it), or the last view,
	// kept if the camera actor was removed.
	view := m.draw.Camera.View
	switch {
	case m.viewer != nil:
	case m.camera == NoHandle:
		if m.viewSet {
			view = m.view
		} else {
			view = mgl32.Ident4()
		}
	default:
		if _, a, err := m.lookup("camera", m.camera); err == nil {
			ch, k := a.ch, a.k()
			m.blendChain(ch, k, cur, t, minDot)
			rigidInverse(&view, &ch.render[k])
			c.cam = &ch.render[k]
		}
	}
	var proj mgl32.Mat4
	m.draw.Camera.Projection(c.aspect, &proj)
	vp := proj.Mul4(view)
	c.on = framePlanes(&c.planes, &vp)
	c.sweep = [6]float32{}
	if d := m.draw.Light.Dir; c.reach > 0 && d.Len() > 0 {
		d = d.Normalize().Mul(c.reach)
		for i, p := range c.planes {
			c.sweep[i] = p[0]*d[0] + p[1]*d[1] + p[2]*d[2]
		}
	}
	c.frame++
	c.test = c.on && (c.frame%8 == 1 || c.out*16 > c.seen)
	c.early = c.test && c.out > 0 && c.out >= c.seen-c.seen/4
	return c.early
}

// framePlanes extracts the six planes of the view volume of a
// projection × view matrix, normals pointing inwards and of unit length,
// as in "Fast Extraction of Viewing Frustum Planes from the
// World-View-Projection Matrix" by Gil Gribb and Klaus Hartmann: a point p
// is inside when row₄·p ± rowᵢ·p ≥ 0 for the clip-space rows i = 1, 2, 3.
// It reports false if a plane is degenerate or not finite.
func framePlanes(dst *[6][4]float32, m *mgl32.Mat4) bool {
	row := func(i int) [4]float32 { return [4]float32{m[i], m[4+i], m[8+i], m[12+i]} }
	w := row(3)
	for i := range 3 {
		r := row(i)
		for s, sign := range [2]float32{1, -1} {
			p := &dst[2*i+s]
			for k := range 4 {
				p[k] = w[k] + sign*r[k]
			}
			n := float32(math.Sqrt(float64(p[0]*p[0] + p[1]*p[1] + p[2]*p[2])))
			if !(n > 0) || math.IsInf(float64(n), 0) || p[3]-p[3] != 0 {
				return false
			}
			for k := range 4 {
				p[k] /= n
			}
		}
	}
	return true
}

// outside reports whether the sphere (x, y, z), r lies wholly outside one
// of the planes, and so does the sphere moved along the light's direction
// by the shadow reach (the segment between them is then outside too). A
// NaN anywhere makes it report false.
func (c *culler) outside(x, y, z, r float32) bool {
	r = r*(1+cullSlackRel) + cullSlackAbs
	for i := range c.planes {
		p := &c.planes[i]
		d := p[0]*x + p[1]*y + p[2]*z + p[3]
		if d < -r && d+c.sweep[i] < -r {
			return true
		}
	}
	return false
}

// cullRoot is Interpolate's test for a moving root actor without children:
// the blended position is (1−t)·p₀ + t·p₁, the blended scale likewise,
// and whatever the blended rotation the mesh's sphere lies within its
// radius plus its centre's distance, times the largest scale, of that
// position. If the sphere is outside the frustum the actor is marked
// outside (not drawn) and stale (its render matrix is computed only if
// asked for) and cullRoot reports true: the blend is skipped.
func (m *Manager) cullRoot(ch *chunk, k int, cur uint8, t float32) bool {
	// A pointer test for the camera: its handle lies in another array.
	if ch.flags[k]&flagParent != 0 || &ch.render[k] == m.cull.cam {
		return false // children compose with its blend; the view needs it
	}
	s := m.cull.sphere(ch.a[k].Mesh)
	if s == nil {
		return false
	}
	w0, w1 := &ch.wt[k][cur^1], &ch.wt[k][cur]
	u := 1 - t
	x := u*w0.Pos[0] + t*w1.Pos[0]
	y := u*w0.Pos[1] + t*w1.Pos[1]
	z := u*w0.Pos[2] + t*w1.Pos[2]
	sx := abs32(u*w0.Scale[0] + t*w1.Scale[0])
	sy := abs32(u*w0.Scale[1] + t*w1.Scale[1])
	sz := abs32(u*w0.Scale[2] + t*w1.Scale[2])
	r := max(sx, sy, sz) * s.off
	if c := x + y + z + r; c-c != 0 {
		return false // an overflowing blend shows the world transform
	}
	if m.cull.outside(x, y, z, r) {
		ch.flags[k] |= flagOutside | flagStale
		return true
	}
	ch.flags[k] |= flagInside
	return false
}

// outsideRender reports whether the mesh of slot k of ch, drawn with its
// render matrix, lies outside this frame's frustum: the sphere's centre
// transformed by the matrix, its radius scaled by the matrix's longest
// axis.
func (m *Manager) outsideRender(ch *chunk, k int) bool {
	s := m.cull.sphere(ch.a[k].Mesh)
	if s == nil {
		return false
	}
	r := &ch.render[k]
	c := &s.center
	x := r[0]*c[0] + r[4]*c[1] + r[8]*c[2] + r[12]
	y := r[1]*c[0] + r[5]*c[1] + r[9]*c[2] + r[13]
	z := r[2]*c[0] + r[6]*c[1] + r[10]*c[2] + r[14]
	l2 := max(r[0]*r[0]+r[1]*r[1]+r[2]*r[2], r[4]*r[4]+r[5]*r[5]+r[6]*r[6], r[8]*r[8]+r[9]*r[9]+r[10]*r[10])
	return m.cull.outside(x, y, z, float32(math.Sqrt(float64(l2)))*s.radius)
}

// blendChain sets the render transforms of slot k of ch and its
// ancestors, root first, as Interpolate does; beginCull needs the camera's
// before the main pass.
func (m *Manager) blendChain(ch *chunk, k int, cur uint8, t, minDot float32) {
	if p := ch.parent[k]; p >= 0 {
		pc, pk := m.col(p)
		m.blendChain(pc, pk, cur, t, minDot)
	}
	m.blendOne(ch, k, cur, t, minDot)
}

// blendOne sets the render matrix of slot k of ch (and, for a parent, its
// render transform) for this frame: Interpolate's work for one actor,
// whose parent's render transform is up to date.
func (m *Manager) blendOne(ch *chunk, k int, cur uint8, t, minDot float32) {
	switch {
	case m.mode == ModeNone:
		ch.render[k] = *ch.worldMatrix(k, cur)
	case ch.flags[k]&flagMoved == 0:
		ch.settle(k, cur)
	case ch.parent[k] >= 0:
		m.blendChild(ch, k, cur, t, minDot)
	default:
		var r Transform
		blendTRS(&r, &ch.wt[k][cur^1], &ch.wt[k][cur], t, minDot)
		ch.setRender(k, &r, cur)
	}
}

// unstale computes the render matrix Interpolate skipped for a culled
// actor, for RenderMatrix.
func (m *Manager) unstale(a *Actor) {
	ch, k := a.ch, a.k()
	ch.flags[k] &^= flagStale
	m.blendOne(ch, k, m.cur&1, m.cull.t, m.cull.minDot)
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// inView reports whether BuildDrawList draws the mesh of slot k of ch on a frame that
// culls (culler.test): whether Interpolate found it in view or, if it did
// not test it, whether its render matrix puts it in view. It counts the
// actors it decides on for beginCull.
func (m *Manager) inView(ch *chunk, k int) bool {
	c := &m.cull
	c.seen++
	switch {
	case ch.flags[k]&flagInside != 0:
		return true
	case ch.flags[k]&flagOutside != 0 || m.outsideRender(ch, k):
		c.out++
		return false
	}
	return true
}
