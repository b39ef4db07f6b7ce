package gl41

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// Skinned draws. Bone palettes and morph weights are streamed into texture
// buffers (GL 4.1 core guarantees 65,536 texels of one; a bone takes four
// RGBA32F texels), and each skinned batch is one instanced draw whatever
// its instances' palettes: an instance finds its palette by its first
// bone, a per-instance attribute. A batch whose palettes exceed
// GL_MAX_TEXTURE_BUFFER_SIZE is drawn in several draws, each streaming the
// palettes of its instances; no driver limit within OpenGL 4.1 makes the
// CPU skin a vertex. Morph target offsets of a mesh live in a texture
// buffer read with gl_VertexID.

// Texture units of the skinned program's buffers (unit 0 is the base
// colour texture; the HUD uses unit 1 for 2D images).
const (
	unitBones   = 4
	unitTargets = 5
	unitWeights = 6
)

// layoutSkinned is the per-instance layout of skinned draws: a
// gfx.SkinnedInstance (model, colour, first bone and weight).
const layoutSkinned uint8 = 2

// skinProgram is one variant of the skinned program and its uniforms: the
// mesh program's (it shares mesh.frag) and the skin's.
type skinProgram struct {
	meshProgram
	uTargetCount, uBoneBase, uMorphBase, uSkinned int32
}

// skinState is the skinned program's variants and its per-frame buffers.
type skinState struct {
	// progs are the variants of the skinned program, by mesh variant (see
	// skinVariant): skinFull is built with the renderer, the others the
	// first time a frame draws with them; failed marks a variant that did
	// not build (drawn with skinFull until the shaders are reloaded).
	progs                  [numVariants]skinProgram
	failed                 [numVariants]bool
	bonesBuf, bonesTex     uint32 // RGBA32F texture buffer
	weightsBuf, weightsTex uint32 // R32F texture buffer
	bonesCap, weightsCap   int
	maxTexels              int                     // GL_MAX_TEXTURE_BUFFER_SIZE
	meshes                 map[gfx.MeshID]*gpuSkin // by mesh, made on first skinned use
}

// skinFull is the skinned variant with every define but the output's: it
// draws any material in any scene, and is built with the renderer so that
// a broken shader is reported at once.
const skinFull = variantFull | variantPBR | variantMaps

// gpuSkin is what a mesh needs for skinned draws beyond its gpuMesh.
type gpuSkin struct {
	jointsBuf              uint32
	targetsBuf, targetsTex uint32
	targets                int32 // morph targets
	joints                 int   // one past the highest joint a vertex names
	skinned                bool
	err                    error
}

// loadSkinnedProgram (re)builds the skinned program's variants
// (skinned.vert with mesh.frag and the mesh program's defines): skinFull
// and every variant built so far, with the output HDR frames need (see
// setHDRPrograms). On error the variants in use are kept.
func (r *Renderer) loadSkinnedProgram() error {
	out := b2v(r.hdrProgs) * variantLinear
	var ps [numVariants]skinProgram
	for v := range ps {
		if v&variantLinear != out || v&^variantLinear != skinFull && r.skin.progs[v&^variantLinear].id == 0 && r.skin.progs[v|variantLinear].id == 0 {
			continue
		}
		p, err := r.buildSkinVariant(v)
		if err != nil {
			for k := range v {
				r.gl.deleteProgram(&ps[k].id)
			}
			return err
		}
		ps[v] = p
	}
	for v := range ps {
		r.gl.deleteProgram(&r.skin.progs[v].id)
	}
	r.skin.progs, r.skin.failed = ps, [numVariants]bool{}
	return nil
}

// buildSkinVariant compiles variant v of the skinned program, looks up its
// uniforms and binds its texture units.
func (r *Renderer) buildSkinVariant(v int) (skinProgram, error) {
	p, err := r.loadVariant(shaders.Skinned(), r.variantDefines(v))
	if err != nil {
		return skinProgram{}, err
	}
	s := skinProgram{
		meshProgram:  r.newMeshProgram(p),
		uTargetCount: p.uniform(shaders.UniformTargetCount), uBoneBase: p.uniform(shaders.UniformBoneBase),
		uMorphBase: p.uniform(shaders.UniformMorphBase), uSkinned: p.uniform(shaders.UniformSkinned),
	}
	a := &r.gl
	a.uniform1i(p.uniform(shaders.UniformBones), unitBones)
	a.uniform1i(p.uniform(shaders.UniformTargets), unitTargets)
	a.uniform1i(p.uniform(shaders.UniformMorphWeights), unitWeights)
	return s, nil
}

