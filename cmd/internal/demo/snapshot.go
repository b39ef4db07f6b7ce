package demo

import (
	"github.com/tickwork/tickwork/scene/fields"
)

// Describe lists what the gameplay's ticks change outside the scene's
// transforms, for the engine's snapshots (rollback, the sync test): the
// state's counters, the teleport timer, the crowd's ring angles, the
// ball's motion, the camera's aim, the input actions' state (what the
// next tick's presses are told from), the collision world (bodies,
// contacts, the solver's impulses), the picked actor and the footsteps
// heard. The ball and the camera are
// described here rather than by Describe methods of their own, so that
// the scene's hash stays as it was (recordings made before still replay);
// Gameplay's Hash covers them.
func (g *Gameplay) Describe(v *fields.Visitor) {
	fields.Integer(v, "ticks", &g.ticks)
	v.Int("teleports", &g.teleports)
	v.String("note", &g.note)
	v.Int("noteTicks", &g.noteTicks)
	v.Int("bounces", &g.bounces)
	fields.Integer(v, "music", &g.music)
	v.Bool("musicMuted", &g.musicMuted)
	acc, rate := g.timer.Progress()
	fields.Integer(v, "timer.acc", &acc)
	fields.Integer(v, "timer.rate", &rate)
	if v.Loading() {
		g.timer.SetProgress(acc, rate)
	}
	if !v.Loading() {
		g.angles = g.angles[:0]
		for _, r := range g.rings {
			g.angles = append(g.angles, r.orbit, r.spin)
		}
	}
	v.Float64s("ringAngles", &g.angles)
	if v.Loading() && len(g.angles) == 2*len(g.rings) {
		for i, r := range g.rings {
			r.orbit, r.spin = g.angles[2*i], g.angles[2*i+1]
		}
	}
	if g.ball != nil {
		v.Struct("ball", (*ballFields)(g.ball))
	}
	if g.follow != nil {
		v.Struct("camera", (*followFields)(g.follow))
	}
	v.Struct("controls", &g.controls)
	if g.cfg.Players == 2 {
		v.Struct("players", &g.net)
	}
	if g.phys != nil {
		v.Struct("phys", g.phys)
	}
	fields.Integer(v, "picked", &g.picked)
	v.String("pickNote", &g.pickNote)
	v.Int("steps", &g.steps)
}

// ballFields describes a Ball's motion; Ball itself is not a
// fields.Describer (see Gameplay.Describe).
type ballFields Ball

// Describe lists the ball's position, velocity, push and counts.
func (b *ballFields) Describe(v *fields.Visitor) {
	for i, name := range [...]string{"pos.x", "pos.y", "pos.z"} {
		v.Float64(name, &b.State.Pos[i])
	}
	for i, name := range [...]string{"vel.x", "vel.y", "vel.z"} {
		v.Float64(name, &b.State.Vel[i])
	}
	v.Float64("push.x", &b.Push[0])
	v.Float64("push.z", &b.Push[1])
	v.Int("bounces", &b.Bounces)
	v.Int("walls", &b.Walls)
}

// followFields describes the camera's aim.
type followFields Follow

// Describe lists where the camera looks and its azimuth.
func (f *followFields) Describe(v *fields.Visitor) {
	v.Vec3("look", &f.look)
	v.Bool("init", &f.init)
	v.Float64("azimuth", &f.Azimuth)
}
