package assetgen

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/ext/unlit"
)

// The beacon is the project's own model: a small robot on a crate, about
// 1.95 m tall, its feet on y = 0 and centred on the Y axis. It exercises
// what a glTF loader has to handle:
//
//	beacon                  root, identity
//	├── base                TRS; crate box (textured, REPEAT sampler)
//	└── body                TRS; torso (COLOR_0) + collar (metal); "spin"
//	    └── head            TRS; head box (metal); "bob" (CUBICSPLINE)
//	        ├── lamp        TRS; core (unlit, no normals) + glass (BLEND, not indexed); "blink" (STEP)
//	        ├── fin.L       matrix; leaf quad (MASK, double-sided)
//	        └── fin.R       TRS; the same mesh as fin.L
//
// The node, mesh and material indices are the constants below.

// Node indices in the beacon model.
const (
	NodeBeacon = iota
	NodeBase
	NodeBody
	NodeHead
	NodeLamp
	NodeFinL
	NodeFinR
	BeaconNodes // the number of nodes
)

// Mesh indices in the beacon model.
const (
	MeshBase = iota
	MeshBody // two primitives: torso and collar
	MeshHead
	MeshLamp // two primitives: core and glass
	MeshFin
	BeaconMeshes // the number of meshes
)

// BeaconPrimitives is the number of primitives in all the beacon's meshes.
const BeaconPrimitives = 7

// Material indices in the beacon model.
const (
	MatCrate        = iota // crate.png, opaque
	MatPainted             // white, shows the vertex colours
	MatMetal               // plain metallic
	MatLeaf                // leaf.png, alphaMode MASK, double-sided
	MatGlass               // alphaMode BLEND, base colour alpha 0.5
	MatLamp                // KHR_materials_unlit
	BeaconMaterials        // the number of materials
)

// Animation indices in the beacon model.
const (
	AnimSpin         = iota // body: rotation, LINEAR, a full turn about Y in 4 s
	AnimBob                 // head: translation, CUBICSPLINE
	AnimBlink               // lamp: scale, STEP
	BeaconAnimations        // the number of animations
)

// Heights of the beacon's parts, in metres.
const (
	baseSize     = 0.5  // the crate is a cube
	torsoHeight  = 0.7  // from the top of the crate
	collarHeight = 0.1  // on the torso
	headHeight   = 0.35 // on the collar
	lampHeight   = 0.3  // on the head
)

// BeaconGLB returns beacon.glb: the beacon with its buffer in the binary
// chunk and its textures as bufferView images.
func BeaconGLB() ([]byte, error) { return beacon(true) }

// BeaconGLTF returns beacon.gltf: the same scene as BeaconGLB with the
// buffer and the images embedded as base64 data: URIs.
func BeaconGLTF() ([]byte, error) { return beacon(false) }

func beacon(binary bool) ([]byte, error) {
	crate, err := CratePNG()
	if err != nil {
		return nil, err
	}
	leaf, err := LeafPNG()
	if err != nil {
		return nil, err
	}
	doc := &gltf.Document{
		Asset: gltf.Asset{
			Generator: "tickwork cmd/internal/assetgen",
			Copyright: "tickwork authors; the project's licence",
			Version:   "2.0",
		},
		ExtensionsUsed: []string{unlit.ExtensionName},
		Scene:          gltf.Index(0),
		Scenes:         []*gltf.Scene{{Name: "beacon", Nodes: []int{NodeBeacon}}},
	}
	if err := beaconMeshes(doc); err != nil {
		return nil, fmt.Errorf("beacon meshes: %w", err)
	}
	doc.Nodes = beaconNodes()
	beaconAnimations(doc)
	// Images go last, so that every other bufferView has the same index
	// in both container forms.
	crateImage, err := addImage(doc, "crate", crate, binary)
	if err != nil {
		return nil, err
	}
	leafImage, err := addImage(doc, "leaf", leaf, binary)
	if err != nil {
		return nil, err
	}
	doc.Samplers = []*gltf.Sampler{
		// WrapRepeat is glTF's default and is left out of the JSON.
		{Name: "repeat", MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinearMipMapLinear, WrapS: gltf.WrapRepeat, WrapT: gltf.WrapRepeat},
		{Name: "clamp", MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinear, WrapS: gltf.WrapClampToEdge, WrapT: gltf.WrapClampToEdge},
	}
	doc.Textures = []*gltf.Texture{
		{Name: "crate", Sampler: gltf.Index(0), Source: gltf.Index(crateImage)},
		{Name: "leaf", Sampler: gltf.Index(1), Source: gltf.Index(leafImage)},
	}
	doc.Materials = beaconMaterials(0, 1)
	out, err := encode(doc, binary)
	if err != nil {
		return nil, fmt.Errorf("beacon: %w", err)
	}
	return out, nil
}

