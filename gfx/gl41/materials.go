package gl41

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// gpuMaterial is a material resolved for drawing: its texture and sampler
// uploaded, its uniforms computed.
type gpuMaterial struct {
	ready       bool
	tex         uint32 // the white texel when the material has no texture
	sampler     uint32
	color       [4]float32
	uv          mgl32.Mat3
	cutoff      float32 // −1: no alpha test
	opaque      float32
	unlit       float32
	doubleSided bool
	blend       bool
	pbr         [4]float32 // PBR on, metallic, roughness, occlusion strength
	normalScale float32    // 0: no normal map
	emissive    [3]float32
	maps        [4]uint32 // metallic-roughness, normal, occlusion, emissive textures (white when none)
	fancy       bool      // PBR, a map or emission: never drawn lean
	mapped      bool      // a texture in tex or maps (not the white texel): drawn with variantMaps
	err         error     // a texture that could not be used (the material draws untextured)
}

// material resolves material id (0: the default material), uploading its
// texture on first use.
func (r *Renderer) material(id gfx.MaterialID) *gpuMaterial {
	if int(id) >= len(r.materials) {
		r.materials = append(r.materials, make([]gpuMaterial, int(id)+1-len(r.materials))...)
	}
	g := &r.materials[id]
	if g.ready {
		return g
	}
	m := &defaultMaterial
	if id != 0 && r.assets != nil {
		if am, ok := r.assets.Material(id); ok {
			m = am
		} else {
			g.err = errUnknownMaterial(id)
		}
	} else if id != 0 {
		g.err = errUnknownMaterial(id)
	}
	*g = gpuMaterial{ready: true, tex: r.white, err: g.err, doubleSided: m.DoubleSided, blend: m.Alpha == gfx.Blend}
	if m.BaseTexture != 0 {
		if t, err := r.texture(m.BaseTexture); err != nil {
			g.err = err
		} else {
			g.tex = t
		}
	}
	g.sampler = r.sampler(m.Sampler)
	c := m.BaseColor
	if c == (gfx.Color{}) {
		c = gfx.Color{R: 1, G: 1, B: 1, A: 1}
	}
	g.color = [4]float32{c.R, c.G, c.B, c.A}
	g.cutoff, g.opaque = -1, 0
	switch m.Alpha {
	case gfx.Opaque:
		g.opaque = 1
	case gfx.Mask:
		g.cutoff = m.Cutoff
		if g.cutoff == 0 {
			g.cutoff = 0.5
		}
		g.opaque = 1
	}
	if m.Unlit {
		g.unlit = 1
	}
	g.uv = uvTransform(m)
	r.materialMaps(g, m)
	return g
}

// materialMaps resolves m's PBR factors and maps into g. A map that cannot
// be used is left out (white, or no normal map) and reported in g.err.
func (r *Renderer) materialMaps(g *gpuMaterial, m *gfx.Material) {
	rough := m.Roughness
	if rough == 0 {
		rough = 1
	}
	occ := m.OcclusionStrength
	if occ == 0 {
		occ = 1
	}
	if m.Shading == gfx.PBR {
		g.pbr[0] = 1
	}
	g.pbr[1], g.pbr[2], g.pbr[3] = m.Metallic, rough, occ
	g.emissive = [3]float32{m.Emissive.R, m.Emissive.G, m.Emissive.B}
	ims := m.Images()
	for k, id := range ims[1:] {
		g.maps[k] = r.white
		if id == 0 {
			continue
		}
		t, err := r.texture(id)
		if err != nil {
			if g.err == nil {
				g.err = err
			}
			continue
		}
		g.maps[k] = t
		if k == 1 {
			g.normalScale = m.NormalScale
			if g.normalScale == 0 {
				g.normalScale = 1
			}
		}
	}
	g.fancy = m.Shading == gfx.PBR || ims[1]|ims[2]|ims[3]|ims[4] != 0 || g.emissive != [3]float32{}
	g.mapped = g.tex != r.white || g.maps != [4]uint32{r.white, r.white, r.white, r.white}
}

var defaultMaterial gfx.Material

func errUnknownMaterial(id gfx.MaterialID) error {
	return fmt.Errorf("gl41: draw list uses material %d, which the assets do not have (it is drawn with the default material)", id)
}

// uvTransform returns KHR_texture_transform's matrix: translation ×
// rotation × scale, applied to (u, v, 1).
func uvTransform(m *gfx.Material) mgl32.Mat3 {
	s := m.UVScale
	if s == (mgl32.Vec2{}) {
		s = mgl32.Vec2{1, 1}
	}
	sin, cos := math.Sincos(float64(m.UVRotation))
	sn, cs := float32(sin), float32(cos)
	// Column-major, as the extension's GLSL writes it: columns (cos, sin),
	// (−sin, cos), each scaled, then the offset.
	return mgl32.Mat3{
		cs * s[0], sn * s[0], 0,
		-sn * s[1], cs * s[1], 0,
		m.UVOffset[0], m.UVOffset[1], 1,
	}
}

// useMaterial sets the material uniforms of mesh program variant v (in
// use), its textures and sampler, and culling, unless g's uniforms are
// already in that program.
func (r *Renderer) useMaterial(g *gpuMaterial, v int) {
	r.setMaterial(&r.meshProgs[v], &r.curMats[v], g, v)
}

