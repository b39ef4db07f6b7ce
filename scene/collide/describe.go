package collide

import (
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
)

// The fields' names, spelled out so that describing allocates nothing.
var (
	posNames   = [3]string{"pos.x", "pos.y", "pos.z"}
	velNames   = [3]string{"vel.x", "vel.y", "vel.z"}
	angNames   = [3]string{"ang.x", "ang.y", "ang.z"}
	scaleNames = [3]string{"scale.x", "scale.y", "scale.z"}
	pNames     = [3]string{"p.x", "p.y", "p.z"}
	nNames     = [3]string{"n.x", "n.y", "n.z"}
	rotNames   = [4]string{"rot.w", "rot.x", "rot.y", "rot.z"}
	restPosN   = [3]string{"restPos.x", "restPos.y", "restPos.z"}
	restRotN   = [4]string{"restRot.w", "restRot.x", "restRot.y", "restRot.z"}
)

func vecField(v *fields.Visitor, names *[3]string, p *vec) {
	v.Float64(names[0], &p[0])
	v.Float64(names[1], &p[1])
	v.Float64(names[2], &p[2])
}

func quatField(v *fields.Visitor, names *[4]string, q *quat) {
	v.Float64(names[0], &q.w)
	v.Float64(names[1], &q.x)
	v.Float64(names[2], &q.y)
	v.Float64(names[3], &q.z)
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
	vecField(v, &posNames, &c.pos)
	quatField(v, &rotNames, &c.rot)
	vecField(v, &velNames, &c.vel)
	vecField(v, &angNames, &c.ang)
	v.Float64("still", &c.still)
	vecField(v, &restPosN, &c.restPos)
	quatField(v, &restRotN, &c.restRot)
	v.Bool("asleep", &c.asleep)
	v.Bool("placed", &c.placed)
	vecField(v, &scaleNames, &c.scale)
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
		vecField(v, &pNames, &pt.p)
		vecField(v, &nNames, &pt.n)
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