// beaconMeshes writes the beacon's meshes, in the order of the Mesh
// constants.
func beaconMeshes(doc *gltf.Document) error {
	torso := vertexColors(frustum(0.22, 0.26, torsoHeight, 24), func(p vec3) [4]float64 {
		t := p[1] / torsoHeight // orange at the bottom, teal at the top
		return [4]float64{0.9 - 0.8*t, 0.3 + 0.25*t, 0.08 + 0.6*t, 1}
	})
	meshes := []struct {
		name  string
		parts []shape
		mats  []int
	}{
		{"base", []shape{box(vec3{0, 0, 0}, vec3{baseSize, baseSize, baseSize}, 2)}, []int{MatCrate}},
		{"body", []shape{torso, translated(frustum(0.32, 0.12, collarHeight, 24), vec3{0, torsoHeight, 0})}, []int{MatPainted, MatMetal}},
		{"head", []shape{box(vec3{0, headHeight / 2, 0}, vec3{0.5, headHeight, 0.42}, 1)}, []int{MatMetal}},
		{"lamp", []shape{
			withoutNormals(frustum(0.07, 0.07, lampHeight*0.7, 12)),
			unindexed(frustum(0.13, 0.1, lampHeight, 16)),
		}, []int{MatLamp, MatGlass}},
		{"fin", []shape{quad(0.35, 0.35)}, []int{MatLeaf}},
	}
	for _, m := range meshes {
		mesh := &gltf.Mesh{Name: m.name}
		for i, s := range m.parts {
			if mat := m.mats[i]; mat != MatCrate && mat != MatLeaf {
				s.uv = nil // texture coordinates only where a texture uses them
			}
			p, err := writePrimitive(doc, s, m.mats[i])
			if err != nil {
				return fmt.Errorf("mesh %s, primitive %d: %w", m.name, i, err)
			}
			mesh.Primitives = append(mesh.Primitives, p)
		}
		doc.Meshes = append(doc.Meshes, mesh)
	}
	return nil
}

// beaconNodes returns the beacon's nodes, in the order of the Node
// constants.
func beaconNodes() []*gltf.Node {
	const finAngle = 50 * math.Pi / 180 // the fins lean outwards
	node := func(name string, mesh int, t [3]float64) *gltf.Node {
		return &gltf.Node{Name: name, Mesh: gltf.Index(mesh), Translation: t}
	}
	root := &gltf.Node{Name: "beacon", Children: []int{NodeBase, NodeBody}}
	base := node("base", MeshBase, [3]float64{0, baseSize / 2, 0})
	body := node("body", MeshBody, [3]float64{0, baseSize, 0})
	body.Children = []int{NodeHead}
	head := node("head", MeshHead, [3]float64{0, torsoHeight + collarHeight, 0})
	head.Children = []int{NodeLamp, NodeFinL, NodeFinR}
	lamp := node("lamp", MeshLamp, [3]float64{0, headHeight, 0})
	// fin.L is placed by a matrix (column-major): a turn of finAngle about
	// Z, then a move to the head's left side.
	c, s := roundTo(math.Cos(finAngle)), roundTo(math.Sin(finAngle))
	finL := &gltf.Node{Name: "fin.L", Mesh: gltf.Index(MeshFin), Matrix: [16]float64{
		c, s, 0, 0,
		-s, c, 0, 0,
		0, 0, 1, 0,
		-0.25, 0.12, 0, 1,
	}}
	finR := node("fin.R", MeshFin, [3]float64{0.25, 0.12, 0})
	finR.Rotation = [4]float64{0, 0, roundTo(math.Sin(-finAngle / 2)), roundTo(math.Cos(-finAngle / 2))}
	return []*gltf.Node{root, base, body, head, lamp, finL, finR}
}

