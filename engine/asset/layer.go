package asset

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/scene"
)

// Layer is one clip slot of a Pose: the clip it plays, with a cross-fade
// from the previous one. Set its exported fields between ticks or from a
// tick; Pose.Play starts clips.
type Layer struct {
	Weight   float32 // how much of the layer shows over the layers before it, 0 to 1
	Speed    float64 // 1 plays at the file's pace, 0 holds, negative plays backwards
	Additive bool    // add the clip's difference from the rest pose instead of replacing the pose
	Mask     []bool  // by node: the nodes this layer poses (an upper body); nil: every node

	clip, from     int
	time, fromTime float64
	loop, fromLoop bool
	fade, fadeLen  int
	done           bool
}

// eventSlack is how close (in seconds) a clip's time must come to an
// event, or to its end, to reach it: far below any tick step, far above
// the rounding of a sum of steps.
const eventSlack = 1e-9

// EventEnd is the Event index of a Fired that reports a one-shot clip
// reaching its end.
const EventEnd = -1

// Fired is an event reported by Pose.Events: Event indexes the clip's
// Events, or is EventEnd.
type Fired struct {
	Layer, Clip, Event int
	Name               string // the event's name; "end" for EventEnd
}

// Clip returns the clip playing (an index into Model.Animations), -1 for
// none.
func (l *Layer) Clip() int { return l.clip }

// Time returns the clip's time at the current tick, in seconds.
func (l *Layer) Time() float64 { return l.time }

// Done reports whether a one-shot clip has reached its end (and holds its
// last pose).
func (l *Layer) Done() bool { return l.done }

// Fade returns the weight of the playing clip against the one it fades
// from: 1 when no cross-fade is under way.
func (l *Layer) Fade() float32 {
	if l.from < 0 && l.fadeLen == 0 || l.fade >= l.fadeLen {
		return 1
	}
	return float32(l.fade) / float32(l.fadeLen)
}

// Play starts clip (an index into the model's Animations; -1 stops the
// layer) on layer layer from time 0, looping or once (a one-shot holds its
// last pose and reports EventEnd on the tick it ends). With fade > 0 the
// layer cross-fades from what it showed over fade ticks: after k ticks the
// new clip has weight k/fade. Call it between ticks or from a tick.
func (p *Pose) Play(layer, clip int, loop bool, fade int) error {
	switch {
	case layer < 0 || layer >= len(p.Layers):
		return fmt.Errorf("asset: pose of %q: no layer %d (it has %d)", p.model.Name, layer, len(p.Layers))
	case clip < -1 || clip >= len(p.model.Animations):
		return fmt.Errorf("asset: pose of %q: no animation %d (it has %d)", p.model.Name, clip, len(p.model.Animations))
	case fade < 0:
		return fmt.Errorf("asset: pose of %q: fade of %d ticks: want 0 or more", p.model.Name, fade)
	}
	l := &p.Layers[layer]
	if fade > 0 {
		l.from, l.fromTime, l.fromLoop = l.clip, l.time, l.loop
		l.fade, l.fadeLen = 0, fade
	} else {
		l.from, l.fade, l.fadeLen = -1, 0, 0
	}
	l.clip, l.time, l.loop, l.done = clip, 0, loop, false
	if l.Speed < 0 && clip >= 0 {
		l.time = float64(p.model.Animations[clip].Duration)
	}
	return nil
}

// Seek moves layer layer's clip to t seconds (clamped to the clip); events
// between are not fired.
func (p *Pose) Seek(layer int, t float64) {
	l := &p.Layers[layer]
	if l.clip >= 0 {
		l.time = min(max(t, 0), float64(p.model.Animations[l.clip].Duration))
		l.done = false
	}
}

// Events returns the events the last Tick fired, in layer order, each
// clip's in time order: a clip event on the tick whose step crossed its
// time (once per crossing, so a replay or a rollback resimulating the
// tick fires it again exactly once), EventEnd on the tick a one-shot clip
// ended. The slice is the pose's: read it before the next Tick.
func (p *Pose) Events() []Fired { return p.fired }

// advance moves the layer's clips on by dt seconds × Speed and its
// cross-fade by one tick.
func (l *Layer) advance(p *Pose, li int, dt float64) {
	d := dt * l.Speed
	if l.clip >= 0 && !l.done {
		l.time, l.done = p.step(li, l.clip, l.time, d, l.loop)
	}
	if l.from >= 0 || l.fadeLen > 0 {
		if l.from >= 0 {
			l.fromTime, _ = p.step(-1, l.from, l.fromTime, d, l.fromLoop)
		}
		if l.fade++; l.fade >= l.fadeLen {
			l.from, l.fade, l.fadeLen = -1, 0, 0
		}
	}
}

