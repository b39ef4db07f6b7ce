package gl41

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
)

// ErrClosed is returned by methods of a Renderer that has been closed.
var ErrClosed = errors.New("gl41: renderer is closed")

// Options configures a Renderer. The zero value means the defaults.
type Options struct {
	// Upload is the strategy for per-frame data; zero means UploadOrphan.
	Upload Upload

	// Assets is where meshes, materials and images past the built-in
	// meshes come from: the game's *asset.Library (package
	// engine/asset). It may also be set later with SetAssets.
	Assets Assets

	// ShaderDir, when set, is a directory the shaders are read from instead
	// of the copies built into the program, and watched: a shader file that
	// changes is recompiled at the next frame (see ReloadShaders). For
	// development; games ship with it empty.
	ShaderDir string
}

// Stats are the counters of the last frame Render drew.
type Stats struct {
	DrawCalls       int  // glDraw* calls, scenes and HUD (a batch split by mid-frame flushes counts once)
	Batches         int  // non-empty mesh batches drawn (one draw call each)
	Instances       int  // mesh instances drawn
	LeanBatches     int  // batches drawn with the lean 48-byte instance layout (see the package documentation)
	FacetedBatches  int  // lean batches of a faceted mesh, lit once a vertex instead of once a pixel
	ShadowDrawCalls int  // draw calls of the shadow passes (not in DrawCalls)
	ShadowBytes     int  // bytes streamed for the shadow passes (not in BytesUploaded)
	Samples         int  // samples per pixel the scenes were drawn with (1: no antialiasing)
	HDR             bool // the scenes were drawn through the HDR path (gfx.Graphics.HDR)
	HUDQuads        int  // HUD rectangles and glyphs drawn
	Lines           int  // debug line segments drawn (gfx.LineBuffer)
	GLCalls         int  // GL (cgo) calls made
	BytesUploaded   int  // bytes streamed to the GPU
	SkippedBinds    int  // binds and enables skipped by the state cache
	Flushes         int  // glFlush calls mid-frame, so a software rasteriser starts rasterising early (flush.go)

	// RenderTime is the wall time of the Render call. Render never waits for
	// the GPU to finish the frame, but a driver may do work or block inside
	// a call: a software rasteriser (llvmpipe) shades vertices inside the
	// draw calls, a hardware driver may wait there for a free command buffer.
	RenderTime time.Duration
	// DrawTime is the part of RenderTime spent inside glDraw* calls, of
	// every pass (shadow maps, depth pre-pass, sky, scenes, HUD).
	DrawTime time.Duration
	// UploadTime is the part of RenderTime spent streaming per-frame data
	// (a driver that must synchronise, as with UploadSubData, waits here).
	UploadTime time.Duration
	// ShadowTime is the part of RenderTime spent drawing shadow maps.
	ShadowTime time.Duration
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

	meshProgs [numVariants]meshProgram
	leanProgs [numLean]leanProgram
	sceneSet  [numVariants]bool         // the scene's uniforms are set in meshProgs[v]
	curMats   [numVariants]*gpuMaterial // the material whose uniforms meshProgs[v] holds
	leanScene [numLean]bool             // the scene's camera and light are set in leanProgs[i]
	noLean    bool                      // every batch takes the full layout (tests compare the two)
	noFaceted bool                      // faceted meshes are lit per pixel (tests compare the two)
	rows      []leanInstance
	sv        sceneValues // the scene being drawn's lights and settings
	noticed   int         // notices logged (notice* bits)
	graphics  gfx.Graphics
	shadow    shadowState
	sceneFBO  uint32 // the framebuffer scenes are drawn into (0: the window's)
	msaa      msaaTarget
	hdr       hdrTarget // the HDR path's target and pass (hdr.go)
	hdrProgs  bool      // the scene programs are built to draw HDR light
	hdrFrame  bool      // this frame's scenes are drawn through the HDR path
	sky       skyState
	software  bool // GL_RENDERER is a software rasteriser

	targetSRGB   bool // the window's framebuffer encodes sRGB (srgb.go)
	linearOut    bool // this frame's opaque scene draws write linear colour, GL_FRAMEBUFFER_SRGB on
	shaderEncode bool // the shaders encode every draw (tests compare the two)
	meshLinear   bool // the mesh program's variantLinear programs are built
	leanLinear   bool // the lean program's are
	unflushed    int  // triangles drawn since the last glFlush (flush.go)
	noFlush      bool // never flush mid-frame (tests compare the two)
	noPrepass    bool // never draw a depth pre-pass (tests compare the two)
	noShadowCull bool // draw every caster into every cascade (tests compare the two)
	heapKept     bool // glibc keeps the C heap's free memory between frames (heap_linux.go)

	assets     Assets
	meshes     []gpuMesh     // indexed by gfx.MeshID, uploaded on first use; meshes[0] (MeshNone) is empty
	materials  []gpuMaterial // indexed by gfx.MaterialID, resolved on first use
	textures   []gpuTexture  // indexed by gfx.ImageID, uploaded on first use
	samplers   map[gfx.Sampler]uint32
	white      uint32 // a 1×1 white texture for materials without one
	maxTexture int    // GL_MAX_TEXTURE_SIZE

	blendBatches []int32 // this scene's blended batches, drawn after the others
	blendItems   []blendItem
	blendRun     []gfx.Instance

	shaderDir string
	watch     shaderWatch

	hud   hudState
	lines lineState
	skin  skinState // skinned and morphed draws (skinned.go)

	stats  Stats
	width  int // size of the last frame drawn, for Screenshot
	height int
	proj   mgl32.Mat4
	vp     mgl32.Mat4 // projection × view of the scene being drawn
}

