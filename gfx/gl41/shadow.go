package gl41

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// shadowState is the sun's shadow maps: one depth texture holding the
// cascades side by side, the framebuffer that draws into it, and this
// scene's cascades.
type shadowState struct {
	prog     program
	uLightVP int32

	// The skinned meshes' shadow program and its uniforms.
	skinProg                               program
	uSkinVP, uTargets, uSkinned, uBoneBase int32
	uMorphBase                             int32

	tex, fbo uint32
	size     int // one cascade's side in texels
	count    int // cascades of the texture
	radius   int // filter radius in texels

	cascades [gfx.MaxCascades]gfx.Cascade
	on       int // cascades drawn for this scene (0: no shadows)
	vps      [gfx.MaxCascades]mgl32.Mat4
	splits   [4]float32
	texel    [4]float32
	fwd      mgl32.Vec3
	kept     []gfx.Instance // one cascade's casters of a batch (see cascadeInstances)
}

// shadowPlan returns the cascades, map size and filter radius of q.
func shadowPlan(q gfx.ShadowQuality) (count, size, radius int) {
	switch q {
	case gfx.ShadowOff:
		return 0, 0, 0
	case gfx.ShadowLow:
		return 1, 1024, 0
	case gfx.ShadowHigh:
		return 3, 2048, 1
	}
	return 2, 1024, 1 // medium, the default
}

// loadShadowProgram (re)builds the shadow program. On error the program
// in use, if any, is kept.
func (r *Renderer) loadShadowProgram() error {
	p, err := r.loadProgram(shaders.Shadow())
	if err != nil {
		return err
	}
	sp, err := r.loadProgram(shaders.SkinnedShadow())
	if err != nil {
		r.gl.deleteProgram(&p.id)
		return err
	}
	s := &r.shadow
	r.gl.deleteProgram(&s.prog.id)
	r.gl.deleteProgram(&s.skinProg.id)
	s.prog, s.uLightVP = p, p.uniform(shaders.UniformLightVP)
	s.skinProg = sp
	s.uSkinVP, s.uTargets = sp.uniform(shaders.UniformViewProjection), sp.uniform(shaders.UniformTargetCount)
	s.uSkinned, s.uBoneBase = sp.uniform(shaders.UniformSkinned), sp.uniform(shaders.UniformBoneBase)
	s.uMorphBase = sp.uniform(shaders.UniformMorphBase)
	a := &r.gl
	a.useProgram(sp.id)
	a.uniform1i(sp.uniform(shaders.UniformBones), unitBones)
	a.uniform1i(sp.uniform(shaders.UniformTargets), unitTargets)
	a.uniform1i(sp.uniform(shaders.UniformMorphWeights), unitWeights)
	return nil
}

// SetGraphics applies the player's graphics settings from the next frame
// on: shadow quality and distance, MSAA, HDR. Settings out of range are refused
// with an error naming the value, and the settings in use are kept. Call
// it on the render thread, between frames.
func (r *Renderer) SetGraphics(g gfx.Graphics) error {
	if r.closed {
		return ErrClosed
	}
	if err := g.Validate(); err != nil {
		return fmt.Errorf("gl41: %w", err)
	}
	if g.HDR != r.graphics.HDR {
		r.hdr.failed = false // a new setting gets a new try
	}
	r.graphics = g
	return nil
}

// Graphics returns the graphics settings in use.
func (r *Renderer) Graphics() gfx.Graphics { return r.graphics }

// ensureShadowMap (re)creates the shadow texture and framebuffer for the
// given plan. It reports false when the driver cannot make them: the frame
// is then drawn without shadows and the reason logged once.
func (r *Renderer) ensureShadowMap(count, size int) bool {
	s := &r.shadow
	if s.tex != 0 && s.count == count && s.size == size {
		return true
	}
	a := &r.gl
	a.deleteTexture(&s.tex)
	a.deleteFramebuffer(&s.fbo)
	w := count * size
	if w > r.maxTexture {
		r.notice(noticeShadowMap, "the shadow map would be %d texels wide, more than the driver's %d: shadows are off", w, r.maxTexture)
		return false
	}
	s.tex = a.genTexture()
	a.bindTexture2D(s.tex)
	a.calls += 7
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.DEPTH_COMPONENT24, int32(w), int32(size), 0, gl.DEPTH_COMPONENT, gl.UNSIGNED_INT, nil)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_MODE, gl.COMPARE_REF_TO_TEXTURE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_FUNC, gl.LEQUAL)
	a.calls += 5
	gl.GenFramebuffers(1, &s.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, s.fbo)
	gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, s.tex, 0)
	gl.DrawBuffer(gl.NONE)
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	r.bindSceneFramebuffer()
	if status != gl.FRAMEBUFFER_COMPLETE {
		r.notice(noticeShadowMap, "the shadow map's framebuffer is incomplete (status 0x%x): shadows are off", status)
		a.deleteTexture(&s.tex)
		a.deleteFramebuffer(&s.fbo)
		return false
	}
	s.count, s.size = count, size
	return true
}