// skinVariant returns the skinned program's variant for a material in this
// scene: the one the mesh program draws it with (the scene's lighting,
// PBR and maps as the material needs them), so that a skinned mesh costs
// what the same mesh unskinned costs, built now if it is the first draw
// with it. A variant that does not build is reported once and drawn with
// skinFull.
func (r *Renderer) skinVariant(mat *gpuMaterial) (*skinProgram, int, error) {
	v := r.sv.variant
	if mat.fancy {
		v |= variantPBR
		if mat.mapped {
			v |= variantMaps
		}
	}
	v |= b2v(r.hdrProgs) * variantLinear
	s := &r.skin
	if s.progs[v].id != 0 {
		return &s.progs[v], v, nil
	}
	full := skinFull | v&variantLinear
	if !s.failed[v] {
		p, err := r.buildSkinVariant(v)
		if err == nil {
			s.progs[v] = p
			return &s.progs[v], v, nil
		}
		s.failed[v] = true
		return &s.progs[full], full, fmt.Errorf("gl41: the skinned program with defines %q (drawn with all of them instead): %w", r.variantDefines(v), err)
	}
	return &s.progs[full], full, nil
}

// initSkinning creates the program and the palette and weight buffers.
func (r *Renderer) initSkinning() error {
	if err := r.loadSkinnedProgram(); err != nil {
		return err
	}
	s := &r.skin
	var n int32
	r.gl.calls++
	gl.GetIntegerv(gl.MAX_TEXTURE_BUFFER_SIZE, &n)
	s.maxTexels = int(n)
	s.bonesBuf, s.bonesTex = r.textureBuffer(unitBones, gl.RGBA32F)
	s.weightsBuf, s.weightsTex = r.textureBuffer(unitWeights, gl.R32F)
	s.meshes = make(map[gfx.MeshID]*gpuSkin)
	return nil
}

// textureBuffer creates a buffer and a buffer texture of format over it,
// bound to texture unit unit.
func (r *Renderer) textureBuffer(unit uint32, format uint32) (buf, tex uint32) {
	a := &r.gl
	buf, tex = a.genBuffer(), a.genTexture()
	a.calls += 5
	gl.BindBuffer(gl.TEXTURE_BUFFER, buf)
	gl.BufferData(gl.TEXTURE_BUFFER, 256, nil, gl.STREAM_DRAW)
	gl.ActiveTexture(gl.TEXTURE0 + unit)
	gl.BindTexture(gl.TEXTURE_BUFFER, tex)
	gl.TexBuffer(gl.TEXTURE_BUFFER, format, buf)
	a.calls++
	gl.ActiveTexture(gl.TEXTURE0)
	return buf, tex
}

// closeSkinning releases the skinned program and buffers.
func (r *Renderer) closeSkinning() {
	a := &r.gl
	r.releaseSkins()
	a.deleteBuffer(&r.skin.bonesBuf)
	a.deleteTexture(&r.skin.bonesTex)
	a.deleteBuffer(&r.skin.weightsBuf)
	a.deleteTexture(&r.skin.weightsTex)
	for v := range r.skin.progs {
		a.deleteProgram(&r.skin.progs[v].id)
	}
}

// releaseSkins deletes every mesh's skinning buffers (the assets changed).
func (r *Renderer) releaseSkins() {
	a := &r.gl
	for id, g := range r.skin.meshes {
		a.deleteBuffer(&g.jointsBuf)
		a.deleteBuffer(&g.targetsBuf)
		a.deleteTexture(&g.targetsTex)
		delete(r.skin.meshes, id)
	}
}

