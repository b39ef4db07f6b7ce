package collide

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// ShapeKind says which of the shapes a Shape is.
type ShapeKind uint8

const (
	ShapeNone    ShapeKind = iota
	ShapeSphere            // Radius
	ShapeBox               // HalfExtents, oriented by the actor and the offset
	ShapeCapsule           // Radius and HalfHeight, along the local Y axis
	ShapeMesh              // Mesh, a static triangle mesh added with World.AddMesh
)

func (k ShapeKind) String() string {
	switch k {
	case ShapeSphere:
		return "sphere"
	case ShapeBox:
		return "box"
	case ShapeCapsule:
		return "capsule"
	case ShapeMesh:
		return "mesh"
	}
	return fmt.Sprintf("shape kind %d", uint8(k))
}

// Shape is a collision shape in its own space, before the actor's
// transform and the collider's offset place it. Build one with Sphere, Box,
// Capsule or Mesh. The actor's scale scales it: a sphere by the largest
// absolute component, a box per axis, a capsule's radius by the larger of
// X and Z and its half height by Y, a mesh per axis.
type Shape struct {
	Kind        ShapeKind
	Radius      float32    // sphere, capsule
	HalfExtents mgl32.Vec3 // box
	HalfHeight  float32    // capsule: half the distance between its two sphere centres
	Mesh        MeshID     // mesh
}

// Sphere returns a sphere of radius r.
func Sphere(r float32) Shape { return Shape{Kind: ShapeSphere, Radius: r} }

// Box returns a box with the given half extents.
func Box(half mgl32.Vec3) Shape { return Shape{Kind: ShapeBox, HalfExtents: half} }

// Capsule returns a capsule along Y: a segment of length 2·halfHeight
// swept by a sphere of radius r (total height 2·(halfHeight+r)).
func Capsule(r, halfHeight float32) Shape {
	return Shape{Kind: ShapeCapsule, Radius: r, HalfHeight: halfHeight}
}

// Mesh returns a static triangle mesh shape naming a mesh added with
// World.AddMesh.
func Mesh(id MeshID) Shape { return Shape{Kind: ShapeMesh, Mesh: id} }

// Size limits: a shape smaller than MinSize or larger than MaxSize is
// refused (a zero box cannot be pushed out of anything, a kilometre-wide
// sphere defeats the broad phase).
const (
	MinSize = 1e-4
	MaxSize = 1e5
)

// ErrBadShape is wrapped by the errors about a shape's size or kind.
var ErrBadShape = errors.New("bad shape")

func sizeOK(x float32) bool { return x >= MinSize && x <= MaxSize }

// Validate reports what is wrong with s: an unknown kind, or a size that is
// not finite, zero, negative or out of [MinSize, MaxSize].
func (s Shape) Validate() error {
	switch s.Kind {
	case ShapeSphere:
		if !sizeOK(s.Radius) {
			return fmt.Errorf("%w: sphere radius %v is outside [%g, %g]: give a positive size in metres", ErrBadShape, s.Radius, MinSize, MaxSize)
		}
	case ShapeBox:
		for i, h := range s.HalfExtents {
			if !sizeOK(h) {
				return fmt.Errorf("%w: box half extent %c = %v is outside [%g, %g]: give positive half sizes in metres", ErrBadShape, "xyz"[i], h, MinSize, MaxSize)
			}
		}
	case ShapeCapsule:
		if !sizeOK(s.Radius) {
			return fmt.Errorf("%w: capsule radius %v is outside [%g, %g]", ErrBadShape, s.Radius, MinSize, MaxSize)
		}
		if !(s.HalfHeight >= 0 && s.HalfHeight <= MaxSize) {
			return fmt.Errorf("%w: capsule half height %v is outside [0, %g] (0 makes a sphere)", ErrBadShape, s.HalfHeight, MaxSize)
		}
	case ShapeMesh:
		if s.Mesh == 0 {
			return fmt.Errorf("%w: mesh shape without a mesh: add one with World.AddMesh and pass its MeshID", ErrBadShape)
		}
	default:
		return fmt.Errorf("%w: unknown kind %d: build shapes with Sphere, Box, Capsule or Mesh", ErrBadShape, s.Kind)
	}
	return nil
}