// drawShadows draws the sun's shadow maps for dl, if shadows are on and
// the sun shines, and sets r.shadow's uniforms' values.
func (r *Renderer) drawShadows(dl *gfx.DrawList, aspect float32) {
	s := &r.shadow
	s.on = 0
	s.splits = [4]float32{}
	count, size, radius := shadowPlan(r.graphics.Shadows)
	c := r.sv.light.Color
	if count == 0 || c.R+c.G+c.B <= 0 || s.prog.id == 0 || !r.ensureShadowMap(count, size) {
		return
	}
	start := time.Now()
	dist := r.graphics.ShadowDistance
	if dist == 0 {
		dist = gfx.DefaultShadowDistance
	}
	gfx.FitCascades(&dl.Camera, aspect, r.sv.dir, count, dist, size, &s.cascades)
	s.on, s.radius = count, radius
	r.sv.variant = variantFull // the plain programs draw no shadows
	v := &dl.Camera.View
	s.fwd = mgl32.Vec3{-v[2], -v[6], -v[10]}
	for i := range count {
		s.vps[i] = s.cascades[i].ViewProj
		s.splits[i] = s.cascades[i].Far
		s.texel[i] = s.cascades[i].Texel
	}
	s.splits[3] = float32(count)
	s.texel[3] = float32(radius)

	a := &r.gl
	a.calls++
	gl.BindFramebuffer(gl.FRAMEBUFFER, s.fbo)
	a.setViewport(int32(count*size), int32(size))
	a.depthMask(true)
	a.clearBits(gl.DEPTH_BUFFER_BIT)
	a.useProgram(s.prog.id)
	a.enable(capDepthTest, true)
	a.enable(capBlend, false)
	a.enable(capCullFace, false) // thin and open meshes cast too
	a.calls += 2
	gl.Enable(gl.POLYGON_OFFSET_FILL)
	gl.PolygonOffset(2, 4)
	bs := dl.Batches()
	for i := range bs {
		b := &bs[i]
		if len(b.Instances) == 0 {
			continue
		}
		m, err := r.mesh(b.Mesh)
		if err != nil {
			continue // reported by the main pass
		}
		if mat := r.batchMaterial(b, m); mat.blend || mat.unlit != 0 {
			continue // blended and unlit surfaces cast no shadow
		}
		a.bindVertexArray(m.vao)
		a.bindArrayBuffer(m.inst.buf)
		uploaded := false // b's instances, all of them, are where m's attributes point
		for k := range count {
			ins := r.cascadeInstances(m, b.Instances, &s.vps[k])
			if len(ins) == 0 {
				continue
			}
			whole := len(ins) == len(b.Instances)
			if !whole || !uploaded {
				size := len(ins) * gfx.InstanceSize
				off := a.upload(&m.inst, r.upload, unsafe.Pointer(&ins[0]), size)
				if off != m.instOffset || m.layout != layoutFull {
					r.pointInstances(m, off, layoutFull)
				}
				r.stats.ShadowBytes += size
				uploaded = whole
			}
			a.calls++
			gl.Viewport(int32(k*s.size), 0, int32(s.size), int32(s.size))
			a.uniformMatrix4(s.uLightVP, (*[16]float32)(&s.vps[k]))
			t := time.Now()
			a.draw(m, int32(len(ins)))
			r.stats.DrawTime += time.Since(t)
			r.stats.ShadowDrawCalls++
		}
	}
	r.drawSkinnedShadows(dl)
	a.calls += 2
	gl.Disable(gl.POLYGON_OFFSET_FILL)
	gl.Viewport(0, 0, int32(r.width), int32(r.height))
	a.viewport = [4]int32{0, 0, int32(r.width), int32(r.height)}
	r.bindSceneFramebuffer()
	a.bindUnit(shaders.UnitShadow, s.tex, 0)
	r.stats.ShadowTime += time.Since(start)
}

// drawSkinnedShadows draws the skinned batches of dl into every cascade,
// skinned as the scene draws them (blended and unlit ones cast none).
func (r *Renderer) drawSkinnedShadows(dl *gfx.DrawList) {
	s := &r.shadow
	a := &r.gl
	for i, bs := 0, dl.SkinnedBatches(); i < len(bs); i++ {
		b := &bs[i]
		if len(b.Instances) == 0 {
			continue
		}
		g, sk, _ := r.skinMesh(b.Mesh)
		if g == nil {
			continue // reported by the main pass
		}
		id := b.Material
		if id == 0 {
			id = g.material
		}
		if mat := r.material(id); mat.blend || mat.unlit != 0 {
			continue
		}
		a.useProgram(s.skinProg.id)
		a.uniform1i(s.uTargets, sk.targets)
		a.uniform1i(s.uSkinned, b2i(sk.skinned))
		if sk.targets > 0 {
			a.calls += 3
			gl.ActiveTexture(gl.TEXTURE0 + unitTargets)
			gl.BindTexture(gl.TEXTURE_BUFFER, sk.targetsTex)
			gl.ActiveTexture(gl.TEXTURE0)
		}
		for k := range s.on {
			a.calls++
			gl.Viewport(int32(k*s.size), 0, int32(s.size), int32(s.size))
			a.uniformMatrix4(s.uSkinVP, (*[16]float32)(&s.vps[k]))
			r.drawSkinnedRuns(dl, g, sk, b.Instances, runLocs{s.uBoneBase, s.uMorphBase, true})
		}
	}
}

// setShadow sets the shadow uniforms in the program in use.
func (r *Renderer) setShadow(p *sceneLocs) {
	a := &r.gl
	s := &r.shadow
	a.calls += 2
	gl.Uniform4fv(p.shadowSplits, 1, &s.splits[0])
	gl.Uniform4fv(p.shadowTexel, 1, &s.texel[0])
	if s.on > 0 {
		a.calls++
		gl.UniformMatrix4fv(p.shadowVP, int32(s.on), false, &s.vps[0][0])
		a.uniform3(p.cameraFwd, s.fwd[0], s.fwd[1], s.fwd[2])
	}
}

// closeShadows releases the shadow map and program.
func (r *Renderer) closeShadows() {
	s := &r.shadow
	a := &r.gl
	a.deleteTexture(&s.tex)
	a.deleteFramebuffer(&s.fbo)
	a.deleteProgram(&s.prog.id)
	a.deleteProgram(&s.skinProg.id)
}