// New creates a renderer for the GL context current on the calling thread:
// it loads the GL functions, checks that the context is OpenGL 4.1 or newer,
// compiles the shaders, uploads the built-in meshes and the HUD's solid texel.
// On error everything created so far is released.
func New(opts Options) (*Renderer, error) {
	if !opts.Upload.Valid() {
		return nil, fmt.Errorf("gl41: unknown upload strategy %d", opts.Upload)
	}
	if err := gl.Init(); err != nil {
		return nil, fmt.Errorf("gl41: loading OpenGL functions (is a context current?): %w", err)
	}
	r := &Renderer{upload: opts.Upload, assets: opts.Assets, shaderDir: opts.ShaderDir}
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
	r.software = softwareRasteriser(r.name)
	if r.software {
		r.heapKept = keepCHeap()
	}
	if err := r.init(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

func (r *Renderer) init() error {
	r.initSRGB()
	if err := r.loadMeshProgram(); err != nil {
		return err
	}
	if err := r.loadLeanProgram(); err != nil {
		return err
	}
	if err := r.loadShadowProgram(); err != nil {
		return err
	}
	if err := r.loadSkyProgram(); err != nil {
		return err
	}
	var maxTex int32
	r.gl.calls++
	gl.GetIntegerv(gl.MAX_TEXTURE_SIZE, &maxTex)
	r.maxTexture = int(maxTex)
	var maxSamples int32
	r.gl.calls++
	gl.GetIntegerv(gl.MAX_SAMPLES, &maxSamples)
	r.msaa.maxSamples = int(maxSamples)
	r.white = r.uploadTexture(gl.RGBA8, 1, 1, []byte{255, 255, 255, 255}, false)
	r.meshes = make([]gpuMesh, gfx.NumBuiltinMeshes)
	for id := gfx.MeshID(1); id < gfx.NumBuiltinMeshes; id++ {
		if _, err := r.mesh(id); err != nil {
			return fmt.Errorf("gl41: built-in mesh %v: %w", id, err)
		}
	}
	if err := r.initHUD(); err != nil {
		return err
	}
	if err := r.initLines(); err != nil {
		return err
	}
	if err := r.initSkinning(); err != nil {
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

// softwareRasteriser reports whether a GL_RENDERER string names a
// rasteriser that runs on the CPU.
func softwareRasteriser(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"llvmpipe", "softpipe", "swiftshader", "software rasterizer", "swrast"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// Version returns the driver's GL_VERSION string.
func (r *Renderer) Version() string { return r.version }

// Name returns the driver's GL_RENDERER string, such as
// "llvmpipe (LLVM 15.0.6, 256 bits)".
func (r *Renderer) Name() string { return r.name }

// SetAssets sets where meshes, materials and images past the built-in
// meshes come from (the game's *asset.Library, package engine/asset),
// dropping whatever was uploaded from the previous assets. Call it between
// frames.
func (r *Renderer) SetAssets(a Assets) {
	if r.closed || a == r.assets {
		r.assets = a
		return
	}
	r.assets = a
	for id := int(gfx.NumBuiltinMeshes); id < len(r.meshes); id++ {
		r.releaseMesh(&r.meshes[id])
	}
	r.meshes = r.meshes[:gfx.NumBuiltinMeshes]
	r.releaseSkins()
	r.releaseTextures()
	r.materials = r.materials[:0]
	r.curMats = [numVariants]*gpuMaterial{}
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
func (r *Renderer) Render(f *gfx.Picture) error {
	if r.closed {
		return ErrClosed
	}
	start := time.Now()
	r.gl.resetCounters()
	r.stats = Stats{}
	r.unflushed = 0
	if f == nil {
		return errors.New("gl41: Render of a nil frame")
	}
	if f.Width <= 0 || f.Height <= 0 {
		r.finishStats(start)
		return nil
	}
	if r.shaderDir != "" {
		r.watchShaders(start)
	}
	a := &r.gl
	r.width, r.height = f.Width, f.Height
	r.beginScenes(f.Width, f.Height)
	r.chooseEncoding()
	r.shaderEncodes() // the clear colour is sRGB
	a.setViewport(int32(f.Width), int32(f.Height))
	a.depthMask(true)
	a.clearColor(f.Clear.R, f.Clear.G, f.Clear.B, f.Clear.A)
	a.clearBits(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)

	aspect := float32(f.Width) / float32(f.Height)
	var bad error
	drawn := false
	for _, dl := range f.Scenes {
		if dl == nil || dl.Len() == 0 && len(dl.LineBuffers()) == 0 {
			continue
		}
		if r.hdrFrame {
			r.beginLayer()
		} else if drawn {
			a.clearBits(gl.DEPTH_BUFFER_BIT)
		}
		if err := r.drawScene(dl, aspect); err != nil && bad == nil {
			bad = err
		}
		if r.hdrFrame {
			r.endLayer()
		}
		drawn = true
	}
	r.endScenes()
	if len(f.HUD.Rects) > 0 || len(f.HUD.Sprites) > 0 || len(f.HUD.Texts) > 0 {
		if err := r.drawHUD(&f.HUD, f.Width, f.Height, f.HUDScale); err != nil && bad == nil {
			bad = err
		}
	}
	if r.watch.err != nil {
		r.drawHUD(&r.watch.hud, f.Width, f.Height, 1)
	}
	r.finishStats(start)
	return bad
}

func (r *Renderer) finishStats(start time.Time) {
	r.stats.GLCalls = r.gl.calls
	r.stats.SkippedBinds = r.gl.skipped
	r.stats.RenderTime = time.Since(start)
	r.stats.CPUTime = r.stats.RenderTime - r.stats.DrawTime
}

// drawScene draws one draw list: opaque and alpha-tested batches in list
// order, then blended ones back to front. It returns the first problem met
// (an unknown mesh, material or image), after drawing what it could.
func (r *Renderer) drawScene(dl *gfx.DrawList, aspect float32) error {
	a := &r.gl
	r.leanScene = [numLean]bool{}
	dl.Camera.Projection(aspect, &r.proj)
	// A field, not a local: pointers passed to cgo escape to the heap.
	r.vp = r.proj.Mul4(dl.Camera.View)
	r.prepareScene(dl)
	r.drawShadows(dl, aspect)
	r.drawSky(dl)
	if r.prepassWorth() {
		r.drawPrepass(dl)
	}

	a.enable(capDepthTest, true)
	a.enable(capBlend, false)
	r.sceneSet = [numVariants]bool{}
	r.curMats = [numVariants]*gpuMaterial{}

	var bad error
	r.blendBatches = r.blendBatches[:0]
	bs := dl.Batches()
	for i := range bs {
		b := &bs[i]
		if len(b.Instances) == 0 {
			continue
		}
		m, err := r.mesh(b.Mesh)
		if err != nil {
			if bad == nil {
				bad = err
			}
			continue
		}
		mat := r.batchMaterial(b, m)
		if mat.err != nil && bad == nil {
			bad = mat.err
		}
		if mat.normalScale != 0 && !m.tangents {
			r.notice(noticeNoTangents, "mesh %v has no tangents, so its material's normal map is drawn flat (gfx.GenerateTangents makes them; this notice is shown once)", b.Mesh)
		}
		if mat.blend {
			r.blendBatches = append(r.blendBatches, int32(i))
			continue
		}
		if r.leanMaterial(m, mat) {
			if c, ok := r.packLean(b.Instances); ok {
				r.drawLean(m, mat, c, len(b.Instances))
				continue
			}
		}
		r.drawInstances(m, mat, b.Instances)
	}
	if len(dl.SkinnedBatches()) > 0 {
		r.shaderEncodes()
		if err := r.drawSkinned(dl); err != nil && bad == nil {
			bad = err
		}
	}
	if len(r.blendBatches) > 0 {
		r.drawBlended(dl)
	}
	r.shaderEncodes()
	r.drawLines(dl)
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
		r.releaseMesh(&r.meshes[i])
	}
	r.meshes = nil
	r.releaseTextures()
	a.deleteTexture(&r.white)
	a.bindSampler(0)
	r.closeHUD()
	r.closeLines()
	r.closeSkinning()
	for v := range numVariants {
		a.deleteProgram(&r.meshProgs[v].id)
	}
	for v := range numLean {
		a.deleteProgram(&r.leanProgs[v].id)
	}
	r.closeShadows()
	r.closeSky()
	r.releaseMSAA()
	r.closeHDR()
	return nil
}

// bindSceneFramebuffer binds the framebuffer scenes are drawn into.
func (r *Renderer) bindSceneFramebuffer() {
	r.gl.calls++
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.sceneFBO)
}
