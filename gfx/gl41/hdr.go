package gl41

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// The HDR path (gfx.Graphics.HDR). Each scene layer is drawn into a
// floating-point target (RGBA16F, multisampled and resolved when MSAA is
// on) cleared to transparent black, by programs built with
// shaders.DefineHDROutput: linear, unclamped light, blended draws
// blending in it. Then one full-screen pass (shaders.ToneMap) exposes and
// tone maps that layer with its own Environment, encodes it sRGB (by the
// window's framebuffer where it can, see srgb.go) and blends it by its
// coverage over the window's framebuffer, which holds
// the frame's clear colour and the layers below. The HUD is drawn after,
// straight into the window, as without HDR.
//
// The mesh and lean programs' variantLinear slots, and the skinned, sky
// and lines programs, are built either for the HDR target or for the
// window (r.hdrProgs); switching rebuilds them, which happens when the
// setting changes, not per frame. A driver that cannot make the float
// target complete gets one notice and the per-fragment path.

// hdrTarget is the HDR path's floating-point scene target and the
// tone-mapping pass.
type hdrTarget struct {
	fbo, color, depth       uint32 // single-sampled: the colour texture the pass reads, a depth buffer
	msfbo, mscolor, msdepth uint32 // multisampled, resolved into fbo's colour (samples > 1)
	w, h, samples           int

	prog   program
	uTone  int32
	vao    uint32
	failed bool // the driver refused the target: per-fragment path until the setting changes
	linear bool // the pass writes linear light and the window's framebuffer encodes it

	// incomplete makes the target's completeness check fail (tests of the
	// fallback).
	incomplete bool
}

// wantHDR reports whether this frame's scenes should take the HDR path:
// the setting asks for it (HDRDefault: not on a software rasteriser) and
// the driver has not refused it.
func (r *Renderer) wantHDR() bool {
	switch r.graphics.HDR {
	case gfx.HDROn:
	case gfx.HDROff:
		return false
	default:
		if r.software {
			return false
		}
	}
	return !r.hdr.failed
}

// loadToneMapProgram (re)builds the tone-mapping pass's program. On error
// the program in use, if any, is kept.
func (r *Renderer) loadToneMapProgram() error {
	defines := ""
	if r.targetSRGB && !r.shaderEncode {
		defines = shaders.DefineLinearOutput // the window's framebuffer encodes
	}
	p, err := r.loadVariant(shaders.ToneMap(), defines)
	if err != nil {
		return err
	}
	t := &r.hdr
	r.gl.deleteProgram(&t.prog.id)
	t.prog = p
	t.linear = defines != ""
	t.uTone = p.uniform(shaders.UniformTone)
	r.gl.useProgram(p.id)
	r.gl.uniform1i(p.uniform(shaders.UniformHDRImage), 0)
	if t.vao == 0 {
		t.vao = r.gl.genVertexArray()
	}
	return nil
}

