package gl41

import (
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// lineVertexSize is the size of one gfx.LineVertex: a vec3 position and an
// RGBA8 colour.
const lineVertexSize = int(unsafe.Sizeof(gfx.LineVertex{}))

// lineState is the debug lines' program and vertex stream. Every line
// buffer of a scene is copied into one staging slice (depth-tested
// buffers first, then those drawn on top), uploaded at once and drawn
// with one glDrawArrays(GL_LINES): the vertex shader lifts the vertices
// from uTopFrom on over the scene.
type lineState struct {
	prog     program
	uVP      int32
	uTopFrom int32
	vao      uint32
	stream   stream
	offset   int // offset the VAO's attributes point at
	staging  []gfx.LineVertex
}

// loadLinesProgram (re)builds the lines program; on error the one in use,
// if any, is kept.
func (r *Renderer) loadLinesProgram() error {
	p, err := r.loadVariant(shaders.Lines(), r.hdrDefines())
	if err != nil {
		return err
	}
	s := &r.lines
	r.gl.deleteProgram(&s.prog.id)
	s.prog = p
	s.uVP = p.uniform(shaders.UniformViewProjection)
	s.uTopFrom = p.uniform(shaders.UniformTopFrom)
	return nil
}

func (r *Renderer) initLines() error {
	if err := r.loadLinesProgram(); err != nil {
		return err
	}
	a := &r.gl
	s := &r.lines
	s.vao = a.genVertexArray()
	a.bindVertexArray(s.vao)
	s.stream.buf = a.genBuffer()
	a.bindArrayBuffer(s.stream.buf)
	a.enableVertexAttribArray(shaders.LinePosition)
	a.enableVertexAttribArray(shaders.LineColor)
	r.pointLines(0)
	a.bindVertexArray(0)
	return nil
}

// pointLines points the lines VAO's attributes at offset off of the stream.
func (r *Renderer) pointLines(off int) {
	a := &r.gl
	a.vertexAttribPointer(shaders.LinePosition, 3, int32(lineVertexSize), uintptr(off))
	a.calls++
	gl.VertexAttribPointerWithOffset(shaders.LineColor, 4, gl.UNSIGNED_BYTE, true, int32(lineVertexSize), uintptr(off)+12)
	r.lines.offset = off
}

// drawLines draws the line buffers of the scene being drawn, after its
// meshes, with its view-projection (r.vp): one upload, one draw call.
func (r *Renderer) drawLines(dl *gfx.DrawList) {
	bufs := dl.LineBuffers()
	if len(bufs) == 0 {
		return
	}
	s := &r.lines
	v := s.staging[:0]
	for _, b := range bufs {
		if !b.OnTop {
			v = append(v, b.Vertices()...)
		}
	}
	top := len(v)
	for _, b := range bufs {
		if b.OnTop {
			v = append(v, b.Vertices()...)
		}
	}
	s.staging = v
	if len(v) == 0 {
		return
	}
	a := &r.gl
	a.enable(capDepthTest, true)
	a.enable(capBlend, true)
	a.depthMask(true)
	a.useProgram(s.prog.id)
	a.uniformMatrix4(s.uVP, (*[16]float32)(&r.vp))
	a.uniform1i(s.uTopFrom, int32(top))
	a.bindVertexArray(s.vao)
	a.bindArrayBuffer(s.stream.buf)
	size := len(v) * lineVertexSize
	t0 := time.Now()
	off := a.upload(&s.stream, r.upload, unsafe.Pointer(&v[0]), size)
	r.stats.UploadTime += time.Since(t0)
	if off != s.offset {
		r.pointLines(off)
	}
	t := time.Now()
	a.calls++
	gl.DrawArrays(gl.LINES, 0, int32(len(v)))
	r.stats.DrawTime += time.Since(t)
	r.stats.DrawCalls++
	r.stats.Lines += len(v) / 2
	r.stats.BytesUploaded += size
}

func (r *Renderer) closeLines() {
	a := &r.gl
	s := &r.lines
	a.deleteVertexArray(&s.vao)
	a.deleteBuffer(&s.stream.buf)
	a.deleteProgram(&s.prog.id)
	s.staging = nil
}
