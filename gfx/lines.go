package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// LineVertex is one end of a line segment: a world-space position and an
// sRGB-encoded RGBA8 colour. Its memory layout (16 bytes) is the vertex
// data the renderer uploads, so a LineBuffer's vertices go to the GPU as they are.
type LineVertex struct {
	Pos   mgl32.Vec3
	Color [4]uint8
}

// Label is text at a point in the world. The engine projects it with the
// scene's camera (Camera.ToHUD) and draws it on the HUD, its top-left
// corner at the projected point, over everything in the scene.
type Label struct {
	Pos   mgl32.Vec3
	Color Color
	S     string
}

// Limits on one call's output, so a bad argument cannot exhaust memory.
const (
	// MaxGridCells is the most cells a side of a Grid may have; more are
	// clamped to it.
	MaxGridCells = 1000
	// SphereSegments is the number of segments of each of a Sphere's three
	// circles.
	SphereSegments = 24
)

// LineBuffer is a buffer of line segments and labels in world space, drawn with
// the camera of the scene it is added to (DrawList.AddLines): debug drawing
// of bounds, paths, normals, colliders. The methods append segments, each
// with its colour (sRGB-encoded, like an actor's); Reset empties it keeping
// its memory, so a buffer refilled every tick or frame allocates nothing
// once its slices have grown. The renderer draws every LineBuffer of a scene
// with one upload and one draw call.
//
// The zero value is an empty, depth-tested buffer. LineBuffer is plain data for
// one goroutine: fill it on the goroutine that builds the frame (the main
// goroutine in the engine).
type LineBuffer struct {
	// OnTop draws the buffer's segments over the scene's meshes instead of
	// hidden behind them: for gizmos that must stay visible.
	OnTop bool

	v      []LineVertex
	labels []Label
}

// Reset empties the buffer, keeping its memory and OnTop.
func (l *LineBuffer) Reset() {
	l.v = l.v[:0]
	clear(l.labels) // keep no strings alive
	l.labels = l.labels[:0]
}

// Len returns the number of segments in the buffer.
func (l *LineBuffer) Len() int { return len(l.v) / 2 }

// Vertices returns the segments' ends, two per segment, in the order
// added. The slice is only valid until the next call that adds or Reset.
func (l *LineBuffer) Vertices() []LineVertex { return l.v }

// Labels returns the labels, in the order added; valid until the next
// call that adds or Reset.
func (l *LineBuffer) Labels() []Label { return l.labels }

// pack converts c to RGBA8, clamping each component to [0, 1] (NaN is 0).
func pack(c Color) [4]uint8 {
	return [4]uint8{unorm8(c.R), unorm8(c.G), unorm8(c.B), unorm8(c.A)}
}

func unorm8(x float32) uint8 {
	if !(x > 0) {
		return 0
	}
	if x >= 1 {
		return 255
	}
	return uint8(x*255 + 0.5)
}

// grow makes room for n more vertices and returns them.
func (l *LineBuffer) grow(n int) []LineVertex {
	k := len(l.v)
	if k+n > cap(l.v) {
		l.v = append(l.v[:cap(l.v)], make([]LineVertex, k+n-cap(l.v))...)
	}
	l.v = l.v[:k+n]
	return l.v[k : k+n]
}

// Line adds the segment from a to b.
func (l *LineBuffer) Line(a, b mgl32.Vec3, c Color) {
	p := pack(c)
	n := len(l.v)
	if n+2 > cap(l.v) {
		l.grow(2)
	} else {
		l.v = l.v[:n+2]
	}
	v := l.v[n : n+2 : n+2]
	v[0].Pos, v[0].Color = a, p
	v[1].Pos, v[1].Color = b, p
}

