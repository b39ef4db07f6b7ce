package gl41

import (
	"errors"
	"fmt"
	"math"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/mesh"
	"github.com/tickwork/tickwork/shaders"
)

// ErrClosed is returned by methods of a Renderer that has been closed.
var ErrClosed = errors.New("gl41: renderer is closed")

// Options configures a Renderer. The zero value means the defaults.
type Options struct {
	// Upload is the strategy for per-frame data; zero means UploadOrphan.
	Upload Upload
}

// Stats are the counters of the last frame Render drew.
type Stats struct {
	DrawCalls     int // glDraw* calls, scenes and HUD
	Batches       int // non-empty mesh batches drawn (one draw call each)
	Instances     int // mesh instances drawn
	HUDQuads      int // HUD rectangles and glyphs drawn
	GLCalls       int // GL (cgo) calls made
	BytesUploaded int // bytes streamed to the GPU
	SkippedBinds  int // binds and enables skipped by the state cache

	// RenderTime is the wall time of the Render call. Render never waits for
	// the GPU to finish the frame, but a driver may do work or block inside
	// a call: a software rasteriser (llvmpipe) shades vertices inside the
	// draw calls, a hardware driver may wait there for a free command buffer.
	RenderTime time.Duration
	// DrawTime is the part of RenderTime spent inside glDraw* calls.
	DrawTime time.Duration
	// UploadTime is the part of RenderTime spent streaming per-frame data
	// (a driver that must synchronise, as with UploadSubData, waits here).
	UploadTime time.Duration
	// CPUTime is RenderTime minus DrawTime: the renderer's own work per
	// frame (walking the draw lists, laying out the HUD, state changes and
	// uploads), without the driver's work inside the draw calls.
	CPUTime time.Duration
}

// Renderer draws gfx.Frames with OpenGL 4.1 core. It implements
// gfx.Renderer. Create it with New; all its methods must be called on the
// thread with its GL context current (see the package documentation).
type Renderer struct {
	gl      api
	upload  Upload
	version string
	name    string // GL_RENDERER
	closed  bool

	meshProg program
	uVP      int32
	uLDir    int32
	uLColor  int32
	uAmbient int32

	meshes []gpuMesh // indexed by gfx.MeshID; meshes[0] (MeshNone) is empty

	hud hudState

	stats  Stats
	width  int // size of the last frame drawn, for Screenshot
	height int
	proj   mgl32.Mat4
	vp     mgl32.Mat4 // projection × view of the scene being drawn
}

// gpuMesh is one uploaded mesh and the instance stream its VAO reads.
type gpuMesh struct {
	vao, vbo, ebo uint32
	indices       int32
	inst          stream
	instOffset    int // offset the VAO's instance attributes point at
}

