package gl41

import (
	"time"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// skyState is the sky program and the empty vertex array its full-screen
// triangle is drawn with (a core context draws nothing without one).
type skyState struct {
	prog                                  program
	vao                                   uint32
	uInvVP, uCam, uZenith, uHorizon, uGnd int32
	inv                                   [16]float32
}

// loadSkyProgram (re)builds the sky program. On error the program in
// use, if any, is kept.
func (r *Renderer) loadSkyProgram() error {
	p, err := r.loadVariant(shaders.Sky(), r.hdrDefines())
	if err != nil {
		return err
	}
	s := &r.sky
	r.gl.deleteProgram(&s.prog.id)
	s.prog = p
	s.uInvVP, s.uCam = p.uniform(shaders.UniformInvViewProjection), p.uniform(shaders.UniformCameraPos)
	s.uZenith, s.uHorizon, s.uGnd = p.uniform(shaders.UniformZenith), p.uniform(shaders.UniformHorizon), p.uniform(shaders.UniformGroundSky)
	if s.vao == 0 {
		s.vao = r.gl.genVertexArray()
	}
	return nil
}

// drawSky draws dl's sky behind everything, if it has one.
func (r *Renderer) drawSky(dl *gfx.DrawList) {
	sky := dl.Env.Sky
	if sky.IsZero() || r.sky.prog.id == 0 {
		return
	}
	g := sky.Ground
	if g == (gfx.Color{}) {
		g = sky.Horizon
	}
	s := &r.sky
	a := &r.gl
	s.inv = r.vp.Inv()
	r.shaderEncodes() // the sky's colours are sRGB
	a.useProgram(s.prog.id)
	a.uniformMatrix4(s.uInvVP, &s.inv)
	a.uniform3(s.uCam, r.sv.cam[0], r.sv.cam[1], r.sv.cam[2])
	a.uniform3(s.uZenith, sky.Zenith.R, sky.Zenith.G, sky.Zenith.B)
	a.uniform3(s.uHorizon, sky.Horizon.R, sky.Horizon.G, sky.Horizon.B)
	a.uniform3(s.uGnd, g.R, g.G, g.B)
	r.drawFullScreen(s.vao, false)
}

// drawFullScreen draws the one triangle covering the viewport with the
// program in use, from vao (an empty vertex array: the vertex shader
// makes the corners), without depth test, depth writes or culling,
// blending when blend is set: the sky and the HDR pass.
func (r *Renderer) drawFullScreen(vao uint32, blend bool) {
	a := &r.gl
	a.enable(capDepthTest, false)
	a.enable(capBlend, blend)
	a.enable(capCullFace, false)
	a.depthMask(false)
	a.bindVertexArray(vao)
	a.calls++
	t := time.Now()
	gl.DrawArrays(gl.TRIANGLES, 0, 3)
	r.stats.DrawTime += time.Since(t)
	r.stats.DrawCalls++
	a.depthMask(true)
}

// closeSky releases the sky program and vertex array.
func (r *Renderer) closeSky() {
	r.gl.deleteVertexArray(&r.sky.vao)
	r.gl.deleteProgram(&r.sky.prog.id)
}