// Arrow adds a segment from from to to with a head at to: four strokes a
// fifth of the arrow's length, in two planes through the shaft. A
// zero-length arrow adds nothing.
func (l *LineBuffer) Arrow(from, to mgl32.Vec3, c Color) {
	d := to.Sub(from)
	n := d.Len()
	if !(n > 0) || math.IsInf(float64(n), 0) {
		return
	}
	// Two unit vectors perpendicular to the shaft and to each other.
	u := d.Mul(1 / n)
	side := mgl32.Vec3{0, 1, 0}
	if abs32(u[1]) > 0.9 {
		side = mgl32.Vec3{1, 0, 0}
	}
	p1 := u.Cross(side).Normalize()
	p2 := u.Cross(p1)
	back := to.Sub(d.Mul(0.2))
	w := n * 0.08
	v := l.grow(10)
	p := pack(c)
	v[0], v[1] = LineVertex{from, p}, LineVertex{to, p}
	for i, e := range [4]mgl32.Vec3{p1.Mul(w), p1.Mul(-w), p2.Mul(w), p2.Mul(-w)} {
		v[2+2*i], v[3+2*i] = LineVertex{to, p}, LineVertex{back.Add(e), p}
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// Box adds the 12 edges of the axis-aligned box from min to max.
func (l *LineBuffer) Box(min, max mgl32.Vec3, c Color) {
	var k [8]mgl32.Vec3
	for i := range k {
		k[i] = mgl32.Vec3{pick(i, 0, min, max), pick(i, 1, min, max), pick(i, 2, min, max)}
	}
	l.edges(&k, c)
}

// OrientedBox adds the 12 edges of the box from min to max in the local
// space of m (an actor's model matrix and its mesh's bounds outline the
// actor as drawn; the unit cube −0.5…0.5 outlines a built-in cube).
func (l *LineBuffer) OrientedBox(m *mgl32.Mat4, min, max mgl32.Vec3, c Color) {
	var k [8]mgl32.Vec3
	for i := range k {
		k[i] = mgl32.TransformCoordinate(mgl32.Vec3{pick(i, 0, min, max), pick(i, 1, min, max), pick(i, 2, min, max)}, *m)
	}
	l.edges(&k, c)
}

func pick(i, axis int, min, max mgl32.Vec3) float32 {
	if i>>axis&1 == 0 {
		return min[axis]
	}
	return max[axis]
}

// edges adds the 12 edges of the box whose corners are k: corner i takes
// min or max on axis a as bit a of i is 0 or 1.
func (l *LineBuffer) edges(k *[8]mgl32.Vec3, c Color) {
	edges := [12][2]uint8{
		{0, 1}, {2, 3}, {4, 5}, {6, 7}, // along x
		{0, 2}, {1, 3}, {4, 6}, {5, 7}, // along y
		{0, 4}, {1, 5}, {2, 6}, {3, 7}, // along z
	}
	v := l.grow(24)
	p := pack(c)
	for i, e := range edges {
		v[2*i] = LineVertex{k[e[0]], p}
		v[2*i+1] = LineVertex{k[e[1]], p}
	}
}

// circle adds a circle of SphereSegments segments around center, of the
// given radius, in the plane spanned by the unit vectors u and w.
func (l *LineBuffer) circle(center, u, w mgl32.Vec3, radius float32, p [4]uint8) {
	const n = SphereSegments
	// Turn (cos, sin) by one step each segment instead of calling the
	// trigonometric functions n times.
	cs, sn := float32(math.Cos(2*math.Pi/n)), float32(math.Sin(2*math.Pi/n))
	x, y := float32(1), float32(0)
	v := l.grow(2 * n)
	prev := center.Add(u.Mul(radius))
	for i := range n {
		x, y = x*cs-y*sn, x*sn+y*cs
		next := center.Add(u.Mul(radius * x)).Add(w.Mul(radius * y))
		if i == n-1 {
			next = center.Add(u.Mul(radius)) // close exactly
		}
		v[2*i], v[2*i+1] = LineVertex{prev, p}, LineVertex{next, p}
		prev = next
	}
}

// Sphere adds a wire sphere: three circles of SphereSegments segments, in
// the planes XY, YZ and ZX through center. A radius that is not positive
// and finite adds nothing.
func (l *LineBuffer) Sphere(center mgl32.Vec3, radius float32, c Color) {
	if !(radius > 0) || math.IsInf(float64(radius), 0) {
		return
	}
	p := pack(c)
	x, y, z := mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}
	l.circle(center, x, y, radius, p)
	l.circle(center, y, z, radius, p)
	l.circle(center, z, x, radius, p)
}

// Grid adds a square grid on the horizontal (XZ) plane through center:
// cells × cells squares of side spacing, so cells+1 lines each way.
// cells above MaxGridCells is clamped to it; cells below 1 or a spacing
// that is not positive and finite adds nothing.
func (l *LineBuffer) Grid(center mgl32.Vec3, cells int, spacing float32, c Color) {
	if cells < 1 || !(spacing > 0) || math.IsInf(float64(spacing), 0) {
		return
	}
	cells = min(cells, MaxGridCells)
	half := float32(cells) * spacing / 2
	v := l.grow(4 * (cells + 1))
	p := pack(c)
	for i := 0; i <= cells; i++ {
		o := -half + float32(i)*spacing
		v[4*i] = LineVertex{center.Add(mgl32.Vec3{o, 0, -half}), p}
		v[4*i+1] = LineVertex{center.Add(mgl32.Vec3{o, 0, half}), p}
		v[4*i+2] = LineVertex{center.Add(mgl32.Vec3{-half, 0, o}), p}
		v[4*i+3] = LineVertex{center.Add(mgl32.Vec3{half, 0, o}), p}
	}
}

// Axes adds the axes of the frame m (an actor's model matrix): from its
// origin, size units along its x (red), y (green) and z (blue) axes, in
// its local units.
func (l *LineBuffer) Axes(m *mgl32.Mat4, size float32) {
	axisColors := [3][4]uint8{{230, 40, 40, 255}, {40, 210, 40, 255}, {50, 90, 255, 255}}
	o := mgl32.TransformCoordinate(mgl32.Vec3{}, *m)
	v := l.grow(6)
	for k := range 3 {
		var e mgl32.Vec3
		e[k] = size
		v[2*k] = LineVertex{o, axisColors[k]}
		v[2*k+1] = LineVertex{mgl32.TransformCoordinate(e, *m), axisColors[k]}
	}
}

// Text adds a label: s at the world point p, to be drawn on the HUD. The
// renderer draws no labels: whoever builds the frame projects them with
// the scene's camera (Camera.ToHUD) and adds them to the HUD, as the
// engine does.
func (l *LineBuffer) Text(p mgl32.Vec3, c Color, s string) {
	if s == "" {
		return
	}
	l.labels = append(l.labels, Label{Pos: p, Color: c, S: s})
}

// ToHUD projects the world point p with the camera onto a HUD of w × h
// logical units (the frame's aspect ratio): x from the left, y from the
// top. ok is false for a point behind the camera or not finite, which
// nothing should be drawn for; a point off screen projects outside 0…w,
// 0…h with ok true.
func (c *Camera) ToHUD(p mgl32.Vec3, w, h float32) (x, y float32, ok bool) {
	if !(w > 0 && h > 0) {
		return 0, 0, false
	}
	var proj mgl32.Mat4
	c.Projection(w/h, &proj)
	e := c.View.Mul4x1(p.Vec4(1))
	q := proj.Mul4x1(e)
	if !(q[3] > 0) {
		return 0, 0, false
	}
	x = (q[0]/q[3] + 1) / 2 * w
	y = (1 - q[1]/q[3]) / 2 * h
	if math.IsNaN(float64(x)) || math.IsNaN(float64(y)) || math.IsInf(float64(x), 0) || math.IsInf(float64(y), 0) {
		return 0, 0, false
	}
	return x, y, true
}
