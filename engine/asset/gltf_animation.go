package asset

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
)

// animations converts every animation's translation, rotation and scale
// channels. Channels of morph target weights (or of an extension's path)
// are skipped with one notice; a channel without a target node is skipped
// as glTF says.
func (ld *loader) animations(nodes int) ([]Animation, error) {
	var out []Animation
	skipped := 0
	for ai, ga := range ld.doc.Animations {
		if ga == nil {
			return nil, fmt.Errorf("animation %d is null", ai)
		}
		a := Animation{Name: ga.Name}
		for ci, gc := range ga.Channels {
			if gc == nil {
				return nil, fmt.Errorf("animation %d channel %d is null", ai, ci)
			}
			if gc.Target.Node != nil && gc.Target.Path == gltf.TRSWeights {
				wc, err := ld.weightChannel(ga, gc, nodes)
				if err != nil {
					return nil, fmt.Errorf("animation %d channel %d: %w", ai, ci, err)
				}
				a.Weights = append(a.Weights, wc)
				a.Duration = max(a.Duration, wc.Times[len(wc.Times)-1])
				continue
			}
			c, ok, err := ld.channel(ga, gc, nodes)
			if err != nil {
				return nil, fmt.Errorf("animation %d channel %d: %w", ai, ci, err)
			}
			if !ok {
				skipped++
				continue
			}
			a.Channels = append(a.Channels, c)
			a.Duration = max(a.Duration, c.Times[len(c.Times)-1])
		}
		out = append(out, a)
	}
	if skipped > 0 {
		ld.notice("%d animation channels of other paths ignored: only translation, rotation, scale and weights are animated", skipped)
	}
	return out, nil
}

// weightChannel decodes a channel of morph target weights.
func (ld *loader) weightChannel(ga *gltf.Animation, gc *gltf.AnimationChannel, nodes int) (WeightChannel, error) {
	c := WeightChannel{Node: *gc.Target.Node}
	if c.Node < 0 || c.Node >= nodes {
		return c, fmt.Errorf("target node %d does not exist (%d nodes)", c.Node, nodes)
	}
	gn := ld.doc.Nodes[c.Node]
	if gn.Mesh != nil {
		c.Targets = len(ld.doc.Meshes[*gn.Mesh].Primitives[0].Targets)
	}
	if c.Targets == 0 {
		return c, fmt.Errorf("weights of node %d, whose mesh has no morph targets", c.Node)
	}
	if gc.Sampler < 0 || gc.Sampler >= len(ga.Samplers) || ga.Samplers[gc.Sampler] == nil {
		return c, fmt.Errorf("sampler %d does not exist (%d samplers)", gc.Sampler, len(ga.Samplers))
	}
	s := ga.Samplers[gc.Sampler]
	perKey := 1
	switch s.Interpolation {
	case gltf.InterpolationLinear:
		c.Interp = InterpLinear
	case gltf.InterpolationStep:
		c.Interp = InterpStep
	case gltf.InterpolationCubicSpline:
		c.Interp, perKey = InterpCubicSpline, 3
	default:
		return c, fmt.Errorf("unknown interpolation %d", s.Interpolation)
	}
	times, _, err := ld.floats(s.Input, nil, gltf.AccessorScalar)
	if err != nil {
		return c, fmt.Errorf("input: %w", err)
	}
	values, _, err := ld.floats(s.Output, anyNorm(), gltf.AccessorScalar)
	if err != nil {
		return c, fmt.Errorf("output: %w", err)
	}
	if len(values) != perKey*c.Targets*len(times) {
		return c, fmt.Errorf("output accessor %d has %d weights for %d key times of %d morph targets, want %d (%v)", s.Output, len(values), len(times), c.Targets, perKey*c.Targets*len(times), c.Interp)
	}
	c.Times, c.Values = times, values
	if err := ld.check("sampler", gc.Sampler, len(times)+len(values)); err != nil {
		return c, err
	}
	if err := c.Validate(nodes); err != nil {
		return c, err
	}
	return c, nil
}

// channel decodes one channel; false for one that is skipped.
func (ld *loader) channel(ga *gltf.Animation, gc *gltf.AnimationChannel, nodes int) (Channel, bool, error) {
	var c Channel
	if gc.Target.Node == nil {
		return c, false, nil
	}
	c.Node = *gc.Target.Node
	if c.Node < 0 || c.Node >= nodes {
		return c, false, fmt.Errorf("target node %d does not exist (%d nodes)", c.Node, nodes)
	}
	switch gc.Target.Path {
	case gltf.TRSTranslation:
		c.Path = PathTranslation
	case gltf.TRSRotation:
		c.Path = PathRotation
	case gltf.TRSScale:
		c.Path = PathScale
	default:
		return c, false, nil
	}
	if gc.Sampler < 0 || gc.Sampler >= len(ga.Samplers) || ga.Samplers[gc.Sampler] == nil {
		return c, false, fmt.Errorf("sampler %d does not exist (%d samplers)", gc.Sampler, len(ga.Samplers))
	}
	s := ga.Samplers[gc.Sampler]
	perKey := 1
	switch s.Interpolation {
	case gltf.InterpolationLinear:
		c.Interp = InterpLinear
	case gltf.InterpolationStep:
		c.Interp = InterpStep
	case gltf.InterpolationCubicSpline:
		c.Interp, perKey = InterpCubicSpline, 3
	default:
		return c, false, fmt.Errorf("unknown interpolation %d", s.Interpolation)
	}
	times, _, err := ld.floats(s.Input, nil, gltf.AccessorScalar)
	if err != nil {
		return c, false, fmt.Errorf("input: %w", err)
	}
	typ, norm := gltf.AccessorVec3, []gltf.ComponentType(nil)
	if c.Path == PathRotation {
		typ, norm = gltf.AccessorVec4, anyNorm() // glTF 2.0, section 3.11
	}
	values, _, err := ld.floats(s.Output, norm, typ)
	if err != nil {
		return c, false, fmt.Errorf("output: %w", err)
	}
	w := c.Path.Width()
	if len(values) != perKey*w*len(times) {
		return c, false, fmt.Errorf("output accessor %d has %d elements for %d key times, want %d (%v)", s.Output, len(values)/w, len(times), perKey*len(times), c.Interp)
	}
	c.Times = times
	c.Values = values
	if err := ld.check("sampler", gc.Sampler, len(times)+len(values)); err != nil {
		return c, false, err
	}
	if c.Path == PathRotation && c.Interp != InterpCubicSpline {
		// Keys must be unit quaternions; quantized ones rarely are exactly.
		// Channels sharing the output accessor share the normalised keys.
		if c.Values, err = ld.unitQuats(s.Output, values); err != nil {
			return c, false, fmt.Errorf("output: %w", err)
		}
	}
	if err := c.Validate(nodes); err != nil {
		return c, false, err
	}
	return c, true, nil
}

// unitQuats returns the quaternions of output accessor i (values, decoded)
// normalised, computed once per accessor and charged to the budget.
func (ld *loader) unitQuats(i int, values []float32) ([]float32, error) {
	key := cacheKey{i, "unit quaternions"}
	if v, ok := ld.cache[key].([]float32); ok {
		return v, nil
	}
	if err := ld.spend(i, len(values), 4); err != nil {
		return nil, err
	}
	out := make([]float32, len(values))
	for k := 0; k < len(values); k += 4 {
		q := values[k : k+4]
		l := math.Sqrt(float64(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]))
		for j := range 4 {
			out[k+j] = float32(float64(q[j]) / l)
		}
	}
	ld.cache[key] = out
	return out, nil
}
