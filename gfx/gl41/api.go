package gl41

import (
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// api wraps the GL entry points the renderer uses. Every wrapper counts one
// cgo call, and the bind and enable wrappers skip calls that would not
// change GL state (counted as skipped). The cache assumes nothing else
// changes the context's state behind the renderer's back.
type api struct {
	calls   int // GL calls made since the counters were reset
	skipped int // binds and enables skipped by the cache

	program  uint32
	vao      uint32
	array    uint32        // GL_ARRAY_BUFFER binding
	texture  uint32        // GL_TEXTURE_2D binding of unit 0
	sampler  uint32        // sampler object bound to unit 0
	texture1 uint32        // GL_TEXTURE_2D binding of unit 1 (HUD images)
	sampler1 uint32        // sampler object bound to unit 1
	units    [13][2]uint32 // texture and sampler of the material map and shadow units (8 to 12); 0 and 1 are above
	caps     [numCaps]capState
	depthW   capState // depth mask
	viewport [4]int32
	clear    [4]float32
	clearSet bool
}

type capState uint8

const (
	capUnknown capState = iota
	capOn
	capOff
)

// Capabilities the cache tracks.
const (
	capDepthTest = iota
	capCullFace
	capBlend
	capFramebufferSRGB
	numCaps
)

var capEnums = [numCaps]uint32{gl.DEPTH_TEST, gl.CULL_FACE, gl.BLEND, gl.FRAMEBUFFER_SRGB}

func (a *api) resetCounters() { a.calls, a.skipped = 0, 0 }

// Cached state.

func (a *api) useProgram(p uint32) {
	if a.program == p {
		a.skipped++
		return
	}
	a.calls++
	gl.UseProgram(p)
	a.program = p
}

func (a *api) bindVertexArray(v uint32) {
	if a.vao == v {
		a.skipped++
		return
	}
	a.calls++
	gl.BindVertexArray(v)
	a.vao = v
}

func (a *api) bindArrayBuffer(b uint32) {
	if a.array == b {
		a.skipped++
		return
	}
	a.calls++
	gl.BindBuffer(gl.ARRAY_BUFFER, b)
	a.array = b
}

func (a *api) bindTexture2D(t uint32) {
	if a.texture == t {
		a.skipped++
		return
	}
	a.calls++
	gl.BindTexture(gl.TEXTURE_2D, t)
	a.texture = t
}

func (a *api) bindSampler(s uint32) {
	if a.sampler == s {
		a.skipped++
		return
	}
	a.calls++
	gl.BindSampler(0, s)
	a.sampler = s
}

// bindImageUnit binds texture t with sampler s to texture unit 1, the HUD's
// image unit, and makes unit 0 active again (the cache tracks unit 0).
func (a *api) bindImageUnit(t, s uint32) {
	if a.texture1 == t && a.sampler1 == s {
		a.skipped++
		return
	}
	a.calls += 4
	gl.ActiveTexture(gl.TEXTURE1)
	gl.BindTexture(gl.TEXTURE_2D, t)
	gl.BindSampler(1, s)
	gl.ActiveTexture(gl.TEXTURE0)
	a.texture1, a.sampler1 = t, s
}

// bindUnit binds texture t with sampler s to texture unit u (one of the
// mesh program's map and shadow units, 8 to 12), and makes unit 0 active
// again.
func (a *api) bindUnit(u int, t, s uint32) {
	if a.units[u] == [2]uint32{t, s} {
		a.skipped++
		return
	}
	a.calls += 4
	gl.ActiveTexture(gl.TEXTURE0 + uint32(u))
	gl.BindTexture(gl.TEXTURE_2D, t)
	gl.BindSampler(uint32(u), s)
	gl.ActiveTexture(gl.TEXTURE0)
	a.units[u] = [2]uint32{t, s}
}

func (a *api) enable(c int, on bool) {
	want := capOff
	if on {
		want = capOn
	}
	if a.caps[c] == want {
		a.skipped++
		return
	}
	a.calls++
	if on {
		gl.Enable(capEnums[c])
	} else {
		gl.Disable(capEnums[c])
	}
	a.caps[c] = want
}

func (a *api) depthMask(on bool) {
	want := capOff
	if on {
		want = capOn
	}
	if a.depthW == want {
		a.skipped++
		return
	}
	a.calls++
	gl.DepthMask(on)
	a.depthW = want
}

func (a *api) setViewport(w, h int32) {
	v := [4]int32{0, 0, w, h}
	if a.viewport == v {
		a.skipped++
		return
	}
	a.calls++
	gl.Viewport(0, 0, w, h)
	a.viewport = v
}

func (a *api) clearColor(r, g, b, al float32) {
	c := [4]float32{r, g, b, al}
	if a.clearSet && a.clear == c {
		a.skipped++
		return
	}
	a.calls++
	gl.ClearColor(r, g, b, al)
	a.clear, a.clearSet = c, true
}

// deleteBuffer, deleteVertexArray, deleteTexture and deleteProgram keep the
// cache honest: GL unbinds a deleted object that is bound.

func (a *api) deleteBuffer(b *uint32) {
	if *b == 0 {
		return
	}
	if a.array == *b {
		a.array = 0
	}
	a.calls++
	gl.DeleteBuffers(1, b)
	*b = 0
}

func (a *api) deleteVertexArray(v *uint32) {
	if *v == 0 {
		return
	}
	if a.vao == *v {
		a.vao = 0
	}
	a.calls++
	gl.DeleteVertexArrays(1, v)
	*v = 0
}

func (a *api) deleteTexture(t *uint32) {
	if *t == 0 {
		return
	}
	if a.texture == *t {
		a.texture = 0
	}
	if a.texture1 == *t {
		a.texture1 = 0
	}
	a.calls++
	gl.DeleteTextures(1, t)
	*t = 0
}

// deleteFramebuffer deletes the framebuffer *f names, if any, and zeroes
// *f.
func (a *api) deleteFramebuffer(f *uint32) {
	if *f == 0 {
		return
	}
	a.calls++
	gl.DeleteFramebuffers(1, f)
	*f = 0
}

// deleteRenderbuffer deletes the renderbuffer *b names, if any, and
// zeroes *b.
func (a *api) deleteRenderbuffer(b *uint32) {
	if *b == 0 {
		return
	}
	a.calls++
	gl.DeleteRenderbuffers(1, b)
	*b = 0
}

func (a *api) deleteProgram(p *uint32) {
	if *p == 0 {
		return
	}
	if a.program == *p {
		a.program = 0
	}
	a.calls++
	gl.DeleteProgram(*p)
	*p = 0
}

// Uncached calls.

func (a *api) clearBits(mask uint32) { a.calls++; gl.Clear(mask) }

func (a *api) genBuffer() (b uint32) { a.calls++; gl.GenBuffers(1, &b); return b }

func (a *api) genVertexArray() (v uint32) { a.calls++; gl.GenVertexArrays(1, &v); return v }

func (a *api) genTexture() (t uint32) { a.calls++; gl.GenTextures(1, &t); return t }

func (a *api) bufferData(target uint32, size int, data unsafe.Pointer, usage uint32) {
	a.calls++
	gl.BufferData(target, size, data, usage)
}

func (a *api) bufferSubData(target uint32, offset, size int, data unsafe.Pointer) {
	a.calls++
	gl.BufferSubData(target, offset, size, data)
}

func (a *api) mapBufferRange(target uint32, offset, length int, access uint32) unsafe.Pointer {
	a.calls++
	return gl.MapBufferRange(target, offset, length, access)
}

func (a *api) unmapBuffer(target uint32) bool { a.calls++; return gl.UnmapBuffer(target) }

func (a *api) vertexAttribPointer(index uint32, size int32, stride int32, offset uintptr) {
	a.calls++
	gl.VertexAttribPointerWithOffset(index, size, gl.FLOAT, false, stride, offset)
}

func (a *api) enableVertexAttribArray(index uint32) { a.calls++; gl.EnableVertexAttribArray(index) }

func (a *api) disableVertexAttribArray(index uint32) { a.calls++; gl.DisableVertexAttribArray(index) }

func (a *api) vertexAttribDivisor(index, divisor uint32) {
	a.calls++
	gl.VertexAttribDivisor(index, divisor)
}

func (a *api) drawArraysInstanced(mode uint32, count, instances int32) {
	a.calls++
	gl.DrawArraysInstanced(mode, 0, count, instances)
}

func (a *api) uniformMatrix4(loc int32, m *[16]float32) {
	a.calls++
	gl.UniformMatrix4fv(loc, 1, false, &m[0])
}

func (a *api) uniform3(loc int32, x, y, z float32) { a.calls++; gl.Uniform3f(loc, x, y, z) }

func (a *api) uniform2(loc int32, x, y float32) { a.calls++; gl.Uniform2f(loc, x, y) }

func (a *api) uniform1i(loc int32, v int32) { a.calls++; gl.Uniform1i(loc, v) }

func (a *api) uniform1(loc int32, v float32) { a.calls++; gl.Uniform1f(loc, v) }

func (a *api) getError() uint32 { a.calls++; return gl.GetError() }

func (a *api) finish() { a.calls++; gl.Finish() }
