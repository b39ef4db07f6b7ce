// Package gl41 is the OpenGL 4.1 core-profile renderer: it executes
// gfx.Frames (scene draw lists, then the HUD) and is the only package of the
// project that calls OpenGL.
//
// # Threads and contexts
//
// Every function and method here that touches GL (New, Render, Close,
// Screenshot, CheckError, Finish, AddMesh, ...) must be called on the
// goroutine whose OS thread has the GL context current: in the game, the
// main goroutine, which package engine/window locks to the main thread in its
// init. None of them is safe for concurrent use. The Stats values are
// plain Go and may be used anywhere.
//
// go-gl keeps the loaded GL function pointers in package-level variables,
// filled by gl.Init when New runs; that is the only process-wide state, and
// it is the same for every context of one driver.
//
// # Drawing
//
// Each non-empty batch of a scene (one mesh with one material) is one
// instanced draw call, its instances streamed into a per-mesh instance
// buffer, by default with buffer orphaning (see Upload for the other
// strategies), in the smallest layout the batch allows. A batch of an
// opaque, untextured Lambert (or unlit), non-emissive material on a mesh
// without vertex colours whose
// instances share one colour and have affine model matrices (every scene
// actor's render matrix is) is drawn lean: 48 bytes an instance (the
// matrix's first three rows, at attribute locations 2–4), the colour a
// uniform decoded to linear once per batch, a fragment shader without
// texture fetch or discard (so a software rasteriser tests depth before
// shading). Every other batch streams its []gfx.Instance as it is (stride
// gfx.InstanceSize, model matrix at 2–5, colour at 6). Both draw the same
// pixels; Stats.LeanBatches counts the lean ones. A lean batch of a
// faceted mesh (every triangle's three normals equal, as the built-in
// cube's and plane's) of a single-sided material, in a scene lit by the
// sun and one ambient colour only, is lit once a vertex and its colour
// passed flat, since every pixel of a triangle would be lit alike: the
// fragment shader only writes it, which makes such a scene's pixels
// cheap for a software rasteriser (Stats.FacetedBatches counts these
// batches). The built-in meshes are
// uploaded when the renderer is created; a game's own meshes, materials
// and images come from its asset library (Options.Assets or SetAssets) and
// are uploaded the first time a frame uses them, once.
//
// The mesh program multiplies base colour texture × material factor ×
// vertex colour × instance colour and lights the result, unless the
// material is unlit, in linear light: Lambert or glTF's metallic-roughness
// BRDF (gfx.Material.Shading, with its maps), by the scene's sun (with
// cascaded shadow maps, see SetGraphics), its hemisphere ambient and up to
// gfx.MaxLights point and spot lights; then exposure, tone mapping and fog
// (gfx.Environment). Textures of colour images are sRGB textures,
// decoded by the sampler; instance colours (gfx.Color, sRGB-encoded as
// picked) are decoded in the vertex shader; the result is encoded to sRGB
// as it is written: by the window's framebuffer (GL_FRAMEBUFFER_SRGB) for
// opaque draws straight into a framebuffer that encodes, by the shader
// otherwise. On a software rasteriser the renderer also flushes every
// 64k triangles, so its threads rasterise while the next draws are
// binned, and keeps glibc's free heap between frames. Each mesh program is compiled in variants (a plain
// scene or not; a Lambert or a PBR material; a PBR material with textures
// or without), as a software rasteriser runs both sides of every branch: a
// batch draws with the variant its scene and material need. Before a
// scene's batches the sun's shadow maps are drawn (a depth-only pass per
// cascade, each with only the casters whose bounding sphere reaches it)
// and its sky, if it has one; in a scene with point or spot lights the
// opaque batches are then drawn depth only (prepass.go), so that shading
// skips hidden fragments.
// Scenes are drawn into a multisampled framebuffer when MSAA is on, and
// resolved into the window before the HUD. With HDR (gfx.Graphics.HDR,
// hdr.go) each scene is drawn instead into a floating-point framebuffer in
// linear, unclamped light, and one full-screen pass applies that scene's
// exposure and tone map and the sRGB encoding into the window. Opaque and alpha-tested (mask) batches are drawn in
// list order with depth test and back-face culling (none for double-sided
// materials); blended batches follow, their instances sorted back to front
// and drawn without depth writes. A scene's debug line buffers
// (gfx.LineBuffer) follow its meshes: all of them copied into one vertex
// stream (16 bytes a vertex), uploaded once and drawn with one GL_LINES
// call, depth-tested, with the OnTop buffers' lines lifted to the near end
// of the depth range by the vertex shader so they show over the meshes.
// The depth buffer is cleared between scenes. The HUD's rectangles, sprites and glyphs are instances of one quad,
// uploaded once per frame and drawn with one instanced call per run of
// quads that needs at most one image bound (rectangles sample a solid
// texel of a small atlas on texture unit 0, sprites their image on unit 1,
// glyphs the glyph atlas on unit 2). Text is TrueType: laid out by package
// gfx/text with its Face (text.Default when it has none, times its Scale)
// at the HUD's pixel size, its glyphs rasterised once into a glyph atlas
// that grows on demand and is uploaded only where new glyphs appeared.
//
// # Shader development
//
// With Options.ShaderDir set, the shaders are read from that directory
// and watched: a changed file is recompiled at the next frame; on error the
// previous program is kept and the driver's log is logged and shown on
// screen until a reload succeeds.
//
// A state cache skips redundant binds and enables; every GL call goes
// through a counting wrapper, and Stats reports the last frame's draw
// calls, instances, GL (cgo) calls, bytes uploaded, skipped binds and the
// time spent in Render, split into the renderer's own CPU time, uploads and
// the driver's work inside draw calls. In steady state Render allocates
// nothing.
//
// Screenshots read the back buffer after Render and before the swap into
// an image; the renderer writes no files (engine.WritePNG writes a PNG
// atomically).
package gl41
