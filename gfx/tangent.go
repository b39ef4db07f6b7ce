package gfx

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// GenerateTangents computes m.Tangents from its positions, normals and
// texture coordinates, for normal maps on meshes whose file has none. Each
// triangle's tangent and bitangent (the directions in which u and v grow)
// are accumulated on its vertices weighted by the triangle's corner angle,
// then the tangent is made perpendicular to the vertex normal
// (Gram-Schmidt) and w set to the bitangent's handedness (+1 or −1), as
// MikkTSpace does for meshes whose seams are split (glTF's rule: vertices
// that differ in UV or normal are separate vertices). It does not reproduce
// MikkTSpace bit for bit: a normal map baked against MikkTSpace shows small
// differences where a triangle's UVs are sheared.
//
// A vertex whose triangles give no usable direction (degenerate UVs) gets
// any unit tangent perpendicular to its normal, so shading falls back to
// the unperturbed normal's look. It is called by loaders, once per mesh;
// it allocates the tangent slice. It returns an error, leaving m
// unchanged, when m is not an indexed or plain triangle list, has no
// texture coordinates, or fails Validate.
func GenerateTangents(m *Mesh) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("gfx: generating tangents: %w", err)
	}
	switch {
	case m.Mode != Triangles:
		return fmt.Errorf("gfx: generating tangents: the mesh's mode is %v: only triangles are supported", m.Mode)
	case len(m.UVs) == 0:
		return fmt.Errorf("gfx: generating tangents: the mesh has no texture coordinates (TEXCOORD_0), which tangents follow")
	}
	n := len(m.Positions)
	tan := make([]mgl32.Vec3, 2*n) // tangents, then bitangents
	bit := tan[n:]
	tris := len(m.Indices) / 3
	if len(m.Indices) == 0 {
		tris = n / 3
	}
	idx := func(i int) uint32 {
		if len(m.Indices) == 0 {
			return uint32(i)
		}
		return m.Indices[i]
	}
	for t := 0; t < tris; t++ {
		i := [3]uint32{idx(3 * t), idx(3*t + 1), idx(3*t + 2)}
		p0, p1, p2 := m.Positions[i[0]], m.Positions[i[1]], m.Positions[i[2]]
		w0, w1, w2 := m.UVs[i[0]], m.UVs[i[1]], m.UVs[i[2]]
		e1, e2 := p1.Sub(p0), p2.Sub(p0)
		du1, dv1 := w1[0]-w0[0], w1[1]-w0[1]
		du2, dv2 := w2[0]-w0[0], w2[1]-w0[1]
		det := du1*dv2 - du2*dv1
		if det == 0 || !finite(det) {
			continue
		}
		r := 1 / det
		// sdir is where u grows, tdir where v grows on the surface.
		sdir := e1.Mul(dv2 * r).Sub(e2.Mul(dv1 * r))
		tdir := e2.Mul(du1 * r).Sub(e1.Mul(du2 * r))
		if !finite(sdir[0], sdir[1], sdir[2], tdir[0], tdir[1], tdir[2]) {
			continue
		}
		for k := range 3 {
			a := p1.Sub(p0)
			b := p2.Sub(p0)
			switch k {
			case 1:
				a, b = p2.Sub(p1), p0.Sub(p1)
			case 2:
				a, b = p0.Sub(p2), p1.Sub(p2)
			}
			w := angle(a, b)
			tan[i[k]] = tan[i[k]].Add(sdir.Mul(w))
			bit[i[k]] = bit[i[k]].Add(tdir.Mul(w))
		}
	}
	out := make([]mgl32.Vec4, n)
	for v := range out {
		nv := m.Normals[v]
		if l := nv.Len(); l > 0 {
			nv = nv.Mul(1 / l)
		} else {
			nv = mgl32.Vec3{0, 0, 1}
		}
		t := tan[v].Sub(nv.Mul(nv.Dot(tan[v])))
		if l := t.Len(); l > 1e-12 && finite(l) {
			t = t.Mul(1 / l)
		} else {
			t = anyPerpendicular(nv)
		}
		// glTF's bitangent is cross(normal, tangent)·w and points up the
		// image, where v shrinks (v grows downwards from the top-left
		// origin): an unmirrored mapping has w = +1.
		w := float32(1)
		if nv.Cross(t).Dot(bit[v]) > 0 {
			w = -1
		}
		out[v] = mgl32.Vec4{t[0], t[1], t[2], w}
	}
	m.Tangents = out
	return nil
}

// angle returns the angle between a and b in radians (0 when either is zero).
func angle(a, b mgl32.Vec3) float32 {
	la, lb := a.Len(), b.Len()
	if la == 0 || lb == 0 {
		return 0
	}
	c := a.Dot(b) / (la * lb)
	return float32(math.Acos(float64(max(-1, min(1, c)))))
}

// anyPerpendicular returns a unit vector perpendicular to the unit vector n.
func anyPerpendicular(n mgl32.Vec3) mgl32.Vec3 {
	axis := mgl32.Vec3{1, 0, 0}
	if abs32(n[0]) > 0.9 {
		axis = mgl32.Vec3{0, 1, 0}
	}
	return axis.Sub(n.Mul(n.Dot(axis))).Normalize()
}
