package gl41

import (
	"math"
	"strings"
	"unsafe"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// The lean instance layout. A batch whose material is opaque and
// untextured, on a mesh without vertex colours, whose instances share one
// colour and whose model matrices are affine (last row 0 0 0 1, as every
// scene actor's render matrix is), is drawn by the lean program: each
// instance is the model matrix's first three rows (48 bytes instead of 80),
// the colour is one uniform converted to linear once per batch, and the
// fragment shader has no texture fetch and no discard. It draws the same
// pixels as the full program for such a batch; every other batch keeps the
// full layout.

// leanInstance is one instance in the lean layout: rows 0, 1 and 2 of the
// model matrix.
type leanInstance [12]float32

const leanInstanceSize = int(unsafe.Sizeof(leanInstance{}))

// instance layouts a mesh's VAO can point at.
const (
	layoutFull uint8 = iota
	layoutLean
)

// leanProgram is the lean program and its uniform locations.
type leanProgram struct {
	program
	scene          sceneLocs
	uColor, uUnlit int32
}

// loadLeanProgram (re)builds the lean program's variants. On error the
// programs in use, if any, are kept.
func (r *Renderer) loadLeanProgram() error {
	linear := r.linearSource(shaders.MeshLean().Fragment)
	faceted := r.facetedSource()
	var ps [numLean]program
	for v := range ps {
		if leanVariant(v)&variantLinear != 0 && !linear || v&leanFaceted != 0 && (!faceted || v&variantFull != 0) {
			continue // never drawn with
		}
		defines := r.variantDefines(leanVariant(v))
		if v&leanFaceted != 0 {
			defines += " " + shaders.DefineFaceted
		}
		p, err := r.loadVariant(shaders.MeshLean(), defines)
		if err != nil {
			for k := range v {
				r.gl.deleteProgram(&ps[k].id)
			}
			return err
		}
		ps[v] = p
	}
	for v, p := range ps {
		r.gl.deleteProgram(&r.leanProgs[v].id)
		if p.id == 0 {
			r.leanProgs[v] = leanProgram{}
			continue
		}
		r.gl.useProgram(p.id)
		r.gl.uniform1i(p.uniform(shaders.UniformShadowMap), shaders.UnitShadow)
		r.leanProgs[v] = leanProgram{
			program: p,
			scene:   p.sceneLocs(),
			uColor:  p.uniform(shaders.UniformColor),
			uUnlit:  p.uniform(shaders.UniformUnlit),
		}
	}
	r.leanLinear = linear
	return nil
}

// facetedSource reports whether the lean program's shaders know
// shaders.DefineFaceted, so that its faceted variants can be built (copies
// in ShaderDir made before it existed have none: faceted meshes are then
// lit per pixel as every other). Called while programs are loaded.
func (r *Renderer) facetedSource() bool {
	for _, file := range []string{shaders.MeshLean().Vertex, shaders.MeshLean().Fragment} {
		if src, err := r.source(file); err != nil || !strings.Contains(src, shaders.DefineFaceted) {
			return false
		}
	}
	return true
}

// leanMaterial reports whether batches of mesh m with material g may be
// drawn lean: g opaque (no blending, no alpha test), untextured, Lambert
// or unlit and not emissive, m without vertex colours.
func (r *Renderer) leanMaterial(m *gpuMesh, g *gpuMaterial) bool {
	return !r.noLean && !m.colors && !g.blend && g.cutoff < 0 && g.tex == r.white && !g.fancy
}

// packLean writes the rows of ins's model matrices into r.rows and returns
// the instances' shared colour. It reports false, leaving r.rows partly
// written, when two colours differ or a matrix is not affine: the batch
// then takes the full layout.
func (r *Renderer) packLean(ins []gfx.Instance) (gfx.Color, bool) {
	c := ins[0].Color
	if cap(r.rows) < len(ins) {
		r.rows = make([]leanInstance, len(ins), len(ins)+len(ins)/4)
	}
	rows := r.rows[:len(ins)]
	for i := range ins {
		in := &ins[i]
		m := &in.Model
		if in.Color != c || m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1 {
			return c, false
		}
		rows[i] = leanInstance{m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14]}
	}
	return c, true
}

// drawLean streams the n packed rows and draws them as instances of m in
// colour c with material g, through the lean program.
func (r *Renderer) drawLean(m *gpuMesh, g *gpuMaterial, c gfx.Color, n int) {
	a := &r.gl
	v := r.sv.variant
	linear := r.linearOut && r.leanLinear
	if linear {
		v |= variantLinear
	}
	i := leanIndex(v)
	// A faceted mesh, lit by the sun and one ambient colour, takes the
	// program that lights its triangles once a vertex. A double-sided
	// material does not: a back face is lit with the normal turned, which
	// only a fragment knows.
	if m.faceted && v&variantFull == 0 && !g.doubleSided && !r.noFaceted && r.leanProgs[i|leanFaceted].id != 0 {
		i |= leanFaceted
		r.stats.FacetedBatches++
	}
	p := &r.leanProgs[i]
	a.useProgram(p.id)
	a.enable(capFramebufferSRGB, linear)
	if !r.leanScene[i] {
		// The scene's camera and light, set once per scene in this program.
		r.leanScene[i] = true
		r.setScene(&p.scene)
	}
	a.uniform3(p.uColor, decodeSRGB(c.R)*g.color[0], decodeSRGB(c.G)*g.color[1], decodeSRGB(c.B)*g.color[2])
	a.uniform1(p.uUnlit, g.unlit)
	a.enable(capCullFace, !g.doubleSided)
	r.streamAndDraw(m, layoutLean, unsafe.Pointer(&r.rows[0]), n)
	r.stats.LeanBatches++
}

// decodeSRGB decodes one sRGB-encoded channel, as mesh.vert does for an
// instance colour.
func decodeSRGB(c float32) float32 {
	if c < 0.04045 {
		return c / 12.92
	}
	return float32(math.Pow((float64(c)+0.055)/1.055, 2.4))
}
