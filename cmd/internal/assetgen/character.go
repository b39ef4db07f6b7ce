package assetgen

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// The character is the project's own skinned model: a blocky figure about
// 1.8 m tall, feet on y = 0, facing +Z, one mesh deformed by a skeleton of
// CharacterJoints joints, with a walk and an idle clip and a morph target
// ("blink": the head squashes):
//
//	character        root, identity
//	├── body         the skinned mesh (skin 0), morph target "blink"
//	└── hips         joint 0, y = 0.95; "walk" bobs it (LINEAR)
//	    ├── spine    joint 1; "idle" sways it (CUBICSPLINE)
//	    │   ├── head joint 2
//	    │   ├── arm.L joint 3   arm.R joint 4
//	    ├── leg.L    joint 5; "walk" swings it (LINEAR)
//	    │   └── shin.L joint 6
//	    └── leg.R    joint 7
//	        └── shin.R joint 8
//
// Each box of the mesh follows its joint; the torso's lower vertices are
// shared half and half by the hips and the spine, so it bends smoothly.
// The idle clip also animates the morph weight (STEP: a blink) and the
// head (STEP), so all three interpolations are used.

// Node indices in the character model.
const (
	CharRoot = iota
	CharBody
	CharHips
	CharSpine
	CharHead
	CharArmL
	CharArmR
	CharLegL
	CharShinL
	CharLegR
	CharShinR
	CharacterNodes
)

// CharacterJoints is the number of joints of the character's skin: nodes
// CharHips to CharShinR, in that order.
const CharacterJoints = CharacterNodes - CharHips

// Animation indices in the character model.
const (
	CharIdle = iota // 2 s loop
	CharWalk        // 1 s loop: two steps
	CharacterAnimations
)