// New creates a renderer for the GL context current on the calling thread:
// it loads the GL functions, checks that the context is OpenGL 4.1 or newer,
// compiles the shaders, uploads the built-in meshes and the HUD font atlas.
// On error everything created so far is released.
func New(opts Options) (*Renderer, error) {
	if !opts.Upload.Valid() {
		return nil, fmt.Errorf("gl41: unknown upload strategy %d", opts.Upload)
	}
	if err := gl.Init(); err != nil {
		return nil, fmt.Errorf("gl41: loading OpenGL functions (is a context current?): %w", err)
	}
	r := &Renderer{upload: opts.Upload}
	r.gl.calls++
	vp := gl.GetString(gl.VERSION)
	if vp == nil {
		return nil, errors.New("gl41: glGetString(GL_VERSION) returned nothing: no GL context is current on this thread")
	}
	r.version = gl.GoStr(vp)
	if err := checkVersion(r.version); err != nil {
		return nil, err
	}
	r.gl.calls++
	if p := gl.GetString(gl.RENDERER); p != nil {
		r.name = gl.GoStr(p)
	}
	if err := r.init(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

func (r *Renderer) init() error {
	var err error
	if r.meshProg, err = r.loadProgram(shaders.Mesh()); err != nil {
		return err
	}
	p := &r.meshProg
	r.uVP = p.uniform(shaders.UniformViewProjection)
	r.uLDir = p.uniform(shaders.UniformLightDir)
	r.uLColor = p.uniform(shaders.UniformLightColor)
	r.uAmbient = p.uniform(shaders.UniformAmbient)

	r.meshes = make([]gpuMesh, 1, gfx.NumBuiltinMeshes)
	for id := gfx.MeshID(1); id < gfx.NumBuiltinMeshes; id++ {
		d, _ := mesh.Builtin(id)
		if _, err := r.AddMesh(d); err != nil {
			return fmt.Errorf("gl41: built-in mesh %v: %w", id, err)
		}
	}
	if err := r.initHUD(); err != nil {
		return err
	}

	r.gl.calls += 6
	gl.FrontFace(gl.CCW)
	gl.CullFace(gl.BACK)
	gl.DepthFunc(gl.LESS)
	// Colour blends by the source alpha; the framebuffer's alpha stays a
	// coverage value instead of being multiplied by itself.
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	r.gl.bindVertexArray(0)
	if err := r.CheckError(); err != nil {
		return fmt.Errorf("gl41: setting up: %w", err)
	}
	return nil
}

// checkVersion accepts GL_VERSION strings of OpenGL 4.1 or newer, such as
// "4.5 (Core Profile) Mesa 22.3.6" or "4.1 ATI-4.14.1".
func checkVersion(v string) error {
	var major, minor int
	if n, _ := fmt.Sscanf(v, "%d.%d", &major, &minor); n != 2 {
		return fmt.Errorf("gl41: OpenGL 4.1 core is needed, the driver reports %q", v)
	}
	if major < 4 || major == 4 && minor < 1 {
		return fmt.Errorf("gl41: OpenGL 4.1 core is needed, the driver reports version %q", v)
	}
	return nil
}

// Version returns the driver's GL_VERSION string.
func (r *Renderer) Version() string { return r.version }

// Name returns the driver's GL_RENDERER string, such as
// "llvmpipe (LLVM 15.0.6, 256 bits)".
func (r *Renderer) Name() string { return r.name }

// AddMesh uploads a mesh and returns its ID, the next after the built-in
// meshes and any added before. Call it between frames.
func (r *Renderer) AddMesh(d mesh.Data) (gfx.MeshID, error) {
	if r.closed {
		return gfx.MeshNone, ErrClosed
	}
	if err := d.Validate(); err != nil {
		return gfx.MeshNone, err
	}
	if len(d.Indices) == 0 {
		return gfx.MeshNone, errors.New("gl41: mesh has no triangles")
	}
	if len(r.meshes) > math.MaxUint16 {
		return gfx.MeshNone, errors.New("gl41: too many meshes")
	}
	a := &r.gl
	m := gpuMesh{indices: int32(len(d.Indices))}
	m.vao = a.genVertexArray()
	a.bindVertexArray(m.vao)

	m.vbo = a.genBuffer()
	a.bindArrayBuffer(m.vbo)
	a.bufferData(gl.ARRAY_BUFFER, len(d.Vertices)*mesh.VertexSize, unsafe.Pointer(&d.Vertices[0]), gl.STATIC_DRAW)
	a.enableVertexAttribArray(shaders.MeshPosition)
	a.vertexAttribPointer(shaders.MeshPosition, 3, mesh.VertexSize, 0)
	a.enableVertexAttribArray(shaders.MeshNormal)
	a.vertexAttribPointer(shaders.MeshNormal, 3, mesh.VertexSize, 12)

	m.ebo = a.genBuffer()
	a.calls += 2
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, m.ebo) // recorded in the VAO
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(d.Indices)*2, unsafe.Pointer(&d.Indices[0]), gl.STATIC_DRAW)

	m.inst.buf = a.genBuffer()
	a.bindArrayBuffer(m.inst.buf)
	for i := uint32(0); i < 5; i++ { // model columns 2..5, colour 6
		a.enableVertexAttribArray(shaders.MeshModel + i)
		a.vertexAttribDivisor(shaders.MeshModel+i, 1)
	}
	r.pointInstances(&m, 0)
	a.bindVertexArray(0)

	r.meshes = append(r.meshes, m)
	return gfx.MeshID(len(r.meshes) - 1), nil
}

// pointInstances points the bound VAO's per-instance attributes at offset
// off of the bound instance buffer.
func (r *Renderer) pointInstances(m *gpuMesh, off int) {
	for i := uint32(0); i < 4; i++ {
		r.gl.vertexAttribPointer(shaders.MeshModel+i, 4, gfx.InstanceSize, uintptr(off)+uintptr(16*i))
	}
	r.gl.vertexAttribPointer(shaders.MeshColor, 4, gfx.InstanceSize, uintptr(off)+64)
	m.instOffset = off
}

// SetUpload switches the upload strategy from the next frame on.
func (r *Renderer) SetUpload(u Upload) error {
	if !u.Valid() {
		return fmt.Errorf("gl41: unknown upload strategy %d", u)
	}
	r.upload = u
	return nil
}

// Upload returns the current upload strategy.
func (r *Renderer) Upload() Upload { return r.upload }

// Stats returns the counters of the last frame drawn.
func (r *Renderer) Stats() Stats { return r.stats }

