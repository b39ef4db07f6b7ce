package gl41

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// hudQuad is one HUD instance: a rectangle or a glyph.
type hudQuad struct {
	Rect   [4]float32 // x, y, w, h in pixels, origin top-left
	UV     [4]float32 // atlas (or image) u0, v0, u1, v1
	Color  gfx.Color
	Params [4]float32 // rotation in radians; kind: 0 solid (rectangle), 1 image, 2 TrueType glyph; the glyph atlas size; unused
}

// hudRun is a run of consecutive quads drawn with one image bound to unit
// 1 (0: none): one draw call. The solid texel (unit 0) and the glyph atlas
// (unit 2) stay bound for the whole HUD.
type hudRun struct {
	end   int // one past the run's last quad
	image uint32
}

const hudQuadSize = int(unsafe.Sizeof(hudQuad{}))

// hudState is the HUD's program, font texture and quad stream.
type hudState struct {
	prog    program
	uScreen int32
	vao     uint32
	tex     uint32
	quads   []hudQuad // rebuilt every frame, memory reused
	runs    []hudRun
	sampler uint32 // images' sampler: linear, clamped
	tt      ttState
	stream  stream
	offset  int // offset the VAO's attributes point at
	solidUV [4]float32
}

// loadHUDProgram builds (or rebuilds) the HUD program; on error the one in
// use, if any, is kept.
func (r *Renderer) loadHUDProgram() error {
	h := &r.hud
	p, err := r.loadProgram(shaders.HUD())
	if err != nil {
		return err
	}
	r.gl.deleteProgram(&h.prog.id)
	h.prog = p
	h.uScreen = p.uniform(shaders.UniformScreen)
	r.gl.useProgram(p.id)
	r.gl.uniform1i(p.uniform(shaders.UniformAtlas), 0)
	r.gl.uniform1i(p.uniform(shaders.UniformImage), 1)
	r.gl.uniform1i(p.uniform(shaders.UniformGlyphs), 2)
	return nil
}