// setMaterial binds g's textures and culling and, unless *cur is g
// already, sets g's uniforms in p, a program with mesh.frag in variant v
// (the mesh or skinned program), and makes *cur g.
func (r *Renderer) setMaterial(p *meshProgram, cur **gpuMaterial, g *gpuMaterial, v int) {
	a := &r.gl
	a.enable(capCullFace, !g.doubleSided)
	a.bindTexture2D(g.tex)
	a.bindSampler(g.sampler)
	if v&variantPBR != 0 {
		for k, t := range g.maps {
			a.bindUnit(shaders.UnitMetalRough+k, t, g.sampler)
		}
	}
	if *cur == g {
		a.skipped++
		return
	}
	*cur = g
	a.calls += 5
	gl.Uniform4f(p.uBaseColor, g.color[0], g.color[1], g.color[2], g.color[3])
	gl.UniformMatrix3fv(p.uUVTransform, 1, false, &g.uv[0])
	gl.Uniform1f(p.uCutoff, g.cutoff)
	gl.Uniform1f(p.uOpaque, g.opaque)
	gl.Uniform1f(p.uUnlit, g.unlit)
	if v&variantPBR != 0 {
		a.calls += 3
		gl.Uniform4f(p.uPBR, g.pbr[0], g.pbr[1], g.pbr[2], g.pbr[3])
		gl.Uniform1f(p.uNormalScale, g.normalScale)
		gl.Uniform3f(p.uEmissive, g.emissive[0], g.emissive[1], g.emissive[2])
	}
}

// blendItem is one instance of a blended batch, sorted back to front.
type blendItem struct {
	depth float32 // view-space z of the instance's origin: more negative is farther
	batch int32
	index int32
}

// drawBlended draws the blended batches' instances after the opaque ones,
// farthest first, in runs of consecutive instances of one batch, with depth
// writes off.
func (r *Renderer) drawBlended(dl *gfx.DrawList) {
	bs := dl.Batches()
	r.blendItems = r.blendItems[:0]
	v := &dl.Camera.View
	for _, bi := range r.blendBatches {
		for i := range bs[bi].Instances {
			m := &bs[bi].Instances[i].Model
			z := v[2]*m[12] + v[6]*m[13] + v[10]*m[14] + v[14]
			r.blendItems = append(r.blendItems, blendItem{depth: z, batch: bi, index: int32(i)})
		}
	}
	slices.SortFunc(r.blendItems, func(x, y blendItem) int {
		if c := cmp.Compare(x.depth, y.depth); c != 0 {
			return c
		}
		if c := cmp.Compare(x.batch, y.batch); c != 0 {
			return c
		}
		return cmp.Compare(x.index, y.index)
	})
	a := &r.gl
	a.enable(capBlend, true)
	a.depthMask(false)
	items := r.blendItems
	for len(items) > 0 {
		n := 1
		for n < len(items) && items[n].batch == items[0].batch {
			n++
		}
		b := &bs[items[0].batch]
		r.blendRun = r.blendRun[:0]
		for _, it := range items[:n] {
			r.blendRun = append(r.blendRun, b.Instances[it.index])
		}
		m, _ := r.mesh(b.Mesh)
		r.drawInstances(m, r.batchMaterial(b, m), r.blendRun)
		items = items[n:]
	}
	a.depthMask(true)
	a.enable(capBlend, false)
}

// batchMaterial returns the material b draws with: its own, or the mesh's.
func (r *Renderer) batchMaterial(b *gfx.Batch, m *gpuMesh) *gpuMaterial {
	id := b.Material
	if id == 0 {
		id = m.material
	}
	return r.material(id)
}

// drawInstances streams ins and draws them as instances of m with mat.
// The program is the variant the scene and the material need; the
// scene's uniforms are set in it the first time the scene uses it.
func (r *Renderer) drawInstances(m *gpuMesh, mat *gpuMaterial, ins []gfx.Instance) {
	v := r.sv.variant
	if mat.fancy {
		v |= variantPBR
		if mat.mapped {
			v |= variantMaps
		}
	}
	// Blended draws keep the shader's encoding: the framebuffer's would
	// blend in linear light, not as they always have.
	// With HDR every draw writes linear light, blended ones included.
	linear := r.linearOut && r.meshLinear && (!mat.blend || r.hdrFrame)
	if linear {
		v |= variantLinear
	}
	p := &r.meshProgs[v]
	r.gl.useProgram(p.id)
	r.gl.enable(capFramebufferSRGB, linear)
	if !r.sceneSet[v] {
		r.sceneSet[v] = true
		r.setScene(&p.scene)
	}
	r.useMaterial(mat, v)
	r.streamAndDraw(m, layoutFull, unsafe.Pointer(&ins[0]), len(ins))
}

// streamAndDraw streams n instances at data, in the given layout, into m's
// instance buffer and draws them with the program and material in use.
func (r *Renderer) streamAndDraw(m *gpuMesh, layout uint8, data unsafe.Pointer, n int) {
	a := &r.gl
	a.bindVertexArray(m.vao)
	a.bindArrayBuffer(m.inst.buf)
	size := n * gfx.InstanceSize
	if layout == layoutLean {
		size = n * leanInstanceSize
	}
	t0 := time.Now()
	off := a.upload(&m.inst, r.upload, data, size)
	t1 := time.Now()
	r.drawFlushing(m, layout, off, n)
	r.stats.UploadTime += t1.Sub(t0)
	r.stats.DrawTime += time.Since(t1)
	r.stats.DrawCalls++
	r.stats.Batches++
	r.stats.Instances += n
	r.stats.BytesUploaded += size
}