// Render draws f: it clears to f.Clear, draws each scene (clearing depth
// between scenes), then the HUD. It is called once per frame, before the
// window swaps buffers. A frame with a zero width or height (a minimised
// window) draws nothing. A batch of an unknown mesh is skipped and reported
// in the returned error after the rest of the frame has been drawn.
func (r *Renderer) Render(f *gfx.Frame) error {
	if r.closed {
		return ErrClosed
	}
	start := time.Now()
	r.gl.resetCounters()
	r.stats = Stats{}
	if f == nil {
		return errors.New("gl41: Render of a nil frame")
	}
	if f.Width <= 0 || f.Height <= 0 {
		r.finishStats(start)
		return nil
	}
	a := &r.gl
	r.width, r.height = f.Width, f.Height
	a.setViewport(int32(f.Width), int32(f.Height))
	a.depthMask(true)
	a.clearColor(f.Clear.R, f.Clear.G, f.Clear.B, f.Clear.A)
	a.clearBits(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)

	aspect := float32(f.Width) / float32(f.Height)
	var bad gfx.MeshID
	drawn := false
	for _, dl := range f.Scenes {
		if dl == nil || dl.Len() == 0 {
			continue
		}
		if drawn {
			a.clearBits(gl.DEPTH_BUFFER_BIT)
		}
		if m := r.drawScene(dl, aspect); m != gfx.MeshNone && bad == gfx.MeshNone {
			bad = m
		}
		drawn = true
	}
	if len(f.HUD.Rects) > 0 || len(f.HUD.Texts) > 0 {
		r.drawHUD(&f.HUD, f.Width, f.Height)
	}
	r.finishStats(start)
	if bad != gfx.MeshNone {
		return fmt.Errorf("gl41: draw list uses unknown mesh %v", bad)
	}
	return nil
}

func (r *Renderer) finishStats(start time.Time) {
	r.stats.GLCalls = r.gl.calls
	r.stats.SkippedBinds = r.gl.skipped
	r.stats.RenderTime = time.Since(start)
	r.stats.CPUTime = r.stats.RenderTime - r.stats.DrawTime
}

// drawScene draws one draw list and returns the first unknown mesh it met,
// or MeshNone.
func (r *Renderer) drawScene(dl *gfx.DrawList, aspect float32) gfx.MeshID {
	a := &r.gl
	a.enable(capDepthTest, true)
	a.enable(capCullFace, true)
	a.enable(capBlend, false)
	a.useProgram(r.meshProg.id)

	dl.Camera.Projection(aspect, &r.proj)
	// A field, not a local: pointers passed to cgo escape to the heap.
	r.vp = r.proj.Mul4(dl.Camera.View)
	a.uniformMatrix4(r.uVP, (*[16]float32)(&r.vp))
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
	a.uniform3(r.uLDir, dir[0], dir[1], dir[2])
	a.uniform3(r.uLColor, l.Color.R, l.Color.G, l.Color.B)
	a.uniform3(r.uAmbient, l.Ambient.R, l.Ambient.G, l.Ambient.B)

	bad := gfx.MeshNone
	for i := range dl.Batches() {
		b := &dl.Batches()[i]
		n := len(b.Instances)
		if n == 0 {
			continue
		}
		if b.Mesh == gfx.MeshNone || int(b.Mesh) >= len(r.meshes) {
			if bad == gfx.MeshNone {
				bad = b.Mesh
			}
			continue
		}
		m := &r.meshes[b.Mesh]
		a.bindVertexArray(m.vao)
		a.bindArrayBuffer(m.inst.buf)
		size := n * gfx.InstanceSize
		t0 := time.Now()
		off := a.upload(&m.inst, r.upload, unsafe.Pointer(&b.Instances[0]), size)
		t1 := time.Now()
		if off != m.instOffset {
			r.pointInstances(m, off)
		}
		t2 := time.Now()
		a.drawElementsInstanced(m.indices, int32(n))
		r.stats.UploadTime += t1.Sub(t0)
		r.stats.DrawTime += time.Since(t2)
		r.stats.DrawCalls++
		r.stats.Batches++
		r.stats.Instances += n
		r.stats.BytesUploaded += size
	}
	return bad
}

// Finish blocks until GL has executed every command issued so far. Games
// never need it (swapping buffers paces the GPU); benchmarks and tests use
// it to time complete frames.
func (r *Renderer) Finish() {
	if !r.closed {
		r.gl.finish()
	}
}

// Close releases every GL object the renderer created. It must be called
// while the context is still current, before the window is destroyed.
// Calling it again does nothing.
func (r *Renderer) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	a := &r.gl
	a.useProgram(0)
	a.bindVertexArray(0)
	for i := range r.meshes {
		m := &r.meshes[i]
		a.deleteVertexArray(&m.vao)
		a.deleteBuffer(&m.vbo)
		a.deleteBuffer(&m.ebo)
		a.deleteBuffer(&m.inst.buf)
	}
	r.meshes = nil
	r.closeHUD()
	a.deleteProgram(&r.meshProg.id)
	return nil
}
