package gl41

import (
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// CompileForTest compiles and links a program from the given sources and
// deletes it, returning the compile or link error.
func CompileForTest(r *Renderer, vertFile, vertSrc, fragFile, fragSrc string) error {
	id, err := r.compileProgram(vertFile, vertSrc, fragFile, fragSrc)
	if err == nil {
		r.gl.deleteProgram(&id)
	}
	return err
}

// Objects lists the GL object names a renderer owns.
type Objects struct {
	Buffers, VAOs, Programs, Textures []uint32
}

// ObjectsForTest returns the names of r's GL objects.
func ObjectsForTest(r *Renderer) Objects {
	var o Objects
	for _, m := range r.meshes[1:] {
		if m.vao == 0 {
			continue
		}
		o.Buffers = append(o.Buffers, m.vbo, m.inst.buf)
		if m.ebo != 0 {
			o.Buffers = append(o.Buffers, m.ebo)
		}
		o.VAOs = append(o.VAOs, m.vao)
	}
	for _, t := range r.textures {
		if t.id != 0 {
			o.Textures = append(o.Textures, t.id)
		}
	}
	o.Buffers = append(o.Buffers, r.hud.stream.buf, r.lines.stream.buf)
	o.VAOs = append(o.VAOs, r.hud.vao, r.lines.vao)
	o.Programs = []uint32{r.hud.prog.id, r.lines.prog.id, r.shadow.prog.id, r.sky.prog.id}
	for _, p := range r.meshProgs {
		if p.id != 0 {
			o.Programs = append(o.Programs, p.id)
		}
	}
	for _, p := range r.leanProgs {
		if p.id != 0 {
			o.Programs = append(o.Programs, p.id)
		}
	}
	for _, p := range r.skin.progs {
		if p.id != 0 {
			o.Programs = append(o.Programs, p.id)
		}
	}
	o.Textures = append(o.Textures, r.hud.tex, r.white)
	return o
}

// Live counts the names in o that still name GL objects.
func (o Objects) Live() int {
	n := 0
	for _, b := range o.Buffers {
		if gl.IsBuffer(b) {
			n++
		}
	}
	for _, v := range o.VAOs {
		if gl.IsVertexArray(v) {
			n++
		}
	}
	for _, p := range o.Programs {
		if gl.IsProgram(p) {
			n++
		}
	}
	for _, t := range o.Textures {
		if gl.IsTexture(t) {
			n++
		}
	}
	return n
}

// Total is the number of names in o.
func (o Objects) Total() int {
	return len(o.Buffers) + len(o.VAOs) + len(o.Programs) + len(o.Textures)
}

// SetMaxTextureForTest lowers the largest texture r accepts, as a driver
// with a smaller limit would report it.
func SetMaxTextureForTest(r *Renderer, n int) { r.maxTexture = n }

// SetLeanForTest turns the lean instance layout on (the default) or off,
// so a test can draw the same frame both ways.
func SetLeanForTest(r *Renderer, on bool) { r.noLean = !on }

// SetShaderEncodeForTest makes the shaders encode every draw's colour to
// sRGB (on) or lets the window's framebuffer encode opaque scene draws
// where it can (the default), so a test can draw the same frame both ways.
func SetShaderEncodeForTest(r *Renderer, on bool) { r.shaderEncode = on }

// FramebufferEncodesForTest reports whether r found the window's
// framebuffer encoding sRGB.
func FramebufferEncodesForTest(r *Renderer) bool { return r.targetSRGB }

// LinearOutForTest reports whether the last frame's opaque scene draws
// were encoded by the framebuffer.
func LinearOutForTest(r *Renderer) bool { return r.linearOut }

// HeapKeptForTest reports whether New told glibc to keep the C heap's
// free memory (done on a software rasteriser under glibc).
func HeapKeptForTest(r *Renderer) bool { return r.heapKept }

// GlibcForTest reports whether the program runs on glibc (Linux).
func GlibcForTest() bool { return glibc() }

// SetFlushForTest lets a software rasteriser be flushed mid-frame (on, the
// default) or not, so a test can draw the same frame both ways.
func SetFlushForTest(r *Renderer, on bool) { r.noFlush = !on }

// SetPrepassForTest lets scenes with point or spot lights be drawn with a
// depth pre-pass (on, the default) or not.
func SetPrepassForTest(r *Renderer, on bool) { r.noPrepass = !on }

// SetShadowCullForTest lets shadow casters outside a cascade be left out
// of it (on, the default) or not.
func SetShadowCullForTest(r *Renderer, on bool) { r.noShadowCull = !on }

// CascadeCastersForTest returns how many of ins cascadeInstances keeps
// for a cascade with view-projection vp, the instances being of mesh id.
func CascadeCastersForTest(r *Renderer, id gfx.MeshID, ins []gfx.Instance, vp mgl32.Mat4) (int, error) {
	m, err := r.mesh(id)
	if err != nil {
		return 0, err
	}
	return len(r.cascadeInstances(m, ins, &vp)), nil
}

// SetKeepHeapForTest sets glibc's thresholds as New does on a software
// rasteriser (on) or to glibc's initial ones (off); it reports whether the
// setting took.
func SetKeepHeapForTest(on bool) bool {
	if on {
		return setHeap(keepHeapBytes, mmapBytes)
	}
	return setHeap(defaultTrimBytes, defaultMmapBytes)
}

// SetHDRIncompleteForTest makes the HDR target's completeness check fail
// (on), as on a driver without floating-point render targets, and lets the
// next frame try again.
func SetHDRIncompleteForTest(r *Renderer, on bool) {
	r.hdr.incomplete = on
	r.hdr.failed = false
	r.releaseHDR()
}

// SkinVariantsForTest lists the variants of r's skinned program that are
// built, in ascending order.
func SkinVariantsForTest(r *Renderer) []int {
	var vs []int
	for v, p := range r.skin.progs {
		if p.id != 0 {
			vs = append(vs, v)
		}
	}
	return vs
}

// SetFacetedForTest lets faceted meshes be lit once a vertex (on, the
// default) or makes them lit per pixel as every other mesh.
func SetFacetedForTest(r *Renderer, on bool) { r.noFaceted = !on }

// FacetedMeshForTest is facetedMesh.
var FacetedMeshForTest = facetedMesh
