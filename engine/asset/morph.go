package asset

import "fmt"

// WeightChannel animates the morph target weights of one node's mesh
// (glTF's "weights" path): Targets values per key, three times that for
// InterpCubicSpline (in-tangents, values, out-tangents).
type WeightChannel struct {
	Node    int
	Targets int
	Interp  Interpolation
	Times   []float32
	Values  []float32
}

// Validate reports a channel whose times do not increase, whose values do
// not match its keys, or that names a node out of range.
func (c *WeightChannel) Validate(nodes int) error {
	w := c.Targets
	if c.Interp == InterpCubicSpline {
		w *= 3
	}
	switch {
	case c.Node < 0 || c.Node >= nodes:
		return fmt.Errorf("channel targets node %d of %d", c.Node, nodes)
	case c.Targets < 1:
		return fmt.Errorf("weights channel of node %d animates %d targets", c.Node, c.Targets)
	case c.Interp > InterpCubicSpline:
		return fmt.Errorf("unknown interpolation %d", c.Interp)
	case len(c.Times) == 0:
		return fmt.Errorf("weights channel of node %d has no keys", c.Node)
	case len(c.Values) != w*len(c.Times):
		return fmt.Errorf("weights channel of node %d: %d values for %d keys of %d targets, want %d (%v)", c.Node, len(c.Values), len(c.Times), c.Targets, w*len(c.Times), c.Interp)
	}
	for i, t := range c.Times {
		if !finite(t) || t < 0 || i > 0 && t <= c.Times[i-1] {
			return fmt.Errorf("weights channel of node %d: key time %d is %v: want finite, non-negative, increasing times", c.Node, i, t)
		}
	}
	if !finite(c.Values...) {
		return fmt.Errorf("weights channel of node %d: a value is not finite", c.Node)
	}
	return nil
}

// Sample writes the weights at time t into dst (Targets values), as
// Channel.Sample does for a translation. It allocates nothing.
func (c *WeightChannel) Sample(t float32, dst []float32) {
	w := c.Targets
	cubic := c.Interp == InterpCubicSpline
	val := func(k int) []float32 {
		if cubic {
			return c.Values[(3*k+1)*w : (3*k+2)*w]
		}
		return c.Values[k*w : (k+1)*w]
	}
	lo, hi := 0, len(c.Times)-1
	for lo < hi {
		mid := int(uint(lo+hi+1) >> 1)
		if c.Times[mid] <= t {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	k := lo
	if t <= c.Times[0] || k == len(c.Times)-1 || c.Interp == InterpStep {
		copy(dst[:w], val(k))
		return
	}
	td := c.Times[k+1] - c.Times[k]
	u := (t - c.Times[k]) / td
	v0, v1 := val(k), val(k+1)
	if cubic {
		b0 := c.Values[(3*k+2)*w : (3*k+3)*w]
		a1 := c.Values[(3*(k+1))*w : (3*(k+1)+1)*w]
		u2, u3 := u*u, u*u*u
		h00, h10 := 2*u3-3*u2+1, td*(u3-2*u2+u)
		h01, h11 := -2*u3+3*u2, td*(u3-u2)
		for i := range w {
			dst[i] = h00*v0[i] + h10*b0[i] + h01*v1[i] + h11*a1[i]
		}
		return
	}
	for i := range w {
		dst[i] = v0[i] + (v1[i]-v0[i])*u
	}
}
