package gl41

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/mesh"
	"github.com/tickwork/tickwork/shaders"
)

// Assets is where a Renderer finds the meshes, materials and images a draw
// list names beyond the built-in meshes: the game's *asset.Library
// (package engine/asset, which this package does not import). The renderer
// uploads each one the first time a frame uses it and keeps it; assets
// never change under an ID, so nothing is uploaded twice.
type Assets interface {
	Mesh(id gfx.MeshID) (*gfx.Mesh, bool)
	Material(id gfx.MaterialID) (*gfx.Material, bool)
	Image(id gfx.ImageID) (*gfx.Image, bool)
}

// vertex is one vertex as the mesh program reads it (vertexSize bytes).
type vertex struct {
	pos, normal [3]float32
	uv          [2]float32
	color       [4]float32 // linear
	tangent     [4]float32 // zero when the mesh has none (no normal mapping)
}

const vertexSize = int32(unsafe.Sizeof(vertex{}))

// gpuMesh is one uploaded mesh and the instance stream its VAO reads.
type gpuMesh struct {
	vao, vbo, ebo uint32
	count         int32  // indices, or vertices without indices
	indexType     uint32 // gl.UNSIGNED_SHORT or gl.UNSIGNED_INT; 0 without indices
	mode          uint32 // gl.TRIANGLES, ...
	material      gfx.MaterialID
	inst          stream
	instOffset    int        // offset the VAO's instance attributes point at
	layout        uint8      // the instance layout they point at: layoutFull or layoutLean
	colors        bool       // the mesh has vertex colours (it is never drawn lean)
	tangents      bool       // the mesh has tangents (normal maps need them)
	faceted       bool       // every triangle's three normals are equal (see facetedMesh)
	center        mgl32.Vec3 // the bounding sphere of the positions, in model space
	radius        float32
	err           error // why it cannot be drawn: the batch is skipped and err reported
}

var glModes = [...]uint32{
	gfx.Triangles:     gl.TRIANGLES,
	gfx.TriangleStrip: gl.TRIANGLE_STRIP,
	gfx.TriangleFan:   gl.TRIANGLE_FAN,
	gfx.Lines:         gl.LINES,
	gfx.LineStrip:     gl.LINE_STRIP,
	gfx.LineLoop:      gl.LINE_LOOP,
	gfx.Points:        gl.POINTS,
}

// mesh returns the uploaded mesh id, uploading it on first use from the
// built-in meshes or the Assets. It returns nil for a mesh that cannot be
// drawn, and the reason the first time.
func (r *Renderer) mesh(id gfx.MeshID) (*gpuMesh, error) {
	if int(id) < len(r.meshes) {
		if g := &r.meshes[id]; g.vao != 0 || g.err != nil {
			if g.err != nil {
				return nil, g.err
			}
			return g, nil
		}
	}
	if int(id) >= len(r.meshes) {
		r.meshes = append(r.meshes, make([]gpuMesh, int(id)+1-len(r.meshes))...)
	}
	var (
		m  *gfx.Mesh
		ok bool
	)
	switch {
	case id == gfx.MeshNone:
	case id < gfx.NumBuiltinMeshes:
		var d mesh.Data
		if d, ok = mesh.Builtin(id); ok {
			m = d.Mesh()
		}
	case r.assets != nil:
		m, ok = r.assets.Mesh(id)
	}
	g := &r.meshes[id]
	switch {
	case !ok && r.assets == nil && id >= gfx.NumBuiltinMeshes:
		g.err = fmt.Errorf("gl41: draw list uses mesh %v, but the renderer has no assets (call SetAssets with the game's library)", id)
	case !ok:
		g.err = fmt.Errorf("gl41: draw list uses unknown mesh %v", id)
	default:
		if err := r.uploadMesh(g, m); err != nil {
			r.releaseMesh(g)
			g.err = fmt.Errorf("gl41: mesh %v: %w", id, err)
		}
	}
	if g.err != nil {
		return nil, g.err
	}
	return &r.meshes[id], nil
}

