package gl41

import (
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
)

// Depth pre-pass. In a scene with point or spot lights a fragment costs a
// software rasteriser (llvmpipe) far more than a vertex, and a batch's
// instances come in the game's order, often back to front, so most
// fragments shaded are later hidden. Before such a scene's opaque batches
// are shaded, drawPrepass draws them into the depth buffer only, pushed
// back by a small polygon offset; the shading pass then tests against it
// with its usual LESS test and skips (early depth test) every fragment
// behind the nearest surface. The offset makes the result the same as
// without the pre-pass: the nearest surface's own fragments still pass
// (the two passes may round its depth differently), and the first of two
// coplanar surfaces still wins as it always has.

// Polygon offset of the pre-pass's depth: factor (× the depth slope) and
// units (× the depth buffer's resolution), pushing it away from the camera.
const (
	prepassFactor = 1
	prepassUnits  = 4
)

// prepassWorth reports whether the scene in r.sv shades dearly enough for a
// depth pre-pass to pay: it has point or spot lights.
func (r *Renderer) prepassWorth() bool {
	return r.sv.block.N > 0 && r.shadow.prog.id != 0 && !r.noPrepass
}

// prepassMaterial reports whether a batch drawn with mat writes depth
// wherever it covers: opaque, without an alpha test.
func prepassMaterial(mat *gpuMaterial) bool {
	return !mat.blend && mat.cutoff < 0
}

// drawPrepass draws dl's opaque batches into the depth buffer of the
// framebuffer in use, colour writes off, culled as their materials cull,
// with the scene's view-projection r.vp (see the comment above). On the
// main thread, after the sky and before the opaque batches.
func (r *Renderer) drawPrepass(dl *gfx.DrawList) {
	s := &r.shadow
	a := &r.gl
	a.useProgram(s.prog.id)
	a.uniformMatrix4(s.uLightVP, (*[16]float32)(&r.vp))
	a.enable(capDepthTest, true)
	a.enable(capBlend, false)
	a.depthMask(true)
	a.calls += 3
	gl.ColorMask(false, false, false, false)
	gl.Enable(gl.POLYGON_OFFSET_FILL)
	gl.PolygonOffset(prepassFactor, prepassUnits)
	bs := dl.Batches()
	for i := range bs {
		b := &bs[i]
		if len(b.Instances) == 0 {
			continue
		}
		m, err := r.mesh(b.Mesh)
		if err != nil {
			continue // reported by the shading pass
		}
		mat := r.batchMaterial(b, m)
		if !prepassMaterial(mat) {
			continue
		}
		a.enable(capCullFace, !mat.doubleSided)
		a.bindVertexArray(m.vao)
		a.bindArrayBuffer(m.inst.buf)
		size := len(b.Instances) * gfx.InstanceSize
		off := a.upload(&m.inst, r.upload, unsafe.Pointer(&b.Instances[0]), size)
		if off != m.instOffset || m.layout != layoutFull {
			r.pointInstances(m, off, layoutFull)
		}
		t := time.Now()
		a.draw(m, int32(len(b.Instances)))
		r.stats.DrawTime += time.Since(t)
	}
	a.calls += 2
	gl.Disable(gl.POLYGON_OFFSET_FILL)
	gl.ColorMask(true, true, true, true)
}