// skinMesh returns mesh id uploaded for skinned draws: its joints and
// weights added to its vertex array, its morph targets in a buffer.
func (r *Renderer) skinMesh(id gfx.MeshID) (*gpuMesh, *gpuSkin, error) {
	g, err := r.mesh(id)
	if err != nil {
		return nil, nil, err
	}
	if sk := r.skin.meshes[id]; sk != nil {
		return g, sk, sk.err
	}
	sk := &gpuSkin{}
	r.skin.meshes[id] = sk
	var m *gfx.Mesh
	if id >= gfx.NumBuiltinMeshes && r.assets != nil {
		m, _ = r.assets.Mesh(id)
	}
	a := &r.gl
	a.bindVertexArray(g.vao)
	if m != nil && m.Skinned() {
		type skinVertex struct {
			joints  gfx.Joints4
			weights [4]float32
		}
		vs := make([]skinVertex, len(m.Joints))
		for i := range vs {
			vs[i] = skinVertex{m.Joints[i], m.Weights[i]}
			for _, j := range m.Joints[i] {
				sk.joints = max(sk.joints, int(j)+1)
			}
		}
		sk.jointsBuf = a.genBuffer()
		a.bindArrayBuffer(sk.jointsBuf)
		a.bufferData(gl.ARRAY_BUFFER, len(vs)*24, unsafe.Pointer(&vs[0]), gl.STATIC_DRAW)
		a.enableVertexAttribArray(shaders.SkinJoints)
		a.calls++
		gl.VertexAttribIPointerWithOffset(shaders.SkinJoints, 4, gl.UNSIGNED_SHORT, 24, 0)
		a.enableVertexAttribArray(shaders.SkinWeights)
		a.vertexAttribPointer(shaders.SkinWeights, 4, 24, 8)
		sk.skinned = true
	}
	if m != nil && len(m.Targets) > 0 {
		n, t := len(m.Positions), len(m.Targets)
		data := make([]float32, 0, n*t*8)
		for v := range n {
			for k := range t {
				p := m.Targets[k].Positions[v]
				var d [3]float32
				if len(m.Targets[k].Normals) > 0 {
					d = m.Targets[k].Normals[v]
				}
				data = append(data, p[0], p[1], p[2], 0, d[0], d[1], d[2], 0)
			}
		}
		if len(data)/4 > r.skin.maxTexels {
			sk.err = fmt.Errorf("gl41: mesh %v: %d morph target offsets exceed the driver's GL_MAX_TEXTURE_BUFFER_SIZE of %d texels: drawn without its morph targets", id, len(data)/4, r.skin.maxTexels)
		} else {
			sk.targetsBuf, sk.targetsTex = a.genBuffer(), a.genTexture()
			a.calls += 6
			gl.BindBuffer(gl.TEXTURE_BUFFER, sk.targetsBuf)
			gl.BufferData(gl.TEXTURE_BUFFER, 4*len(data), unsafe.Pointer(&data[0]), gl.STATIC_DRAW)
			gl.ActiveTexture(gl.TEXTURE0 + unitTargets)
			gl.BindTexture(gl.TEXTURE_BUFFER, sk.targetsTex)
			gl.TexBuffer(gl.TEXTURE_BUFFER, gl.RGBA32F, sk.targetsBuf)
			gl.ActiveTexture(gl.TEXTURE0)
			sk.targets = int32(t)
		}
	}
	a.bindArrayBuffer(g.inst.buf)
	a.enableVertexAttribArray(shaders.SkinBase)
	a.vertexAttribDivisor(shaders.SkinBase, 1)
	a.bindVertexArray(0)
	return g, sk, nil
}

// pointSkinned points the bound VAO's per-instance attributes at offset
// off of the bound instance buffer, laid out as gfx.SkinnedInstance.
func (r *Renderer) pointSkinned(m *gpuMesh, off int) {
	a := &r.gl
	const stride = gfx.SkinnedInstanceSize
	for i := uint32(0); i < 4; i++ {
		a.vertexAttribPointer(shaders.MeshModel+i, 4, stride, uintptr(off)+uintptr(16*i))
	}
	a.vertexAttribPointer(shaders.MeshColor, 4, stride, uintptr(off)+64)
	a.calls++
	gl.VertexAttribIPointerWithOffset(shaders.SkinBase, 2, gl.INT, stride, uintptr(off)+80)
	if m.layout == layoutLean {
		a.enableVertexAttribArray(shaders.MeshModel + 3)
		a.enableVertexAttribArray(shaders.MeshColor)
	}
	m.instOffset, m.layout = off, layoutSkinned
}

// drawSkinned draws the draw list's skinned batches with the skinned
// program, after the opaque batches (a blended material is drawn with
// blending, unsorted). It returns the first problem met.
func (r *Renderer) drawSkinned(dl *gfx.DrawList) error {
	bs := dl.SkinnedBatches()
	a := &r.gl
	var bad error
	var sceneSet [numVariants]bool    // the scene's uniforms are set in that variant
	var cur [numVariants]*gpuMaterial // the material whose uniforms that variant holds
	for i := range bs {
		b := &bs[i]
		if len(b.Instances) == 0 {
			continue
		}
		g, sk, err := r.skinMesh(b.Mesh)
		if g == nil {
			if bad == nil {
				bad = err
			}
			continue
		}
		if err != nil && bad == nil {
			bad = err // drawn without its morph targets
		}
		mat := r.material(func() gfx.MaterialID {
			if b.Material != 0 {
				return b.Material
			}
			return g.material
		}())
		if mat.err != nil && bad == nil {
			bad = mat.err
		}
		s, v, err := r.skinVariant(mat)
		if err != nil && bad == nil {
			bad = err
		}
		a.useProgram(s.id)
		if !sceneSet[v] {
			sceneSet[v] = true
			r.setScene(&s.scene)
		}
		a.enable(capBlend, mat.blend)
		r.setMaterial(&s.meshProgram, &cur[v], mat, v)
		targets := sk.targets
		a.uniform1i(s.uTargetCount, targets)
		a.uniform1i(s.uSkinned, b2i(sk.skinned))
		if targets > 0 {
			a.calls += 3
			gl.ActiveTexture(gl.TEXTURE0 + unitTargets)
			gl.BindTexture(gl.TEXTURE_BUFFER, sk.targetsTex)
			gl.ActiveTexture(gl.TEXTURE0)
		}
		r.drawSkinnedRuns(dl, g, sk, b.Instances, runLocs{s.uBoneBase, s.uMorphBase, false})
	}
	a.enable(capBlend, false)
	return bad
}