// hull is a shape placed in the world as a convex core (a point, a
// segment, a box or a triangle) grown by a radius: spheres and capsules
// are points and segments with their radius, boxes and triangles have
// none. Every convex pair test works on two hulls.
type hull struct {
	v     [3]vec // the core's vertices (a box's are not stored: see box)
	nv    int
	axes  [3]vec // face normals of the core (box: 3, triangle: 1)
	na    int
	edges [3]vec // edge directions of the core
	ne    int
	r     float64
	box   bool // the core is a box: c, axes, he describe it (nv is 8)
	c     vec
	he    vec
}

func (h *hull) support(d vec) (vec, int) {
	if h.box {
		p := h.c
		for k := range 3 {
			if h.axes[k].dot(d) >= 0 {
				p = p.madd(h.axes[k], h.he[k])
			} else {
				p = p.madd(h.axes[k], -h.he[k])
			}
		}
		return p, 0
	}
	best, bi := h.v[0].dot(d), 0
	for i := 1; i < h.nv; i++ {
		if x := h.v[i].dot(d); x > best {
			best, bi = x, i
		}
	}
	return h.v[bi], bi
}

func (h *hull) bounds() (lo, hi vec) {
	r := vec{h.r, h.r, h.r}
	if h.box {
		var e vec
		for j := range 3 {
			e[j] = h.he[0]*math.Abs(h.axes[0][j]) + h.he[1]*math.Abs(h.axes[1][j]) + h.he[2]*math.Abs(h.axes[2][j])
		}
		return h.c.sub(e), h.c.add(e)
	}
	lo, hi = h.v[0], h.v[0]
	for i := 1; i < h.nv; i++ {
		lo, hi = vmin(lo, h.v[i]), vmax(hi, h.v[i])
	}
	return lo.sub(r), hi.add(r)
}

// translate moves the hull by d.
func (h *hull) translate(d vec) {
	if h.box {
		h.c = h.c.add(d)
		return
	}
	for i := 0; i < h.nv; i++ {
		h.v[i] = h.v[i].add(d)
	}
}

// The hull builders set only what the hull's kind uses (the counts say
// how much of each array is meaningful), so placing thousands of shapes a
// tick writes no more memory than it must.

func pointHull(h *hull, p vec, r float64) {
	h.nv, h.na, h.ne, h.r, h.box = 1, 0, 0, r, false
	h.v[0] = p
}

func segmentHull(h *hull, a, b vec, r float64) {
	h.nv, h.na, h.ne, h.r, h.box = 2, 0, 1, r, false
	h.v[0], h.v[1] = a, b
	h.edges[0] = b.sub(a)
	if h.edges[0].len2() < 1e-24 {
		h.nv, h.ne = 1, 0
	}
}

func boxHull(h *hull, t pose, he vec) {
	h.nv, h.na, h.ne, h.r, h.box, h.c, h.he = 8, 3, 3, 0, true, t.p, he
	h.axes = t.q.axes()
	h.edges = h.axes
}

// triHull makes a triangle's hull; ok is false for a degenerate triangle.
func triHull(h *hull, a, b, c vec) bool {
	h.nv, h.na, h.ne, h.r, h.box = 3, 1, 3, 0, false
	h.v[0], h.v[1], h.v[2] = a, b, c
	h.edges[0], h.edges[1], h.edges[2] = b.sub(a), c.sub(b), a.sub(c)
	n := h.edges[0].cross(c.sub(a))
	l := n.len()
	if !(l > 1e-12) {
		return false
	}
	h.axes[0] = n.mul(1 / l)
	return true
}

// scaleOf returns the absolute scale components.
func scaleOf(s mgl32.Vec3) vec {
	return vec{math.Abs(float64(s[0])), math.Abs(float64(s[1])), math.Abs(float64(s[2]))}
}

// placeConvex builds the hull of a convex shape at the world pose t with
// the actor's scale sc.
func placeConvex(h *hull, s *Shape, t pose, sc vec) {
	switch s.Kind {
	case ShapeSphere:
		pointHull(h, t.p, float64(s.Radius)*max(sc[0], sc[1], sc[2]))
	case ShapeBox:
		he := v64(s.HalfExtents)
		boxHull(h, t, vec{he[0] * sc[0], he[1] * sc[1], he[2] * sc[2]})
	case ShapeCapsule:
		up := t.q.rotate(vec{0, float64(s.HalfHeight) * sc[1], 0})
		segmentHull(h, t.p.sub(up), t.p.add(up), float64(s.Radius)*max(sc[0], sc[2]))
	}
}
