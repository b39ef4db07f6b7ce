package shaders

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed *.vert *.frag
var files embed.FS

// Version is the line every shader file starts with.
const Version = "#version 410 core"

// Uniforms of the mesh program.
const (
	UniformViewProjection = "uViewProjection" // mat4: world to clip space (projection × view)
	UniformLightDir       = "uLightDir"       // vec3: direction the light travels, unit length
	UniformLightColor     = "uLightColor"     // vec3: diffuse light colour
	UniformAmbient        = "uAmbient"        // vec3: ambient colour
	UniformUVTransform    = "uUVTransform"    // mat3: the material's texture transform
	UniformBaseTexture    = "uBaseTexture"    // sampler2D: base colour texture, unit 0
	UniformBaseColor      = "uBaseColor"      // vec4: the material's base colour factor, linear
	UniformAlphaCutoff    = "uAlphaCutoff"    // float: discard below it; −1 for none
	UniformOpaque         = "uOpaque"         // float: 1 writes alpha 1
	UniformUnlit          = "uUnlit"          // float: 1 skips lighting
	UniformColor          = "uColor"          // vec3: the lean program's batch colour, linear

	UniformGround      = "uGround"            // vec3: ambient from below (hemisphere), linear
	UniformCameraPos   = "uCameraPos"         // vec3: the camera's world position
	UniformLightCount  = "uLightCount"        // int: point and spot lights in the arrays below
	UniformLightPos    = "uLightPos"          // vec4[16]: position, 1/range²
	UniformLightTint   = "uLightTint"         // vec4[16]: colour × intensity, 1 for a spot
	UniformSpotDir     = "uSpotDir"           // vec4[16]: direction a spot shines
	UniformSpotCone    = "uSpotCone"          // vec2[16]: cone scale and offset
	UniformTone        = "uTone"              // vec4: exposure, tone map
	UniformFog         = "uFog"               // vec4: fog colour (linear), 1 when on
	UniformFogRange    = "uFogRange"          // vec2: fog start and end distances
	UniformMetalRough  = "uMetalRoughTexture" // sampler2D: metallic-roughness, unit 8
	UniformNormalTex   = "uNormalTexture"     // sampler2D: normal map, unit 9
	UniformOcclusion   = "uOcclusionTexture"  // sampler2D: occlusion, unit 10
	UniformEmissiveTex = "uEmissiveTexture"   // sampler2D: emissive, unit 11
	UniformPBR         = "uPBR"               // vec4: PBR on, metallic, roughness, occlusion strength
	UniformNormalScale = "uNormalScale"       // float: normal map scale, 0 for none
	UniformEmissive    = "uEmissive"          // vec3: emissive factor, linear

	UniformShadowMap    = "uShadowMap"    // sampler2DShadow: the cascades side by side, unit 12
	UniformShadowVP     = "uShadowVP"     // mat4[3]: world to each cascade's clip space
	UniformShadowSplits = "uShadowSplits" // vec4: cascade ends (view depth), cascade count
	UniformShadowTexel  = "uShadowTexel"  // vec4: texel sizes (world), filter radius
	UniformCameraFwd    = "uCameraFwd"    // vec3: the camera's forward axis
	UniformLightVP      = "uLightVP"      // mat4: the shadow program's world to cascade clip space

	UniformInvViewProjection = "uInvViewProjection" // mat4: the sky's clip to world space
	UniformZenith            = "uZenith"            // vec3: sky colour straight up, sRGB
	UniformHorizon           = "uHorizon"           // vec3: sky colour at the horizon, sRGB
	UniformGroundSky         = "uGroundSky"         // vec3: sky colour straight down, sRGB

	UniformHDRImage = "uHDRImage" // sampler2D: the tone-mapping pass's floating-point scene layer, unit 0
)

// Texture units of the mesh program's material maps and shadow map: past
// the units other programs use (the HUD's images and glyphs on 1 and 2; a
// skinned mesh's bones, morph targets and weights on 4 to 6, whose vertex
// shader pairs with this fragment shader). OpenGL 4.1 offers at least 16.
const (
	UnitMetalRough = 8
	UnitNormal     = 9
	UnitOcclusion  = 10
	UnitEmissive   = 11
	UnitShadow     = 12
)

