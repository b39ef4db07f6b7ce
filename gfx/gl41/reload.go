package gl41

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/fsx"
	"github.com/tickwork/tickwork/shaders"
)

// shaderWatch is the development mode's view of the shader directory.
type shaderWatch struct {
	checked time.Time            // when the files were last looked at
	mtimes  map[string]time.Time // file → modification time when last loaded
	err     error                // the last failed reload, shown on screen until one succeeds
	hud     gfx.HUD              // the error, laid out for the screen
}

// reloadInterval is how often Render looks at the shader files in
// development mode.
const reloadInterval = 250 * time.Millisecond

// maxShaderBytes bounds a shader file read from ShaderDir: GLSL source
// is a few kilobytes.
const maxShaderBytes = 1 << 20

// source returns the text of a shader file: from ShaderDir in development
// mode, else the copy built into the program. ShaderDir is read as
// fsx.Dir reads a directory: only a regular file of at most
// maxShaderBytes, read up to its size when opened; a FIFO, a device or a
// symbolic link leading out of ShaderDir (to /dev/zero, say) is refused
// with an error, which a hot reload shows while keeping the programs in
// use.
func (r *Renderer) source(file string) (string, error) {
	if r.shaderDir == "" {
		return shaders.Source(file)
	}
	b, err := fsx.ReadFile(fsx.Dir(r.shaderDir), file, maxShaderBytes)
	if err != nil {
		return "", fmt.Errorf("gl41: reading shader: %w", err)
	}
	return string(b), nil
}

// meshProgram is one variant of the mesh program and its uniform
// locations.
type meshProgram struct {
	program
	scene                                                   sceneLocs
	uPBR, uNormalScale, uEmissive, uUVTransform, uBaseColor int32
	uCutoff, uOpaque, uUnlit                                int32
}

// Program variants, as bits: variantFull (shaders.DefineSceneFull) for
// scenes with more than the sun and one ambient colour, variantPBR
// (shaders.DefineMaterialPBR, the mesh program only) for PBR materials and
// materials with maps or emission, variantMaps (shaders.DefineMaterialMaps,
// only with variantPBR) for materials with textures, variantLinear
// (shaders.DefineLinearOutput) for draws into a framebuffer that encodes
// sRGB itself (see srgb.go). The lean program has variantFull and
// variantLinear, at leanIndex, and without variantFull its faceted
// programs (shaders.DefineFaceted), at leanIndex | leanFaceted.
const (
	variantPlain  = 0
	variantFull   = 1
	variantPBR    = 2
	variantLinear = 4
	variantMaps   = 8
	numVariants   = 16
	numLean       = 8
	leanFaceted   = 4 // a lean index bit
)

// variantDefines are the defines of variant v.
func variantDefines(v int) string {
	var d []string
	if v&variantFull != 0 {
		d = append(d, shaders.DefineSceneFull)
	}
	if v&variantPBR != 0 {
		d = append(d, shaders.DefineMaterialPBR)
	}
	if v&variantMaps != 0 {
		d = append(d, shaders.DefineMaterialMaps)
	}
	if v&variantLinear != 0 {
		d = append(d, shaders.DefineLinearOutput)
	}
	return strings.Join(d, " ")
}

// variantDefines are the defines of variant v as the renderer builds it:
// its variantLinear programs write HDR light while r.hdrProgs (hdr.go).
func (r *Renderer) variantDefines(v int) string {
	d := variantDefines(v)
	if v&variantLinear != 0 && r.hdrProgs {
		d += " " + shaders.DefineHDROutput
	}
	return d
}

// leanIndex is the index in Renderer.leanProgs of mesh variant v's lean
// program (v's variantFull and variantLinear bits); its faceted program,
// if v has no variantFull, is at leanIndex(v) | leanFaceted.
func leanIndex(v int) int { return v&variantFull | (v&variantLinear)>>1 }

// leanVariant is the mesh variant of lean program i (leanIndex's inverse,
// the faceted bit aside).
func leanVariant(i int) int { return i&1 | (i&2)<<1 }

// loadMeshProgram (re)builds the mesh program's variants and looks up
// their uniforms. On error the programs in use, if any, are kept.
func (r *Renderer) loadMeshProgram() error {
	linear := r.linearSource(shaders.Mesh().Fragment)
	var ps [numVariants]program
	for v := range ps {
		if v&variantLinear != 0 && !linear || v&(variantMaps|variantPBR) == variantMaps {
			continue // never drawn with
		}
		p, err := r.loadVariant(shaders.Mesh(), r.variantDefines(v))
		if err != nil {
			for k := range v {
				r.gl.deleteProgram(&ps[k].id)
			}
			return err
		}
		ps[v] = p
	}
	for v, p := range ps {
		r.gl.deleteProgram(&r.meshProgs[v].id)
		if p.id == 0 {
			r.meshProgs[v] = meshProgram{}
			continue
		}
		r.meshProgs[v] = r.newMeshProgram(p)
	}
	r.curMats = [numVariants]*gpuMaterial{}
	r.meshLinear = linear
	return nil
}