// step moves clip from time t by d seconds, firing (for layer li ≥ 0)
// the events crossed, and returns the new time and whether a one-shot
// clip ended.
func (p *Pose) step(li, clip int, t, d float64, loop bool) (float64, bool) {
	a := &p.model.Animations[clip]
	dur := float64(a.Duration)
	t1 := t + d
	// The step covers (t, t1] forwards, [t1, t) backwards, both moved on
	// by eventSlack so that a time summed from steps that lands a hair
	// short of an event (15 × 1/30 = 0.49999…) counts as reaching it: every
	// crossing is still counted by exactly one step.
	lo, hi := min(t, t1)+eventSlack, max(t, t1)+eventSlack
	if d < 0 {
		lo, hi = lo-2*eventSlack, hi-2*eventSlack
	}
	if li >= 0 && d != 0 {
		for ei, ev := range a.Events {
			e := float64(ev.Time)
			if loop && dur > 0 {
				e = math.Mod(e, dur)
				// Occurrences e + k·dur inside the step.
				k := math.Floor((lo-e)/dur) + 1
				if d < 0 {
					k = math.Ceil((lo - e) / dur)
				}
				for x := e + k*dur; x < hi || d > 0 && x == hi; x += dur {
					if d > 0 || x >= lo {
						p.fire(li, clip, ei, ev.Name)
					}
				}
			} else if d > 0 && e > lo && e <= hi || d < 0 && e >= lo && e < hi {
				p.fire(li, clip, ei, ev.Name)
			}
		}
	}
	switch {
	case dur <= 0:
		return 0, !loop
	case loop:
		t1 = math.Mod(t1, dur)
		if t1 < 0 {
			t1 += dur
		}
		if t1 > dur-eventSlack { // a hair short of the end is the start
			t1 = 0
		}
		return t1, false
	case t1 >= dur-eventSlack && d > 0:
		if li >= 0 {
			p.fire(li, clip, EventEnd, "end")
		}
		return dur, true
	case t1 <= eventSlack && d < 0:
		if li >= 0 {
			p.fire(li, clip, EventEnd, "end")
		}
		return 0, true
	}
	return t1, false
}

// fire reports an event; the buffer grows only when a tick fires more
// events than any tick before it.
func (p *Pose) fire(li, clip, ev int, name string) {
	p.fired = append(p.fired, Fired{Layer: li, Clip: clip, Event: ev, Name: name})
}

// apply blends the layer's pose into p.cur.
func (l *Layer) apply(p *Pose) {
	if !(l.Weight > 0) || l.clip < 0 && l.from < 0 {
		return
	}
	rest := p.scratch[2]
	a := p.scratch[0]
	none := p.cur // a stopped clip shows the layers below
	if l.Additive {
		none = rest
	}
	if l.clip >= 0 {
		p.sample(l.clip, l.time, a)
	} else {
		copy(a, none)
	}
	if l.from >= 0 || l.fadeLen > 0 {
		b := p.scratch[1]
		if l.from >= 0 {
			p.sample(l.from, l.fromTime, b)
		} else {
			copy(b, none)
		}
		f := l.Fade()
		for i := range a {
			blend(&a[i], &b[i], &a[i], f)
		}
	}
	w := min(l.Weight, 1)
	for i := range p.cur {
		if l.Mask != nil && (i >= len(l.Mask) || !l.Mask[i]) {
			continue
		}
		if l.Additive {
			addDelta(&p.cur[i], &a[i], &rest[i], w)
		} else if w == 1 {
			p.cur[i] = a[i]
		} else {
			blend(&p.cur[i], &p.cur[i], &a[i], w)
		}
	}
}

// sample writes clip's pose at time t (the rest pose where it has no
// channel) into dst.
func (p *Pose) sample(clip int, t float64, dst []scene.Transform) {
	copy(dst, p.scratch[2])
	a := &p.model.Animations[clip]
	tt := float32(t)
	var v [4]float32
	for i := range a.Channels {
		c := &a.Channels[i]
		c.Sample(tt, &v)
		n := &dst[c.Node]
		switch c.Path {
		case PathTranslation:
			n.Pos[0], n.Pos[1], n.Pos[2] = v[0], v[1], v[2]
		case PathRotation:
			n.Rot.V[0], n.Rot.V[1], n.Rot.V[2], n.Rot.W = v[0], v[1], v[2], v[3]
		case PathScale:
			n.Scale[0], n.Scale[1], n.Scale[2] = v[0], v[1], v[2]
		}
	}
}

// applyWeights blends the morph weights of the layer's clips into the
// pose's current weights.
func (l *Layer) applyWeights(p *Pose) {
	if !(l.Weight > 0) {
		return
	}
	w := min(l.Weight, 1)
	if l.from >= 0 {
		p.sampleWeights(l.from, l.fromTime, w)
	}
	if l.clip >= 0 {
		p.sampleWeights(l.clip, l.time, w*l.Fade())
	}
}

// sampleWeights blends clip's weights channels at time t into the current
// weights by w.
func (p *Pose) sampleWeights(clip int, t float64, w float32) {
	var v [16]float32
	a := &p.model.Animations[clip]
	for i := range a.Weights {
		c := &a.Weights[i]
		dst := p.Weights(c.Node)
		if len(dst) != c.Targets || c.Targets > len(v) {
			continue // a channel of another mesh's targets: Validate names it
		}
		c.Sample(float32(t), v[:c.Targets])
		for k := range dst {
			dst[k] += (v[k] - dst[k]) * w
		}
	}
}
