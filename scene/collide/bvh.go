package collide

import "math"

// bnode is a node of a bounding volume hierarchy: an internal node's
// children are nodes left and left+1; a leaf holds items
// idx[first:first+count].
type bnode struct {
	lo, hi vec
	left   int32 // internal: first child; leaf: first item in idx
	count  int32 // 0 for an internal node
}

// bvh is a bounding volume hierarchy over items given by their bounds,
// built top-down by splitting at the middle of the centroids' extent on
// its widest axis. It serves both the broad phase (rebuilt every tick from
// the colliders' bounds: deterministic, since it depends only on the
// bounds and their order) and each static triangle mesh (built once).
// Building reuses its slices: after the first build at a size it
// allocates nothing.
type bvh struct {
	nodes  []bnode
	idx    []int32
	lo, hi []vec // item bounds, filled by the caller before build
	cent   []vec
	leaf   int
}

// reset sizes the item arrays for n items.
func (t *bvh) reset(n int) {
	t.lo, t.hi = grow(t.lo, n), grow(t.hi, n)
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

func (t *bvh) build(leafSize int) {
	n := len(t.lo)
	t.leaf = leafSize
	t.idx = grow(t.idx, n)
	t.cent = grow(t.cent, n)
	for i := range n {
		t.idx[i] = int32(i)
		t.cent[i] = t.lo[i].add(t.hi[i]).mul(0.5)
	}
	t.nodes = t.nodes[:0]
	if n == 0 {
		return
	}
	t.nodes = append(t.nodes, bnode{})
	t.split(0, 0, n, 0)
}

func (t *bvh) split(ni int, s, e, depth int) {
	lo, hi := t.lo[t.idx[s]], t.hi[t.idx[s]]
	clo, chi := t.cent[t.idx[s]], t.cent[t.idx[s]]
	for i := s + 1; i < e; i++ {
		k := t.idx[i]
		lo, hi = vmin(lo, t.lo[k]), vmax(hi, t.hi[k])
		clo, chi = vmin(clo, t.cent[k]), vmax(chi, t.cent[k])
	}
	t.nodes[ni].lo, t.nodes[ni].hi = lo, hi
	if e-s <= t.leaf || depth >= 60 {
		t.nodes[ni].left, t.nodes[ni].count = int32(s), int32(e-s)
		return
	}
	ext := chi.sub(clo)
	ax := 0
	if ext[1] > ext[ax] {
		ax = 1
	}
	if ext[2] > ext[ax] {
		ax = 2
	}
	mid := s + (e-s)/2
	if ext[ax] > 0 {
		c := (clo[ax] + chi[ax]) * 0.5
		i, j := s, e-1
		for i <= j {
			if t.cent[t.idx[i]][ax] < c {
				i++
			} else {
				t.idx[i], t.idx[j] = t.idx[j], t.idx[i]
				j--
			}
		}
		if i > s && i < e {
			mid = i
		}
	}
	l := int32(len(t.nodes))
	t.nodes = append(t.nodes, bnode{}, bnode{})
	t.nodes[ni].left, t.nodes[ni].count = l, 0
	t.split(int(l), s, mid, depth+1)
	t.split(int(l)+1, mid, e, depth+1)
}

// refit recomputes every node's bounds from the items' bounds (set by
// the caller) without changing the tree's shape: O(n), for items that
// moved a little. The pairs and hits the tree gives do not depend on its
// shape, only how fast it gives them.
func (t *bvh) refit() {
	for i := len(t.nodes) - 1; i >= 0; i-- { // children come after parents
		nd := &t.nodes[i]
		if nd.count > 0 {
			k := t.idx[nd.left]
			lo, hi := t.lo[k], t.hi[k]
			for _, k := range t.idx[nd.left+1 : nd.left+nd.count] {
				lo, hi = vmin(lo, t.lo[k]), vmax(hi, t.hi[k])
			}
			nd.lo, nd.hi = lo, hi
			continue
		}
		a, b := &t.nodes[nd.left], &t.nodes[nd.left+1]
		nd.lo, nd.hi = vmin(a.lo, b.lo), vmax(a.hi, b.hi)
	}
}

func overlaps(alo, ahi, blo, bhi vec) bool {
	return alo[0] <= bhi[0] && blo[0] <= ahi[0] && alo[1] <= bhi[1] && blo[1] <= ahi[1] &&
		alo[2] <= bhi[2] && blo[2] <= ahi[2]
}

// query calls fn with every item whose bounds overlap [lo, hi]; fn
// returns false to stop.
func (t *bvh) query(lo, hi vec, fn func(item int32) bool) {
	if len(t.nodes) == 0 {
		return
	}
	var stack [128]int32
	sp := 1
	for sp > 0 {
		sp--
		nd := &t.nodes[stack[sp]]
		if !overlaps(lo, hi, nd.lo, nd.hi) {
			continue
		}
		if nd.count > 0 {
			for _, k := range t.idx[nd.left : nd.left+nd.count] {
				if overlaps(lo, hi, t.lo[k], t.hi[k]) && !fn(k) {
					return
				}
			}
			continue
		}
		if sp+2 > len(stack) {
			continue
		}
		stack[sp], stack[sp+1] = nd.left, nd.left+1
		sp += 2
	}
}

// ray calls fn with every item whose bounds the ray o + t·d, t in
// [0, tmax], passes through, nearer nodes first; fn returns the new tmax
// (shrink it on a hit for first-hit queries).
func (t *bvh) ray(o, d vec, tmax float64, fn func(item int32, tmax float64) float64) {
	if len(t.nodes) == 0 {
		return
	}
	var inv vec
	for i := range 3 {
		inv[i] = 1 / d[i]
	}
	var stack [128]int32
	sp := 1
	for sp > 0 {
		sp--
		nd := &t.nodes[stack[sp]]
		if _, ok := slab(o, inv, nd.lo, nd.hi, tmax); !ok {
			continue
		}
		if nd.count > 0 {
			for _, k := range t.idx[nd.left : nd.left+nd.count] {
				tmax = fn(k, tmax)
			}
			continue
		}
		if sp+2 > len(stack) {
			continue
		}
		a, b := nd.left, nd.left+1
		ta, oka := slab(o, inv, t.nodes[a].lo, t.nodes[a].hi, tmax)
		tb, okb := slab(o, inv, t.nodes[b].lo, t.nodes[b].hi, tmax)
		switch {
		case oka && okb:
			if ta < tb {
				a, b = b, a
			}
			stack[sp], stack[sp+1] = a, b // nearer on top
			sp += 2
		case oka:
			stack[sp] = a
			sp++
		case okb:
			stack[sp] = b
			sp++
		}
	}
}

// slab returns where the ray enters the box, if it does before tmax.
func slab(o, inv, lo, hi vec, tmax float64) (float64, bool) {
	t0, t1 := 0.0, tmax
	for i := range 3 {
		a, b := (lo[i]-o[i])*inv[i], (hi[i]-o[i])*inv[i]
		if a > b {
			a, b = b, a
		}
		if math.IsNaN(a) || math.IsNaN(b) { // 0·∞: the ray lies in the slab's plane
			if o[i] < lo[i] || o[i] > hi[i] {
				return 0, false
			}
			continue
		}
		t0, t1 = max(t0, a), min(t1, b)
		if t0 > t1 {
			return 0, false
		}
	}
	return t0, true
}

// selfPairs calls fn(i, j) for every two items whose bounds overlap, by a
// simultaneous descent of the tree against itself.
func (t *bvh) selfPairs(fn func(i, j int32)) {
	if len(t.nodes) > 0 {
		t.self(0, fn)
	}
}

func (t *bvh) self(n int32, fn func(i, j int32)) {
	nd := &t.nodes[n]
	if nd.count > 0 {
		items := t.idx[nd.left : nd.left+nd.count]
		for a := 0; a < len(items); a++ {
			for b := a + 1; b < len(items); b++ {
				i, j := items[a], items[b]
				if overlaps(t.lo[i], t.hi[i], t.lo[j], t.hi[j]) {
					fn(i, j)
				}
			}
		}
		return
	}
	t.self(nd.left, fn)
	t.self(nd.left+1, fn)
	t.cross(nd.left, nd.left+1, fn)
}

func (t *bvh) cross(a, b int32, fn func(i, j int32)) {
	na, nb := &t.nodes[a], &t.nodes[b]
	if !overlaps(na.lo, na.hi, nb.lo, nb.hi) {
		return
	}
	switch {
	case na.count > 0 && nb.count > 0:
		for _, i := range t.idx[na.left : na.left+na.count] {
			for _, j := range t.idx[nb.left : nb.left+nb.count] {
				if overlaps(t.lo[i], t.hi[i], t.lo[j], t.hi[j]) {
					fn(i, j)
				}
			}
		}
	case na.count > 0:
		t.cross(a, nb.left, fn)
		t.cross(a, nb.left+1, fn)
	default:
		t.cross(na.left, b, fn)
		t.cross(na.left+1, b, fn)
	}
}