// roundTo rounds a float64 that goes into the JSON to the snapping grid,
// so that its decimal form is the same on every architecture.
func roundTo(v float64) float64 { return float64(snap(v)) }

// beaconMaterials returns the beacon's materials, in the order of the Mat
// constants, given the indices of the crate and leaf textures.
func beaconMaterials(crateTex, leafTex int) []*gltf.Material {
	pbr := func(rgba [4]float64, metallic, roughness float64) *gltf.PBRMetallicRoughness {
		return &gltf.PBRMetallicRoughness{
			BaseColorFactor: &rgba,
			MetallicFactor:  gltf.Float(metallic),
			RoughnessFactor: gltf.Float(roughness),
		}
	}
	white := [4]float64{1, 1, 1, 1}
	crate := pbr(white, 0, 0.8)
	crate.BaseColorTexture = &gltf.TextureInfo{Index: crateTex}
	leaf := pbr(white, 0, 0.6)
	leaf.BaseColorTexture = &gltf.TextureInfo{Index: leafTex}
	return []*gltf.Material{
		{Name: "crate", PBRMetallicRoughness: crate},
		{Name: "painted", PBRMetallicRoughness: pbr(white, 0, 0.5)},
		{Name: "metal", PBRMetallicRoughness: pbr([4]float64{0.6, 0.62, 0.65, 1}, 1, 0.35)},
		{
			Name: "leaf", PBRMetallicRoughness: leaf,
			AlphaMode: gltf.AlphaMask, AlphaCutoff: gltf.Float(0.4), DoubleSided: true,
		},
		{
			Name: "glass", PBRMetallicRoughness: pbr([4]float64{0.55, 0.8, 1, 0.5}, 0, 0.1),
			AlphaMode: gltf.AlphaBlend,
		},
		{
			Name: "lamp", PBRMetallicRoughness: pbr([4]float64{1, 0.78, 0.25, 1}, 0, 1),
			Extensions: gltf.Extensions{unlit.ExtensionName: unlit.Unlit{}},
		},
	}
}

// beaconAnimations adds the beacon's animations, in the order of the Anim
// constants.
func beaconAnimations(doc *gltf.Document) {
	// spin: a full turn about Y in 4 s, a key every second. The keys go
	// on past half a turn (w < 0) so that each step is a quarter turn.
	var spinTimes []float32
	var spin [][4]float32
	for k := range 5 {
		half := float64(k) * math.Pi / 4 // half of k quarter turns
		spinTimes = append(spinTimes, float32(k))
		spin = append(spin, snap4([4]float64{0, math.Sin(half), 0, math.Cos(half)}))
	}
	addChannel(doc, "spin", NodeBody, gltf.TRSRotation, gltf.InterpolationLinear, spinTimes, spin)

	// bob: the head rises 6 cm and settles back in 2 s. Each key is an
	// in-tangent, a value and an out-tangent; the flat tangents at the
	// ends and the top ease the motion in and out.
	y := torsoHeight + collarHeight
	bob := [][3]float32{
		{0, 0, 0}, snap3([3]float64{0, y, 0}), {0, 0.1, 0},
		{0, 0, 0}, snap3([3]float64{0, y + 0.06, 0}), {0, 0, 0},
		{0, -0.1, 0}, snap3([3]float64{0, y, 0}), {0, 0, 0},
	}
	addChannel(doc, "bob", NodeHead, gltf.TRSTranslation, gltf.InterpolationCubicSpline, []float32{0, 1, 2}, bob)

	// blink: the lamp squashes flat for a quarter second every 3 s.
	blink := [][3]float32{{1, 1, 1}, {1, 0.125, 1}, {1, 1, 1}, {1, 1, 1}}
	addChannel(doc, "blink", NodeLamp, gltf.TRSScale, gltf.InterpolationStep, []float32{0, 1.5, 1.75, 3}, blink)
}
