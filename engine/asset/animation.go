package asset

import (
	"fmt"
	"math"
)

// Path is the node property a channel animates.
type Path uint8

const (
	PathTranslation Path = iota // Node.Pos, 3 values per key
	PathRotation                // Node.Rot, a unit quaternion x, y, z, w per key
	PathScale                   // Node.Scale, 3 values per key
)

// Width returns the number of values one key of the path holds.
func (p Path) Width() int {
	if p == PathRotation {
		return 4
	}
	return 3
}

// String returns "translation", "rotation" or "scale".
func (p Path) String() string {
	switch p {
	case PathTranslation:
		return "translation"
	case PathRotation:
		return "rotation"
	case PathScale:
		return "scale"
	}
	return fmt.Sprintf("path#%d", uint8(p))
}

// Interpolation is how a channel moves between its keys, as glTF defines
// it.
type Interpolation uint8

const (
	InterpLinear      Interpolation = iota // straight lines; rotations along the shortest arc (slerp)
	InterpStep                             // each key's value holds until the next key
	InterpCubicSpline                      // Hermite spline through in-tangent, value, out-tangent triples
)

// String returns "LINEAR", "STEP" or "CUBICSPLINE", glTF's names.
func (i Interpolation) String() string {
	switch i {
	case InterpLinear:
		return "LINEAR"
	case InterpStep:
		return "STEP"
	case InterpCubicSpline:
		return "CUBICSPLINE"
	}
	return fmt.Sprintf("interpolation#%d", uint8(i))
}

// Animation is a named set of channels played together. Its time runs in
// seconds from 0 to Duration; an Animator samples it at game time counted
// in ticks, never at the clock's time, so it replays identically.
type Animation struct {
	Name     string
	Channels []Channel
	Duration float32 // the latest key time of any channel, seconds
	// Events are times a Pose reports (Pose.Events) on the tick whose step
	// crosses them; glTF has none: a game adds them after loading.
	Events []Event
	// Weights are the channels of morph target weights.
	Weights []WeightChannel
}

// Event is a named time of an Animation, in seconds: a footstep, a hit.
// In a looping clip an event at Duration is the one at 0.
type Event struct {
	Time float32
	Name string
}

// Channel animates one property of one node.
type Channel struct {
	Node   int // index into Model.Nodes
	Path   Path
	Interp Interpolation
	Times  []float32 // key times in seconds, increasing
	// Values holds Path.Width() values per key, or three times that for
	// InterpCubicSpline (in-tangent, value, out-tangent for each key).
	Values []float32
}

// Validate reports a channel whose times do not increase, whose values do
// not match its keys, or that names a node out of range.
func (c *Channel) Validate(nodes int) error {
	w := c.Path.Width()
	if c.Interp == InterpCubicSpline {
		w *= 3
	}
	switch {
	case c.Node < 0 || c.Node >= nodes:
		return fmt.Errorf("channel targets node %d of %d", c.Node, nodes)
	case c.Path > PathScale:
		return fmt.Errorf("unknown path %d", c.Path)
	case c.Interp > InterpCubicSpline:
		return fmt.Errorf("unknown interpolation %d", c.Interp)
	case len(c.Times) == 0:
		return fmt.Errorf("%v channel of node %d has no keys", c.Path, c.Node)
	case len(c.Values) != w*len(c.Times):
		return fmt.Errorf("%v channel of node %d: %d values for %d keys, want %d (%v)", c.Path, c.Node, len(c.Values), len(c.Times), w*len(c.Times), c.Interp)
	}
	for i, t := range c.Times {
		if !finite(t) || t < 0 || i > 0 && t <= c.Times[i-1] {
			return fmt.Errorf("%v channel of node %d: key time %d is %v: want finite, non-negative, increasing times", c.Path, c.Node, i, t)
		}
	}
	if !finite(c.Values...) {
		return fmt.Errorf("%v channel of node %d: a value is not finite", c.Path, c.Node)
	}
	return nil
}