// uploadMesh creates the buffers and vertex array of m.
func (r *Renderer) uploadMesh(g *gpuMesh, m *gfx.Mesh) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if m.Mode >= gfx.Primitive(len(glModes)) {
		return fmt.Errorf("unknown primitive mode %v", m.Mode)
	}
	vs := make([]vertex, len(m.Positions))
	for i := range vs {
		v := &vs[i]
		v.pos, v.normal = m.Positions[i], m.Normals[i]
		if len(m.UVs) > 0 {
			v.uv = m.UVs[i]
		}
		v.color = [4]float32{1, 1, 1, 1}
		if len(m.Colors) > 0 {
			c := m.Colors[i]
			v.color = [4]float32{c.R, c.G, c.B, c.A}
		}
		if len(m.Tangents) > 0 {
			v.tangent = m.Tangents[i]
		}
	}
	a := &r.gl
	*g = gpuMesh{mode: glModes[m.Mode], material: m.Material, count: int32(len(m.Positions)), colors: len(m.Colors) > 0, tangents: len(m.Tangents) > 0, faceted: facetedMesh(m)}
	bounds := m.Bounds()
	g.center, g.radius = bounds.Center, bounds.Radius
	g.vao = a.genVertexArray()
	a.bindVertexArray(g.vao)
	g.vbo = a.genBuffer()
	a.bindArrayBuffer(g.vbo)
	a.bufferData(gl.ARRAY_BUFFER, len(vs)*int(vertexSize), unsafe.Pointer(&vs[0]), gl.STATIC_DRAW)
	for _, at := range []struct {
		loc  uint32
		size int32
		off  uintptr
	}{
		{shaders.MeshPosition, 3, unsafe.Offsetof(vs[0].pos)},
		{shaders.MeshNormal, 3, unsafe.Offsetof(vs[0].normal)},
		{shaders.MeshUV, 2, unsafe.Offsetof(vs[0].uv)},
		{shaders.MeshVertexColor, 4, unsafe.Offsetof(vs[0].color)},
		{shaders.MeshTangent, 4, unsafe.Offsetof(vs[0].tangent)},
	} {
		a.enableVertexAttribArray(at.loc)
		a.vertexAttribPointer(at.loc, at.size, vertexSize, at.off)
	}
	if len(m.Indices) > 0 {
		g.count = int32(len(m.Indices))
		g.ebo = a.genBuffer()
		a.calls++
		gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, g.ebo) // recorded in the VAO
		if m.IndexSize() == 2 {
			ix := make([]uint16, len(m.Indices))
			for i, v := range m.Indices {
				ix[i] = uint16(v)
			}
			g.indexType = gl.UNSIGNED_SHORT
			a.bufferData(gl.ELEMENT_ARRAY_BUFFER, 2*len(ix), unsafe.Pointer(&ix[0]), gl.STATIC_DRAW)
		} else {
			g.indexType = gl.UNSIGNED_INT
			a.bufferData(gl.ELEMENT_ARRAY_BUFFER, 4*len(m.Indices), unsafe.Pointer(&m.Indices[0]), gl.STATIC_DRAW)
		}
	}
	g.inst.buf = a.genBuffer()
	a.bindArrayBuffer(g.inst.buf)
	for i := uint32(0); i < 5; i++ { // model columns 2..5, colour 6
		a.enableVertexAttribArray(shaders.MeshModel + i)
		a.vertexAttribDivisor(shaders.MeshModel+i, 1)
	}
	r.pointInstances(g, 0, layoutFull)
	a.bindVertexArray(0)
	return nil
}

// facetedMesh reports whether m is made of triangles whose three vertices
// each have one normal (a flat-shaded mesh, such as the built-in cube and
// plane): lit by a directional light alone, every pixel of such a triangle
// has the colour of its vertices. Lines and points are not faceted.
func facetedMesh(m *gfx.Mesh) bool {
	n := len(m.Positions)
	if len(m.Indices) > 0 {
		n = len(m.Indices)
	}
	at := func(i int) mgl32.Vec3 {
		if len(m.Indices) > 0 {
			return m.Normals[m.Indices[i]]
		}
		return m.Normals[i]
	}
	same := func(a, b, c int) bool {
		na := at(a)
		return na == at(b) && na == at(c)
	}
	switch m.Mode {
	case gfx.Triangles:
		for i := 0; i+2 < n; i += 3 {
			if !same(i, i+1, i+2) {
				return false
			}
		}
	case gfx.TriangleStrip:
		for i := 0; i+2 < n; i++ {
			if !same(i, i+1, i+2) {
				return false
			}
		}
	case gfx.TriangleFan:
		for i := 1; i+1 < n; i++ {
			if !same(0, i, i+1) {
				return false
			}
		}
	default:
		return false
	}
	return n >= 3
}

// releaseMesh deletes g's GL objects.
func (r *Renderer) releaseMesh(g *gpuMesh) {
	a := &r.gl
	a.deleteVertexArray(&g.vao)
	a.deleteBuffer(&g.vbo)
	a.deleteBuffer(&g.ebo)
	a.deleteBuffer(&g.inst.buf)
	*g = gpuMesh{}
}

// pointInstances points the bound VAO's per-instance attributes at offset
// off of the bound instance buffer, in the given layout: the full one (four
// matrix columns and a colour, gfx.InstanceSize bytes) or the lean one
// (three matrix rows, leanInstanceSize bytes; the last column and the
// colour are then disabled, as the lean program does not read them).
func (r *Renderer) pointInstances(m *gpuMesh, off int, layout uint8) {
	a := &r.gl
	if layout == layoutLean {
		for i := uint32(0); i < 3; i++ {
			a.vertexAttribPointer(shaders.MeshRow0+i, 4, int32(leanInstanceSize), uintptr(off)+uintptr(16*i))
		}
		if m.layout != layoutLean {
			a.disableVertexAttribArray(shaders.MeshModel + 3)
			a.disableVertexAttribArray(shaders.MeshColor)
		}
	} else {
		for i := uint32(0); i < 4; i++ {
			a.vertexAttribPointer(shaders.MeshModel+i, 4, gfx.InstanceSize, uintptr(off)+uintptr(16*i))
		}
		a.vertexAttribPointer(shaders.MeshColor, 4, gfx.InstanceSize, uintptr(off)+64)
		if m.layout != layoutFull {
			a.enableVertexAttribArray(shaders.MeshModel + 3)
			a.enableVertexAttribArray(shaders.MeshColor)
		}
	}
	m.instOffset, m.layout = off, layout
}

// draw issues the instanced draw call of the bound mesh.
func (a *api) draw(m *gpuMesh, instances int32) {
	a.calls++
	if m.indexType != 0 {
		gl.DrawElementsInstanced(m.mode, m.count, m.indexType, nil, instances)
	} else {
		gl.DrawArraysInstanced(m.mode, 0, m.count, instances)
	}
}