// CharacterGLB returns character.glb.
func CharacterGLB() ([]byte, error) {
	doc := &gltf.Document{
		Asset:  gltf.Asset{Generator: "tickwork cmd/internal/assetgen", Copyright: "tickwork authors; the project's licence", Version: "2.0"},
		Scene:  gltf.Index(0),
		Scenes: []*gltf.Scene{{Name: "character", Nodes: []int{CharRoot}}},
	}
	// Joint rest positions in model space (world), and their parents.
	type joint struct {
		name   string
		parent int // node index
		at     vec3
	}
	joints := []joint{
		CharHips - CharHips:  {"hips", CharRoot, vec3{0, 0.95, 0}},
		CharSpine - CharHips: {"spine", CharHips, vec3{0, 1.1, 0}},
		CharHead - CharHips:  {"head", CharSpine, vec3{0, 1.5, 0}},
		CharArmL - CharHips:  {"arm.L", CharSpine, vec3{0.28, 1.45, 0}},
		CharArmR - CharHips:  {"arm.R", CharSpine, vec3{-0.28, 1.45, 0}},
		CharLegL - CharHips:  {"leg.L", CharHips, vec3{0.11, 0.9, 0}},
		CharShinL - CharHips: {"shin.L", CharLegL, vec3{0.11, 0.48, 0}},
		CharLegR - CharHips:  {"leg.R", CharHips, vec3{-0.11, 0.9, 0}},
		CharShinR - CharHips: {"shin.R", CharLegR, vec3{-0.11, 0.48, 0}},
	}
	// Boxes: centre, size, joint (index into joints).
	boxes := []struct {
		c, size vec3
		j       int
	}{
		{vec3{0, 1.2, 0}, vec3{0.42, 0.5, 0.24}, 1},   // torso (lower vertices blend with the hips)
		{vec3{0, 1.0, 0}, vec3{0.36, 0.16, 0.22}, 0},  // pelvis
		{vec3{0, 1.63, 0}, vec3{0.24, 0.26, 0.24}, 2}, // head
		{vec3{0.3, 1.22, 0}, vec3{0.1, 0.5, 0.1}, 3},  // arms
		{vec3{-0.3, 1.22, 0}, vec3{0.1, 0.5, 0.1}, 4},
		{vec3{0.11, 0.69, 0}, vec3{0.14, 0.42, 0.14}, 5}, // thighs
		{vec3{0.11, 0.25, 0.02}, vec3{0.12, 0.46, 0.16}, 6},
		{vec3{-0.11, 0.69, 0}, vec3{0.14, 0.42, 0.14}, 7},
		{vec3{-0.11, 0.25, 0.02}, vec3{0.12, 0.46, 0.16}, 8},
	}
	var s shape
	var js [][4]uint8
	var ws [][4]float32
	var blink [][3]float32
	for bi, b := range boxes {
		bx := box(b.c, b.size, 1)
		for _, p := range bx.pos {
			j, w := [4]uint8{uint8(b.j)}, [4]float32{1}
			if bi == 0 && p[1] < b.c[1] { // the torso's lower half bends with the hips
				j, w = [4]uint8{1, 0}, [4]float32{0.5, 0.5}
			}
			js, ws = append(js, j), append(ws, w)
			d := [3]float32{}
			if b.j == 2 && p[1] > b.c[1] { // blink: the head's top comes down
				d = [3]float32{0, -0.1, 0}
			}
			blink = append(blink, d)
		}
		s = appendShape(s, bx)
	}
	s = vertexColors(s, func(p vec3) [4]float64 {
		if p[1] > 1.5 {
			return [4]float64{0.95, 0.75, 0.6, 1} // skin
		}
		if p[1] < 0.9 {
			return [4]float64{0.2, 0.25, 0.5, 1} // trousers
		}
		return [4]float64{0.8, 0.3, 0.2, 1} // shirt
	})
	doc.Materials = []*gltf.Material{{Name: "cloth", PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorFactor: &[4]float64{1, 1, 1, 1}, MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(0.8)}}}
	prim, err := writePrimitive(doc, s, 0)
	if err != nil {
		return nil, fmt.Errorf("character mesh: %w", err)
	}
	prim.Attributes[gltf.JOINTS_0] = modeler.WriteJoints(doc, js)
	prim.Attributes[gltf.WEIGHTS_0] = modeler.WriteWeights(doc, ws)
	prim.Targets = []gltf.PrimitiveAttributes{{gltf.POSITION: modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, blink)}}
	doc.Meshes = []*gltf.Mesh{{Name: "character", Primitives: []*gltf.Primitive{prim}, Weights: []float64{0}, Extras: map[string]any{"targetNames": []string{"blink"}}}}

	doc.Nodes = make([]*gltf.Node, CharacterNodes)
	doc.Nodes[CharRoot] = &gltf.Node{Name: "character", Children: []int{CharBody, CharHips}}
	doc.Nodes[CharBody] = &gltf.Node{Name: "body", Mesh: gltf.Index(0), Skin: gltf.Index(0)}
	ibm := make([][4][4]float32, len(joints))
	for k, j := range joints {
		n := CharHips + k
		local := j.at
		if j.parent != CharRoot {
			pa := joints[j.parent-CharHips].at
			local = vec3{j.at[0] - pa[0], j.at[1] - pa[1], j.at[2] - pa[2]}
		}
		doc.Nodes[n] = &gltf.Node{Name: j.name, Translation: [3]float64{roundTo(local[0]), roundTo(local[1]), roundTo(local[2])}}
		if j.parent != CharRoot {
			doc.Nodes[j.parent].Children = append(doc.Nodes[j.parent].Children, n)
		}
		// The inverse bind matrix undoes the joint's rest position (no
		// rotation at rest); the modeler writes [4][4] transposed.
		ibm[k] = [4][4]float32{{1, 0, 0, -snap(j.at[0])}, {0, 1, 0, -snap(j.at[1])}, {0, 0, 1, -snap(j.at[2])}, {0, 0, 0, 1}}
	}
	skinJoints := make([]int, len(joints))
	for k := range skinJoints {
		skinJoints[k] = CharHips + k
	}
	doc.Skins = []*gltf.Skin{{Name: "skeleton", Joints: skinJoints, Skeleton: gltf.Index(CharHips),
		InverseBindMatrices: gltf.Index(modeler.WriteAccessor(doc, gltf.TargetNone, ibm))}}
	characterAnimations(doc)
	out, err := encode(doc, true)
	if err != nil {
		return nil, fmt.Errorf("character: %w", err)
	}
	return out, nil
}