// Validate checks every channel of a against a model of nodes nodes, and
// its events' times (finite, 0 to Duration).
func (a *Animation) Validate(nodes int) error {
	for i := range a.Channels {
		if err := a.Channels[i].Validate(nodes); err != nil {
			return fmt.Errorf("channel %d: %w", i, err)
		}
	}
	for i, e := range a.Events {
		if !finite(e.Time) || e.Time < 0 || e.Time > a.Duration {
			return fmt.Errorf("event %d %q at %v s: want a time from 0 to the duration, %v s", i, e.Name, e.Time, a.Duration)
		}
	}
	for i := range a.Weights {
		if err := a.Weights[i].Validate(nodes); err != nil {
			return fmt.Errorf("weights channel %d: %w", i, err)
		}
	}
	return nil
}

// key returns the index k of the last key at or before t (0 before the
// first key) by binary search.
func (c *Channel) key(t float32) int {
	lo, hi := 0, len(c.Times)-1
	for lo < hi {
		mid := int(uint(lo+hi+1) >> 1)
		if c.Times[mid] <= t {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// value returns the key's value (the middle third of a cubic key).
func (c *Channel) value(k, w int, cubic bool) []float32 {
	if cubic {
		return c.Values[(3*k+1)*w : (3*k+2)*w]
	}
	return c.Values[k*w : (k+1)*w]
}

// Sample writes the channel's value at time t (seconds) into dst: three
// values for translation and scale, a unit quaternion (x, y, z, w) for
// rotation. Before the first key it holds the first value, after the last
// the last. It allocates nothing.
func (c *Channel) Sample(t float32, dst *[4]float32) {
	w := c.Path.Width()
	cubic := c.Interp == InterpCubicSpline
	k := c.key(t)
	if t <= c.Times[0] || k == len(c.Times)-1 || c.Interp == InterpStep {
		copy(dst[:w], c.value(k, w, cubic))
		return
	}
	t0, t1 := c.Times[k], c.Times[k+1]
	td := t1 - t0
	u := (t - t0) / td
	v0, v1 := c.value(k, w, cubic), c.value(k+1, w, cubic)
	switch {
	case cubic:
		// glTF 2.0, appendix C: p(u) = (2u³−3u²+1)v0 + td(u³−2u²+u)b0 +
		// (−2u³+3u²)v1 + td(u³−u²)a1, with b0 key k's out-tangent and a1
		// key k+1's in-tangent.
		b0 := c.Values[(3*k+2)*w : (3*k+3)*w]
		a1 := c.Values[(3*(k+1))*w : (3*(k+1)+1)*w]
		u2, u3 := u*u, u*u*u
		h00, h10 := 2*u3-3*u2+1, td*(u3-2*u2+u)
		h01, h11 := -2*u3+3*u2, td*(u3-u2)
		for i := range w {
			dst[i] = h00*v0[i] + h10*b0[i] + h01*v1[i] + h11*a1[i]
		}
		if c.Path == PathRotation {
			normalize4(dst)
		}
	case c.Path == PathRotation:
		slerp(v0, v1, u, dst)
	default:
		for i := range w {
			dst[i] = v0[i] + (v1[i]-v0[i])*u
		}
	}
}

// slerp writes the spherical interpolation from unit quaternion a to b
// (x, y, z, w) at u into dst, along the shorter arc.
func slerp(a, b []float32, u float32, dst *[4]float32) {
	dot := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	sign := float32(1)
	if dot < 0 {
		dot, sign = -dot, -1
	}
	var s0, s1 float32
	if dot > 0.9995 {
		// Nearly the same rotation: a straight line, normalised below.
		s0, s1 = 1-u, u
	} else {
		theta := math.Acos(float64(dot))
		sin := math.Sin(theta)
		s0 = float32(math.Sin((1-float64(u))*theta) / sin)
		s1 = float32(math.Sin(float64(u)*theta) / sin)
	}
	for i := range 4 {
		dst[i] = s0*a[i] + sign*s1*b[i]
	}
	normalize4(dst)
}

func normalize4(q *[4]float32) {
	l := float32(math.Sqrt(float64(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])))
	if l > 0 {
		for i := range 4 {
			q[i] /= l
		}
	} else {
		*q = [4]float32{0, 0, 0, 1}
	}
}