func (r *Renderer) initHUD() error {
	h := &r.hud
	if err := r.loadHUDProgram(); err != nil {
		return err
	}
	a := &r.gl

	// Rectangles sample a texel that is fully covered: a 1×1 texture.
	solid := []byte{255}
	h.solidUV = [4]float32{0, 0, 1, 1}
	h.tex = a.genTexture()
	a.calls++
	gl.ActiveTexture(gl.TEXTURE0)
	a.bindTexture2D(h.tex)
	a.calls += 6
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.R8, 1, 1, 0, gl.RED, gl.UNSIGNED_BYTE, unsafe.Pointer(&solid[0]))
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)

	h.vao = a.genVertexArray()
	a.bindVertexArray(h.vao)
	h.stream.buf = a.genBuffer()
	a.bindArrayBuffer(h.stream.buf)
	// The images' sampler is the HUD's own: SetAssets releases the
	// materials' samplers, not this one.
	a.calls += 5
	gl.GenSamplers(1, &h.sampler)
	gl.SamplerParameteri(h.sampler, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.SamplerParameteri(h.sampler, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.SamplerParameteri(h.sampler, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_NEAREST)
	gl.SamplerParameteri(h.sampler, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	for _, loc := range [...]uint32{shaders.HUDRect, shaders.HUDUV, shaders.HUDColor, shaders.HUDParams} {
		a.enableVertexAttribArray(loc)
		a.vertexAttribDivisor(loc, 1)
	}
	r.pointHUD(0)
	a.bindVertexArray(0)
	return nil
}

func (r *Renderer) pointHUD(off int) {
	a := &r.gl
	a.vertexAttribPointer(shaders.HUDRect, 4, int32(hudQuadSize), uintptr(off))
	a.vertexAttribPointer(shaders.HUDUV, 4, int32(hudQuadSize), uintptr(off)+16)
	a.vertexAttribPointer(shaders.HUDColor, 4, int32(hudQuadSize), uintptr(off)+32)
	a.vertexAttribPointer(shaders.HUDParams, 4, int32(hudQuadSize), uintptr(off)+48)
	r.hud.offset = off
}

// drawHUD draws the HUD layer by layer: each layer's rectangles, its
// sprites, then its text. Quads go to the GPU in one upload and are drawn
// in as few instanced calls as the images allow: one per run of quads that
// needs at most one image bound. It returns the first sprite whose image
// could not be used (the sprite is skipped).
func (r *Renderer) drawHUD(hud *gfx.HUD, w, h int, scale float32) error {
	s := &r.hud
	if !(scale > 0) {
		scale = 1
	}
	defer s.tt.endFrame()
	r.shaderEncodes() // the HUD's colours are sRGB
	q := s.quads[:0]
	s.runs = s.runs[:0]
	var bad error
	var image uint32 // the image of the run being built
	rects, sprites, texts := hud.Rects, hud.Sprites, hud.Texts
	ri, si, ti := 0, 0, 0
	for ri < len(rects) || si < len(sprites) || ti < len(texts) {
		layer := uint16(0xffff)
		if ri < len(rects) {
			layer = rects[ri].Layer
		}
		if si < len(sprites) {
			layer = min(layer, sprites[si].Layer)
		}
		if ti < len(texts) {
			layer = min(layer, texts[ti].Layer)
		}
		for ; ri < len(rects) && rects[ri].Layer <= layer; ri++ {
			rc := &rects[ri]
			if rc.W <= 0 || rc.H <= 0 || rc.Color.A <= 0 {
				continue
			}
			q = append(q, hudQuad{Rect: [4]float32{rc.X, rc.Y, rc.W, rc.H}, UV: s.solidUV, Color: rc.Color})
		}
		for ; si < len(sprites) && sprites[si].Layer <= layer; si++ {
			sp := &sprites[si]
			if sp.W <= 0 || sp.H <= 0 || sp.Color.A <= 0 {
				continue
			}
			tex, err := r.texture(sp.Image)
			if err != nil {
				if bad == nil {
					bad = fmt.Errorf("gl41: HUD sprite: %w", err)
				}
				continue
			}
			image = s.bind(q, image, tex)
			uv := sp.Src
			if uv == ([4]float32{}) {
				uv = [4]float32{0, 0, 1, 1}
			}
			q = append(q, hudQuad{Rect: [4]float32{sp.X, sp.Y, sp.W, sp.H}, UV: uv, Color: sp.Color, Params: [4]float32{sp.Rotation, 1, 0, 0}})
		}
		for ; ti < len(texts) && texts[ti].Layer <= layer; ti++ {
			if texts[ti].Color.A <= 0 || texts[ti].S == "" {
				continue
			}
			q = r.appendTrueType(q, &texts[ti], scale)
		}
	}
	if r.uploadAtlas() != 0 {
		s.tt.fixUV(q)
	}
	s.runs = append(s.runs, hudRun{end: len(q), image: image})
	s.quads = q
	if len(q) == 0 {
		return bad
	}
	a := &r.gl
	a.enable(capDepthTest, false)
	a.enable(capCullFace, false)
	a.enable(capBlend, true)
	a.useProgram(s.prog.id)
	a.uniform2(s.uScreen, float32(w)/scale, float32(h)/scale) // the HUD's logical size
	a.bindTexture2D(s.tex)
	a.bindSampler(0) // the atlas's own parameters, not a material's sampler
	a.bindVertexArray(s.vao)
	a.bindArrayBuffer(s.stream.buf)
	size := len(q) * hudQuadSize
	t0 := time.Now()
	off := a.upload(&s.stream, r.upload, unsafe.Pointer(&q[0]), size)
	r.stats.UploadTime += time.Since(t0)
	start := 0
	for _, run := range s.runs {
		if run.end == start {
			continue
		}
		if run.image != 0 {
			a.bindImageUnit(run.image, s.sampler)
		}
		if o := off + start*hudQuadSize; o != s.offset {
			r.pointHUD(o)
		}
		t := time.Now()
		a.drawArraysInstanced(gl.TRIANGLE_STRIP, 4, int32(run.end-start))
		r.stats.DrawTime += time.Since(t)
		r.stats.DrawCalls++
		start = run.end
	}
	r.stats.HUDQuads += len(q)
	r.stats.BytesUploaded += size
	return bad
}

// bind returns the unit-1 texture of the run q's next quad joins: a quad
// that needs tex (0: none) starts a new run when the current run binds
// another texture.
func (s *hudState) bind(q []hudQuad, cur, tex uint32) uint32 {
	if tex == 0 || tex == cur {
		return cur
	}
	if cur != 0 {
		s.runs = append(s.runs, hudRun{end: len(q), image: cur})
	}
	return tex
}

func (r *Renderer) closeHUD() {
	a := &r.gl
	s := &r.hud
	a.deleteVertexArray(&s.vao)
	a.deleteBuffer(&s.stream.buf)
	a.deleteTexture(&s.tex)
	a.deleteProgram(&s.prog.id)
	s.tt.close(a)
	if s.sampler != 0 {
		a.calls++
		gl.DeleteSamplers(1, &s.sampler)
		s.sampler = 0
	}
	s.quads, s.runs = nil, nil
}
