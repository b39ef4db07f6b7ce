package asset

import (
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/fields"
)

// Describe describes the pose's state for hashes, snapshots and rollback
// (package scene/fields): every layer's clips, times, cross-fade and
// settings, and the local transforms and morph weights of the last two
// ticks, so a restored pose resimulates and draws exactly as the original.
// Events fired are not state: a resimulated tick fires its own. Masks are
// not described (set them once, when the pose is made). Call it between
// ticks.
func (p *Pose) Describe(v *fields.Visitor) {
	p.worldOK = false // a Load may change cur: World recomputes
	v.Uint64("ticks", &p.ticks)
	for i := range p.Layers {
		l := &p.Layers[i]
		v.Float32("weight", &l.Weight)
		v.Float64("speed", &l.Speed)
		v.Bool("additive", &l.Additive)
		v.Int("clip", &l.clip)
		v.Int("from", &l.from)
		v.Float64("time", &l.time)
		v.Float64("fromTime", &l.fromTime)
		v.Bool("loop", &l.loop)
		v.Bool("fromLoop", &l.fromLoop)
		v.Int("fade", &l.fade)
		v.Int("fadeLen", &l.fadeLen)
		v.Bool("done", &l.done)
	}
	for _, ts := range [2][][]scene.Transform{{p.cur}, {p.prev}} {
		for _, t := range ts {
			for i := range t {
				v.Vec3("pos", &t[i].Pos)
				v.Quat("rot", &t[i].Rot)
				v.Vec3("scale", &t[i].Scale)
			}
		}
	}
	for _, w := range [2][]float32{p.wcur, p.wprev} {
		for i := range w {
			v.Float32("w", &w[i])
		}
	}
}
