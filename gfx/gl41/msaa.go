package gl41

import (
	"github.com/go-gl/gl/v4.1-core/gl"
)

// msaaTarget is the multisampled framebuffer scenes are drawn into when
// antialiasing is on, and the single-sampled one it is resolved into
// before being copied to the window. The HUD is drawn after the copy,
// straight into the window, so its text stays crisp.
type msaaTarget struct {
	fbo, color, depth uint32 // multisampled
	rfbo, rcolor      uint32 // the resolve target
	w, h, samples     int
	maxSamples        int // GL_MAX_SAMPLES
}

// sceneSamples returns the samples per pixel the settings ask for, within
// what the driver offers (1: no antialiasing). The default is 4 on a GPU
// and 1 on a software rasteriser (llvmpipe, softpipe, SwiftShader), where
// 4× MSAA halves the frame rate (BenchmarkLighting); asking for 4 there
// still gets it.
func (r *Renderer) sceneSamples() int {
	want := r.graphics.MSAA
	if want == 0 {
		want = 4
		if r.software {
			want = 1
		}
	}
	if m := r.msaa.maxSamples; want > m {
		if r.graphics.MSAA != 0 {
			r.notice(noticeMSAA, "MSAA of %d samples asked for, the driver offers at most %d: using %d", want, m, max(m, 1))
		}
		want = m
	}
	return max(want, 1)
}

// beginScenes binds the framebuffer this frame's scenes are drawn into:
// the multisampled one, (re)made for the frame's size, or the window's
// when antialiasing is off or cannot be had (with one notice).
func (r *Renderer) beginScenes(w, h int) {
	t := &r.msaa
	samples := r.sceneSamples()
	r.sceneFBO = 0
	r.hdrFrame = false
	if r.wantHDR() {
		if r.beginHDR(w, h, samples) {
			// The window is cleared to the frame's colour; each layer is
			// drawn into the HDR target and blended over it (hdr.go).
			r.stats.Samples = samples
			r.gl.calls++
			gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
			return
		}
	} else if r.hdrProgs {
		if err := r.setHDRPrograms(false); err != nil {
			r.notice(noticeHDR, "rebuilding the scene programs without HDR: %v", err)
		}
	}
	if samples > 1 {
		if t.fbo == 0 || t.w != w || t.h != h || t.samples != samples {
			r.releaseMSAA()
			if !r.makeMSAA(w, h, samples) {
				r.releaseMSAA()
				r.graphics.MSAA = 1
				samples = 1
			}
		}
		if samples > 1 {
			r.sceneFBO = t.fbo
		}
	}
	r.bindSceneFramebuffer()
	r.stats.Samples = samples
}

// endScenes resolves the multisampled scenes and copies them to the
// window, whose framebuffer is bound afterwards.
func (r *Renderer) endScenes() {
	if r.hdrFrame {
		r.endHDR()
		return
	}
	if r.sceneFBO == 0 {
		return
	}
	t := &r.msaa
	w, h := int32(t.w), int32(t.h)
	r.gl.calls += 7
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.fbo)
	gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, t.rfbo)
	gl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, gl.COLOR_BUFFER_BIT, gl.NEAREST)
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.rfbo)
	gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, 0)
	gl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, gl.COLOR_BUFFER_BIT, gl.NEAREST)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	r.sceneFBO = 0
}

// makeMSAA creates the multisampled and resolve framebuffers. It reports
// false, with one notice, when the driver refuses them.
func (r *Renderer) makeMSAA(w, h, samples int) bool {
	t := &r.msaa
	a := &r.gl
	a.calls += 16
	gl.GenRenderbuffers(1, &t.color)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.color)
	gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, int32(samples), gl.RGBA8, int32(w), int32(h))
	gl.GenRenderbuffers(1, &t.depth)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.depth)
	gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, int32(samples), gl.DEPTH_COMPONENT24, int32(w), int32(h))
	gl.GenFramebuffers(1, &t.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, t.color)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, t.depth)
	ok := gl.CheckFramebufferStatus(gl.FRAMEBUFFER) == gl.FRAMEBUFFER_COMPLETE
	gl.GenRenderbuffers(1, &t.rcolor)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.rcolor)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
	gl.GenFramebuffers(1, &t.rfbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.rfbo)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, t.rcolor)
	a.calls += 3
	ok = ok && gl.CheckFramebufferStatus(gl.FRAMEBUFFER) == gl.FRAMEBUFFER_COMPLETE
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	gl.BindRenderbuffer(gl.RENDERBUFFER, 0)
	if !ok || a.getError() != gl.NO_ERROR {
		r.notice(noticeMSAA, "the driver refused a %d×%d framebuffer of %d samples: antialiasing is off", w, h, samples)
		return false
	}
	t.w, t.h, t.samples = w, h, samples
	return true
}

// releaseMSAA deletes the antialiasing framebuffers.
func (r *Renderer) releaseMSAA() {
	t := &r.msaa
	a := &r.gl
	a.deleteFramebuffer(&t.fbo)
	a.deleteFramebuffer(&t.rfbo)
	a.deleteRenderbuffer(&t.color)
	a.deleteRenderbuffer(&t.depth)
	a.deleteRenderbuffer(&t.rcolor)
	t.w, t.h, t.samples = 0, 0, 0
}