// runLocs are where the program in use takes a run's first bone and
// weight, and whether its draws are the shadow pass's.
type runLocs struct {
	boneBase, morphBase int32
	shadow              bool
}

// drawSkinnedRuns draws ins in as few draws as the texture buffers allow:
// each run streams the bones and weights its instances use.
func (r *Renderer) drawSkinnedRuns(dl *gfx.DrawList, g *gpuMesh, sk *gpuSkin, ins []gfx.SkinnedInstance, locs runLocs) {
	bones, weights := dl.Bones(), dl.MorphWeights()
	maxBones, maxWeights := r.skin.maxTexels/4, r.skin.maxTexels
	joints, targets := max(sk.joints, 1), int(max(sk.targets, 1))
	for start := 0; start < len(ins); {
		bLo, bHi, wLo, wHi := -1, -1, -1, -1
		end := start
		for ; end < len(ins); end++ {
			in := &ins[end]
			nbLo, nbHi, nwLo, nwHi := bLo, bHi, wLo, wHi
			if in.Bones >= 0 {
				lo, hi := int(in.Bones), min(int(in.Bones)+joints, len(bones))
				if nbLo < 0 {
					nbLo, nbHi = lo, hi
				}
				nbLo, nbHi = min(nbLo, lo), max(nbHi, hi)
			}
			if in.Morphs >= 0 {
				lo, hi := int(in.Morphs), min(int(in.Morphs)+targets, len(weights))
				if nwLo < 0 {
					nwLo, nwHi = lo, hi
				}
				nwLo, nwHi = min(nwLo, lo), max(nwHi, hi)
			}
			if end > start && (nbHi-nbLo > maxBones || nwHi-nwLo > maxWeights) {
				break
			}
			bLo, bHi, wLo, wHi = nbLo, nbHi, nwLo, nwHi
		}
		a := &r.gl
		t0 := time.Now()
		if bLo >= 0 && bHi > bLo {
			r.streamTexels(r.skin.bonesBuf, &r.skin.bonesCap, unsafe.Pointer(&bones[bLo]), (bHi-bLo)*64)
		}
		if wLo >= 0 && wHi > wLo {
			r.streamTexels(r.skin.weightsBuf, &r.skin.weightsCap, unsafe.Pointer(&weights[wLo]), (wHi-wLo)*4)
		}
		a.uniform1i(locs.boneBase, int32(max(bLo, 0)))
		a.uniform1i(locs.morphBase, int32(max(wLo, 0)))
		n := end - start
		a.bindVertexArray(g.vao)
		a.bindArrayBuffer(g.inst.buf)
		size := n * gfx.SkinnedInstanceSize
		off := a.upload(&g.inst, r.upload, unsafe.Pointer(&ins[start]), size)
		t1 := time.Now()
		if off != g.instOffset || g.layout != layoutSkinned {
			r.pointSkinned(g, off)
		}
		t2 := time.Now()
		a.draw(g, int32(n))
		r.stats.UploadTime += t1.Sub(t0)
		r.stats.DrawTime += time.Since(t2)
		if locs.shadow {
			r.stats.ShadowDrawCalls++
			r.stats.ShadowBytes += size + max(bHi-bLo, 0)*64 + max(wHi-wLo, 0)*4
		} else {
			r.stats.DrawCalls++
			r.stats.Batches++
			r.stats.Instances += n
			r.stats.BytesUploaded += size + max(bHi-bLo, 0)*64 + max(wHi-wLo, 0)*4
		}
		start = end
	}
}

// streamTexels orphans a texture buffer's storage and writes size bytes.
func (r *Renderer) streamTexels(buf uint32, capacity *int, data unsafe.Pointer, size int) {
	a := &r.gl
	if size > *capacity {
		*capacity = grow(size)
	}
	a.calls += 3
	gl.BindBuffer(gl.TEXTURE_BUFFER, buf)
	gl.BufferData(gl.TEXTURE_BUFFER, *capacity, nil, gl.STREAM_DRAW)
	gl.BufferSubData(gl.TEXTURE_BUFFER, 0, size, data)
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