// sceneUniforms returns the uniforms both mesh programs share: the scene's
// camera, lights, tone mapping and fog.
func sceneUniforms() []string {
	return []string{UniformViewProjection, UniformLightDir, UniformLightColor, UniformAmbient,
		UniformGround, UniformCameraPos, UniformLightCount, UniformLightPos, UniformLightTint, UniformSpotDir,
		UniformSpotCone, UniformTone, UniformFog, UniformFogRange, UniformShadowMap, UniformShadowVP,
		UniformShadowSplits, UniformShadowTexel, UniformCameraFwd}
}

// Uniforms of the skinned mesh program, besides the mesh program's.
const (
	UniformBones        = "uBones"        // samplerBuffer: bone matrices, 4 RGBA32F texels each, texture unit 1
	UniformTargets      = "uTargets"      // samplerBuffer: the mesh's morph offsets, texture unit 2
	UniformMorphWeights = "uMorphWeights" // samplerBuffer: morph weights (R32F), texture unit 3
	UniformTargetCount  = "uTargetCount"  // int: the mesh's morph targets
	UniformBoneBase     = "uBoneBase"     // int: the first bone uBones holds
	UniformMorphBase    = "uMorphBase"    // int: the first weight uMorphWeights holds
	UniformSkinned      = "uSkinned"      // int: 1 when the mesh has joints and weights
)

// Vertex attribute locations of the skinned mesh program, past the mesh
// program's.
const (
	SkinJoints  uint32 = 9  // uvec4 from unsigned shorts: the vertex's joints
	SkinWeights uint32 = 10 // vec4: their weights
	SkinBase    uint32 = 11 // ivec2 per instance: first bone, first morph weight
)

// Uniforms of the HUD program.
const (
	UniformScreen = "uScreen" // vec2: framebuffer size in pixels
	UniformAtlas  = "uAtlas"  // sampler2D: a solid texel rectangles sample, texture unit 0
	UniformImage  = "uImage"  // sampler2D: a sprite's image, texture unit 1
	UniformGlyphs = "uGlyphs" // sampler2D: the TrueType glyph atlas, texture unit 2
)

// Uniforms of the lines program (and UniformViewProjection).
const (
	UniformTopFrom = "uTopFrom" // int: the first vertex drawn over the scene rather than depth-tested
)

// Vertex attribute locations of the lines program, per vertex.
const (
	LinePosition uint32 = 0 // vec3: world position
	LineColor    uint32 = 1 // vec4 from RGBA8 (normalised), sRGB-encoded
)

// Vertex attribute locations of the mesh program. Position, normal,
// texture coordinates and vertex colour are per vertex; model and colour
// are per instance (divisor 1).
const (
	MeshPosition    uint32 = 0  // vec3
	MeshNormal      uint32 = 1  // vec3
	MeshModel       uint32 = 2  // mat4: four vec4 columns at locations 2, 3, 4, 5
	MeshColor       uint32 = 6  // vec4, sRGB-encoded
	MeshUV          uint32 = 7  // vec2
	MeshVertexColor uint32 = 8  // vec4, linear
	MeshTangent     uint32 = 12 // vec4: xyz tangent, w handedness (zero without tangents); 9 to 11 are a skinned mesh's
)

// Vertex attribute locations of the lean mesh program: position and normal
// as in the mesh program, and per instance the model matrix's first three
// rows (48 bytes an instance), which reuse the first three model locations.
const (
	MeshRow0 uint32 = MeshModel     // vec4: the model matrix's first row
	MeshRow1 uint32 = MeshModel + 1 // vec4: its second row
	MeshRow2 uint32 = MeshModel + 2 // vec4: its third row
)

// Vertex attribute locations of the HUD program, all per instance: one
// instance is one rectangle or glyph.
const (
	HUDRect   uint32 = 0 // vec4: x, y, width, height in pixels
	HUDUV     uint32 = 1 // vec4: u0, v0, u1, v1 in the atlas
	HUDColor  uint32 = 2 // vec4: RGBA
	HUDParams uint32 = 3 // vec4: rotation (radians), 1 for an image quad, 0, 0
)

// Attrib is one vertex input of a program.
type Attrib struct {
	Name     string // the input's name in the vertex shader
	Location uint32 // its layout location
	Slots    int    // consecutive locations it takes (4 for a mat4, else 1)
}

