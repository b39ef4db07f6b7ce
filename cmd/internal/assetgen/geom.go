package assetgen

import "math"

// vec3 is a point or direction in model space.
type vec3 = [3]float64

// shape is an indexed triangle list built by the geometry helpers. Every
// attribute slice is either empty or has one entry per position. The
// helpers compute in float64; the model writers snap values to a fixed
// grid before storing them as float32, so that the rounding differences
// of fused multiply-adds on some architectures never reach the files.
type shape struct {
	pos []vec3
	nrm []vec3
	uv  [][2]float64
	col [][4]float64 // linear RGBA
	idx []uint16
}

// appendShape adds b's vertices and triangles to a. Both must carry the
// same attributes.
func appendShape(a, b shape) shape {
	base := uint16(len(a.pos))
	a.pos = append(a.pos, b.pos...)
	a.nrm = append(a.nrm, b.nrm...)
	a.uv = append(a.uv, b.uv...)
	a.col = append(a.col, b.col...)
	for _, i := range b.idx {
		a.idx = append(a.idx, base+i)
	}
	return a
}

// translated returns s moved by d.
func translated(s shape, d vec3) shape {
	out := s
	out.pos = make([]vec3, len(s.pos))
	for i, p := range s.pos {
		out.pos[i] = vec3{p[0] + d[0], p[1] + d[1], p[2] + d[2]}
	}
	return out
}

// unindexed returns s with its triangles spelt out vertex by vertex and no
// indices: the form of a primitive drawn without an index accessor.
func unindexed(s shape) shape {
	var out shape
	for _, i := range s.idx {
		out.pos = append(out.pos, s.pos[i])
		if len(s.nrm) > 0 {
			out.nrm = append(out.nrm, s.nrm[i])
		}
		if len(s.uv) > 0 {
			out.uv = append(out.uv, s.uv[i])
		}
		if len(s.col) > 0 {
			out.col = append(out.col, s.col[i])
		}
	}
	return out
}

// box returns an axis-aligned box of the given size centred on c. Each face
// has its own four vertices, normal and texture coordinates: the whole
// texture, repeated uvRepeat times across the face, upright when the face
// is seen from outside (the top face is seen from above with -Z up).
func box(c, size vec3, uvRepeat float64) shape {
	faces := [6]struct{ n, right, up vec3 }{
		{vec3{1, 0, 0}, vec3{0, 0, -1}, vec3{0, 1, 0}},
		{vec3{-1, 0, 0}, vec3{0, 0, 1}, vec3{0, 1, 0}},
		{vec3{0, 1, 0}, vec3{1, 0, 0}, vec3{0, 0, -1}},
		{vec3{0, -1, 0}, vec3{1, 0, 0}, vec3{0, 0, 1}},
		{vec3{0, 0, 1}, vec3{1, 0, 0}, vec3{0, 1, 0}},
		{vec3{0, 0, -1}, vec3{-1, 0, 0}, vec3{0, 1, 0}},
	}
	corners := [4]struct{ s, t, u, v float64 }{
		{-1, -1, 0, 1}, {1, -1, 1, 1}, {1, 1, 1, 0}, {-1, 1, 0, 0},
	}
	var out shape
	for _, f := range faces {
		base := uint16(len(out.pos))
		for _, k := range corners {
			var p vec3
			for a := range 3 {
				p[a] = c[a] + (f.n[a]+k.s*f.right[a]+k.t*f.up[a])*size[a]/2
			}
			out.pos = append(out.pos, p)
			out.nrm = append(out.nrm, f.n)
			out.uv = append(out.uv, [2]float64{k.u * uvRepeat, k.v * uvRepeat})
		}
		out.idx = append(out.idx, base, base+1, base+2, base, base+2, base+3)
	}
	return out
}

// frustum returns a truncated cone standing on the XZ plane: radius rBottom
// at y = 0, rTop at y = height, segments sides with smooth normals, and
// flat caps where the radius is not zero. rTop = rBottom makes a cylinder,
// rTop = 0 a cone. Texture u runs once around the side, v from top to
// bottom; the caps map the texture's centre to their centre.
func frustum(rBottom, rTop, height float64, segments int) shape {
	var out shape
	slope := rBottom - rTop
	for i := 0; i <= segments; i++ {
		a := 2 * math.Pi * float64(i) / float64(segments)
		cos, sin := math.Cos(a), math.Sin(a)
		n := normalize(vec3{cos * height, slope, -sin * height})
		u := float64(i) / float64(segments)
		out.pos = append(out.pos,
			vec3{rBottom * cos, 0, -rBottom * sin},
			vec3{rTop * cos, height, -rTop * sin})
		out.nrm = append(out.nrm, n, n)
		out.uv = append(out.uv, [2]float64{u, 1}, [2]float64{u, 0})
		if i < segments {
			// Two triangles per side, less the one that would have no area
			// at a cone's apex.
			b := uint16(2 * i)
			if rBottom > 0 {
				out.idx = append(out.idx, b, b+2, b+3)
			}
			if rTop > 0 {
				out.idx = append(out.idx, b, b+3, b+1)
			}
		}
	}
	if rBottom > 0 {
		out = appendShape(out, disc(rBottom, 0, segments, false))
	}
	if rTop > 0 {
		out = appendShape(out, disc(rTop, height, segments, true))
	}
	return out
}

// disc returns a flat polygon of the given radius at height y, facing +Y
// when up is true and -Y otherwise.
func disc(radius, y float64, segments int, up bool) shape {
	n := vec3{0, -1, 0}
	if up {
		n = vec3{0, 1, 0}
	}
	out := shape{
		pos: []vec3{{0, y, 0}},
		nrm: []vec3{n},
		uv:  [][2]float64{{0.5, 0.5}},
	}
	for i := range segments {
		a := 2 * math.Pi * float64(i) / float64(segments)
		cos, sin := math.Cos(a), math.Sin(a)
		out.pos = append(out.pos, vec3{radius * cos, y, -radius * sin})
		out.nrm = append(out.nrm, n)
		out.uv = append(out.uv, [2]float64{0.5 + cos/2, 0.5 + sin/2})
		cur, next := uint16(1+i), uint16(1+(i+1)%segments)
		if up {
			out.idx = append(out.idx, 0, cur, next)
		} else {
			out.idx = append(out.idx, 0, next, cur)
		}
	}
	return out
}

// quad returns a width×height rectangle in the XY plane facing +Z, its
// bottom edge centred on the origin, with the whole texture upright on it.
func quad(width, height float64) shape {
	w := width / 2
	return shape{
		pos: []vec3{{-w, 0, 0}, {w, 0, 0}, {w, height, 0}, {-w, height, 0}},
		nrm: []vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		uv:  [][2]float64{{0, 1}, {1, 1}, {1, 0}, {0, 0}},
		idx: []uint16{0, 1, 2, 0, 2, 3},
	}
}

// vertexColors returns s with a colour for each vertex, chosen by f from
// the vertex's position.
func vertexColors(s shape, f func(p vec3) [4]float64) shape {
	out := s
	out.col = make([][4]float64, len(s.pos))
	for i, p := range s.pos {
		out.col[i] = f(p)
	}
	return out
}

// withoutNormals returns s with no normals: for unlit primitives, whose
// shading never reads them.
func withoutNormals(s shape) shape {
	s.nrm = nil
	return s
}

func normalize(v vec3) vec3 {
	l := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	if l == 0 {
		return v
	}
	return vec3{v[0] / l, v[1] / l, v[2] / l}
}

func sub(a, b vec3) vec3 { return vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross(a, b vec3) vec3 {
	return vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func dot(a, b vec3) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