// rotX returns the quaternion (x, y, z, w) of a turn of deg degrees about
// axis (a unit vector), snapped.
func rotAxis(deg float64, axis vec3) [4]float32 {
	h := deg * math.Pi / 360
	s := math.Sin(h)
	return snap4([4]float64{axis[0] * s, axis[1] * s, axis[2] * s, math.Cos(h)})
}

// characterAnimations adds "idle" and "walk".
func characterAnimations(doc *gltf.Document) {
	x, z := vec3{1, 0, 0}, vec3{0, 0, 1}
	sampler := func(a *gltf.Animation, node int, path gltf.TRSProperty, interp gltf.Interpolation, times []float32, out any) {
		a.Samplers = append(a.Samplers, &gltf.AnimationSampler{Input: writeKeys(doc, times), Output: modeler.WriteAccessor(doc, gltf.TargetNone, out), Interpolation: interp})
		a.Channels = append(a.Channels, &gltf.AnimationChannel{Sampler: len(a.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
	}
	idle := &gltf.Animation{Name: "idle"}
	// The spine sways ±4° about Z: CUBICSPLINE keys (in-tangent, value,
	// out-tangent) with flat tangents.
	sway := [][4]float32{{}, rotAxis(0, z), {}, {}, rotAxis(4, z), {}, {}, rotAxis(-4, z), {}, {}, rotAxis(0, z), {}}
	sampler(idle, CharSpine, gltf.TRSRotation, gltf.InterpolationCubicSpline, []float32{0, 0.5, 1.5, 2}, sway)
	sampler(idle, CharHead, gltf.TRSRotation, gltf.InterpolationStep, []float32{0, 1, 2}, [][4]float32{rotAxis(0, x), rotAxis(8, x), rotAxis(0, x)})
	sampler(idle, CharBody, gltf.TRSWeights, gltf.InterpolationStep, []float32{0, 1.6, 1.8, 2}, []float32{0, 1, 0, 0})
	walk := &gltf.Animation{Name: "walk"}
	times := []float32{0, 0.25, 0.5, 0.75, 1}
	swing := func(deg float64) [][4]float32 {
		return [][4]float32{rotAxis(deg, x), rotAxis(0, x), rotAxis(-deg, x), rotAxis(0, x), rotAxis(deg, x)}
	}
	sampler(walk, CharLegL, gltf.TRSRotation, gltf.InterpolationLinear, times, swing(30))
	sampler(walk, CharLegR, gltf.TRSRotation, gltf.InterpolationLinear, times, swing(-30))
	sampler(walk, CharArmL, gltf.TRSRotation, gltf.InterpolationLinear, times, swing(-25))
	sampler(walk, CharArmR, gltf.TRSRotation, gltf.InterpolationLinear, times, swing(25))
	bend := [][4]float32{rotAxis(0, x), rotAxis(20, x), rotAxis(0, x), rotAxis(20, x), rotAxis(0, x)}
	sampler(walk, CharShinL, gltf.TRSRotation, gltf.InterpolationLinear, times, bend)
	sampler(walk, CharShinR, gltf.TRSRotation, gltf.InterpolationLinear, times, bend)
	bob := [][3]float32{{0, 0.95, 0}, {0, 0.99, 0}, {0, 0.95, 0}, {0, 0.99, 0}, {0, 0.95, 0}}
	sampler(walk, CharHips, gltf.TRSTranslation, gltf.InterpolationLinear, times, bob)
	doc.Animations = []*gltf.Animation{idle, walk}
}
