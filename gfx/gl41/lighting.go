package gl41

import (
	"log"
	"math"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/shaders"
)

// sceneLocs are the locations of the uniforms both mesh programs share.
type sceneLocs struct {
	vp, lDir, lColor, ambient, ground, camPos      int32
	count, pos, tint, spotDir, spotCone            int32
	tone, fog, fogRange                            int32
	shadowVP, shadowSplits, shadowTexel, cameraFwd int32
}

func (p *program) sceneLocs() sceneLocs {
	return sceneLocs{
		vp: p.uniform(shaders.UniformViewProjection), lDir: p.uniform(shaders.UniformLightDir),
		lColor: p.uniform(shaders.UniformLightColor), ambient: p.uniform(shaders.UniformAmbient),
		ground: p.uniform(shaders.UniformGround), camPos: p.uniform(shaders.UniformCameraPos),
		count: p.uniform(shaders.UniformLightCount), pos: p.uniform(shaders.UniformLightPos),
		tint: p.uniform(shaders.UniformLightTint), spotDir: p.uniform(shaders.UniformSpotDir),
		spotCone: p.uniform(shaders.UniformSpotCone), tone: p.uniform(shaders.UniformTone),
		fog: p.uniform(shaders.UniformFog), fogRange: p.uniform(shaders.UniformFogRange),
		shadowVP: p.uniform(shaders.UniformShadowVP), shadowSplits: p.uniform(shaders.UniformShadowSplits),
		shadowTexel: p.uniform(shaders.UniformShadowTexel), cameraFwd: p.uniform(shaders.UniformCameraFwd),
	}
}

// sceneValues are one scene's lighting and frame settings as the shaders
// read them, computed once per scene.
type sceneValues struct {
	light    gfx.Light
	dir      mgl32.Vec3 // the sun's direction, unit length
	ground   gfx.Color
	cam      mgl32.Vec3
	block    gfx.LightBlock
	tone     [4]float32
	fog      [4]float32
	fogRange [2]float32
	variant  int // the programs' variant the scene needs
}

// One-time notices the renderer logs (a bit each).
const (
	noticeTooManyLights = 1 << iota
	noticeBadLight
	noticeBadEnv
	noticeShadowMap
	noticeMSAA
	noticeNoSRGB
	noticeNoTangents
	noticeHDR
)

// notice logs a message once per renderer for each kind.
func (r *Renderer) notice(kind int, format string, args ...any) {
	if r.noticed&kind != 0 {
		return
	}
	r.noticed |= kind
	log.Printf("tickwork: "+format, args...)
}

// prepareScene computes dl's lighting values into r.sv. Out-of-range
// settings fall back to their defaults with one notice each.
func (r *Renderer) prepareScene(dl *gfx.DrawList) {
	sv := &r.sv
	l := dl.Light
	if l.IsZero() {
		l = gfx.DefaultLight
	}
	dir := l.Dir
	if n := dir.Len(); n > 1e-12 && !math.IsInf(float64(n), 0) {
		dir = dir.Mul(1 / n)
	} else {
		dir = gfx.DefaultLight.Dir.Normalize()
	}
	sv.light, sv.dir = l, dir
	sv.ground = l.Ground
	if sv.ground == (gfx.Color{}) {
		sv.ground = l.Ambient
	}
	// The camera's position: the view matrix's inverse translation.
	v := &dl.Camera.View
	t := mgl32.Vec3{v[12], v[13], v[14]}
	sv.cam = mgl32.Vec3{
		-(v[0]*t[0] + v[1]*t[1] + v[2]*t[2]),
		-(v[4]*t[0] + v[5]*t[1] + v[6]*t[2]),
		-(v[8]*t[0] + v[9]*t[1] + v[10]*t[2]),
	}
	sv.block.Pack(dl.Lights(), sv.cam)
	if sv.block.Invalid != nil {
		r.notice(noticeBadLight, "%v: the light is left out (this notice is shown once)", sv.block.Invalid)
	} else if sv.block.Dropped > 0 {
		r.notice(noticeTooManyLights, "a scene has %d point and spot lights, more than the %d shaded: the %d farthest from the camera are left out (this notice is shown once)",
			len(dl.Lights()), gfx.MaxLights, sv.block.Dropped)
	}
	env := dl.Env
	if err := env.Validate(); err != nil {
		r.notice(noticeBadEnv, "%v: the scene is drawn with the default environment (this notice is shown once)", err)
		env = gfx.Environment{}
	}
	exp := env.Exposure
	if exp == 0 {
		exp = 1
	}
	sv.tone = [4]float32{exp, float32(env.ToneMap), 0, 0}
	sv.variant = variantPlain
	if sv.block.N > 0 || exp != 1 || env.ToneMap != gfx.ToneClamp || env.FogEnd > 0 || sv.ground != l.Ambient {
		sv.variant = variantFull
	}
	sv.fog = [4]float32{}
	if env.FogEnd > 0 {
		c := env.FogColor
		sv.fog = [4]float32{decodeSRGB(c.R), decodeSRGB(c.G), decodeSRGB(c.B), 1}
		sv.fogRange = [2]float32{env.FogStart, env.FogEnd}
	}
}

// setScene sets the scene's uniforms in the program in use, whose
// locations are p.
func (r *Renderer) setScene(p *sceneLocs) {
	a := &r.gl
	sv := &r.sv
	a.uniformMatrix4(p.vp, (*[16]float32)(&r.vp))
	a.uniform3(p.lDir, sv.dir[0], sv.dir[1], sv.dir[2])
	a.uniform3(p.lColor, sv.light.Color.R, sv.light.Color.G, sv.light.Color.B)
	a.uniform3(p.ambient, sv.light.Ambient.R, sv.light.Ambient.G, sv.light.Ambient.B)
	a.uniform3(p.ground, sv.ground.R, sv.ground.G, sv.ground.B)
	a.uniform3(p.camPos, sv.cam[0], sv.cam[1], sv.cam[2])
	b := &sv.block
	a.uniform1i(p.count, int32(b.N))
	if b.N > 0 {
		a.calls += 4
		gl.Uniform4fv(p.pos, int32(b.N), &b.PosInvRange[0][0])
		gl.Uniform4fv(p.tint, int32(b.N), &b.ColorKind[0][0])
		gl.Uniform4fv(p.spotDir, int32(b.N), &b.Dir[0][0])
		gl.Uniform2fv(p.spotCone, int32(b.N), &b.Cone[0][0])
	}
	a.calls += 2
	gl.Uniform4fv(p.tone, 1, &sv.tone[0])
	gl.Uniform4fv(p.fog, 1, &sv.fog[0])
	a.uniform2(p.fogRange, sv.fogRange[0], sv.fogRange[1])
	r.setShadow(p)
}
