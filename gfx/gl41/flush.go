package gl41

import (
	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/tickwork/tickwork/gfx"
)

// Flushing a software rasteriser mid-frame. llvmpipe shades vertices and
// bins triangles on the calling thread inside the draw calls, and only
// starts its rasteriser threads on the binned triangles when the frame is
// flushed: without a flush before the swap, the other cores idle while
// the draws run, and the calling thread idles while they rasterise. On a
// software rasteriser the renderer calls glFlush each time about
// flushTriangles triangles have been drawn, splitting an instanced draw
// where the count falls (each part points the instance attributes at its
// own instances), so the threads rasterise one part while the next is
// drawn. The pixels are the same: the draws are the same, in the same
// order. BenchmarkFlush (the peer comparison's cube grid, 2-core host):
// 1.03–1.12× the frame rate at 10k cubes and up to 1.13× at 20k while the
// cores are otherwise idle; nothing gained, nor lost, at 1k and 50k or
// while other processes keep the cores busy. Flushing every 4k triangles
// instead cost 5–10% at 10k; every 16k did as well as 64k.
//
// A GPU runs its commands as they come; there the renderer never flushes.

// flushTriangles is how many triangles the renderer draws between two
// flushes on a software rasteriser: a few milliseconds of llvmpipe's
// binning, enough that the cost of a flush (a new scene of tiles) stays
// small, little enough that the threads start early.
const flushTriangles = 64 << 10

// drawFlushing draws n instances of m, whose data starts at byte off of
// its instance buffer (bound) in the given layout, with the program and
// material in use, flushing as the package comment above describes.
func (r *Renderer) drawFlushing(m *gpuMesh, layout uint8, off, n int) {
	a := &r.gl
	stride := gfx.InstanceSize
	if layout == layoutLean {
		stride = leanInstanceSize
	}
	if !r.software || r.noFlush {
		if off != m.instOffset || m.layout != layout {
			r.pointInstances(m, off, layout)
		}
		a.draw(m, int32(n))
		return
	}
	tris := max(int(m.count)/3, 1)
	for n > 0 {
		k := min(n, max(flushTriangles-r.unflushed, 0)/tris)
		if k == 0 && r.unflushed == 0 {
			k = 1 // one instance of a mesh larger than flushTriangles
		}
		if k > 0 {
			if off != m.instOffset || m.layout != layout {
				r.pointInstances(m, off, layout)
			}
			a.draw(m, int32(k))
			r.unflushed += k * tris
			off += k * stride
			n -= k
		}
		if r.unflushed >= flushTriangles || n > 0 {
			a.calls++
			gl.Flush()
			r.stats.Flushes++
			r.unflushed = 0
		}
	}
}
