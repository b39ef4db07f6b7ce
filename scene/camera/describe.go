package camera

import "github.com/tickwork/tickwork/scene/fields"

// Every camera describes its fields with scene/fields, so that a state
// holding one puts it in its own description (v.Struct("cam", &s.cam)):
// the game's hash, its snapshots for rollback and the debug view all come
// from that one description. Each describes its settings and everything
// its Tick changes: the last two ticks' poses, the shake, and for Follow
// the spring arm (pivot, arm length, the target's previous position). A
// Follow's Collide, a function, is not state and is left out; so are a
// Transition's two cameras, which the game describes itself.
//
// Describe runs where the camera is changed (for the engine: the main
// goroutine, between ticks); it allocates nothing, so hashing through a
// kept fields.Codec allocates nothing once warm.

// Describe names the pose's fields: eye, yaw, pitch, roll, field of view
// and pivot distance.
func (p *Pose) Describe(v *fields.Visitor) {
	v.Vec3("eye", &p.Eye)
	v.Float32("yaw", &p.Yaw)
	v.Float32("pitch", &p.Pitch)
	v.Float32("roll", &p.Roll)
	v.Float32("fov", &p.FovY)
	v.Float32("pivot", &p.Pivot)
}

// Describe names the shake's settings and its running state: the random
// generator, the strength and ticks of the shake under way, and the
// offsets of the newest tick. A restored shake goes on exactly as the
// saved one would have.
func (s *Shake) Describe(v *fields.Visitor) {
	v.Float32("maxOffset", &s.MaxOffset)
	v.Float32("maxAngle", &s.MaxAngle)
	v.Uint64("rng", &s.rng)
	v.Float32("strength", &s.strength)
	fields.Integer(v, "total", &s.total)
	fields.Integer(v, "left", &s.left)
	v.Vec3("off", &s.off)
	v.Float32("angYaw", &s.ang[0])
	v.Float32("angPitch", &s.ang[1])
	v.Float32("angRoll", &s.ang[2])
}

// describeBase describes what every camera has: the lens, the last two
// poses and the shake.
func (b *Base) describeBase(v *fields.Visitor) {
	v.Float32("near", &b.Near)
	v.Float32("far", &b.Far)
	v.Struct("last", &b.last)
	v.Struct("cur", &b.cur)
	v.Bool("started", &b.started)
	v.Struct("shake", &b.Shake)
}

func (a *Aim) describeAim(v *fields.Visitor) {
	v.Float32("yaw", &a.Yaw)
	v.Float32("pitch", &a.Pitch)
	v.Float32("minPitch", &a.MinPitch)
	v.Float32("maxPitch", &a.MaxPitch)
	v.Float32("minYaw", &a.MinYaw)
	v.Float32("maxYaw", &a.MaxYaw)
	v.Float32("lookSpeed", &a.LookSpeed)
	v.Float32("turnSpeed", &a.TurnSpeed)
	v.Bool("invertY", &a.InvertY)
	v.Float32("fovY", &a.FovY)
}

func (z *Zoom) describeZoom(v *fields.Visitor) {
	v.Float32("minFovY", &z.MinFovY)
	v.Float32("maxFovY", &z.MaxFovY)
	v.Float32("zoomStep", &z.Step)
}

// Describe names the orbit's fields and state for its hash, snapshots and
// debug view.
func (o *Orbit) Describe(v *fields.Visitor) {
	o.describeBase(v)
	o.describeAim(v)
	v.Vec3("target", &o.Target)
	v.Float32("distance", &o.Distance)
	v.Float32("minDistance", &o.MinDistance)
	v.Float32("maxDistance", &o.MaxDistance)
	v.Float32("zoomStep", &o.ZoomStep)
}

// Describe names the camera's fields and state for its hash, snapshots and
// debug view.
func (c *Fly) Describe(v *fields.Visitor) {
	c.describeBase(v)
	c.describeAim(v)
	c.describeZoom(v)
	v.Vec3("eye", &c.Eye)
	v.Float32("speed", &c.Speed)
}

// Describe names the camera's fields and state for its hash, snapshots and
// debug view.
func (c *FirstPerson) Describe(v *fields.Visitor) {
	c.describeBase(v)
	c.describeAim(v)
	c.describeZoom(v)
	v.Vec3("feet", &c.Feet)
	v.Float32("eyeHeight", &c.EyeHeight)
}

// Describe names the camera's fields and its spring arm's state (pivot,
// arm length, the target's previous position) for its hash, snapshots and
// debug view. Collide, a function, is left out: it stays as set.
func (c *Follow) Describe(v *fields.Visitor) {
	c.describeBase(v)
	c.describeAim(v)
	v.Vec3("target", &c.Target)
	v.Vec3("offset", &c.Offset)
	v.Float32("distance", &c.Distance)
	v.Float32("minDistance", &c.MinDistance)
	v.Float32("maxDistance", &c.MaxDistance)
	v.Float32("zoomStep", &c.ZoomStep)
	v.Float32("lag", &c.Lag)
	v.Float32("lookAhead", &c.LookAhead)
	v.Float32("radius", &c.Radius)
	v.Float32("recover", &c.Recover)
	v.Vec3("pivot", &c.pivot)
	v.Vec3("prevTarget", &c.prevTarget)
	v.Float32("arm", &c.arm)
	v.Bool("primed", &c.primed)
}

// Describe names the transition's lens and progress (its length and the
// ticks counted, now and at the tick before). The two cameras it blends
// are not described: describe them where the game keeps them, and after
// restoring a snapshot taken before a different Start, call Start again
// (or keep the transition's cameras fixed, as most games do).
func (t *Transition) Describe(v *fields.Visitor) {
	v.Float32("near", &t.Near)
	v.Float32("far", &t.Far)
	fields.Integer(v, "ticks", &t.ticks)
	fields.Integer(v, "n", &t.n)
	fields.Integer(v, "lastN", &t.lastN)
	v.Bool("started", &t.started)
}