// Program describes one shader program: its source files and the interface
// the renderer relies on.
type Program struct {
	Name     string   // short name used in errors, e.g. "mesh"
	Vertex   string   // vertex shader file name (see Source)
	Fragment string   // fragment shader file name
	Uniforms []string // every uniform the renderer sets
	Attribs  []Attrib // every vertex input the renderer feeds
	// Variants: the fragment shader is compiled in variants, with and
	// without DefineSceneFull (scenes with point lights, shadows, tone
	// mapping, fog or a hemisphere ambient) and, for the mesh program,
	// DefineMaterialPBR (PBR materials, maps, emission) and, with it,
	// DefineMaterialMaps (materials with a base colour texture or
	// metallic-roughness, normal, occlusion or emissive maps). A variant without them draws more
	// cheaply and leaves their uniforms unused; the variant with every
	// define uses every uniform.
	Variants bool
	// Partial: the pairing of its shaders leaves some of the uniforms its
	// vertex shader declares unused (they are not checked as active).
	Partial bool
}

// Defines of a Variants program's variants: the full scene (both mesh
// programs), PBR materials and, with them, materials with maps (the mesh
// program). DefineLinearOutput, in
// either program and with either of the others, writes the colour in
// linear light, clamped to [0, 1], for a framebuffer that encodes sRGB
// itself (GL_FRAMEBUFFER_SRGB on); without it the shader encodes. It
// removes no uniform. DefineHDROutput (with DefineLinearOutput in the
// mesh, lean and skinned programs; alone in the sky and lines) writes linear
// light unclamped and neither exposed nor tone mapped, for a
// floating-point target that the ToneMap program maps afterwards; it
// removes no uniform either. DefineFaceted, in the lean program without
// DefineSceneFull, lights in the vertex shader, once a vertex, and passes
// the colour flat: for a faceted mesh (every triangle's three normals
// equal) of a single-sided material, lit by the sun and one ambient colour
// only, every pixel of a triangle has the colour of its vertices, so the
// fragment shader only writes it. Defines reach both shaders of a program.
const (
	DefineSceneFull    = "SCENE_FULL"
	DefineMaterialPBR  = "MATERIAL_PBR"
	DefineMaterialMaps = "MATERIAL_MAPS"
	DefineLinearOutput = "LINEAR_OUTPUT"
	DefineHDROutput    = "HDR_OUTPUT"
	DefineFaceted      = "FACETED"
)

// Mesh returns the instanced, lit mesh program.
func Mesh() Program {
	return Program{
		Name:     "mesh",
		Vertex:   "mesh.vert",
		Fragment: "mesh.frag",
		Variants: true,
		Uniforms: append([]string{UniformUVTransform, UniformBaseTexture, UniformBaseColor, UniformAlphaCutoff,
			UniformOpaque, UniformUnlit, UniformMetalRough, UniformNormalTex, UniformOcclusion, UniformEmissiveTex,
			UniformPBR, UniformNormalScale, UniformEmissive}, sceneUniforms()...),
		Attribs: []Attrib{
			{Name: "aPosition", Location: MeshPosition, Slots: 1},
			{Name: "aNormal", Location: MeshNormal, Slots: 1},
			{Name: "aModel", Location: MeshModel, Slots: 4},
			{Name: "aColor", Location: MeshColor, Slots: 1},
			{Name: "aUV", Location: MeshUV, Slots: 1},
			{Name: "aVertexColor", Location: MeshVertexColor, Slots: 1},
			{Name: "aTangent", Location: MeshTangent, Slots: 1},
		},
	}
}

// Skinned returns the instanced skinned and morphed mesh program: the mesh
// program's fragment shader and interface, with a vertex shader that moves
// each vertex by its morph targets and its joints' bone matrices.
func Skinned() Program {
	p := Mesh()
	p.Name, p.Vertex = "skinned", "skinned.vert"
	p.Uniforms = append(p.Uniforms, UniformBones, UniformTargets, UniformMorphWeights, UniformTargetCount, UniformBoneBase, UniformMorphBase, UniformSkinned)
	p.Attribs = append(p.Attribs,
		Attrib{Name: "aJoints", Location: SkinJoints, Slots: 1},
		Attrib{Name: "aWeights", Location: SkinWeights, Slots: 1},
		Attrib{Name: "aBase", Location: SkinBase, Slots: 1})
	return p
}

// MeshLean returns the lean instanced mesh program: for batches of an
// opaque, untextured material on a mesh without vertex colours whose
// instances share one colour. Its instances are three rows of the model
// matrix (48 bytes) and its colour is a uniform; it draws what the mesh
// program would draw for such a batch.
func MeshLean() Program {
	return Program{
		Name:     "mesh-lean",
		Vertex:   "mesh_lean.vert",
		Fragment: "mesh_lean.frag",
		Variants: true,
		Uniforms: append([]string{UniformColor, UniformUnlit}, sceneUniforms()...),
		Attribs: []Attrib{
			{Name: "aPosition", Location: MeshPosition, Slots: 1},
			{Name: "aNormal", Location: MeshNormal, Slots: 1},
			{Name: "aRow0", Location: MeshRow0, Slots: 1},
			{Name: "aRow1", Location: MeshRow1, Slots: 1},
			{Name: "aRow2", Location: MeshRow2, Slots: 1},
		},
	}
}