// newMeshProgram looks up the uniforms of p, a program with mesh.frag
// (the mesh or skinned program), and binds its maps' texture units; p is
// left in use.
func (r *Renderer) newMeshProgram(p program) meshProgram {
	m := meshProgram{
		program: p, scene: p.sceneLocs(),
		uPBR: p.uniform(shaders.UniformPBR), uNormalScale: p.uniform(shaders.UniformNormalScale),
		uEmissive: p.uniform(shaders.UniformEmissive), uUVTransform: p.uniform(shaders.UniformUVTransform),
		uBaseColor: p.uniform(shaders.UniformBaseColor), uCutoff: p.uniform(shaders.UniformAlphaCutoff),
		uOpaque: p.uniform(shaders.UniformOpaque), uUnlit: p.uniform(shaders.UniformUnlit),
	}
	r.gl.useProgram(p.id)
	r.gl.uniform1i(p.uniform(shaders.UniformBaseTexture), 0)
	r.gl.uniform1i(p.uniform(shaders.UniformMetalRough), shaders.UnitMetalRough)
	r.gl.uniform1i(p.uniform(shaders.UniformNormalTex), shaders.UnitNormal)
	r.gl.uniform1i(p.uniform(shaders.UniformOcclusion), shaders.UnitOcclusion)
	r.gl.uniform1i(p.uniform(shaders.UniformEmissiveTex), shaders.UnitEmissive)
	r.gl.uniform1i(p.uniform(shaders.UniformShadowMap), shaders.UnitShadow)
	return m
}

// ReloadShaders rebuilds the programs from ShaderDir now. On error the
// programs in use are kept, and the error (with the driver's log) is
// returned, logged and shown on screen until a reload succeeds. Render
// calls it by itself when a shader file changes; call it on the render
// thread. Without ShaderDir it does nothing.
func (r *Renderer) ReloadShaders() error {
	if r.closed {
		return ErrClosed
	}
	if r.shaderDir == "" {
		return nil
	}
	err := r.loadMeshProgram()
	if err == nil {
		err = r.loadLeanProgram()
	}
	if err == nil {
		err = r.loadShadowProgram()
	}
	if err == nil {
		err = r.loadSkyProgram()
	}
	if err == nil {
		err = r.loadSkinnedProgram()
	}
	if err == nil {
		err = r.loadHUDProgram()
	}
	if err == nil {
		err = r.loadLinesProgram()
	}
	if err == nil && r.hdr.prog.id != 0 {
		err = r.loadToneMapProgram()
	}
	w := &r.watch
	w.mtimes = r.shaderTimes()
	if err != nil {
		if w.err == nil || w.err.Error() != err.Error() {
			log.Printf("tickwork: shader reload failed, keeping the previous program: %v", err)
		}
		w.err = err
		w.layoutError()
		return err
	}
	if w.err != nil {
		log.Printf("tickwork: shaders reloaded from %s", r.shaderDir)
	}
	w.err = nil
	return nil
}

// ShaderError returns the last failed shader reload, or nil.
func (r *Renderer) ShaderError() error { return r.watch.err }

// watchShaders reloads the shaders when a file in ShaderDir changed since
// they were loaded; it looks at most every reloadInterval.
func (r *Renderer) watchShaders(now time.Time) {
	w := &r.watch
	if now.Sub(w.checked) < reloadInterval {
		return
	}
	w.checked = now
	times := r.shaderTimes()
	if w.mtimes == nil {
		w.mtimes = times
		return
	}
	for f, t := range times {
		if !w.mtimes[f].Equal(t) {
			r.ReloadShaders()
			return
		}
	}
}

// shaderTimes returns the modification times of the shader files.
func (r *Renderer) shaderTimes() map[string]time.Time {
	times := make(map[string]time.Time)
	for _, p := range shaders.All() {
		for _, f := range []string{p.Vertex, p.Fragment} {
			// A file that cannot be read has the zero time: it counts as
			// changed, and the reload reports why it cannot be read.
			if fi, err := os.Stat(filepath.Join(r.shaderDir, f)); err == nil {
				times[f] = fi.ModTime()
			} else {
				times[f] = time.Time{}
			}
		}
	}
	return times
}

// layoutError lays the failed reload out as HUD text: a dark panel at the
// top of the screen with the error, one line per log line.
func (w *shaderWatch) layoutError() {
	w.hud.Reset()
	lines := strings.Split("shader reload failed (previous program kept):\n"+w.err.Error(), "\n")
	const lineH = 15
	l := w.hud.Layer(0)
	l.AddRect(0, 0, 4000, float32(len(lines))*lineH+8, gfx.Color{R: 0.15, G: 0, B: 0, A: 0.85})
	for i, s := range lines {
		l.AddText(6, 4+float32(i)*lineH, gfx.RGB(1, 0.45, 0.4), s)
	}
}