// b2v is 1 for true, 0 for false.
func b2v(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hdrDefines returns the define the sky and lines programs are built with: shaders.DefineHDROutput when they draw
// into the HDR target.
func (r *Renderer) hdrDefines() string {
	if r.hdrProgs {
		return shaders.DefineHDROutput
	}
	return ""
}

// setHDRPrograms rebuilds the scene programs for the HDR target (on) or
// for the window. A shader source in ShaderDir without
// shaders.DefineHDROutput cannot draw HDR: it is an error, as is a failed
// build, after which the programs are rebuilt for the window.
func (r *Renderer) setHDRPrograms(on bool) error {
	if r.hdrProgs == on {
		return nil
	}
	if on {
		for _, p := range []shaders.Program{shaders.Mesh(), shaders.MeshLean(), shaders.Sky(), shaders.Lines()} {
			src, err := r.source(p.Fragment)
			if err != nil {
				return err
			}
			if !strings.Contains(src, shaders.DefineHDROutput) {
				return fmt.Errorf("gl41: shader %s does not know %s", p.Fragment, shaders.DefineHDROutput)
			}
		}
		if r.hdr.prog.id == 0 {
			if err := r.loadToneMapProgram(); err != nil {
				return err
			}
		}
	}
	r.hdrProgs = on
	err := r.loadScenePrograms()
	if err != nil && on {
		r.hdrProgs = false
		if err2 := r.loadScenePrograms(); err2 != nil {
			return fmt.Errorf("%w (and rebuilding without HDR: %v)", err, err2)
		}
	}
	return err
}

// loadScenePrograms rebuilds every program that draws into the scene
// target.
func (r *Renderer) loadScenePrograms() error {
	for _, load := range []func() error{r.loadMeshProgram, r.loadLeanProgram, r.loadSkinnedProgram, r.loadSkyProgram, r.loadLinesProgram} {
		if err := load(); err != nil {
			return err
		}
	}
	return nil
}

// beginHDR prepares the HDR target for a frame of w×h pixels drawn with
// samples per pixel. It reports false, after one notice, when the HDR path
// cannot be had; the frame then takes the per-fragment path.
func (r *Renderer) beginHDR(w, h, samples int) bool {
	t := &r.hdr
	if err := r.setHDRPrograms(true); err != nil {
		r.notice(noticeHDR, "HDR is off: %v (exposure and tone mapping are applied per fragment instead; this notice is shown once)", err)
		t.failed = true
		return false
	}
	if t.fbo == 0 || t.w != w || t.h != h || t.samples != samples {
		r.releaseHDR()
		if !r.makeHDR(w, h, samples) {
			r.releaseHDR()
			t.failed = true
			if err := r.setHDRPrograms(false); err != nil {
				r.notice(noticeHDR, "rebuilding the scene programs without HDR: %v", err)
			}
			return false
		}
	}
	r.sceneFBO = t.fbo
	if samples > 1 {
		r.sceneFBO = t.msfbo
	}
	r.hdrFrame = true
	r.stats.HDR = true
	return true
}

// makeHDR creates the floating-point targets. It reports false, with one
// notice, when the driver refuses them.
func (r *Renderer) makeHDR(w, h, samples int) bool {
	t := &r.hdr
	a := &r.gl
	t.color = a.genTexture()
	a.bindTexture2D(t.color)
	a.calls += 12
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA16F, int32(w), int32(h), 0, gl.RGBA, gl.HALF_FLOAT, nil)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.GenFramebuffers(1, &t.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo)
	gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t.color, 0)
	if samples <= 1 {
		gl.GenRenderbuffers(1, &t.depth)
		gl.BindRenderbuffer(gl.RENDERBUFFER, t.depth)
		gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, int32(w), int32(h))
		gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, t.depth)
	}
	ok := gl.CheckFramebufferStatus(gl.FRAMEBUFFER) == gl.FRAMEBUFFER_COMPLETE
	if samples > 1 {
		a.calls += 11
		gl.GenRenderbuffers(1, &t.mscolor)
		gl.BindRenderbuffer(gl.RENDERBUFFER, t.mscolor)
		gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, int32(samples), gl.RGBA16F, int32(w), int32(h))
		gl.GenRenderbuffers(1, &t.msdepth)
		gl.BindRenderbuffer(gl.RENDERBUFFER, t.msdepth)
		gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, int32(samples), gl.DEPTH_COMPONENT24, int32(w), int32(h))
		gl.GenFramebuffers(1, &t.msfbo)
		gl.BindFramebuffer(gl.FRAMEBUFFER, t.msfbo)
		gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, t.mscolor)
		gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, t.msdepth)
		ok = ok && gl.CheckFramebufferStatus(gl.FRAMEBUFFER) == gl.FRAMEBUFFER_COMPLETE
	}
	a.calls += 2
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	gl.BindRenderbuffer(gl.RENDERBUFFER, 0)
	if t.incomplete {
		ok = false
	}
	if !ok || a.getError() != gl.NO_ERROR {
		r.notice(noticeHDR, "the driver refused a %d×%d floating-point (RGBA16F) framebuffer of %d samples: HDR is off, exposure and tone mapping are applied per fragment instead (this notice is shown once)", w, h, samples)
		return false
	}
	t.w, t.h, t.samples = w, h, samples
	return true
}

// beginLayer binds the HDR target and clears it for the next scene layer:
// transparent black (nothing drawn yet) and the far depth.
func (r *Renderer) beginLayer() {
	a := &r.gl
	r.bindSceneFramebuffer()
	a.depthMask(true)
	a.clearColor(0, 0, 0, 0)
	a.clearBits(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
}

// endLayer resolves the layer just drawn (when multisampled) and blends
// it, exposed and tone mapped with its scene's settings (r.sv.tone) and
// encoded sRGB, over the window's framebuffer, which is left bound.
func (r *Renderer) endLayer() {
	t := &r.hdr
	a := &r.gl
	w, h := int32(t.w), int32(t.h)
	if t.samples > 1 {
		a.calls += 3
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.msfbo)
		gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, t.fbo)
		gl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, gl.COLOR_BUFFER_BIT, gl.NEAREST)
	}
	a.calls++
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	a.enable(capFramebufferSRGB, t.linear)
	a.useProgram(t.prog.id)
	a.calls++
	gl.Uniform4fv(t.uTone, 1, &r.sv.tone[0])
	a.bindTexture2D(t.color)
	a.bindSampler(0)
	r.drawFullScreen(t.vao, true)
}

// endHDR ends a frame drawn through the HDR path: the window's
// framebuffer stays bound for the HUD.
func (r *Renderer) endHDR() {
	r.sceneFBO = 0
	r.hdrFrame = false
}

// releaseHDR deletes the HDR targets (not the pass's program).
func (r *Renderer) releaseHDR() {
	t := &r.hdr
	a := &r.gl
	a.deleteFramebuffer(&t.fbo)
	a.deleteFramebuffer(&t.msfbo)
	a.deleteRenderbuffer(&t.depth)
	a.deleteRenderbuffer(&t.mscolor)
	a.deleteRenderbuffer(&t.msdepth)
	a.deleteTexture(&t.color)
	t.w, t.h, t.samples = 0, 0, 0
}

// closeHDR releases the HDR targets and the pass's program.
func (r *Renderer) closeHDR() {
	r.releaseHDR()
	r.gl.deleteVertexArray(&r.hdr.vao)
	r.gl.deleteProgram(&r.hdr.prog.id)
}