// Shadow returns the program that draws meshes into a shadow map: depth
// only, the full instance layout.
func Shadow() Program {
	return Program{
		Name:     "shadow",
		Vertex:   "shadow.vert",
		Fragment: "shadow.frag",
		Uniforms: []string{UniformLightVP},
		Attribs: []Attrib{
			{Name: "aPosition", Location: MeshPosition, Slots: 1},
			{Name: "aModel", Location: MeshModel, Slots: 4},
		},
	}
}

// Sky returns the program that draws a scene's sky gradient: one
// full-screen triangle, no vertex inputs.
func Sky() Program {
	return Program{
		Name:     "sky",
		Vertex:   "sky.vert",
		Fragment: "sky.frag",
		Uniforms: []string{UniformInvViewProjection, UniformCameraPos, UniformZenith, UniformHorizon, UniformGroundSky},
	}
}

// ToneMap returns the HDR path's full-screen pass: it exposes, tone maps
// and encodes one scene layer's floating-point colour into the window's
// framebuffer. One triangle, no vertex inputs.
func ToneMap() Program {
	return Program{
		Name:     "tonemap",
		Vertex:   "tonemap.vert",
		Fragment: "tonemap.frag",
		Uniforms: []string{UniformHDRImage, UniformTone},
	}
}

// SkinnedShadow returns the program that draws skinned and morphed meshes
// into a shadow map: skinned.vert (given the cascade's matrix as its
// view-projection) with the depth-only shadow.frag.
func SkinnedShadow() Program {
	return Program{
		Name:     "skinned-shadow",
		Vertex:   "skinned.vert",
		Fragment: "shadow.frag",
		Uniforms: []string{UniformViewProjection, UniformUVTransform, UniformBones, UniformTargets, UniformMorphWeights,
			UniformTargetCount, UniformBoneBase, UniformMorphBase, UniformSkinned},
		Attribs: Skinned().Attribs,
		Partial: true,
	}
}

// HUD returns the program that draws HUD rectangles and text.
func HUD() Program {
	return Program{
		Name:     "hud",
		Vertex:   "hud.vert",
		Fragment: "hud.frag",
		Uniforms: []string{UniformScreen, UniformAtlas, UniformImage, UniformGlyphs},
		Attribs: []Attrib{
			{Name: "aRect", Location: HUDRect, Slots: 1},
			{Name: "aUV", Location: HUDUV, Slots: 1},
			{Name: "aColor", Location: HUDColor, Slots: 1},
			{Name: "aParams", Location: HUDParams, Slots: 1},
		},
	}
}

// Lines returns the program that draws debug line segments (GL_LINES).
func Lines() Program {
	return Program{
		Name:     "lines",
		Vertex:   "lines.vert",
		Fragment: "lines.frag",
		Uniforms: []string{UniformViewProjection, UniformTopFrom},
		Attribs: []Attrib{
			{Name: "aPosition", Location: LinePosition, Slots: 1},
			{Name: "aColor", Location: LineColor, Slots: 1},
		},
	}
}

// All returns every built-in program.
func All() []Program {
	return []Program{Mesh(), MeshLean(), Skinned(), Shadow(), SkinnedShadow(), Sky(), ToneMap(), HUD(), Lines()}
}

// HasUniform reports whether name is one of p's uniforms.
func (p *Program) HasUniform(name string) bool {
	for _, u := range p.Uniforms {
		if u == name {
			return true
		}
	}
	return false
}

// Sources returns the vertex and fragment shader sources of p.
func (p *Program) Sources() (vertex, fragment string, err error) {
	if vertex, err = Source(p.Vertex); err != nil {
		return "", "", err
	}
	if fragment, err = Source(p.Fragment); err != nil {
		return "", "", err
	}
	return vertex, fragment, nil
}

// Source returns the text of the named shader file.
func Source(file string) (string, error) {
	b, err := files.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("shaders: %w", err)
	}
	return string(b), nil
}

// FS returns the embedded shader files, for tools that list them.
func FS() fs.FS { return files }
