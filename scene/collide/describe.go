package collide

import (
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
)

func vecField(v *fields.Visitor, name string, p *vec) {
	v.Float64(name+".x", &p[0])
	v.Float64(name+".y", &p[1])
	v.Float64(name+".z", &p[2])
}

func quatField(v *fields.Visitor, name string, q *quat) {
	v.Float64(name+".w", &q.w)
	v.Float64(name+".x", &q.x)
	v.Float64(name+".y", &q.y)
	v.Float64(name+".z", &q.z)
}

// Describe describes what later ticks read: the colliders (their
// settings, their bodies' motion, their placed shapes, so queries right
// after a Load answer as before it) and the pairs in contact with the
// solver's impulses. fields.Hash of a World is its state's hash; Save and
// Load snapshot it (the meshes added with AddMesh are not included: add
// the same ones to the world a snapshot is loaded into).
func (w *World) Describe(v *fields.Visitor) {
	fields.Integer(v, "tick", &w.tick)
	fields.Structs(v, "colliders", &w.cols)
	fields.Structs(v, "pairs", &w.pairs)
	if v.Loading() {
		w.stale = true
	}
}

func (c *collider) Describe(v *fields.Visitor) {
	fields.Integer(v, "actor", &c.h)
	s := &c.cfg
	fields.Integer(v, "kind", &s.Shape.Kind)
	v.Float32("radius", &s.Shape.Radius)
	v.Vec3("half", &s.Shape.HalfExtents)
	v.Float32("halfHeight", &s.Shape.HalfHeight)
	fields.Integer(v, "mesh", &s.Shape.Mesh)
	v.Vec3("offset", &s.Offset)
	v.Quat("offsetRot", &s.OffsetRot)
	fields.Integer(v, "layer", &s.Layer)
	fields.Integer(v, "mask", &s.Mask)
	v.Bool("sensor", &s.Sensor)
	fields.Integer(v, "body", &s.Body)
	v.Float32("mass", &s.Mass)
	v.Float32("restitution", &s.Restitution)
	v.Float32("friction", &s.Friction)
	vecField(v, "pos", &c.pos)
	quatField(v, "rot", &c.rot)
	vecField(v, "vel", &c.vel)
	vecField(v, "ang", &c.ang)
	v.Float64("still", &c.still)
	vecField(v, "restPos", &c.restPos)
	quatField(v, "restRot", &c.restRot)
	v.Bool("asleep", &c.asleep)
	v.Bool("placed", &c.placed)
	vecField(v, "scale", &c.scale)
}

func (p *pair) Describe(v *fields.Visitor) {
	fields.Integer(v, "a", &p.a)
	fields.Integer(v, "b", &p.b)
	v.Bool("touching", &p.touching)
	v.Bool("sensor", &p.sensor)
	fields.Integer(v, "points", &p.m.np)
	if p.m.np < 0 || p.m.np > maxPoints {
		p.m.np = 0 // refused below by the points' own ranges
	}
	for i := range p.m.np {
		pt := &p.m.pts[i]
		vecField(v, "p", &pt.p)
		vecField(v, "n", &pt.n)
		v.Float64("depth", &pt.depth)
		v.Float64("jn", &p.jn[i])
		v.Float64("jt1", &p.jt1[i])
		v.Float64("jt2", &p.jt2[i])
	}
}

// refresh rebuilds what a Load leaves out (placed shapes, the tree) from
// the described state, so queries answer at once.
func (w *World) refresh() {
	if !w.stale {
		return
	}
	w.stale = false
	for i := range w.cols {
		w.place(&w.cols[i])
	}
	w.tree.reset(len(w.cols))
	for i := range w.cols {
		w.tree.lo[i], w.tree.hi[i] = w.cols[i].lo, w.cols[i].hi
	}
	w.tree.build(2)
	w.built = len(w.cols)
}

var _ fields.Describer = (*World)(nil)
var _ = scene.NoHandle
